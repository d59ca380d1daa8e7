import { z } from 'zod'
import { ERROR_CODE_NAMES } from './errors.js'
import { FACILITIES } from './stores/facilities.js'
import { KOREA_BOUNDS, KOREA_BOUNDS_TEXT } from './places/bounds.js'
import { PlaceUnderstoodSchema, type PlaceUnderstood } from './places/schema.js'

/**
 * The public vocabulary (docs/spec.md §2), once: REST responses, MCP output schemas and the OpenAPI
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
  /**
   * Store-and-product pairs one stock call carries. The nearby search checks as many of the best
   * catalogue matches as fit in one such call against the nearest stores (10 against 51 stores).
   */
  stockPairsPerCall: 520,
  /** Other stores the nearby search returns. */
  nearbyStoresListed: 20,
  /** Nearest of those stores whose items get floor and zone (the asked store's always do). */
  nearbyStoresPlaced: 5,
} as const

// Patterns of real data (docs/upstream-protocol.md §7): every store code seen is 5 digits; product numbers
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
    facilities: z
      .array(z.enum(FACILITIES))
      .optional()
      .describe(`What the store offers, as the chain lists it: ${FACILITIES.join(', ')}. Absent when the chain's answer did not say.`),
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

const asOf = () => z.string().describe('When the stock was read from the upstream (ISO 8601); a cached answer keeps its time.')

export const UnplacedProductSchema = ProductSchema.pick({ id: true, name: true, price: true, stock: true })
  .extend({ placement: z.literal('unknown') })
  .describe('In stock here; the chain names no floor or zone for it.')
export type UnplacedProduct = z.infer<typeof UnplacedProductSchema>

/** One keyword of a shopping list: what it found, the words left out, and whether the chain sells it at all. */
export const KeywordResultSchema = z
  .object({
    keyword: z.string(),
    productIds: z.array(z.string()),
    ignored: z.array(z.string()).optional(),
    notSold: z.literal(true).optional(),
    hint: z.string().optional(),
  })
  .describe('One keyword: its products (ids in products or unplaced), words left out; notSold: the chain sells no such thing.')
export type KeywordResult = z.infer<typeof KeywordResultSchema>

export const ProductSearchResultSchema = z
  .object({
    products: z.array(ProductSchema).describe('In-stock products with a known shelf, in relevance order (several keywords: by keyword).'),
    unplaced: z
      .array(UnplacedProductSchema)
      .optional()
      .describe('In-stock products whose floor and zone the chain does not name; with `products`, every in-stock match found.'),
    keywords: z.array(KeywordResultSchema).optional().describe('Several keywords, or words left out.'),
    note: z
      .string()
      .optional()
      .describe('How the keyword was read when not as typed (words left out, English read in Korean, a slip corrected).'),
    asOf: asOf(),
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
    openNow: z.boolean().nullable().describe('Open now by posted hours; null when unknown.'),
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
    product: z
      .object({ id: z.string(), name: z.string().nullable(), price: z.number().int().nullable() })
      .describe('The product asked about; name and price null when the catalogue does not list it.'),
    store: z
      .object({
        code: z.string(),
        name: z.string(),
        openNow: z.boolean().nullable(),
        openTime: z.string(),
        closeTime: z.string(),
      })
      .describe('The store asked about.'),
    asOf: asOf(),
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
    nextPage: z.number().int().min(1).optional().describe('Value to pass as currentPage for the next page; only when hasMore is true.'),
    note: z.string().optional(),
    hint: z.string().optional().describe('Only when nothing matches: what to try instead.'),
  })
  .describe('One page of the catalogue search.')
export type CataloguePage = z.infer<typeof CataloguePageSchema>

const hhmm = () => z.string().describe('HH:MM, Korea time.')

export const NearbyStoreSchema = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  distanceKm: z.number().nullable().describe('From origin; 0 for the asked store.'),
  openNow: z.boolean().nullable().describe('By posted hours; null when unknown.'),
  openTime: hhmm(),
  closeTime: hhmm(),
  facilities: z.array(z.string()).optional(),
})
export type NearbyStore = z.infer<typeof NearbyStoreSchema>

export const PLACEMENT_STATES = ['known', 'unknown', 'not_checked'] as const

