import { randomUUID } from 'node:crypto'
import { UpstreamError } from '../upstream/errors.js'
import type { StoreLister, UpstreamStore } from '../upstream/port.js'
import { entryOf, romanOf, type DirectoryEntry } from './entry.js'
import type KDBush from 'kdbush'
import { searchDirectory, spatialIndex, type DirectoryAnswer, type DirectoryQuery } from './search.js'

/** The chain's store list as kept on disk and in the fleet's Redis. */
export interface DirectorySnapshot {
  /** When the crawl that produced it finished (ms since the epoch). */
  builtAt: number
  /** The upstream's own count at that crawl. */
  total: number
  stores: UpstreamStore[]
}

/** A copy kept on disk for one-shot processes (src/stores/disk.ts). */
export interface DirectoryDisk {
  load(): Promise<DirectorySnapshot | undefined>
  save(snapshot: DirectorySnapshot): Promise<void>
}

/** The fleet's copy in Redis (src/upstream/fleet/directory.ts); `undefined` answers mean Redis cannot be used now. */
export interface DirectoryShared {
  get(): Promise<DirectorySnapshot | undefined | null>
  set(snapshot: DirectorySnapshot, ttlMs: number): Promise<void>
  /** Claims the next crawl for `ms`: true when this instance got it. */
  claim(owner: string, ms: number): Promise<boolean | undefined>
  release(owner: string): Promise<void>
  claimed(): Promise<boolean | undefined>
}

export interface DirectoryOptions {
  lister: StoreLister
  /** Rows per crawl page; 100 is a size real clients send (upstream-protocol.md §4.1). */
  pageSize: number
  /** Age after which the list is crawled again. */
  refreshMs: number
  /** The shortest gap between two crawls asked for by an unknown store code. */
  minRefreshGapMs: number
  /** How long a fleet claim on the crawl lasts, and so the longest another instance waits on it. */
  claimMs: number
  disk?: DirectoryDisk | undefined
  shared?: DirectoryShared | undefined
  /** One-shot processes: nothing is loaded until the first search asks (`whenUsable`), which then waits for it. */
  lazy?: boolean
  /** Crawl at start whatever the disk copy's age (the CLI's `--refresh`). */
  forceRefresh?: boolean
  now?: () => number
  /** Where a failed background crawl is told (logs). */
  onProblem?: (message: string) => void
  /** A refresh ended well (a crawl, or a younger fleet copy taken): the log says so after failures. */
  onRefreshed?: () => void
}

export type DirectorySource = 'crawl' | 'disk' | 'fleet'

export interface CrawlOutcome {
  at: string
  outcome: 'ok' | 'short' | 'failed'
  calls: number
  durationMs: number
  stores: number
  /** The upstream's own count, when it said. */
  total: number | null
  detail?: string
}

export interface DirectoryStatus {
  state: 'empty' | 'building' | 'ready'
  size: number
  builtAt: string | null
  ageSeconds: number | null
  source: DirectorySource | null
  lastCrawl: CrawlOutcome | null
  crawls: number
}

/** A crawl that came back with fewer distinct stores than the upstream says it has: never trusted. */
export class ShortCrawlError extends Error {
  override readonly name = 'ShortCrawlError'
}

const FLEET_POLL_MS = 100
/** Stores indexed between two turns of the event loop. */
const ADOPT_SLICE = 100

/**
 * The whole chain's store list, held in memory and searched here rather than by the upstream's substring
 * match. Built by a crawl of the upstream's store search (checked against its own total), or adopted from
 * the disk copy or the fleet's copy; refreshed once a day and when a store code it does not hold is asked for.
 * Until it is built, callers use the upstream as before (degraded, never failed).
 */
export class StoreDirectory {
  readonly #options: DirectoryOptions
  readonly #now: () => number
  readonly #owner = randomUUID()
  #entries: DirectoryEntry[] = []
  #byCode = new Map<string, DirectoryEntry>()
  #spatial: KDBush | undefined
  #builtAt: number | null = null
  #source: DirectorySource | null = null
  #lastCrawl: CrawlOutcome | null = null
  #crawls = 0
  #refreshing: Promise<void> | undefined
  #started: Promise<void> | undefined
  #lastForcedAt = 0
  #timer: NodeJS.Timeout | undefined
  #closed = false

  constructor(options: DirectoryOptions) {
    this.#options = options
    this.#now = options.now ?? Date.now
  }

  get ready(): boolean {
    return this.#entries.length > 0
  }

  get size(): number {
    return this.#entries.length
  }

