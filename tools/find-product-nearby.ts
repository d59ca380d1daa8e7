import { z } from 'zod'
import { missingParameter } from '../src/errors.js'
import { LIMITS, ProductNearbySchema, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

export const findProductNearby = defineTool({
  name: 'find_product_nearby',
  title: 'Find which nearby store has a product',
  description: [
    'Which Daiso (다이소) stores near a store or a place have a product in stock, nearest first, and on which floor: the answer to "where near me can I buy X?" in one call.',
    `Give \`keyword\` (product name, best in Korean, e.g. 우산, or a product id) and either \`branchCode\` (a store code from search_stores; that store is included, at distance 0) or \`latitude\`+\`longitude\`. The best ${LIMITS.nearbyProductsChecked} catalogue matches are checked against the ${LIMITS.nearbyStoresScanned} nearest stores.`,
    `\`products\` lists the products checked (id, name, price). \`results\` has up to ${LIMITS.nearbyResultsReturned} entries, one per store and product in stock, nearest first: \`store\` (code, name, address, distanceKm, openNow), productId, productName, price, \`stock\` (≥ 1), and \`stairNo\`/\`zoneNo\`/\`floorLabel\` (e.g. B1, 2F) for the nearest ${LIMITS.nearbyPlacementsLooked} (null when unknown).`,
    'An empty `results` comes with a `hint`. Stock changes quickly; ask again rather than reusing an old answer.',
  ].join('\n'),
  inputSchema: z.strictObject({
    keyword: fields.keyword().describe('Product name or kind, 1 to 100 characters (e.g. 우산), or a product id from search_catalogue.'),
    branchCode: fields
      .branchCode()
      .optional()
      .describe('5-digit store code from search_stores, e.g. 11199. Give this or latitude+longitude.'),
    latitude: fields.latitude().optional().describe('Latitude in decimal degrees (South Korea is about 33 to 39), with longitude.'),
    longitude: fields.longitude().optional().describe('Longitude in decimal degrees (South Korea is about 124 to 132), with latitude.'),
  }),
  outputSchema: ProductNearbySchema,
  annotations: { title: 'Find which nearby store has a product', ...READ_ONLY },
  family: 'product',
  hints: {
    keyword: 'Send keyword, the product to look for, such as 우산.',
    branchCode: 'Send branchCode, a 5-digit store code from search_stores (e.g. 11199), or latitude and longitude instead.',
    latitude: 'Send latitude (decimal degrees) together with longitude, or branchCode instead.',
    longitude: 'Send longitude (decimal degrees) together with latitude, or branchCode instead.',
  },
  async run(service, input, { signal }) {
    if ((input.latitude === undefined) !== (input.longitude === undefined)) {
      const missing = input.latitude === undefined ? 'latitude' : 'longitude'
      throw missingParameter(missing, 'Send latitude and longitude together, or branchCode instead.')
    }
    return service.findProductNearby(
      { keyword: input.keyword, branchCode: input.branchCode, latitude: input.latitude, longitude: input.longitude },
      { signal },
    )
  },
})
