import { bind } from '../../src/inputs.js'
import { searchStoreProducts } from '../../src/operations.js'
import { LIMITS } from '../../src/schemas.js'
import { McpProductSearchResultSchema, includeImagesArgument, includeImagesHint, withImagesIf } from '../lean.js'
import { renderProductSearch } from '../render.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const searchProducts = defineTool({
  name: TOOL_NAMES.searchStoreProducts,
  title: 'Products in stock at a store',
  description: [
    'Products matching `keyword` in stock at one Daiso (다이소) store: stock, price, floorLabel (B1, 1F) and zone; `unplaced`: shelf unknown.',
    `Scans the catalogue until ${LIMITS.productsWantedPerPage} are found, in seconds (send a progressToken).`,
    'Here or else the nearest store: find_product_nearby.',
  ].join('\n'),
  input: bind(searchStoreProducts, MCP_VOCABULARY, {
    misnames: MCP_MISNAMES,
    strict: true,
    extra: includeImagesArgument,
    doorHints: includeImagesHint,
  }),
  outputSchema: McpProductSearchResultSchema,
  annotations: { title: 'Products in stock at a store', ...READ_ONLY },
  async run(service, input, { signal, onProgress }) {
    return withImagesIf(await service.searchStoreProducts(input, { signal, onProgress }), input.includeImages)
  },
  render: renderProductSearch,
})
