import { bind } from '../../src/inputs.js'
import { getProductAvailability as getProductAvailabilityOperation } from '../../src/operations.js'
import { LIMITS, ProductAvailabilitySchema } from '../../src/schemas.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { renderAvailability } from '../render.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const getProductAvailability = defineTool({
  name: TOOL_NAMES.getProductAvailability,
  title: "A product's stock at a store",
  description: [
    `Stock of one Daiso (다이소) product id at one store (0 = none), floor and zone (null: unknown), the store's hours and openNow, and up to ${LIMITS.nearbyStoresReturned} of the ${LIMITS.nearbyStoresScanned} nearest stores with it.`,
    'For a product word: find_product_nearby.',
  ].join('\n'),
  input: bind(getProductAvailabilityOperation, MCP_VOCABULARY, { misnames: MCP_MISNAMES, strict: true }),
  outputSchema: ProductAvailabilitySchema,
  annotations: { title: "A product's stock at a store", ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.getProductAvailability(input, { signal })
  },
  render: renderAvailability,
})
