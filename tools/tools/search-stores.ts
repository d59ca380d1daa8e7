import { bind } from '../../src/inputs.js'
import { storeSearch } from '../../src/operations.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { StorePageSchema, storePage } from '../store-page.js'
import { renderStorePage } from '../render.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const searchStores = defineTool({
  name: TOOL_NAMES.searchStores,
  title: 'Search stores by keyword',
  description: [
    'Daiso (다이소) stores by place or store name as typed (강남역 다이소, Itaewon), exact names first, with hours (Korea time), openNow, facilities. A word no store has is dropped and named in `hint`.',
    'Next: code as branchCode to find_product_nearby.',
  ].join('\n'),
  input: bind(storeSearch, MCP_VOCABULARY, {
    misnames: MCP_MISNAMES,
    omit: ['latitude', 'longitude', 'openNow'],
    require: ['keyword'],
    strict: true,
    doorHints: Object.fromEntries(
      ['latitude', 'longitude', 'lat', 'lng'].map((name) => [
        name,
        'search_stores takes no coordinates; call search_nearby_stores with latitude and longitude.',
      ]),
    ),
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Search stores by keyword', ...READ_ONLY },
  async run(service, input, { signal }) {
    return storePage(await service.searchStores(input, { signal }), input.page)
  },
  render: renderStorePage,
})
