import { z } from 'zod'
import { ERROR_CODE_NAMES } from './errors.js'

/**
 * The public vocabulary (spec §2), once: REST responses, MCP output schemas and the OpenAPI
 * document are all generated from these.
 */

export const LIMITS = {
  pageSizeMax: 10,
  pageSizeDefault: 10,
  pageMax: 1_000,
  keywordMaxLength: 100,
  productsWantedPerPage: 10,
  nearbyStoresScanned: 50,
  nearbyStoresReturned: 20,
  /** Catalogue entries per page of the catalogue search. */
  catalogueResultsPerPage: 20,
  /** Best catalogue matches the nearby search checks. */
  nearbyProductsChecked: 3,
  /** Store-and-product entries the nearby search returns. */
  nearbyResultsReturned: 20,
  /** Nearest entries of a nearby search whose floor and zone are looked up. */
  nearbyPlacementsLooked: 5,
} as const

// Patterns of real data (upstream-protocol.md §7): every store code seen is 5 digits; product numbers
// are 7 digits, with bundle SKUs like "B202503122133".
export const STORE_CODE_PATTERN = /^\d{5}$/
export const PRODUCT_ID_PATTERN = /^[A-Za-z]?\d{4,15}$/

export const StoreSchema = z
  .object({
    code: z.string().describe('Store code. Pass it as `branchCode` to the product operations.'),
    name: z.string().describe('Store name, in Korean (without the chain prefix).'),
    lat: z.number().describe('Latitude, WGS 84.'),
    lng: z.number().describe('Longitude, WGS 84.'),
    address: z.string().describe('Street address, in Korean.'),
    openTime: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .describe('Opening time, HH:MM (Korea Standard Time).'),
    closeTime: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .describe('Closing time, HH:MM (Korea Standard Time).'),
    openNow: z
      .boolean()
      .nullable()
      .describe(
        'Whether the store is open now by its posted hours, in Korea time (public holidays are not known); null when the hours are unreadable.',
      ),
    distanceKm: z
      .number()
      .optional()
      .describe('Distance in kilometres from the coordinates searched around; only on a search by coordinates.'),
  })
  .describe('A Daiso (다이소) store.')
export type Store = z.infer<typeof StoreSchema>

export const StoreListSchema = z.array(StoreSchema)

export const ProductSchema = z
  .object({
    id: z.string().describe('Product number. Pass it to getProductAvailability.'),
    name: z.string().describe('Product name, in Korean.'),
    price: z.number().int().describe('Price in KRW.'),
    image: z.string().url().nullable().describe('Image URL; null when the catalogue has no image.'),
    stock: z.number().int().min(1).describe('Units in stock at the requested store.'),
    stairNo: z.number().int().describe('Floor inside the store (negative numbers are basement floors: -1 is B1).'),
    zoneNo: z.number().int().describe('Zone number on that floor.'),
    floorLabel: z.string().nullable().describe('The floor as shoppers read it: B1, 1F, 2F; null when unknown.'),
  })
  .describe('A product that is in stock at the requested store.')
export type Product = z.infer<typeof ProductSchema>

export const ProductSearchResultSchema = z
  .object({
    products: z.array(ProductSchema).describe('In-stock products, in catalogue relevance order.'),
    hasMore: z.boolean().describe('Whether more catalogue pages remain to scan.'),
    nextPage: z.number().int().min(1).describe('Value to pass as currentPage for the next page.'),
    hint: z
      .string()
      .optional()
      .describe('Only when nothing in stock was found: what to try next (the catalogue search, or the nearby search).'),
  })
  .describe('One page of an in-store product search.')
export type ProductSearchResult = z.infer<typeof ProductSearchResultSchema>

export const NearbyStoreStockSchema = z
  .object({
    code: z.string().describe('Store code.'),
    name: z.string().describe('Store name.'),
    address: z.string().describe('Street address, in Korean.'),
    stock: z.number().int().min(1).describe('Units in stock.'),
    distanceKm: z.number().nullable().describe('Distance from the requested store in kilometres.'),
  })
  .describe('A nearby store that has the product in stock.')
export type NearbyStoreStock = z.infer<typeof NearbyStoreStockSchema>

export const ProductAvailabilitySchema = z
  .object({
    stock: z.number().int().min(0).describe('Units in stock at the requested store. 0 means out of stock.'),
    stairNo: z.number().int().nullable().describe('Floor; null when placement is unknown.'),
    zoneNo: z.number().int().nullable().describe('Zone; null when placement is unknown.'),
    floorLabel: z.string().nullable().describe('The floor as shoppers read it: B1, 1F, 2F; null when unknown.'),
    otherBranches: z
      .array(NearbyStoreStockSchema)
      .describe('Nearby stores (of the 50 nearest) that have the product in stock, nearest first, at most 20.'),
  })
  .describe("One product's stock and placement at a store, and nearby stores that have it.")
export type ProductAvailability = z.infer<typeof ProductAvailabilitySchema>

export const CatalogueProductSchema = z
  .object({
    id: z.string().describe('Product number. Pass it to getProductAvailability, or as the keyword of findProductNearby.'),
    name: z.string().describe('Product name, in Korean.'),
    price: z.number().int().describe('Price in KRW.'),
    image: z.string().url().nullable().describe('Image URL; null when the catalogue has no image.'),
  })
  .describe('A product of the Daiso catalogue, whatever its stock.')
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>

