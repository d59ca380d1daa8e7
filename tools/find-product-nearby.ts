import { bind } from '../src/inputs.js'
import { findProductNearby as findProductNearbyOperation } from '../src/operations.js'
import { LIMITS, ProductNearbySchema } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const findProductNearby = defineTool({
  name: 'find_product_nearby',
  title: 'Find which nearby store has a product',
  description: [
    'Does this Daiso (다이소) store have a product, and if not which store nearby does, on which floor, and is it open: one call. Use it for a product name (우산); use get_product_availability for one known product id at one store.',
    `Give \`keyword\` (Korean product word or product id) and \`branchCode\` (from search_stores) or \`latitude\`+\`longitude\`. The best ${Math.floor(LIMITS.stockPairsPerCall / (LIMITS.nearbyStoresScanned + 1))} catalogue matches (\`products\`; \`matched\` = catalogue total) are checked at the ${LIMITS.nearbyStoresScanned} nearest stores.`,
    `\`here\`: the asked store (distance 0) and its items in stock, \`items\` [] when none. \`stores\`: up to ${LIMITS.nearbyStoresListed} other stores with any in stock, nearest first, each with openNow, openTime, closeTime and its \`items\` (stock, floorLabel, zoneNo). Floors are looked up for \`here\` and the nearest ${LIMITS.nearbyStoresPlaced} stores; \`placement\` says known, unknown (the chain has none) or not_checked.`,
    '`asOf` is when the stock was read. An empty answer comes with a `hint`.',
  ].join('\n'),
  input: bind(findProductNearbyOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductNearbySchema,
  annotations: { title: 'Find which nearby store has a product', ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.findProductNearby(input, { signal })
  },
})
