import { bind } from '../../src/inputs.js'
import { storeSearch } from '../../src/operations.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { StorePageSchema, storePage } from '../store-page.js'
import { renderStorePage } from '../render.js'
import { MCP_VOCABULARY } from '../vocabulary.js'

export const searchStores = defineTool({
  name: 'search_stores',
  title: 'Search stores by keyword',
  description: [
    'Find Daiso (다이소) stores by place or store name as typed (강남역 다이소, 홍대입구 근처, Itaewon), exact names first, with hours (Korea time), openNow and facilities. A word no store has is ignored and named in `hint`.',
    'More: currentPage = nextPage. Next: the code as branchCode to find_product_nearby or search_products.',
  ].join('\n'),
  input: bind(storeSearch, MCP_VOCABULARY, {
    omit: ['latitude', 'longitude', 'openNow'],
    require: ['keyword'],
    strict: true,
    doorHints: {
      latitude: 'search_stores takes no coordinates; call search_nearby_stores with latitude and longitude.',
      longitude: 'search_stores takes no coordinates; call search_nearby_stores with latitude and longitude.',
    },
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Search stores by keyword', ...READ_ONLY },
  async run(service, input, { signal }) {
    return storePage(await service.searchStores(input, { signal }), input.page)
  },
  render: renderStorePage,
})
