import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { NONE, approximateBytes, decode, encode, isStockEntry, type Entry, type StockEntry } from './cache-entry.js'
import { Coalescer, untilAborted } from './coalesce.js'
import { pause } from './pause.js'
import {
  stockKey,
  type CatalogueQuery,
  type CatalogueRows,
  type Placement,
  type StockAnswer,
  type StockPair,
  type StoreQuery,
  type Upstream,
  type UpstreamStore,
} from './port.js'

/** How long each kind of answer stays fresh. */
export interface CacheTtls {
  storeTtlMs: number
  catalogueTtlMs: number
  placementTtlMs: number
  stockTtlMs: number
}

/** How much the in-process cache may hold. */
export interface CacheSize {
  maxEntries: number
  /** Approximate bytes the cache may hold in all. */
  maxBytes: number
}

/** The cache's settings (config.cache): its freshness and its size, kept flat as the environment names them. */
export type CacheSettings = CacheTtls & CacheSize

export interface CacheStats {
  hits: number
  misses: number
  coalesced: number
  entries: number
}

/**
 * A cache shared by the fleet (Redis), behind the in-process LRU. Strings only; `claim` lets one
 * instance load a missing key while the others wait for its answer instead of asking the upstream too.
 */
export interface FleetCacheStore {
  readonly usable: boolean
  /** Values by key, null where absent; undefined when the store cannot be used now. */
  get(keys: string[]): Promise<Array<string | null> | undefined>
  set(key: string, value: string, ttlMs: number): void
  /** Claims each key's load for `ms`: true where this caller got the claim; undefined when unusable. */
  claim(keys: string[], ms: number, owner: string): Promise<boolean[] | undefined>
  release(keys: string[]): void
  /** Whether each key is still claimed by some instance. */
  claimed(keys: string[]): Promise<boolean[] | undefined>
}

export interface FleetCacheOptions {
  store: FleetCacheStore
  /** How long a claim lasts, and so the longest another instance waits on it: one upstream call with its retries. */
  claimMs: number
}

/**
 * Caches and coalesces upstream answers (TTLs in docs/operations.md). Only answers are cached: a failure
 * rejects the call and leaves nothing behind. Unknown stock (`null`) is not cached either, since it
 * may be a passing omission.
 */
export class CachedUpstream implements Upstream {
  readonly #inner: Upstream
  readonly #ttl: CacheTtls
  readonly #cache: LRUCache<string, Entry>
  readonly #flights = new Coalescer()
  /**
   * The batch in flight that fetches each stock pair, by key: a later call joins it. Every key of a
   * batch points at the batch's one promise: a nearby search fetches 500 pairs at once, and a controller
   * and three promises per pair, later one promise per pair, were most of its own time.
   */
  readonly #stockInFlight = new Map<string, Promise<Map<string, StockEntry | null>>>()
  /** Batches answered whose pairs wait to be stored in the cache (until then the batch answers them). */
  readonly #settled = new WeakSet<Promise<Map<string, StockEntry | null>>>()
  /** Counts clear()s, so that a cache write deferred past one is dropped. */
  #generation = 0
  readonly #remote: FleetCacheOptions | undefined
  readonly #owner = randomUUID()
  #hits = 0
  #misses = 0
  #joined = 0

