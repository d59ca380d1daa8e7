import { bind } from '../src/inputs.js'
import { searchCatalogue as searchCatalogueOperation } from '../src/operations.js'
import { CataloguePageSchema, LIMITS } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const searchCatalogue = defineTool({
  name: 'search_catalogue',
  title: 'Search the Daiso catalogue',
  description: [
    'Search the Daiso (다이소) product catalogue by keyword, whatever the stock in any store: products with `id`, `name` (Korean), `price` (KRW) and `image` (URL or null), in relevance order.',
    `Returns up to ${LIMITS.catalogueResultsPerPage} products a page; \`total\` is how many the catalogue matches in all. \`hasMore\` is true when another page follows: call again with currentPage = nextPage.`,
    'Use it to learn what a product is called and its id, or when search_products found nothing in stock at a store. Next: find_product_nearby (keyword = the product name or id) for the nearest stores that have it, or get_product_availability (productId = id) at one store.',
  ].join('\n'),
  input: bind(searchCatalogueOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: CataloguePageSchema,
  annotations: { title: 'Search the Daiso catalogue', ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.searchCatalogue(input, { signal })
  },
})
