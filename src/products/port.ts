// The product index port: the chain's catalogue as the service holds it. The index itself
// (src/products/index.ts: listing or growing, refresh, Redis and disk copies) implements it; tests hand
// the service an in-memory one. Product search reads it instead of the upstream's literal catalogue
// match; while it is not usable, the service falls back to the upstream's catalogue search.

/** One catalogue product as the index keeps it, in the domain's words. */
export interface IndexedProduct {
  productId: string
  name: string
  /** KRW. */
  price: number
  image: string | null
  /** The catalogue's category code (e.g. `CAQ001`), when the upstream names one. */
  category: string | null
  /** The brand's display name, when the upstream names one. */
  brand: string | null
}

/** How the index is built: by listing the whole catalogue, or grown from the catalogue answers seen. */
export type ProductIndexMode = 'listing' | 'growing'

export interface ProductIndexStatus {
  size: number
  mode: ProductIndexMode | 'unknown'
  /** Where the held list came from. */
  source: 'crawl' | 'disk' | 'fleet' | 'learned' | 'none'
  /** Epoch ms of the held list's build; null before the first. */
  builtAt: number | null
  /** Epoch ms of the last refresh attempt, and its outcome when it failed. */
  lastRefreshAt: number | null
  lastRefreshError: string | null
}

export interface ProductIndex {
  /**
   * True once the index holds a complete list it can answer from (a listing: built, loaded or shared).
   * A list grown from catalogue answers (mode `growing`) answers `byId` but is never complete, so product
   * search keeps asking the upstream there.
   */
  usable(): boolean
  /** Every product held, for product search and its word tables (built once per list, not per call). */
  products(): readonly IndexedProduct[]
  byId(productId: string): IndexedProduct | undefined
  /** Products seen in an upstream catalogue answer: a product the index lacked is learned. */
  learn(products: readonly IndexedProduct[]): void
  status(): ProductIndexStatus
  /**
   * One-shot processes (the CLI): loads the list first (disk copy, or a listing) and then says whether it is
   * usable; a server's index answers at once. Absent: the same as `usable()`.
   */
  whenUsable?(): Promise<boolean>
}
