import { z } from 'zod'
import { CataloguePageSchema, LIMITS, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

export const searchCatalogue = defineTool({
  name: 'search_catalogue',
  title: 'Search the Daiso catalogue',
  description: [
    'Search the Daiso (다이소) product catalogue by keyword, whatever the stock in any store: products with `id`, `name` (Korean), `price` (KRW) and `image` (URL or null), in relevance order.',
    `Returns up to ${LIMITS.catalogueResultsPerPage} products a page; \`total\` is how many the catalogue matches in all. \`hasMore\` is true when another page follows: call again with currentPage = nextPage.`,
    'Use it to learn what a product is called and its id, or when search_products found nothing in stock at a store. Next: find_product_nearby (keyword = the product name or id) for the nearest stores that have it, or get_product_availability (productId = id) at one store.',
  ].join('\n'),
  inputSchema: z.strictObject({
    keyword: fields
      .keyword()
      .describe('Product name or kind, 1 to 100 characters, best in Korean (e.g. 우산, 수납함), or a product number.'),
    currentPage: fields.page().default(1).describe('Page number, from 1. Default 1.'),
  }),
  outputSchema: CataloguePageSchema,
  annotations: { title: 'Search the Daiso catalogue', ...READ_ONLY },
  family: 'product',
  hints: {
    keyword: 'Send keyword, a product name or kind such as 우산.',
    currentPage: 'Send currentPage as a whole number from 1, or the nextPage of the previous answer.',
  },
  async run(service, input, { signal }) {
    return service.searchCatalogue({ keyword: input.keyword, page: input.currentPage }, { signal })
  },
})
