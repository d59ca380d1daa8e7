import { randomUUID } from 'node:crypto'
import { FleetClaim, type ClaimStore } from '../kept/claim.js'
import { readCopy, writeCopy } from '../kept/copy.js'
import { judgeList, screenRows } from '../kept/plausible.js'
import { DEFAULT_BACKOFF, RefreshSchedule, type ScheduleOptions } from '../kept/schedule.js'
import { UpstreamError } from '../upstream/errors.js'
import type { StoreLister, UpstreamStore } from '../upstream/port.js'
import { STORE_COPY, STORE_ROW_CHECK } from './row.js'
import { crawlStores, type CrawlOutcome, type DirectorySnapshot } from './crawl.js'
import { entryOf, romanOf, type DirectoryEntry } from './entry.js'
import type KDBush from 'kdbush'
import { searchDirectory, spatialIndex, type DirectoryAnswer, type DirectoryQuery } from './search.js'

/** A copy kept on disk for restarts and one-shot processes (src/stores/disk.ts), as checked text. */
export interface DirectoryDisk {
  read(): Promise<string | undefined>
  write(text: string): Promise<boolean>
  /** Why the last write failed, or null. */
  readonly writeProblem: string | null
}

/** The fleet's copy in Redis (src/upstream/fleet/directory.ts); `undefined` answers mean Redis cannot be used now. */
export interface DirectoryShared {
  read(): Promise<string | null | undefined>
  write(text: string, ttlMs: number): Promise<boolean>
  /** One crawl at a time per fleet. */
  claim: ClaimStore
}

export interface DirectoryOptions {
  lister: StoreLister
  /** Rows per crawl page; 100 is a size real clients send (upstream-protocol.md §4.1). */
  pageSize: number
  /** Age after which the list is crawled again, and after which it is said to be stale. */
  refreshMs: number
  /** The shortest gap between two crawls asked for by an unknown store code. */
  minRefreshGapMs: number
  /** A fleet claim's lifetime: renewed while its holder crawls, so a dead holder is replaced within it. */
  claimMs: number
  /** Backoff after failed refreshes and the hourly cap (src/kept/schedule.ts); DEFAULT_BACKOFF otherwise. */
  backoff?: Partial<Omit<ScheduleOptions, 'everyMs'>>
  disk?: DirectoryDisk | undefined
  shared?: DirectoryShared | undefined
  /** One-shot processes: nothing is loaded until the first search asks (`whenUsable`), which then waits for it. */
  lazy?: boolean
  /** Crawl at start whatever the disk copy's age (the CLI's `--refresh`). */
  forceRefresh?: boolean
  now?: () => number
  /** Where a failed crawl, a refused list or copy, and a failed disk write are told (logs), once each. */
  onProblem?: (message: string) => void
  /** A refresh ended well (a crawl, or a younger fleet copy taken): the log says so after failures. */
  onRefreshed?: () => void
}

import type { DirectorySource, DirectoryStatus } from './status.js'
export type { DirectorySource, DirectoryStatus }

export { RefusedListError, ShortCrawlError, type CrawlOutcome, type DirectorySnapshot } from './crawl.js'

/** The fleet's copy in Redis outlives any outage a stale answer should bridge; a fresh copy replaces it. */
const SHARED_TTL_MS = 30 * 24 * 3_600_000
const FLEET_POLL_MS = 100
/** Stores indexed between two turns of the event loop. */
const ADOPT_SLICE = 100

interface RefreshRequest {
  /** A fleet copy built at or after this time satisfies it (ms since the epoch). */
  newerThan: number
  /** Skips the backoff and the hourly cap (a person's `--refresh`, a one-shot process with nothing held). */
  force?: boolean
}

/**
 * The whole chain's store list, held in memory and searched here rather than by the upstream's substring
 * match. Built by a crawl of the upstream's store search, or adopted from the disk copy or the fleet's
 * copy; refreshed once a day and when a store code it does not hold is asked for. A new list replaces the
 * held one only when plausible (src/kept/plausible.ts); a failed refresh backs off (src/kept/schedule.ts);
 * copies are checked when read (src/stores/row.ts); a stale list keeps answering and says its age.
 * Until a list is held, callers use the upstream as before (degraded, never failed).
 */
export class StoreDirectory {
  readonly #options: DirectoryOptions
  readonly #now: () => number
  readonly #schedule: RefreshSchedule
  readonly #claim: FleetClaim | undefined
  #entries: DirectoryEntry[] = []
  #byCode = new Map<string, DirectoryEntry>()
  #spatial: KDBush | undefined
  #builtAt: number | null = null
  #total: number | null = null
  #source: DirectorySource | null = null
  #lastCrawl: CrawlOutcome | null = null
  #crawls = 0
  #problem: string | null = null
  #refusedCopies = new Map<'disk' | 'fleet', string>()
  #refreshing: Promise<void> | undefined
  #started: Promise<void> | undefined
  #lastForcedAt = 0
  #timer: NodeJS.Timeout | undefined
  #nextAt: number | null = null
  #crawlAbort = new AbortController()
  #pendingWrite: Promise<boolean> | undefined
  #closed = false