  get status(): DirectoryStatus {
    return {
      state: this.ready ? 'ready' : this.#refreshing ? 'building' : 'empty',
      size: this.#entries.length,
      builtAt: this.#builtAt === null ? null : new Date(this.#builtAt).toISOString(),
      ageSeconds: this.#builtAt === null ? null : Math.max(0, Math.round((this.#now() - this.#builtAt) / 1000)),
      source: this.#source,
      lastCrawl: this.#lastCrawl,
      crawls: this.#crawls,
    }
  }

  /**
   * Loads the list once (disk copy, fleet copy or a crawl) and keeps it fresh from then on. Resolves when
   * the first load is over, built or not; it never rejects.
   */
  start(): Promise<void> {
    this.#started ??= (async () => {
      const disk = this.#options.forceRefresh ? undefined : await this.#options.disk?.load().catch(() => undefined)
      if (disk && this.#fresh(disk, this.#options.refreshMs)) await this.#adopt(disk, 'disk')
      if (!this.ready || this.#age() >= this.#options.refreshMs) {
        await this.refresh(this.#options.forceRefresh ? 0 : this.#options.refreshMs)
      }
      this.#schedule()
    })()
    return this.#started
  }

  /**
   * Makes sure the list is as fresh as `maxAgeMs`: takes a younger fleet copy if there is one, otherwise
   * crawls (one instance of the fleet at a time). Concurrent calls share one refresh; failures are kept in
   * `lastCrawl` and leave the current list in place.
   */
  refresh(maxAgeMs = 0): Promise<void> {
    this.#refreshing ??= this.#refresh(maxAgeMs)
      .then(() => this.#options.onRefreshed?.())
      .catch((error: unknown) => {
        this.#options.onProblem?.(`store directory: ${error instanceof Error ? error.message : String(error)}`)
      })
      .finally(() => {
        this.#refreshing = undefined
      })
    return this.#refreshing
  }

  /**
   * Whether searches can be answered from the list now. A lazy (one-shot) directory loads it first, from
   * disk or by a crawl; a server's answers at once and builds in the background.
   */
  async whenUsable(): Promise<boolean> {
    if (this.#options.lazy) await this.start()
    return this.ready
  }

  /** A store code the list does not hold: maybe a new store. Refreshes in the background, at most once per gap. */
  noteUnknownCode(): void {
    if (this.#closed || this.#refreshing) return
    const now = this.#now()
    if (now - this.#lastForcedAt < this.#options.minRefreshGapMs) return
    if (this.#builtAt !== null && now - this.#builtAt < this.#options.minRefreshGapMs) return
    this.#lastForcedAt = now
    void this.refresh(this.#options.minRefreshGapMs)
  }

  byCode(code: string): UpstreamStore | undefined {
    return this.#byCode.get(code)?.store
  }

  search(query: DirectoryQuery): DirectoryAnswer {
    return searchDirectory(this.#entries, query, this.#spatial)
  }

  /** The list as it is now, for the disk and fleet copies and for tests. */
  snapshot(): DirectorySnapshot | undefined {
    if (!this.ready || this.#builtAt === null) return undefined
    return { builtAt: this.#builtAt, total: this.#entries.length, stores: this.#entries.map((e) => e.store) }
  }

  close(): void {
    this.#closed = true
    clearTimeout(this.#timer)
  }

  #age(): number {
    return this.#builtAt === null ? Infinity : this.#now() - this.#builtAt
  }

  #fresh(snapshot: DirectorySnapshot, maxAgeMs: number): boolean {
    return snapshot.stores.length > 0 && this.#now() - snapshot.builtAt < maxAgeMs
  }

  /**
   * Indexes a list and makes it the current one. Romanising 1,500 names and addresses takes a few hundred
   * milliseconds when cold, so it runs in slices that let requests through in between.
   */
  async #adopt(snapshot: DirectorySnapshot, source: DirectorySource): Promise<void> {
    const entries: DirectoryEntry[] = []
    for (let i = 0; i < snapshot.stores.length; i += ADOPT_SLICE) {
      for (const store of snapshot.stores.slice(i, i + ADOPT_SLICE)) entries.push(entryOf(store))
      await new Promise((resolve) => setImmediate(resolve))
    }
    this.#entries = entries
    this.#byCode = new Map(entries.map((e) => [e.store.code, e]))
    this.#spatial = spatialIndex(entries)
    this.#builtAt = snapshot.builtAt
    this.#source = source
    // A server romanises in the background, so the first romanised keyword does not wait for it.
    if (!this.#options.lazy) void this.#romanise(entries)
  }

  async #romanise(entries: DirectoryEntry[]): Promise<void> {
    for (let i = 0; i < entries.length && !this.#closed; i += ADOPT_SLICE) {
      await new Promise((resolve) => setImmediate(resolve))
      for (const entry of entries.slice(i, i + ADOPT_SLICE)) romanOf(entry)
    }
  }

  #schedule(): void {
    if (this.#closed) return
    clearTimeout(this.#timer)
    const due = this.ready ? Math.max(1_000, this.#options.refreshMs - this.#age()) : Math.min(this.#options.refreshMs, 60_000)
    this.#timer = setTimeout(() => {
      void this.refresh(this.#options.refreshMs / 2).finally(() => this.#schedule())
    }, due)
    this.#timer.unref()
  }

  async #refresh(maxAgeMs: number): Promise<void> {
    const shared = this.#options.shared
    if (!shared) {
      await this.#crawlAndKeep()
      return
    }
    for (let round = 0; round < 2 && !this.#closed; round++) {
      const copy = await shared.get()
      if (copy && (this.#builtAt === null || copy.builtAt > this.#builtAt) && this.#fresh(copy, Math.max(maxAgeMs, 1))) {
        await this.#adopt(copy, 'fleet')
        await this.#options.disk?.save(copy).catch(() => {})
        return
      }
      const claim = await shared.claim(this.#owner, this.#options.claimMs)
      if (claim === false) {
        // Another instance is crawling: wait for its copy instead of asking the upstream too.
        const deadline = this.#now() + this.#options.claimMs
        while (this.#now() < deadline && !this.#closed) {
          await new Promise((resolve) => setTimeout(resolve, FLEET_POLL_MS))
          if ((await shared.claimed()) === false) break
        }
        continue
      }
      try {
        const snapshot = await this.#crawlAndKeep()
        if (snapshot) await shared.set(snapshot, this.#options.refreshMs * 2)
      } finally {
        if (claim) await shared.release(this.#owner)
      }
      return
    }
  }

  /** A crawl that came back short is tried once more at once; a second short one is reported, never kept. */
  async #crawlAndKeep(): Promise<DirectorySnapshot | undefined> {
    const snapshot = await this.crawl().catch((error: unknown) => {
      if (error instanceof ShortCrawlError && !this.#closed) return this.crawl()
      throw error
    })
    await this.#adopt(snapshot, 'crawl')
    await this.#options.disk?.save(snapshot).catch(() => {})
    return snapshot
  }

  /**
   * One crawl: every page of the empty-keyword store search, de-duplicated by code, checked against the
   * upstream's total. Costs ⌈total ÷ pageSize⌉ calls, plus one more page when the rows shifted while it ran.
   */
  async crawl(signal?: AbortSignal): Promise<DirectorySnapshot> {
    const { lister, pageSize } = this.#options
    const started = this.#now()
    const t0 = performance.now()
    let calls = 0
    const byCode = new Map<string, UpstreamStore>()
    let total: number | null = null
    const record = (outcome: CrawlOutcome['outcome'], detail?: string) => {
      this.#crawls += 1
      this.#lastCrawl = {
        at: new Date(started).toISOString(),
        outcome,
        calls,
        durationMs: Math.round(performance.now() - t0),
        stores: byCode.size,
        total,
        ...(detail ? { detail } : {}),
      }
    }
    try {
      let pages = 1
      for (let page = 1; page <= pages; page++) {
        calls += 1
        const answer = await lister.listStores(page, pageSize, signal)
        for (const store of answer.stores) byCode.set(store.code, store)
        if (answer.total !== null) total = Math.max(total ?? 0, answer.total)
        if (page === 1) pages = total !== null ? Math.ceil(total / pageSize) : answer.stores.length < pageSize ? 1 : Infinity
        if (total === null && answer.stores.length < pageSize) break
        // Rows shift by one when a store opens during the crawl: one more page picks up what slid over.
        if (page === pages && total !== null && byCode.size < total && pages === Math.ceil(total / pageSize)) pages += 1
        if (pages === Infinity && page >= 200) throw new ShortCrawlError('the store list did not end within 200 pages')
      }
    } catch (error) {
      record('failed', error instanceof UpstreamError ? error.publicDetail : error instanceof Error ? error.message : String(error))
      throw error
    }
    if (byCode.size === 0 || (total !== null && byCode.size < total)) {
      const detail = `${byCode.size} distinct stores, the upstream says ${total ?? 'nothing'}`
      record('short', detail)
      throw new ShortCrawlError(`the crawl came back short: ${detail}`)
    }
    record('ok')
    return { builtAt: this.#now(), total: total ?? byCode.size, stores: [...byCode.values()] }
  }
}
