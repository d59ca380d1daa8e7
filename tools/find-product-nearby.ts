import { bind } from '../src/inputs.js'
import { findProductNearby as findProductNearbyOperation } from '../src/operations.js'
import { LIMITS, ProductNearbySchema } from '../src/schemas.js'
import { APP_VIEW_TOOL_META } from './app/meta.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const findProductNearby = defineTool({
  name: 'find_product_nearby',
  title: 'Find which nearby store has a product',
  description: [
    'Which Daiso (다이소) stores near a store or a place have a product in stock, nearest first, and on which floor: the answer to "where near me can I buy X?" in one call.',
    `Give \`keyword\` (product name, best in Korean, e.g. 우산, or a product id) and either \`branchCode\` (a store code from search_stores; that store is included, at distance 0) or \`latitude\`+\`longitude\`. The best ${LIMITS.nearbyProductsChecked} catalogue matches are checked against the ${LIMITS.nearbyStoresScanned} nearest stores.`,
    `\`products\` lists the products checked (id, name, price). \`results\` has up to ${LIMITS.nearbyResultsReturned} entries, one per store and product in stock, nearest first: \`store\` (code, name, address, distanceKm, openNow), productId, productName, price, \`stock\` (≥ 1), and \`stairNo\`/\`zoneNo\`/\`floorLabel\` (e.g. B1, 2F) for the nearest ${LIMITS.nearbyPlacementsLooked} (null when unknown).`,
    'An empty `results` comes with a `hint`. Stock changes quickly; ask again rather than reusing an old answer.',
  ].join('\n'),
  input: bind(findProductNearbyOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductNearbySchema,
  annotations: { title: 'Find which nearby store has a product', ...READ_ONLY },
  // Hosts with MCP Apps render the result in the view; the text answer stays complete without it.
  _meta: APP_VIEW_TOOL_META,
  async run(service, input, { signal }) {
    return service.findProductNearby(input, { signal })
  },
})
