// The upstream port: what the domain needs from the chain's API, in the domain's words. The HTTP client
// (client.ts), the cache in front of it (cached.ts), the sandbox's fixture upstream and the tests' fakes
// implement it; nothing outside src/upstream/ sees the wire names (strCd, pdNo, selStr …).

import type { CatalogueItem, Placement, UpstreamStore } from './schemas.js'

export type { CatalogueItem, Placement, UpstreamStore }

export interface CatalogueQuery {
  text: string
  page: number
  pageSize: number
}

export interface StoreQuery {
  keyword?: string
  latitude?: number
  longitude?: number
  page: number
  pageSize: number
}

export interface CatalogueRows {
  items: CatalogueItem[]
  /** Total matches the catalogue reports, when it does. */
  total: number | null
}

export interface StockPair {
  productId: string
  storeCode: string
}

export const stockKey = (productId: string, storeCode: string): string => `${productId}@${storeCode}`

/**
 * Quantity per `stockKey`; `null` means unknown (row missing or junk), never zero. `readAt` (epoch ms)
 * is when the oldest of these quantities was read from the upstream; a cache keeps it with each entry,
 * so a cached answer says when it was true. Absent: read just now.
 */
export type StockAnswer = Map<string, number | null> & { readAt?: number }

/** One page of the whole chain's store list, with the total the upstream reports (null when it does not say). */
export interface StoreListPage {
  stores: UpstreamStore[]
  total: number | null
}

/**
 * The crawl of the chain's store list (src/stores/): every store, around a fixed point so the order is
 * stable, page by page. The HTTP client implements it, so every page passes its budget, breaker and deadlines.
 */
export interface StoreLister {
  listStores(page: number, pageSize: number, signal?: AbortSignal): Promise<StoreListPage>
}

/** One page of the whole catalogue, with the total the upstream reports (null when it does not say). */
export interface ProductListPage {
  items: CatalogueItem[]
  total: number | null
}

/**
 * The listing of the chain's whole catalogue (src/products/): an empty catalogue search, page by page,
 * where the upstream allows it. The HTTP client implements it, so every page passes its budget, breaker
 * and deadlines.
 */
export interface ProductLister {
  listProducts(page: number, pageSize: number, signal?: AbortSignal): Promise<ProductListPage>
}

/** What the domain service needs from the upstream. The HTTP client, caches and fakes implement it. */
export interface Upstream {
  searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]>
  findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null>
  searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows>
  getStock(pairs: StockPair[], signal?: AbortSignal): Promise<StockAnswer>
  getPlacement(productId: string, storeCode: string, signal?: AbortSignal): Promise<Placement | null>
  /** Starts the pre-auth handshake early so a protected call later in the request does not wait for it. */
  warmUp(): void
}