export const CataloguePageSchema = z
  .object({
    products: z.array(CatalogueProductSchema).describe('Catalogue matches in relevance order, in stock or not.'),
    total: z.number().int().min(0).nullable().describe('Matches the catalogue reports in all; null when it does not say.'),
    hasMore: z.boolean().describe('Whether another page follows.'),
    nextPage: z.number().int().min(1).describe('Value to pass as currentPage for the next page.'),
  })
  .describe('One page of the catalogue search.')
export type CataloguePage = z.infer<typeof CataloguePageSchema>

export const NearbyStockEntrySchema = z
  .object({
    store: z
      .object({
        code: z.string().describe('Store code.'),
        name: z.string().describe('Store name, in Korean.'),
        address: z.string().describe('Street address, in Korean.'),
        distanceKm: z.number().nullable().describe('Distance in kilometres from the point or store asked about.'),
        openNow: z.boolean().nullable().describe('Open now by posted hours, Korea time (holidays not known); null when unknown.'),
      })
      .describe('The store that has the product.'),
    productId: z.string().describe('Product number.'),
    productName: z.string().describe('Product name, in Korean.'),
    price: z.number().int().describe('Price in KRW.'),
    stock: z.number().int().min(1).describe('Units in stock at that store.'),
    stairNo: z.number().int().nullable().describe('Floor (negative = basement); null when unknown or not looked up.'),
    zoneNo: z.number().int().nullable().describe('Zone on that floor; null when unknown or not looked up.'),
    floorLabel: z.string().nullable().describe('The floor as shoppers read it: B1, 1F, 2F; null when unknown.'),
  })
  .describe('One store that has one of the products in stock.')
export type NearbyStockEntry = z.infer<typeof NearbyStockEntrySchema>

export const ProductNearbySchema = z
  .object({
    products: z
      .array(CatalogueProductSchema.pick({ id: true, name: true, price: true }))
      .describe('The catalogue matches that were checked, best first.'),
    results: z
      .array(NearbyStockEntrySchema)
      .describe(
        `Stores (of the ${LIMITS.nearbyStoresScanned} nearest) that have one of the products in stock, nearest first, at most ${LIMITS.nearbyResultsReturned}; floor and zone are looked up for the nearest ${LIMITS.nearbyPlacementsLooked}.`,
      ),
    hint: z.string().optional().describe('Only when the answer is empty: why, and what to try next.'),
  })
  .describe('Which nearby stores have a product in stock, nearest first.')
export type ProductNearby = z.infer<typeof ProductNearbySchema>

export const ErrorCodeSchema = z.enum(ERROR_CODE_NAMES)

export const ErrorSchema = z
  .object({
    error: z.string().describe('Human-readable message in Korean, for end users.'),
    code: ErrorCodeSchema.describe('Stable machine-readable code.'),
    message: z.string().describe('Human-readable message in English, for agents and logs.'),
    hint: z.string().describe('What to change so the request succeeds.'),
    status: z.number().int().describe('HTTP status code, repeated in the body.'),
    documentation: z.string().url().describe('Developer documentation URL.'),
    detail: z.string().optional().describe('Upstream or exception detail, for debugging.'),
  })
  .describe('Every non-2xx response.')

export const ProgressEventSchema = z.object({
  type: z.literal('progress'),
  found: z.number().int().min(0).describe('In-stock products confirmed so far.'),
  target: z.number().int().min(0).describe('Products wanted for this page.'),
  percent: z.number().int().min(0).max(100),
  page: z.number().int().min(1).describe('Catalogue page being scanned.'),
  scanned: z.number().int().min(0).describe('Catalogue entries inspected so far.'),
})
export type ScanProgress = Omit<z.infer<typeof ProgressEventSchema>, 'type'>

export const ResultEventSchema = ProductSearchResultSchema.extend({ type: z.literal('result') })
/** The stream's terminal failure: the spec's `error` and `detail`, plus the rest of the Error body. */
export const ErrorEventSchema = ErrorSchema.partial().extend({
  type: z.literal('error'),
  error: z.string().describe('Human-readable message in Korean.'),
  detail: z.string().optional().describe('Upstream or exception detail.'),
})

/** The rule of each kind of input value; src/operations.ts gives them their descriptions and hints. */
export const fields = {
  keyword: () =>
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(LIMITS.keywordMaxLength, `must be at most ${LIMITS.keywordMaxLength} characters`)
      // C0, DEL and C1 (U+0080–U+009F): never part of a place or product name.
      .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'must not contain control characters'),
  latitude: () => z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
  longitude: () => z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
  page: () =>
    z.number().int('must be a whole number').min(1, 'must be at least 1').max(LIMITS.pageMax, `must be at most ${LIMITS.pageMax}`),
  pageSize: () =>
    z
      .number()
      .int('must be a whole number')
      .min(1, `must be between 1 and ${LIMITS.pageSizeMax}`)
      .max(LIMITS.pageSizeMax, `must be between 1 and ${LIMITS.pageSizeMax}`),
  /** Branded: a value of this type has passed the pattern, so the service need not check it again. */
  storeCode: () => z.string().trim().regex(STORE_CODE_PATTERN, 'must be a 5-digit store code such as 11199').brand<'StoreCode'>(),
  productId: () => z.string().trim().regex(PRODUCT_ID_PATTERN, 'must be a product number such as 1049275').brand<'ProductId'>(),
}

export type StoreCode = z.output<ReturnType<typeof fields.storeCode>>
export type ProductId = z.output<ReturnType<typeof fields.productId>>

/** A page of stores, and when it is empty, what to try instead. */
export interface StoreSearchResult {
  stores: Store[]
  hasMore: boolean
  hint?: string | undefined
}
