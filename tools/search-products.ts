import { z } from 'zod'
import { LIMITS, ProductSearchResultSchema, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

export const searchProducts = defineTool({
  name: 'search_products',
  title: 'Search products in stock at a store',
  description: [
    'Search the Daiso (다이소) catalogue for `keyword` and return only the products currently in stock at the store `branchCode`, with `price` (KRW), `stock` (units at that store, at least 1), `stairNo` (floor; negative is a basement: -1 is B1), `floorLabel` (B1, 1F, 2F) and `zoneNo` (zone on that floor), plus `id`, `name` (Korean) and `image` (URL or null).',
    `One call scans catalogue pages until about ${LIMITS.productsWantedPerPage} in-stock products are found or a few pages are scanned, so it can take several seconds; send a progressToken to receive notifications/progress while it runs.`,
    'Products out of stock at this store are left out, so an empty list means none of the scanned catalogue entries is in stock here, not that the product does not exist; `hint` then says what to try. `hasMore` is true when more catalogue pages remain: call again with currentPage = nextPage.',
    'When the store has none: find_product_nearby (same keyword and branchCode) gives the nearest stores that have it, with floor; search_catalogue lists the products regardless of stock.',
    'Keywords in Korean match best (e.g. 수납함, 텀블러, 건전지). Get branchCode from search_stores first. Next: get_product_availability with a product `id` for its stock in nearby stores.',
  ].join('\n'),
  inputSchema: z.strictObject({
    branchCode: fields.branchCode().describe('5-digit store code from search_stores, e.g. 11199.'),
    keyword: fields.keyword().describe('Product name or kind to search for, 1 to 100 characters (e.g. 수납함).'),
    currentPage: fields
      .page()
      .default(1)
      .describe('Catalogue page to start the scan at, from 1. Default 1; pass nextPage of the previous answer to continue.'),
  }),
  outputSchema: ProductSearchResultSchema,
  annotations: { title: 'Search products in stock at a store', ...READ_ONLY },
  family: 'product',
  hints: {
    branchCode: 'Send branchCode, a 5-digit store code from search_stores (e.g. 11199).',
    keyword: 'Send keyword, the product name to search for (e.g. 수납함).',
    currentPage: 'Send currentPage as a whole number from 1, or the nextPage of the previous answer.',
  },
  async run(service, input, { signal, onProgress }) {
    return service.searchStoreProducts(
      { branchCode: input.branchCode, keyword: input.keyword, page: input.currentPage },
      { signal, onProgress },
    )
  },
})
