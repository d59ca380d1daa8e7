/*
 * The answers the view renders, in one place: find_product_nearby's and search_nearby_stores'.
 * The find_product_nearby answer is defined as ProductNearbySchema
 * in src/schemas.ts; once that lands these types can become `z.output<typeof ProductNearbySchema>`.
 * No DOM types here: tests import this file too.
 */

export type NearbyStore = {
  code: string
  name: string
  address: string
  lat: number
  lng: number
  /** From the origin; 0 for the asked store. */
  distanceKm: number | null
  openNow: boolean | null
  /** HH:MM, Korea time. */
  openTime: string
  closeTime: string
  /** Where the store directory knows them, e.g. "parking", "taxFree". */
  facilities?: string[]
}

export type Placement = 'known' | 'unknown' | 'not_checked'

export type NearbyItem = {
  productId: string
  productName: string
  price: number
  /** ≥ 1. */
  stock: number
  stairNo: number | null
  zoneNo: number | null
  /** "B1", "1F", "2F". */
  floorLabel: string | null
  /** unknown: the chain has no placement; not_checked: it was not looked up. */
  placement: Placement
}

export type StoreStock = { store: NearbyStore; items: NearbyItem[] }

/** Where a store shelves a product, whether or not it has any now. */
export type Shelf = Pick<NearbyItem, 'stairNo' | 'zoneNo' | 'floorLabel' | 'placement'>

export type ProductNearby = {
  /** The point distances are measured from. */
  origin: { lat: number; lng: number }
  /** The catalogue matches that were checked. */
  products: { id: string; name: string; price: number }[]
  /** How many the catalogue has for the keyword; null when it does not say. */
  matched: number | null
  /**
   * Only when a store code was given; items [] when it has none of the products; `unknown`: ids whose stock there could not be read;
   * `usualShelf`: asked for one product number it does not list, where it usually shelves it.
   */
  here?: StoreStock & { unknown?: string[]; usualShelf?: Shelf }
  /** The other stores with any checked product, nearest first, each once. */
  stores: StoreStock[]
  /** ISO time the stock was read from the upstream. */
  asOf: string
  hint?: string
}

/** A store as search_nearby_stores lists it (StoreSchema in src/schemas.ts). */
export type ListedStore = {
  code: string
  name: string
  address: string
  lat: number
  lng: number
  openTime: string
  closeTime: string
  openNow: boolean | null
  /** From the coordinates searched around. */
  distanceKm?: number
  facilities?: string[]
}

/** search_nearby_stores' answer (StorePageSchema in tools/store-page.ts). */
export type StorePage = { stores: ListedStore[]; hasMore: boolean; nextPage: number; hint?: string }