/** Where a store shelves a product. One object, so the output schema writes it once for items and the usual shelf. */
export const ShelfSchema = z.object({
  stairNo: z.number().int().nullable().describe('Floor, -1 = B1.'),
  zoneNo: z.number().int().nullable(),
  floorLabel: z.string().nullable().describe('B1, 1F, 2F.'),
  placement: z.enum(PLACEMENT_STATES).describe('unknown: the chain has none; not_checked: not looked up.'),
})
export type Shelf = z.infer<typeof ShelfSchema>

export const NearbyItemSchema = z.object({
  productId: z.string(),
  keyword: z.string().optional(),
  productName: z.string(),
  price: z.number().int(),
  stock: z.number().int().min(1),
  ...ShelfSchema.shape,
})
export type NearbyItem = z.infer<typeof NearbyItemSchema>

export const NearbyStoreItemsSchema = z.object({
  store: NearbyStoreSchema,
  items: z.array(NearbyItemSchema),
  missing: z.array(z.string()).optional().describe('Keywords it has none of.'),
})
export type NearbyStoreItems = z.infer<typeof NearbyStoreItemsSchema>

export const ProductNearbySchema = z
  .object({
    origin: z.object({ lat: z.number(), lng: z.number() }).describe('Where distances are measured from.'),
    products: z
      .array(CatalogueProductSchema.pick({ id: true, name: true, price: true }).extend({ keyword: z.string().optional() }))
      .describe('The catalogue matches checked, best first (several keywords: by keyword).'),
    note: z.string().optional().describe('How the keyword was read when not as typed.'),
    matched: z.number().int().min(0).nullable().describe('Catalogue matches for the keyword in all; null when unknown.'),
    here: NearbyStoreItemsSchema.extend({
      unknown: z.array(z.string()).optional().describe('Checked product ids whose stock here could not be read: unknown, not sold out.'),
      usualShelf: ShelfSchema.optional().describe('Asked for one product id that here does not list: where here usually shelves it.'),
    })
      .optional()
      .describe('The asked store (only with a store code); items [] when it has none.'),
    stores: z
      .array(NearbyStoreItemsSchema)
      .describe(
        'Other stores with a checked product in stock, nearest first; with several keywords, those with every keyword first, then most.',
      ),
    place: PlaceUnderstoodSchema.optional().describe('The place `near` was read as; distances are from it.'),
    asOf: asOf(),
    hint: z.string().optional(),
  })
  .describe('Which products the asked store and the nearest others have, by store, nearest first.')
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

const OUTSIDE_KOREA = `must be a point in Korea (${KOREA_BOUNDS_TEXT})`

/** The rule of each kind of input value; src/operations.ts gives them their descriptions and hints. */
export const fields = {
  keyword: () =>
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(LIMITS.keywordMaxLength, `must be at most ${LIMITS.keywordMaxLength} characters`)
      // C0, DEL and C1 (U+0080–U+009F): never part of a place or product name.
      .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'must not contain control characters')
      // A lone surrogate is no character at all (JSON's "\ud800", a broken argv): refused, not sent upstream as U+FFFD.
      .refine((v) => !/[\ud800-\udfff]/u.test(v), 'must be well-formed Unicode text (a lone surrogate is not a character)'),
  // Where the chain has stores (src/places/bounds.ts): a point abroad is refused, not answered from 900 km away.
  latitude: () => z.number().min(KOREA_BOUNDS.minLatitude, OUTSIDE_KOREA).max(KOREA_BOUNDS.maxLatitude, OUTSIDE_KOREA),
  longitude: () => z.number().min(KOREA_BOUNDS.minLongitude, OUTSIDE_KOREA).max(KOREA_BOUNDS.maxLongitude, OUTSIDE_KOREA),
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
  /** Words of the keyword that were left out because no store has them (as typed); the hint says so too. */
  ignored?: string[] | undefined
  /** Where the answer came from: the store directory (its size and age) or the upstream's own search. */
  via?: { source: 'directory'; size: number; ageSeconds: number | null; from: string | null } | { source: 'upstream' } | undefined
  /** The place the keyword or `near` was read as (src/places/), when the stores are the ones around it. */
  place?: PlaceUnderstood | undefined
  /** The keyword as read when a typing slip in a store or place name was forgiven (헤운대 → 해운대). */
  readAs?: string | undefined
}
