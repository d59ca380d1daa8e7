import { bind } from '../../src/inputs.js'
import { searchCatalogue as searchCatalogueOperation } from '../../src/operations.js'
import { CataloguePageSchema, LIMITS } from '../../src/schemas.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { MCP_VOCABULARY } from '../vocabulary.js'

export const searchCatalogue = defineTool({
  name: 'search_catalogue',
  title: 'Search the Daiso catalogue',
  description: [
    `Search the Daiso (다이소) catalogue, whatever the stock: up to ${LIMITS.catalogueResultsPerPage} products a page, best first; \`total\` = all matches (0 with a \`hint\` when none). More: currentPage = nextPage.`,
    'Next: find_product_nearby or get_product_availability with an id.',
  ].join('\n'),
  input: bind(searchCatalogueOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: CataloguePageSchema,
  annotations: { title: 'Search the Daiso catalogue', ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.searchCatalogue(input, { signal })
  },
})
