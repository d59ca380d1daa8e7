/*
 * The answers the view renders, in one place: find_product_nearby's and search_nearby_stores'.
 * find_product_nearby sends the lean MCP shape (LeanNearbySchema in tools/lean.ts: products once, items
 * by id, no nulls), read here as `WireNearby` and unpacked by `fromWire` into `ProductNearby`, the
 * store-and-items form the view draws. No DOM types here: tests import this file too.
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

/** A shelf as find_product_nearby sends it: a floor (and zone), or why there is none. */
export type WireShelf = { floor?: string; zone?: number; shelf?: 'unknown' | 'not_checked' }
export type WireItem = WireShelf & { id: string; stock: number }
export type WireStore = {
  code: string
  name: string
  distanceKm?: number
  lat: number
  lng: number
  openNow?: boolean
  /** "HH:MM-HH:MM", Korea time. */
  hours: string
  address: string
  items: WireItem[]
}

/** find_product_nearby's structuredContent (LeanNearbySchema in tools/lean.ts). */
export type WireNearby = {
  origin: { lat: number; lng: number }
  products: { id: string; name: string; price: number }[]
  matched?: number
  here?: WireStore & { unknown?: string[]; usualShelf?: WireShelf }
  stores: WireStore[]
  moreStores?: number
  asOf: string
  hint?: string
}

function shelfOf(wire: WireShelf): Shelf {
  if (wire.floor !== undefined) return { stairNo: null, zoneNo: wire.zone ?? null, floorLabel: wire.floor, placement: 'known' }
  return { stairNo: null, zoneNo: null, floorLabel: null, placement: wire.shelf === 'not_checked' ? 'not_checked' : 'unknown' }
}

/** The wire answer in the form the view draws: each item with its product's name and price again. */
export function fromWire(wire: WireNearby): ProductNearby {
  const products = new Map(wire.products.map((product) => [product.id, product]))
  const storeOf = (store: WireStore): NearbyStore => {
    const [openTime = '', closeTime = ''] = store.hours.split('-')
    return {
      code: store.code,
      name: store.name,
      address: store.address,
      lat: store.lat,
      lng: store.lng,
      distanceKm: store.distanceKm ?? null,
      openNow: store.openNow ?? null,
      openTime,
      closeTime,
    }
  }
  const itemOf = (item: WireItem): NearbyItem => ({
    productId: item.id,
    productName: products.get(item.id)?.name ?? item.id,
    price: products.get(item.id)?.price ?? Number.NaN,
    stock: item.stock,
    ...shelfOf(item),
  })
  const entry = (store: WireStore): StoreStock => ({ store: storeOf(store), items: store.items.map(itemOf) })
  const view: ProductNearby = {
    origin: wire.origin,
    products: wire.products,
    matched: wire.matched ?? null,
    stores: wire.stores.map(entry),
    asOf: wire.asOf,
  }
  if (wire.here) {
    view.here = entry(wire.here)
    if (wire.here.unknown) view.here.unknown = wire.here.unknown
    if (wire.here.usualShelf) view.here.usualShelf = shelfOf(wire.here.usualShelf)
  }
  if (wire.hint !== undefined) view.hint = wire.hint
  return view
}
