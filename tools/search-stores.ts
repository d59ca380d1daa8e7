import { bind } from '../src/inputs.js'
import { storeSearch } from '../src/operations.js'
import { READ_ONLY, defineTool } from './definition.js'
import { StorePageSchema, storePage } from './store-page.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const searchStores = defineTool({
  name: 'search_stores',
  title: 'Search stores by keyword',
  description: [
    'Find Daiso (다이소) stores in South Korea by keyword: an address, district, neighbourhood, station or store name, best in Korean (e.g. 강남역, 홍대입구, 부산 해운대). Type it as the user said it: the chain name and words like 근처/주변/매장 are ignored, 홍대입구역 also finds 홍대입구점, and with several words every word must appear in the store name or address.',
    'Returns up to pageSize stores (1 to 10, default 10), exact store-name matches first, each with `code`, `name`, `address` (Korean), `lat`/`lng` (WGS 84), `openTime`/`closeTime` (HH:MM, Korea time) and `openNow` (by posted hours; holidays not known).',
    '`hasMore` is true when more stores match: call again with currentPage = nextPage. An empty list means no store matches; `hint` then says what to try.',
    'Next: pass a store `code` as `branchCode` to search_products (products in stock there) or get_product_availability. To search around a location instead, use search_nearby_stores. Store data changes rarely; reuse codes you already have.',
  ].join('\n'),
  input: bind(storeSearch, MCP_VOCABULARY, {
    omit: ['latitude', 'longitude'],
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
})
