import { randomUUID } from 'node:crypto'
import type { CatalogueItem, ProductLister } from '../upstream/port.js'
import type { CatalogueDisk } from './disk.js'
import type { IndexedProduct, ProductIndex, ProductIndexMode, ProductIndexStatus } from './port.js'
import { implausible, unionOf, type CatalogueSnapshot, type Plausibility } from './snapshot.js'
import { indexedOf, isRefusal, messageOf, sameProduct } from './products.js'

export type { CatalogueSnapshot }

/** The fleet's copy in Redis (src/upstream/fleet/catalogue.ts); `undefined` answers mean Redis cannot be used now. */
export interface CatalogueShared {
  get(): Promise<CatalogueSnapshot | undefined | null>
  set(snapshot: CatalogueSnapshot, ttlMs: number): Promise<void>
  /** Claims the next listing for `ms`: true when this instance got it. */
  claim(owner: string, ms: number): Promise<boolean | undefined>
  release(owner: string): Promise<void>
  claimed(): Promise<boolean | undefined>
}

export interface CatalogueIndexOptions {
  lister: ProductLister
  /** Rows per listing page: the simulator's cap and a size real clients send (upstream-protocol.md §4.2). */
  pageSize: number
  /** Age after which the catalogue is listed again (listing) or the grown list merged with the fleet's (growing). */
  refreshMs: number
  /** How long a fleet claim on the listing lasts, and so the longest another instance waits on it. */
  claimMs: number
  disk?: CatalogueDisk | undefined
  shared?: CatalogueShared | undefined
  /** One-shot processes: nothing is loaded until `whenUsable` asks, which then waits for it. */
  lazy?: boolean
  /** Fewest products a listing must hold, and how much shorter than the held one it may be. */
  plausibility?: Partial<Plausibility>
  /** How long products learned in growing mode wait before they are written to the disk and fleet copies. */
  learnedFlushMs?: number
  now?: () => number
  /** Where a failed background refresh is told (logs). */
  onProblem?: (message: string) => void
  /** A refresh ended well (a listing kept, a grown list merged, or a younger fleet copy taken): the log says so after failures. */
  onRefreshed?: () => void
}

export interface ListingOutcome {
  at: string
  outcome: 'ok' | 'refused' | 'short' | 'implausible' | 'failed'
  calls: number
  durationMs: number
  products: number
  /** The upstream's own count, when it said. */
  total: number | null
  detail?: string
}

/** The index's status with the last listing's figures, for /readyz and the bench. */
export interface CatalogueIndexStatus extends ProductIndexStatus {
  ageSeconds: number | null
  /** Products learned from catalogue answers since the held list was built. */
  learned: number
  lastListing: ListingOutcome | null
}

/** A listing that came back with fewer distinct products than the upstream says it has: never trusted. */
export class ShortListingError extends Error {
  override readonly name = 'ShortListingError'
}

const DEFAULT_PLAUSIBILITY: Plausibility = { minListing: 50, maxShrink: 0.2 }
const FLEET_POLL_MS = 100
/** A listing that does not end by then is not a listing of a shop's catalogue. */
const MAX_PAGES = 1_000
/** Listing pages asked for side by side after the first. */
const LISTING_PARALLEL = 4
/** A grown list stops growing here (a few times any chain's catalogue): memory stays bounded. */
const MAX_LEARNED = 200_000

/**
 * The chain's catalogue as the service holds it, so product search need not ask the upstream. Where the upstream lists its catalogue (an empty
 * catalogue search, paged, checked against its own total) the index lists it at start and every
 * `refreshMs`; where it does not, the index grows from every catalogue answer the service sees (`learn`).
 * Which one is found out by the first listing page and said in `status().mode`. A listing that comes back
 * short or implausible never replaces the held list; one instance of a fleet lists, the others take its
 * copy from Redis; one-shot processes read the disk copy. `usable()` is true only for a complete list (a
 * listing): a grown list answers `byId` but not a search.
 */
export class CatalogueIndex implements ProductIndex {
  readonly #options: CatalogueIndexOptions
  readonly #rules: Plausibility
  readonly #now: () => number
  readonly #owner = randomUUID()
  #products: readonly IndexedProduct[] = []
  #byId = new Map<string, IndexedProduct>()
  /** Products learned since the held list was built: kept across a new listing that does not hold them yet. */
  #learned = new Map<string, IndexedProduct>()
  #mode: ProductIndexMode | 'unknown' = 'unknown'
  #source: ProductIndexStatus['source'] = 'none'
  #total: number | null = null
  #builtAt: number | null = null
  #lastRefreshAt: number | null = null
  #lastRefreshError: string | null = null
  #lastListing: ListingOutcome | null = null
  #refreshing: Promise<void> | undefined
  #started: Promise<void> | undefined
  #timer: NodeJS.Timeout | undefined
  #flushTimer: NodeJS.Timeout | undefined
  #closed = false
  #failures = 0