  constructor(inner: Upstream, settings: CacheSettings, remote?: FleetCacheOptions) {
    this.#inner = inner
    this.#ttl = settings
    this.#remote = remote
    this.#cache = new LRUCache<string, Entry>({
      max: Math.max(1, settings.maxEntries),
      maxSize: Math.max(1, settings.maxBytes),
      sizeCalculation: approximateBytes,
      ttlAutopurge: false,
    })
  }

  get stats(): CacheStats {
    return { hits: this.#hits, misses: this.#misses, coalesced: this.#flights.coalesced + this.#joined, entries: this.#cache.size }
  }

  /** Empties the in-process layer (the shared one, if any, expires by its TTLs). */
  clear(): void {
    this.#cache.clear()
    // Answers fetched before the clear are neither stored after it nor joined.
    this.#generation += 1
    for (const [key, batch] of this.#stockInFlight) if (this.#settled.has(batch)) this.#stockInFlight.delete(key)
  }

  warmUp(): void {
    this.#inner.warmUp()
  }

  searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
    const key = `stores|${query.keyword ?? ''}|${query.latitude ?? ''}|${query.longitude ?? ''}|${query.page}|${query.pageSize}`
    return this.#cached(key, this.#ttl.storeTtlMs, signal, async (s) => {
      const stores = await this.#inner.searchStores(query, s)
      for (const store of stores) this.#put(`store|${store.code}`, store, this.#ttl.storeTtlMs, this.#remote)
      return stores
    })
  }

  findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
    return this.#cachedNullable(`store|${code}`, this.#ttl.storeTtlMs, signal, (s) => this.#inner.findStore(code, s))
  }

  searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows> {
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
    const joined = new Map<Promise<Map<string, StockEntry | null>>, string[]>()
    const missing: StockPair[] = []
    const missingKeys: string[] = []
    let oldest = Infinity
    const take = (key: string, entry: StockEntry | null) => {
      answer.set(key, entry?.q ?? null)
      if (entry) oldest = Math.min(oldest, entry.t)
    }
    for (const pair of pairs) {
      const key = stockKey(pair.productId, pair.storeCode)
      if (answer.has(key)) continue
      const cached = this.#get(`stock|${key}`)
      const flying = isStockEntry(cached) ? undefined : this.#stockInFlight.get(key)
      if (isStockEntry(cached)) {
        take(key, cached)
      } else if (flying) {
        this.#joined += 1
        answer.set(key, null)
        const keys = joined.get(flying)
        if (keys) keys.push(key)
        else joined.set(flying, [key])
      } else {
        answer.set(key, null)
        missing.push(pair)
        missingKeys.push(key)
      }
    }
    const waits: Array<Promise<void>> = []
    for (const [flying, keys] of joined) {
      waits.push(
        untilAborted(flying, signal).then((fetched) => {
          for (const key of keys) take(key, fetched.get(key) ?? null)
        }),
      )
    }
    if (missing.length > 0) {
      const batch = this.#flights.run(
        `stockbatch|${missingKeys.join(',')}`,
        (s) => (this.#remote ? this.#stockShared(missing, this.#remote, s) : this.#stockDirect(missing, s)),
        signal,
      )
      // Later callers asking for one of these pairs join this batch instead of asking again.
      for (const key of missingKeys) this.#stockInFlight.set(key, batch)
      const drop = (keys: string[]) => {
        for (const key of keys) if (this.#stockInFlight.get(key) === batch) this.#stockInFlight.delete(key)
      }
      // A failed batch and unknown pairs are let go at once, so the next call asks again; the known ones
      // stay until they are stored in the cache, just after the answer's next calls went out.
      batch.then(
        (fetched) => {
          drop(missingKeys.filter((key) => !fetched.get(key)))
          this.#settled.add(batch)
          setImmediate(() => drop(missingKeys))
        },
        () => drop(missingKeys),
      )
      waits.push(
        batch.then((fetched) => {
          for (const [key, entry] of fetched) take(key, entry)
        }),
      )
    }
    if (waits.length === 1) await waits[0]
    else await Promise.all(waits)
    if (oldest !== Infinity) answer.readAt = oldest
    return answer
  }

  async #stockDirect(pairs: StockPair[], signal: AbortSignal): Promise<Map<string, StockEntry | null>> {
    this.#misses += 1
    const fetched = await this.#inner.getStock(pairs, signal)
    const t = fetched.readAt ?? Date.now()
    const answer = new Map<string, StockEntry | null>()
    for (const [key, q] of fetched) answer.set(key, q === null ? null : { q, t })
    // Stored once the caller has used the answer: 500 cache writes held up a nearby answer's placement
    // calls by a millisecond. Until then the batch in flight answers these pairs.
    const generation = this.#generation
    setImmediate(() => {
      if (generation !== this.#generation) return
      for (const [key, entry] of answer) if (entry) this.#put(`stock|${key}`, entry, this.#ttl.stockTtlMs)
    })
    return answer
  }

  /**
   * Stock through the shared cache: pairs another instance already has are taken from it, pairs another
   * instance is fetching right now are waited for, and only the rest are asked for.
   */
  async #stockShared(pairs: StockPair[], remote: FleetCacheOptions, signal: AbortSignal): Promise<Map<string, StockEntry | null>> {
    const answer = new Map<string, StockEntry | null>()
    const keyOf = (p: StockPair) => `stock|${stockKey(p.productId, p.storeCode)}`
    const found = await this.#fromRemote(pairs.map(keyOf), remote)
    let rest = pairs.filter((p) => {
      const hit = found.get(keyOf(p))
      if (isStockEntry(hit)) answer.set(stockKey(p.productId, p.storeCode), hit)
      return !isStockEntry(hit)
    })
    if (rest.length === 0) return answer
    const claims = await remote.store.claim(rest.map(keyOf), remote.claimMs, this.#owner)
    let mine = claims ? rest.filter((_, i) => claims[i]) : rest
    const theirs = claims ? rest.filter((_, i) => !claims[i]) : []
    if (claims && mine.length > 0) {
      // Another instance may have stored some between our look and our claim.
      const late = await this.#fromRemote(mine.map(keyOf), remote)
      const claimed = mine
      mine = claimed.filter((p) => {
        const hit = late.get(keyOf(p))
        if (isStockEntry(hit)) answer.set(stockKey(p.productId, p.storeCode), hit)
        return !isStockEntry(hit)
      })
      remote.store.release(claimed.filter((p) => !mine.includes(p)).map(keyOf))
    }
    const load = async (batch: StockPair[]) => {
      if (batch.length === 0) return
      this.#misses += 1
      const fetched = await this.#inner.getStock(batch, signal)
      const t = fetched.readAt ?? Date.now()
      for (const [key, q] of fetched) {
        const entry = q === null ? null : { q, t }
        answer.set(key, entry)
        if (entry) this.#put(`stock|${key}`, entry, this.#ttl.stockTtlMs, remote)
      }
    }
    try {
      const [, waited] = await Promise.all([load(mine), this.#awaitRemote(theirs.map(keyOf), remote, signal)])
      rest = theirs.filter((p) => {
        const hit = waited.get(keyOf(p))
        if (isStockEntry(hit)) answer.set(stockKey(p.productId, p.storeCode), hit)
        return !isStockEntry(hit)
      })
      // The other instance failed, gave up, or the row is unknown (never cached): ask ourselves.
      await load(rest)
    } finally {
      remote.store.release(mine.map(keyOf))
    }
    return answer
  }

  /** Looks keys up in the shared cache, copying hits into the local layer for their remaining lifetime. */
  async #fromRemote(keys: string[], remote: FleetCacheOptions): Promise<Map<string, Entry>> {
    const found = new Map<string, Entry>()
    const values = await remote.store.get(keys)
    if (!values) return found
    const now = Date.now()
    values.forEach((raw, i) => {
      const key = keys[i]!
      const entry = raw === null ? undefined : decode(raw, key)
      if (!entry || entry.expiresAt <= now) return
      this.#hits += 1
      found.set(key, entry.value)
      this.#cache.set(key, entry.value, { ttl: entry.expiresAt - now })
    })
    return found
  }

  /** Polls the shared cache while another instance holds the claim on these keys; returns what appeared. */
  async #awaitRemote(keys: string[], remote: FleetCacheOptions, signal: AbortSignal): Promise<Map<string, Entry>> {
    const found = new Map<string, Entry>()
    let waiting = keys
    const deadline = Date.now() + remote.claimMs
    for (let delay = 10; waiting.length > 0 && Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
      await pause(delay, signal)
      // Claims first, then values: the owner stores its answer before it releases the claim, so a
      // claim seen gone here means its answer, if any, is visible to the read that follows.
      const held = await remote.store.claimed(waiting)
      const got = await this.#fromRemote(waiting, remote)
      for (const [key, value] of got) found.set(key, value)
      if (!held) break
      // A released claim without a value: the owner failed or found nothing cacheable.
      waiting = waiting.filter((key, i) => !got.has(key) && held[i])
    }
    return found
  }

  /** One key through the shared cache: the shared value, another instance's answer, or our own load. */
  async #loadShared<T extends Entry>(
    key: string,
    ttl: number,
    remote: FleetCacheOptions,
    signal: AbortSignal,
    load: () => Promise<T>,
  ): Promise<T> {
    const found = await this.#fromRemote([key], remote)
    if (found.has(key)) return found.get(key) as T
    const claim = await remote.store.claim([key], remote.claimMs, this.#owner)
    if (claim && !claim[0]) {
      const waited = await this.#awaitRemote([key], remote, signal)
      if (waited.has(key)) return waited.get(key) as T
    }
    try {
      if (claim?.[0]) {
        // Another instance may have stored the answer between our look and our claim.
        const late = await this.#fromRemote([key], remote)
        if (late.has(key)) return late.get(key) as T
      }
      this.#misses += 1
      const value = await load()
      this.#put(key, value, ttl, remote)
      return value
    } finally {
      if (claim?.[0]) remote.store.release([key])
    }
  }

  #get(key: string): Entry | undefined {
    const value = this.#cache.get(key)
    if (value !== undefined) this.#hits += 1
    return value
  }

  #put(key: string, value: Entry, ttl: number, remote?: FleetCacheOptions): void {
    if (ttl <= 0) return
    this.#cache.set(key, value, { ttl })
    remote?.store.set(key, encode(value, Date.now() + ttl), ttl)
  }

  async #cached<T extends Entry>(
    key: string,
    ttl: number,
    signal: AbortSignal | undefined,
    load: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const hit = this.#get(key)
    if (hit !== undefined && hit !== NONE) return hit as T
    return this.#flights.run(
      key,
      async (s) => {
        if (this.#remote) return this.#loadShared(key, ttl, this.#remote, s, () => load(s))
        this.#misses += 1
        const value = await load(s)
        this.#put(key, value, ttl)
        return value
      },
      signal,
    )
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
    return this.#flights.run(
      key,
      async (s) => {
        if (this.#remote) {
          const value = await this.#loadShared<Entry>(key, ttl, this.#remote, s, async () => (await load(s)) ?? NONE)
          return value === NONE ? null : (value as T)
        }
        this.#misses += 1
        const value = await load(s)
        this.#put(key, value ?? NONE, ttl)
        return value
      },
      signal,
    )
  }
}