  constructor(options: DirectoryOptions) {
    this.#options = options
    this.#now = options.now ?? Date.now
    this.#schedule = new RefreshSchedule({ everyMs: options.refreshMs, ...DEFAULT_BACKOFF, ...options.backoff }, this.#now)
    this.#claim = options.shared ? new FleetClaim(options.shared.claim, randomUUID(), options.claimMs) : undefined
  }

  get ready(): boolean {
    return this.#entries.length > 0
  }

  get size(): number {
    return this.#entries.length
  }

  /** Older than the refresh age: answers still come from it, and say so. */
  get stale(): boolean {
    return this.ready && this.#age() >= this.#options.refreshMs
  }

  get status(): DirectoryStatus {
    return {
      state: this.ready ? 'ready' : this.#refreshing ? 'building' : 'empty',
      size: this.#entries.length,
      builtAt: this.#builtAt === null ? null : new Date(this.#builtAt).toISOString(),
      ageSeconds: this.#builtAt === null ? null : Math.max(0, Math.round((this.#now() - this.#builtAt) / 1000)),
      stale: this.stale,
      source: this.#source,
      lastCrawl: this.#lastCrawl,
      crawls: this.#crawls,
      crawlsLastHour: this.#schedule.startsInLastHour,
      failures: this.#schedule.failures,
      nextRefreshAt: this.#nextAt === null ? null : new Date(this.#nextAt).toISOString(),
      problem: this.#problem,
      refusedCopies: [...this.#refusedCopies].map(([where, why]) => `${where}: ${why}`),
      diskProblem: this.#options.disk?.writeProblem ?? null,
    }
  }

  /**
   * Loads the list once (disk copy, fleet copy or a crawl) and keeps it fresh from then on. A disk copy
   * of any age is taken (a stale list answers, saying its age, until a fresh one replaces it). Resolves
   * when the first load is over, built or not; it never rejects.
   */
  start(): Promise<void> {
    this.#started ??= (async () => {
      if (!this.#options.forceRefresh) {
        const copy = await this.#readCopy('disk', await this.#options.disk?.read())
        if (copy) await this.#adopt(copy, 'disk')
      }
      if (!this.ready || this.#age() >= this.#options.refreshMs) {
        // With nothing held, a one-shot process may crawl whatever the backoff: it has no earlier failure to respect.
        await this.#refreshNow({ newerThan: this.#now() - this.#options.refreshMs, force: this.#options.forceRefresh === true })
      }
      this.#plan()
    })().catch((error: unknown) => {
      // Nothing here should throw; if it does, the directory stays as it is and the upstream answers.
      this.#options.onProblem?.(`store directory: start failed: ${error instanceof Error ? error.message : String(error)}`)
    })
    return this.#started
  }

  /**
   * Makes sure the list is as fresh as `maxAgeMs`: takes a younger fleet copy if there is one, otherwise
   * crawls (one instance of the fleet at a time), within the backoff and the hourly cap unless `force`.
   * Concurrent calls share one refresh; failures are kept in `lastCrawl` and `problem` and leave the
   * held list in place.
   */
  refresh(maxAgeMs = 0, options: { force?: boolean } = {}): Promise<void> {
    return this.#refreshNow({ newerThan: this.#now() - maxAgeMs, force: options.force === true })
  }

  /**
   * Whether searches can be answered from the list now. A lazy (one-shot) directory loads it first, from
   * disk or by a crawl; a server's answers at once and builds in the background.
   */
  async whenUsable(): Promise<boolean> {
    if (this.#options.lazy) await this.start()
    return this.ready
  }

  /**
   * A store the list does not hold, found by the upstream's code look-up: a store opened since the crawl.
   * It is learnt at once (so searching its town finds it, here and, through the disk copy, in the next
   * one-shot process) and the list is crawled again in the background, at most once per gap and within
   * the backoff and the hourly cap.
   */
  noteUnknownStore(store: UpstreamStore): void {
    if (this.#closed || !this.ready || this.#byCode.has(store.code)) return
    if (STORE_ROW_CHECK.located?.(store) === false) return
    this.#learn(store)
    if (this.#options.lazy) return // a one-shot process exits before a crawl would end; its disk copy has the store
    const now = this.#now()
    if (this.#refreshing || now - this.#lastForcedAt < this.#options.minRefreshGapMs) return
    this.#lastForcedAt = now
    void this.#refreshNow({ newerThan: now })
  }

  names(): readonly string[] {
    return this.snapshot()?.stores.map((store) => store.name) ?? []
  }

  byCode(code: string): UpstreamStore | undefined {
    return this.#byCode.get(code)?.store
  }

  search(query: DirectoryQuery): DirectoryAnswer {
    return searchDirectory(this.#entries, query, this.#spatial)
  }

  /** The list as it is now, for tests. */
  snapshot(): DirectorySnapshot | undefined {
    if (!this.ready || this.#builtAt === null) return undefined
    return { builtAt: this.#builtAt, total: this.#total ?? this.#entries.length, stores: this.#entries.map((e) => e.store) }
  }

  /** Stops refreshing; a crawl under way is abandoned and a fleet claim this instance holds is given back. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#timer)
    this.#nextAt = null
    this.#crawlAbort.abort(new Error('the store directory is closing'))
    await this.#claim?.stop()
    await this.#pendingWrite // a learnt store reaches the disk copy before a one-shot process exits
  }

  #age(): number {
    return this.#builtAt === null ? Infinity : this.#now() - this.#builtAt
  }

  /** A copy's text checked against STORE_COPY; a refused one is said once per reason and ignored. */
  async #readCopy(where: 'disk' | 'fleet', text: string | null | undefined): Promise<DirectorySnapshot | undefined> {
    if (text === undefined || text === null) return undefined
    const reading = readCopy(STORE_COPY, text, this.#now())
    if (!reading.ok) {
      if (this.#refusedCopies.get(where) !== reading.reason) {
        this.#options.onProblem?.(`store directory: ignored the ${where} copy: ${reading.reason}; it is rebuilt by the next crawl`)
      }
      this.#refusedCopies.set(where, reading.reason)
      return undefined
    }
    this.#refusedCopies.delete(where)
    const screened = screenRows(reading.copy.rows, STORE_ROW_CHECK)
    const judged = judgeList(screened.rows.length, this.ready ? this.#entries.length : null, null)
    if (!judged.ok) {
      this.#refusedCopies.set(where, judged.reason)
      this.#options.onProblem?.(`store directory: ignored the ${where} copy: ${judged.reason}`)
      return undefined
    }
    return { builtAt: reading.copy.savedAt, total: reading.copy.meta.total, stores: screened.rows }
  }

  #encode(snapshot: DirectorySnapshot): string {
    return writeCopy(STORE_COPY, { savedAt: snapshot.builtAt, meta: { total: snapshot.total }, rows: snapshot.stores })
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
    this.#total = snapshot.total
    this.#source = source
    // A server romanises in the background, so the first romanised keyword does not wait for it.
    if (!this.#options.lazy) void this.#romanise(entries)
  }

  #learn(store: UpstreamStore): void {
    const entry = entryOf({ ...store, distanceKm: null })
    this.#entries = [...this.#entries, entry]
    this.#byCode.set(store.code, entry)
    this.#spatial = spatialIndex(this.#entries)
    const snapshot = this.snapshot()
    if (snapshot) this.#pendingWrite = this.#options.disk?.write(this.#encode(snapshot))
  }

  async #romanise(entries: DirectoryEntry[]): Promise<void> {
    for (let i = 0; i < entries.length && !this.#closed; i += ADOPT_SLICE) {
      await new Promise((resolve) => setImmediate(resolve))
      for (const entry of entries.slice(i, i + ADOPT_SLICE)) romanOf(entry)
    }
  }

  /** Sets the timer for the next refresh: the list's age reaching refreshMs, or the end of a backoff. */
  #plan(): void {
    if (this.#closed || this.#options.lazy) return
    clearTimeout(this.#timer)
    const due = Math.max(1_000, this.#schedule.dueInMs(this.ready ? this.#age() : null))
    this.#nextAt = this.#now() + due
    this.#timer = setTimeout(() => {
      void this.#refreshNow({ newerThan: this.#now() - this.#options.refreshMs / 2 }).finally(() => this.#plan())
    }, due)
    this.#timer.unref()
  }

  #refreshNow(request: RefreshRequest): Promise<void> {
    this.#refreshing ??= this.#refresh(request)
      .catch((error: unknown) => this.#options.onProblem?.(`store directory: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.#refreshing = undefined))
    return this.#refreshing
  }

  async #refresh(request: RefreshRequest): Promise<void> {
    if (this.#closed) return
    const shared = this.#options.shared
    if (shared && (await this.#takeFleetCopy(shared, request))) return
    const permission = this.#schedule.allows()
    if (!permission.ok && !request.force) {
      this.#problem = this.#kept(`${permission.reason}; next crawl at ${new Date(permission.untilMs).toISOString()}`)
      return
    }
    const claim = this.#claim
    if (!claim || !shared) {
      await this.#crawlAndKeep()
      return
    }
    const taken = await claim.take()
    if (taken === false) {
      await this.#waitForFleet(shared, claim, request)
      return
    }
    // taken: this instance crawls for the fleet; undefined: Redis is lost, and it crawls for itself.
    await this.#crawlForFleet(shared, taken ? claim : undefined)
  }

  /**
   * The fleet's copy, when younger than the list held, is adopted (a stale one too: it answers, saying
   * its age, until a fresh list replaces it) and kept on disk. True when it is as fresh as asked.
   */
  async #takeFleetCopy(shared: DirectoryShared, request: RefreshRequest): Promise<boolean> {
    const copy = await this.#readCopy('fleet', await shared.read())
    if (!copy || (this.#builtAt !== null && copy.builtAt <= this.#builtAt)) return false
    await this.#adopt(copy, 'fleet')
    this.#pendingWrite = this.#options.disk?.write(this.#encode(copy))
    if (copy.builtAt < request.newerThan) return false
    this.#succeeded()
    return true
  }

  /** A crawl for the fleet: its list goes to Redis; a failure keeps the claim as the fleet's rest. */
  async #crawlForFleet(shared: DirectoryShared, claim: FleetClaim | undefined): Promise<void> {
    const snapshot = await this.#crawlAndKeep().catch(async (error: unknown) => {
      await claim?.rest(this.#schedule.backoffMs)
      throw error
    })
    if (snapshot) await shared.write(this.#encode(snapshot), SHARED_TTL_MS)
    await claim?.release()
  }

  /**
   * Another instance holds the claim. Crawling: wait for it to end (a dead holder's claim lapses within
   * claimMs), then take its copy. Resting after a failed crawl: the fleet backs off together.
   */
  async #waitForFleet(shared: DirectoryShared, claim: FleetClaim, request: RefreshRequest): Promise<void> {
    for (;;) {
      if (this.#closed) return
      const state = await claim.state()
      if (state?.resting) {
        this.#schedule.failed()
        this.#problem = this.#kept(`the fleet rests after a failed crawl for ${Math.ceil(state.msLeft / 1000)} s more`)
        return
      }
      if (!state) break
      await new Promise((resolve) => setTimeout(resolve, FLEET_POLL_MS))
    }
    if (await this.#takeFleetCopy(shared, request)) return
    // The holder stopped without a copy (SIGTERM mid-crawl, or died): this instance takes over now.
    if ((await claim.take()) !== false) await this.#crawlForFleet(shared, claim)
  }

  #succeeded(): void {
    this.#schedule.succeeded()
    this.#problem = null
    this.#options.onRefreshed?.()
  }

  /** A problem sentence that says what is being served meanwhile. */
  #kept(reason: string): string {
    if (!this.ready) return `no store list held (${reason}); store searches go to the upstream`
    const minutes = Math.round(this.#age() / 60_000)
    const age = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`
    return `kept the held list of ${this.#entries.length} stores, ${age} old (${reason})`
  }

  /**
   * One crawl, checked before it replaces anything: complete against the upstream's own total and
   * plausible against the held list (src/kept/plausible.ts). Anything else keeps the held list, is said
   * in /readyz (`problem`) and a log line, and is retried after the backoff.
   */
  async #crawlAndKeep(): Promise<DirectorySnapshot | undefined> {
    this.#schedule.started()
    let snapshot: DirectorySnapshot
    try {
      snapshot = await this.crawl(this.#crawlAbort.signal)
    } catch (error) {
      if (this.#closed) return undefined
      this.#schedule.failed()
      const reason = error instanceof UpstreamError ? error.publicDetail : error instanceof Error ? error.message : String(error)
      this.#problem = this.#kept(`${reason}; next crawl in ${Math.round(this.#schedule.backoffMs / 60_000)} min`)
      throw new Error(this.#problem, { cause: error })
    }
    await this.#adopt(snapshot, 'crawl')
    this.#succeeded()
    await this.#options.disk?.write(this.#encode(snapshot))
    return snapshot
  }

  /** One crawl, checked (src/stores/crawl.ts); recorded in `lastCrawl`. */
  async crawl(signal?: AbortSignal): Promise<DirectorySnapshot> {
    const { lister, pageSize } = this.#options
    const held = this.ready ? this.#entries.length : null
    return crawlStores(lister, pageSize, held, this.#now, signal, (outcome) => {
      this.#crawls += 1
      this.#lastCrawl = outcome
    })
  }
}
