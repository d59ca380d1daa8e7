import { LRUCache } from 'lru-cache'
import { Coalescer } from './coalesce.js'
import {
  stockKey,
  type CataloguePage,
  type Placement,
  type StockAnswer,
  type StockPair,
  type StoreQuery,
  type Upstream,
  type UpstreamStore,
} from './client.js'

export interface CacheTtls {
  storeTtlMs: number
  catalogueTtlMs: number
  placementTtlMs: number
  stockTtlMs: number
  maxEntries: number
  /** Approximate bytes the cache may hold in all. */
  maxBytes: number
}

export interface CacheStats {
  hits: number
  misses: number
  coalesced: number
  entries: number
}

// lru-cache stores no undefined; "no such store" and "no placement" are answers worth keeping.
const NONE = Symbol('none')
type Entry = UpstreamStore[] | UpstreamStore | CataloguePage | Placement | number | typeof NONE

/** A cheap estimate of an entry's heap footprint: exact sizes would cost a serialisation per entry. */
function approximateBytes(entry: Entry, key: string): number {
  const base = 100 + key.length * 2
  if (typeof entry === 'number' || entry === NONE) return base
  if (Array.isArray(entry)) return base + entry.length * 400
  if ('items' in entry) return base + entry.items.length * 350
  return base + 300
}

/**
 * Caches and coalesces upstream answers (TTLs in the README). Only answers are cached: a failure
 * rejects the call and leaves nothing behind. Unknown stock (`null`) is not cached either, since it
 * may be a passing omission.
 */
export class CachedUpstream implements Upstream {
  readonly #inner: Upstream
  readonly #ttl: CacheTtls
  readonly #cache: LRUCache<string, Entry>
  readonly #flights = new Coalescer()
  #hits = 0
  #misses = 0

  constructor(inner: Upstream, ttl: CacheTtls) {
    this.#inner = inner
    this.#ttl = ttl
    this.#cache = new LRUCache<string, Entry>({
      max: Math.max(1, ttl.maxEntries),
      maxSize: Math.max(1, ttl.maxBytes),
      sizeCalculation: approximateBytes,
      ttlAutopurge: false,
    })
  }

  get stats(): CacheStats {
    return { hits: this.#hits, misses: this.#misses, coalesced: this.#flights.coalesced, entries: this.#cache.size }
  }

  clear(): void {
    this.#cache.clear()
  }

  warmUp(): void {
    this.#inner.warmUp()
  }

  searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
    const key = `stores|${query.keyword ?? ''}|${query.latitude ?? ''}|${query.longitude ?? ''}|${query.page}|${query.pageSize}`
    return this.#cached(key, this.#ttl.storeTtlMs, signal, async (s) => {
      const stores = await this.#inner.searchStores(query, s)
      for (const store of stores) this.#put(`store|${store.code}`, store, this.#ttl.storeTtlMs)
      return stores
    })
  }

  findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
    return this.#cachedNullable(`store|${code}`, this.#ttl.storeTtlMs, signal, (s) => this.#inner.findStore(code, s))
  }

  searchCatalogue(query: { text: string; page: number; pageSize: number }, signal?: AbortSignal): Promise<CataloguePage> {
    const key = `catalogue|${query.text}|${query.page}|${query.pageSize}`
    return this.#cached(key, this.#ttl.catalogueTtlMs, signal, (s) => this.#inner.searchCatalogue(query, s))
  }

  getPlacement(productId: string, storeCode: string, signal?: AbortSignal): Promise<Placement | null> {
    return this.#cachedNullable(`placement|${productId}|${storeCode}`, this.#ttl.placementTtlMs, signal, (s) =>
      this.#inner.getPlacement(productId, storeCode, s),
    )
  }

  /** Asks the upstream only for pairs that are neither cached nor already being fetched by another call. */
  async getStock(pairs: StockPair[], signal?: AbortSignal): Promise<StockAnswer> {
    const answer: StockAnswer = new Map()
    const waits: Array<Promise<void>> = []
    const missing: StockPair[] = []
    for (const pair of pairs) {
      const key = stockKey(pair.productId, pair.storeCode)
      if (answer.has(key)) continue
      const cached = this.#get(`stock|${key}`)
      if (typeof cached === 'number') {
        answer.set(key, cached)
      } else if (this.#flights.has(`stock|${key}`)) {
        waits.push(
          this.#flights.run<number | null>(`stock|${key}`, () => Promise.resolve(null), signal).then((qty) => {
            answer.set(key, qty)
          }),
        )
      } else {
        answer.set(key, null)
        missing.push(pair)
      }
    }
    if (missing.length > 0) {
      const batchKey = `stockbatch|${missing.map((p) => stockKey(p.productId, p.storeCode)).join(',')}`
      const batch = this.#flights.run(batchKey, async (s) => {
        this.#misses += 1
        const fetched = await this.#inner.getStock(missing, s)
        for (const [key, qty] of fetched) if (qty !== null) this.#put(`stock|${key}`, qty, this.#ttl.stockTtlMs)
        return fetched
      }, signal)
      // Later callers asking for one of these pairs join this batch instead of asking again.
      for (const pair of missing) {
        const key = stockKey(pair.productId, pair.storeCode)
        const perPair = batch.then((fetched) => fetched.get(key) ?? null)
        perPair.catch(() => {})
        this.#flights.run(`stock|${key}`, () => perPair)
      }
      waits.push(
        batch.then((fetched) => {
          for (const [key, qty] of fetched) answer.set(key, qty)
        }),
      )
    }
    await Promise.all(waits)
    return answer
  }

  #get(key: string): Entry | undefined {
    const value = this.#cache.get(key)
    if (value !== undefined) this.#hits += 1
    return value
  }

  #put(key: string, value: Entry, ttl: number): void {
    if (ttl > 0) this.#cache.set(key, value, { ttl })
  }

  async #cached<T extends Entry>(key: string, ttl: number, signal: AbortSignal | undefined, load: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const hit = this.#get(key)
    if (hit !== undefined && hit !== NONE) return hit as T
    return this.#flights.run(key, async (s) => {
      this.#misses += 1
      const value = await load(s)
      this.#put(key, value, ttl)
      return value
    }, signal)
  }

  async #cachedNullable<T extends Entry>(
    key: string,
    ttl: number,
    signal: AbortSignal | undefined,
    load: (signal: AbortSignal) => Promise<T | null>,
  ): Promise<T | null> {
    const hit = this.#get(key)
    if (hit === NONE) return null
    if (hit !== undefined) return hit as T
    return this.#flights.run(key, async (s) => {
      this.#misses += 1
      const value = await load(s)
      this.#put(key, value ?? NONE, ttl)
      return value
    }, signal)
  }
}