  constructor(options: CatalogueIndexOptions) {
    this.#options = options
    this.#rules = { ...DEFAULT_PLAUSIBILITY, ...options.plausibility }
    this.#now = options.now ?? Date.now
  }

  usable(): boolean {
    return this.#mode === 'listing' && this.#products.length > 0
  }

  products(): readonly IndexedProduct[] {
    return this.#products
  }

  byId(productId: string): IndexedProduct | undefined {
    return this.#byId.get(productId)
  }

  learn(products: readonly IndexedProduct[]): void {
    const added: IndexedProduct[] = []
    for (const product of products) {
      const held = this.#byId.get(product.productId)
      if (held && sameProduct(held, product)) continue
      if (!held && this.#byId.size >= MAX_LEARNED) break
      this.#learned.set(product.productId, product)
      added.push(product)
    }
    if (added.length === 0) return
    // A new array, not a push: whoever built word tables from the old one sees that it changed.
    const changed = new Map(added.map((p) => [p.productId, p]))
    const kept = this.#products.map((p) => changed.get(p.productId) ?? p)
    this.#install(unionOf(kept, added))
    if (this.#source === 'none') this.#source = 'learned'
    if (this.#mode !== 'listing') this.#flushSoon()
  }

  status(): CatalogueIndexStatus {
    return {
      size: this.#products.length,
      mode: this.#mode,
      source: this.#source,
      builtAt: this.#builtAt,
      ageSeconds: this.#builtAt === null ? null : Math.max(0, Math.round((this.#now() - this.#builtAt) / 1000)),
      lastRefreshAt: this.#lastRefreshAt,
      lastRefreshError: this.#lastRefreshError,
      learned: this.#learned.size,
      lastListing: this.#lastListing,
    }
  }

  /**
   * Loads the list once (disk copy, fleet copy or a listing) and keeps it fresh from then on. Resolves
   * when the first load is over, built or not; it never rejects.
   */
  start(): Promise<void> {
    this.#started ??= (async () => {
      const disk = await this.#options.disk?.load().catch(() => undefined)
      if (disk && this.#fresh(disk, this.#options.refreshMs)) this.#adopt(disk, 'disk')
      // A server finds out at start whether the upstream lists (one call) even over a grown copy; a one-shot
      // process takes a young grown copy as it is (its age is that of the last look).
      const look = this.#mode === 'unknown' || (this.#mode === 'growing' && !this.#options.lazy)
      if (look || this.#age() >= this.#options.refreshMs) await this.refresh(this.#options.refreshMs)
      this.#schedule()
    })()
    return this.#started
  }

  /** Whether searches can be answered from the list now; a lazy (one-shot) index loads it first (ProductIndex.whenUsable). */
  async whenUsable(): Promise<boolean> {
    if (this.#options.lazy) await this.start()
    return this.usable()
  }

  /**
   * Makes sure the list is as fresh as `maxAgeMs`: takes a younger fleet copy if there is one, otherwise
   * lists (one instance of the fleet at a time). Concurrent calls share one refresh; a failure is kept in
   * the status and leaves the held list in place.
   */
  refresh(maxAgeMs = 0): Promise<void> {
    this.#refreshing ??= this.#refresh(maxAgeMs)
      .then(
        () => {
          this.#lastRefreshError = null
          this.#failures = 0
          this.#options.onRefreshed?.()
        },
        (error: unknown) => {
          this.#failures += 1
          this.#lastRefreshError = messageOf(error)
          this.#options.onProblem?.(`product index: ${this.#lastRefreshError}`)
        },
      )
      .finally(() => {
        this.#lastRefreshAt = this.#now()
        this.#refreshing = undefined
      })
    return this.#refreshing
  }

  /** The list as it is now, for the disk and fleet copies and for tests. */
  snapshot(): CatalogueSnapshot | undefined {
    if (this.#products.length === 0 || this.#mode === 'unknown') return undefined
    return { builtAt: this.#builtAt ?? this.#now(), mode: this.#mode, total: this.#total, products: [...this.#products] }
  }

  close(): void {
    this.#closed = true
    clearTimeout(this.#timer)
    clearTimeout(this.#flushTimer)
  }

  #age(): number {
    return this.#builtAt === null ? Infinity : this.#now() - this.#builtAt
  }

  #install(products: IndexedProduct[]): void {
    this.#products = products
    this.#byId = new Map(products.map((p) => [p.productId, p]))
  }

  /** Makes a copy the held list; what was learned since is kept on top of it. */
  #adopt(snapshot: CatalogueSnapshot, source: ProductIndexStatus['source']): void {
    if (snapshot.mode === 'listing') {
      for (const product of snapshot.products) {
        const learned = this.#learned.get(product.productId)
        if (learned && sameProduct(learned, product)) this.#learned.delete(product.productId)
      }
    }
    this.#install(unionOf(snapshot.products, [...this.#learned.values()]))
    this.#mode = snapshot.mode
    this.#total = snapshot.total
    this.#builtAt = snapshot.builtAt
    this.#source = source
  }

  #schedule(): void {
    if (this.#closed) return
    clearTimeout(this.#timer)
    const { refreshMs } = this.#options
    // After a failure, again in a minute, then two, four … up to the refresh period.
    const due =
      this.#mode === 'unknown' || this.#failures > 0
        ? Math.min(refreshMs, 60_000 * 2 ** Math.max(0, this.#failures - 1))
        : Math.max(1_000, refreshMs - this.#age())
    this.#timer = setTimeout(() => {
      void this.refresh(refreshMs / 2).finally(() => this.#schedule())
    }, due)
    this.#timer.unref()
  }

  /** A grown list is written to its copies a while after it grew, not on every answer. */
  #flushSoon(): void {
    if (this.#closed || this.#flushTimer || this.#mode !== 'growing') return
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined
      void this.flushLearned().catch((error: unknown) => this.#options.onProblem?.(`product index: ${messageOf(error)}`))
    }, this.#options.learnedFlushMs ?? 30_000)
    this.#flushTimer.unref()
  }

  /**
   * Writes a grown list to its copies, merged with the fleet's, so every instance answers `byId` for what any
   * of them learned. No upstream call. (Two instances writing at once may drop the other's newest products
   * from the copy until its next write; neither loses them from memory.)
   */
  async flushLearned(): Promise<void> {
    const own = this.snapshot()
    if (!own || own.mode !== 'growing') return
    let merged = own
    const shared = this.#options.shared
    if (shared) {
      const copy = await shared.get()
      if (copy?.mode === 'growing') {
        merged = { ...own, builtAt: Math.max(own.builtAt, copy.builtAt), products: unionOf(own.products, copy.products) }
        this.#install(merged.products)
      }
      await shared.set(merged, this.#options.refreshMs * 2)
    }
    await this.#options.disk?.save(merged).catch(() => {})
  }

  async #refresh(maxAgeMs: number): Promise<void> {
    const shared = this.#options.shared
    if (!shared) {
      await this.#build(undefined)
      return
    }
    // A copy another instance built while this refresh waited for it is as fresh as one built here.
    const asked = this.#now()
    for (let round = 0; round < 2 && !this.#closed; round++) {
      const copy = await shared.get()
      const young = copy && (this.#fresh(copy, maxAgeMs) || (round > 0 && copy.builtAt >= asked))
      if (copy && young && (this.#builtAt === null || copy.builtAt > this.#builtAt)) {
        this.#adopt(copy, 'fleet')
        await this.#options.disk?.save(copy).catch(() => {})
        return
      }
      const claim = await shared.claim(this.#owner, this.#options.claimMs)
      if (claim === false) {
        // Another instance is listing: wait for its copy instead of asking the upstream too.
        const deadline = this.#now() + this.#options.claimMs
        while (this.#now() < deadline && !this.#closed) {
          await new Promise((resolve) => setTimeout(resolve, FLEET_POLL_MS))
          if ((await shared.claimed()) === false) break
        }
        continue
      }
      try {
        await this.#build(copy ?? undefined)
        const snapshot = this.snapshot()
        if (snapshot) await shared.set(snapshot, this.#options.refreshMs * 2)
      } finally {
        if (claim) await shared.release(this.#owner)
      }
      return
    }
  }

  #fresh(snapshot: CatalogueSnapshot, maxAgeMs: number): boolean {
    return snapshot.products.length > 0 && this.#now() - snapshot.builtAt < Math.max(maxAgeMs, 1)
  }

  /**
   * Lists the catalogue when the upstream allows it and keeps the listing if it is whole and plausible; when
   * the upstream refuses, the index grows instead, and its grown list is merged with the fleet's.
   */
  async #build(fleetCopy: CatalogueSnapshot | undefined): Promise<void> {
    const listing = await this.list().catch((error: unknown) => {
      if (error instanceof ShortListingError && !this.#closed) return this.list()
      throw error
    })
    if (listing === 'refused') {
      this.#mode = 'growing'
      this.#total = null
      const grown = fleetCopy?.mode === 'growing' ? unionOf(this.#products, fleetCopy.products) : [...this.#products]
      this.#install(grown)
      this.#builtAt = this.#now()
      if (grown.length > 0)
        await this.#options.disk?.save({ builtAt: this.#builtAt, mode: 'growing', total: null, products: grown }).catch(() => {})
      return
    }
    const reason = implausible(listing, this.snapshot(), this.#rules)
    if (reason) {
      if (this.#lastListing) this.#lastListing = { ...this.#lastListing, outcome: 'implausible', detail: reason }
      throw new Error(`the new listing was not kept: ${reason}`)
    }
    this.#adopt(listing, 'crawl')
    await this.#options.disk?.save(listing).catch(() => {})
  }

  /**
   * One listing: every page of the empty catalogue search, de-duplicated by product number, checked against
   * the upstream's total; `refused` when its first page holds nothing (the upstream does not list).
   * Costs ⌈total ÷ pageSize⌉ calls (in 1 + ⌈(pages − 1) ÷ 4⌉ round trips), plus one more page when the rows
   * shifted while it ran.
   */
  async list(signal?: AbortSignal): Promise<CatalogueSnapshot | 'refused'> {
    const { lister, pageSize } = this.#options
    const started = this.#now()
    const t0 = performance.now()
    let calls = 0
    const byId = new Map<string, IndexedProduct>()
    let total: number | null = null
    const record = (outcome: ListingOutcome['outcome'], detail?: string) => {
      this.#lastListing = {
        at: new Date(started).toISOString(),
        outcome,
        calls,
        durationMs: Math.round(performance.now() - t0),
        products: byId.size,
        total,
        ...(detail ? { detail } : {}),
      }
    }
    try {
      const take = (answer: { items: CatalogueItem[]; total: number | null }) => {
        for (const item of answer.items) byId.set(item.productId, indexedOf(item))
        if (answer.total !== null) total = Math.max(total ?? 0, answer.total)
      }
      calls += 1
      const first = await lister.listProducts(1, pageSize, signal)
      if (first.items.length === 0) {
        record('refused', 'an empty catalogue search found nothing')
        return 'refused'
      }
      take(first)
      if (total !== null) {
        const pages = Math.ceil(total / pageSize)
        if (pages > MAX_PAGES) throw new ShortListingError(`the catalogue listing would take ${pages} pages, more than ${MAX_PAGES}`)
        // The pages after the first go out a few at a time: the listing takes ⌈pages ÷ 4⌉ round trips instead of
        // one per page, each page still passing the budget like any call.
        for (let from = 2; from <= pages; from += LISTING_PARALLEL) {
          const batch = Array.from({ length: Math.min(LISTING_PARALLEL, pages - from + 1) }, (_, i) => from + i)
          calls += batch.length
          for (const answer of await Promise.all(batch.map((page) => lister.listProducts(page, pageSize, signal)))) take(answer)
        }
        // Rows shift when a product is added during the listing: one more page picks up what slid over.
        if (byId.size < (total as number)) {
          calls += 1
          take(await lister.listProducts(pages + 1, pageSize, signal))
        }
      } else {
        // No total said: page on until a short page.
        for (let page = 2, last = first; last.items.length >= pageSize; page++) {
          if (page > MAX_PAGES) throw new ShortListingError(`the catalogue listing did not end within ${MAX_PAGES} pages`)
          calls += 1
          last = await lister.listProducts(page, pageSize, signal)
          take(last)
        }
      }
    } catch (error) {
      if (calls === 1 && isRefusal(error)) {
        record('refused', messageOf(error))
        return 'refused'
      }
      record('failed', messageOf(error))
      throw error
    }
    if (total !== null && byId.size < total) {
      const detail = `${byId.size} distinct products, the upstream says ${total}`
      record('short', detail)
      throw new ShortListingError(`the listing came back short: ${detail}`)
    }
    record('ok')
    return { builtAt: this.#now(), mode: 'listing', total: total ?? byId.size, products: [...byId.values()] }
  }
}
