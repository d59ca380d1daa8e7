import { bind } from '../src/inputs.js'
import { getProductAvailability as getProductAvailabilityOperation } from '../src/operations.js'
import { LIMITS, ProductAvailabilitySchema } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const getProductAvailability = defineTool({
  name: 'get_product_availability',
  title: "Get a product's stock here and nearby",
  description: [
    'Stock and placement of one Daiso (다이소) product at one store, and nearby stores that have it.',
    '`stock` is the units at branchCode (0 means out of stock there); `stairNo` (floor; -1 is B1), `floorLabel` (B1, 1F …) and `zoneNo` are null when the placement is unknown.',
    `\`otherBranches\` lists up to ${LIMITS.nearbyStoresReturned} of the ${LIMITS.nearbyStoresScanned} stores nearest to branchCode that have the product in stock, nearest first, each with \`code\`, \`name\`, \`address\`, \`stock\` and \`distanceKm\` (kilometres from branchCode).`,
    'Get productId from search_products or search_catalogue and branchCode from search_stores. Fails with not_found when no product has that id. Stock changes quickly; call again rather than reusing an old answer.',
  ].join('\n'),
  input: bind(getProductAvailabilityOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductAvailabilitySchema,
  annotations: { title: "Get a product's stock here and nearby", ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.getProductAvailability(input, { signal })
  },
})
