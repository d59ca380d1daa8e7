import { z } from 'zod'
import { fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { StorePageSchema, pagingFields, pagingHints, storePage } from './store-page.js'

export const searchNearbyStores = defineTool({
  name: 'search_nearby_stores',
  title: 'Search stores near a location',
  description: [
    'Find the Daiso (다이소) stores nearest to a point, nearest first. latitude and longitude are decimal degrees (WGS 84), e.g. 37.4979, 127.0276 for Gangnam Station in Seoul; stores are in South Korea only.',
    'Returns up to pageSize stores (1 to 10, default 10), each with `code`, `name`, `address` (Korean), `lat`/`lng`, `distanceKm` (from the point), `openTime`/`closeTime` (HH:MM, Korea time) and `openNow` (by posted hours; holidays not known).',
    '`hasMore` is true when the page is full: call again with currentPage = nextPage for the next nearest stores.',
    'Next: pass a store `code` as `branchCode` to search_products or get_product_availability. To find which nearby store has a product in one call, use find_product_nearby with these coordinates. To search by name or address instead, use search_stores.',
  ].join('\n'),
  inputSchema: z.strictObject({
    latitude: fields.latitude().describe('Latitude in decimal degrees, -90 to 90 (South Korea is about 33 to 39).'),
    longitude: fields.longitude().describe('Longitude in decimal degrees, -180 to 180 (South Korea is about 124 to 132).'),
    ...pagingFields,
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Search stores near a location', ...READ_ONLY },
  family: 'store',
  hints: {
    latitude: 'Send latitude (decimal degrees, -90 to 90) together with longitude.',
    longitude: 'Send longitude (decimal degrees, -180 to 180) together with latitude.',
    keyword: 'search_nearby_stores takes no keyword; call search_stores to search by name or address.',
    ...pagingHints,
  },
  async run(service, input, { signal }) {
    const found = await service.searchStores(
      { latitude: input.latitude, longitude: input.longitude, page: input.currentPage, pageSize: input.pageSize },
      { signal },
    )
    return storePage(found, input.currentPage)
  },
})
