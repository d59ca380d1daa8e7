import { z } from 'zod'
import { LIMITS, ProductAvailabilitySchema, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

export const getProductAvailability = defineTool({
  name: 'get_product_availability',
  title: "Get a product's stock here and nearby",
  description: [
    'Stock and placement of one Daiso (다이소) product at one store, and nearby stores that have it.',
    '`stock` is the units at branchCode (0 means out of stock there); `stairNo` (floor; -1 is B1), `floorLabel` (B1, 1F …) and `zoneNo` are null when the placement is unknown.',
    `\`otherBranches\` lists up to ${LIMITS.nearbyStoresReturned} of the ${LIMITS.nearbyStoresScanned} stores nearest to branchCode that have the product in stock, nearest first, each with \`code\`, \`name\`, \`address\`, \`stock\` and \`distanceKm\` (kilometres from branchCode).`,
    'Get productId from search_products or search_catalogue and branchCode from search_stores. Fails with not_found when no product has that id. Stock changes quickly; call again rather than reusing an old answer.',
  ].join('\n'),
  inputSchema: z.strictObject({
    productId: fields.productId().describe('Product id (`id`) from search_products, e.g. 1049275.'),
    branchCode: fields.branchCode().describe('5-digit store code from search_stores, e.g. 11199.'),
  }),
  outputSchema: ProductAvailabilitySchema,
  annotations: { title: "Get a product's stock here and nearby", ...READ_ONLY },
  family: 'product',
  hints: {
    productId: 'Send productId, a product id from search_products (e.g. 1049275).',
    branchCode: 'Send branchCode, a 5-digit store code from search_stores (e.g. 11199).',
  },
  async run(service, input, { signal }) {
    return service.getProductAvailability({ productId: input.productId, branchCode: input.branchCode }, { signal })
  },
})
