import { bind } from '../../src/inputs.js'
import { searchCatalogue as searchCatalogueOperation } from '../../src/operations.js'
import { LIMITS } from '../../src/schemas.js'
import { McpCataloguePageSchema, includeImagesArgument, includeImagesHint, withImagesIf } from '../lean.js'
import { renderCatalogue } from '../render.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const searchCatalogue = defineTool({
  name: TOOL_NAMES.searchCatalogue,
  title: 'Search the Daiso catalogue',
  description: [
    `The Daiso (다이소) catalogue, whatever the stock: up to ${LIMITS.catalogueResultsPerPage} products a page, best first; \`total\` = all matches (0 with \`hint\` when none).`,
    'Next: find_product_nearby with an id.',
  ].join('\n'),
  input: bind(searchCatalogueOperation, MCP_VOCABULARY, {
    misnames: MCP_MISNAMES,
    strict: true,
    extra: includeImagesArgument,
    doorHints: includeImagesHint,
  }),
  outputSchema: McpCataloguePageSchema,
  annotations: { title: 'Search the Daiso catalogue', ...READ_ONLY },
  async run(service, input, { signal }) {
    return withImagesIf(await service.searchCatalogue(input, { signal }), input.includeImages)
  },
  render: renderCatalogue,
})
