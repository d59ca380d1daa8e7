import { bind } from '../src/inputs.js'
import { storeSearch } from '../src/operations.js'
import { APP_VIEW_TOOL_META } from './app/meta.js'
import { READ_ONLY, defineTool } from './definition.js'
import { StorePageSchema, storePage } from './store-page.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const searchNearbyStores = defineTool({
  name: 'search_nearby_stores',
  title: 'Search stores near a location',
  description: [
    'Find the Daiso (다이소) stores nearest to a point, nearest first. latitude and longitude are decimal degrees (WGS 84), e.g. 37.4979, 127.0276 for Gangnam Station in Seoul; stores are in South Korea only.',
    'Returns up to pageSize stores (1 to 10, default 10), each with `code`, `name`, `address` (Korean), `lat`/`lng`, `distanceKm` (from the point), `openTime`/`closeTime` (HH:MM, Korea time) and `openNow` (by posted hours; holidays not known).',
    '`hasMore` is true when the page is full: call again with currentPage = nextPage for the next nearest stores.',
    'Next: pass a store `code` as `branchCode` to search_products or get_product_availability. To find which nearby store has a product in one call, use find_product_nearby with these coordinates. To search by name or address instead, use search_stores.',
  ].join('\n'),
  input: bind(storeSearch, MCP_VOCABULARY, {
    omit: ['keyword'],
    require: ['latitude', 'longitude'],
    strict: true,
    doorHints: { keyword: 'search_nearby_stores takes no keyword; call search_stores to search by name or address.' },
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Search stores near a location', ...READ_ONLY },
  // Hosts with MCP Apps show the stores on the view's map; the text answer stays complete without it.
  _meta: APP_VIEW_TOOL_META,
  async run(service, input, { signal }) {
    return storePage(await service.searchStores(input, { signal }), input.page)
  },
})
