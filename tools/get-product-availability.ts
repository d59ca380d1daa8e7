import { bind } from '../src/inputs.js'
import { getProductAvailability as getProductAvailabilityOperation } from '../src/operations.js'
import { LIMITS, ProductAvailabilitySchema } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const getProductAvailability = defineTool({
  name: 'get_product_availability',
  title: "Get a product's stock here and nearby",
  description: [
    'Stock and shelf of one Daiso (다이소) product id at one store, and the nearby stores that have it. Use it when you know the product id; for a product word (우산) use find_product_nearby.',
    '`product` (id, name, price) and `store` (name, openNow, openTime, closeTime) say what it is about. `stock` is units at branchCode (0 = out of stock); `floorLabel` (B1, 1F), `stairNo` and `zoneNo` are null when the placement is unknown.',
    `\`otherBranches\`: up to ${LIMITS.nearbyStoresReturned} of the ${LIMITS.nearbyStoresScanned} nearest stores with it in stock, nearest first (code, name, address, stock, distanceKm, openNow). \`asOf\` is when the stock was read.`,
    'Get productId from search_products or search_catalogue, branchCode from search_stores. not_found when no product has that id.',
  ].join('\n'),
  input: bind(getProductAvailabilityOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductAvailabilitySchema,
  annotations: { title: "Get a product's stock here and nearby", ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.getProductAvailability(input, { signal })
  },
})
