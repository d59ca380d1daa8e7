import { bind } from '../../src/inputs.js'
import { storeSearch } from '../../src/operations.js'
import { APP_VIEW_TOOL_META } from '../app/meta.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { StorePageSchema, storePage } from '../store-page.js'
import { renderStorePage } from '../render.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const searchNearbyStores = defineTool({
  name: TOOL_NAMES.searchStoresNearby,
  title: 'Stores near a place',
  description: [
    'Daiso (다이소) stores nearest a point (37.4979, 127.0276 = Gangnam Station) or a place (near: 경복궁), nearest first, with distanceKm, hours, openNow.',
    'Which has a product: find_product_nearby.',
  ].join('\n'),
  input: bind(storeSearch, MCP_VOCABULARY, {
    misnames: MCP_MISNAMES,
    omit: ['keyword'],
    strict: true,
    doorHints: { keyword: 'search_nearby_stores takes no keyword; call search_stores to search by name or address.' },
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Stores near a place', ...READ_ONLY },
  // Hosts with MCP Apps show the stores on the view's map; the text answer stays complete without it.
  _meta: APP_VIEW_TOOL_META,
  async run(service, input, { signal }) {
    return storePage(await service.searchStores(input, { signal }), input.page)
  },
  render: renderStorePage,
})
