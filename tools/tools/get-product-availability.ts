import { bind } from '../../src/inputs.js'
import { getProductAvailability as getProductAvailabilityOperation } from '../../src/operations.js'
import { LIMITS, ProductAvailabilitySchema } from '../../src/schemas.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { renderAvailability } from '../render.js'
import { MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const getProductAvailability = defineTool({
  name: TOOL_NAMES.getProductAvailability,
  title: "Get a product's stock here and nearby",
  description: [
    `One Daiso (다이소) product id at one store: stock (0 = none), floor and zone (null if unknown), the product, the store (hours, openNow), and up to ${LIMITS.nearbyStoresReturned} of the ${LIMITS.nearbyStoresScanned} nearest stores with it, nearest first. \`asOf\`: when stock was read.`,
    'For a product word, or "here or else the nearest", use find_product_nearby.',
  ].join('\n'),
  input: bind(getProductAvailabilityOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductAvailabilitySchema,
  annotations: { title: "Get a product's stock here and nearby", ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.getProductAvailability(input, { signal })
  },
  render: renderAvailability,
})
