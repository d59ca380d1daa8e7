import { bind } from '../src/inputs.js'
import { searchStoreProducts } from '../src/operations.js'
import { LIMITS, ProductSearchResultSchema } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

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
  input: bind(searchStoreProducts, MCP_VOCABULARY, { strict: true }),
  outputSchema: ProductSearchResultSchema,
  annotations: { title: 'Search products in stock at a store', ...READ_ONLY },
  async run(service, input, { signal, onProgress }) {
    return service.searchStoreProducts(input, { signal, onProgress })
  },
})
