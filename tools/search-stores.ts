import { z } from 'zod'
import { LIMITS, StoreSchema, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

/** One page of stores; shared with search_nearby_stores. */
export const StorePageSchema = z
  .object({
    stores: z.array(StoreSchema).describe('Stores on this page, at most pageSize.'),
    hasMore: z.boolean().describe('True when the page is full, so more stores may exist on nextPage.'),
    nextPage: z.number().int().min(1).describe('Value to pass as currentPage for the next page.'),
  })
  .describe('One page of stores.')

export const pagingFields = {
  currentPage: fields.page().default(1).describe('Page number, from 1. Default 1.'),
  pageSize: fields
    .pageSize()
    .default(LIMITS.pageSizeDefault)
    .describe(`Stores per page, 1 to ${LIMITS.pageSizeMax}. Default ${LIMITS.pageSizeDefault}.`),
}

export const pagingHints = {
  currentPage: 'Send currentPage as a whole number from 1, or the nextPage of the previous answer.',
  pageSize: `Send pageSize as a whole number from 1 to ${LIMITS.pageSizeMax}.`,
}

export function storePage(stores: z.output<typeof StoreSchema>[], currentPage: number, pageSize: number) {
  return { stores, hasMore: stores.length >= pageSize, nextPage: currentPage + 1 }
}

export const searchStores = defineTool({
  name: 'search_stores',
  title: 'Search stores by keyword',
  description: [
    "Find the chain's stores in South Korea by keyword: an address, district, neighbourhood, station or store name, best in Korean (e.g. 강남, 홍대입구, 부산 해운대).",
    'Returns up to pageSize stores (1 to 10, default 10), each with `code`, `name`, `address` (Korean), `lat`/`lng` (WGS 84) and `openTime`/`closeTime` (HH:MM, Korea time).',
    '`hasMore` is true when the page is full: call again with currentPage = nextPage for more. An empty list means no store matches the keyword.',
    'Next: pass a store `code` as `branchCode` to search_products (products in stock there) or get_product_availability. To search around a location instead, use search_nearby_stores. Store data changes rarely; reuse codes you already have.',
  ].join('\n'),
  inputSchema: z.strictObject({
    keyword: fields.keyword().describe('Address, district, neighbourhood, station or store name, 1 to 100 characters (e.g. 강남).'),
    ...pagingFields,
  }),
  outputSchema: StorePageSchema,
  annotations: { title: 'Search stores by keyword', ...READ_ONLY },
  family: 'store',
  hints: {
    keyword: 'Send keyword: an address, neighbourhood or store name such as 강남.',
    latitude: 'search_stores takes no coordinates; call search_nearby_stores with latitude and longitude.',
    longitude: 'search_stores takes no coordinates; call search_nearby_stores with latitude and longitude.',
    ...pagingHints,
  },
  async run(service, input, { signal }) {
    const stores = await service.searchStores(
      { keyword: input.keyword, page: input.currentPage, pageSize: input.pageSize },
      { signal },
    )
    return storePage(stores, input.currentPage, input.pageSize)
  },
})
