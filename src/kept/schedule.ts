/**
 * When an index refreshes: every `everyMs` while refreshes succeed; after a failed one, again after a
 * backoff that grows (firstRetryMs, ×3 each time, at most maxRetryMs); and never more than `perHour`
 * starts in any hour, whatever asks (the timer, an unknown key, a caller), so a failing upstream sees a
 * few crawls an hour, not a storm.
 */
export interface ScheduleOptions {
  everyMs: number
  firstRetryMs: number
  maxRetryMs: number
  perHour: number
}

/** 1 min, 3, 9, 27, then hourly: five crawls in the first hour of a failing upstream, one an hour after. */
export const DEFAULT_BACKOFF = { firstRetryMs: 60_000, maxRetryMs: 3_600_000, perHour: 6 } as const

const HOUR_MS = 3_600_000

export type Permission = { ok: true } | { ok: false; untilMs: number; reason: string }

export class RefreshSchedule {
  readonly #options: ScheduleOptions
  readonly #now: () => number
  #failures = 0
  #lastFailureAt: number | null = null
  #starts: number[] = []

  constructor(options: ScheduleOptions, now: () => number = Date.now) {
    this.#options = options
    this.#now = now
  }

  /** Refreshes failed in a row since the last success. */
  get failures(): number {
    return this.#failures
  }

  /** The wait after the last failure (0 when the last refresh succeeded). */
  get backoffMs(): number {
    if (this.#failures === 0) return 0
    return Math.min(this.#options.maxRetryMs, this.#options.firstRetryMs * 3 ** (this.#failures - 1))
  }

  /** Starts in the last hour (for /readyz and the tests' count). */
  get startsInLastHour(): number {
    this.#forget()
    return this.#starts.length
  }

  /** Whether a refresh may start now: not while backing off, and not past the hourly cap. */
  allows(): Permission {
    const now = this.#now()
    if (this.#lastFailureAt !== null && now < this.#lastFailureAt + this.backoffMs) {
      return { ok: false, untilMs: this.#lastFailureAt + this.backoffMs, reason: `backing off after ${this.#failures} failed refreshes` }
    }
    this.#forget()
    if (this.#starts.length >= this.#options.perHour) {
      return { ok: false, untilMs: this.#starts[0]! + HOUR_MS, reason: `${this.#options.perHour} refreshes started in the last hour` }
    }
    return { ok: true }
  }

  started(): void {
    this.#starts.push(this.#now())
  }

  succeeded(): void {
    this.#failures = 0
    this.#lastFailureAt = null
  }

  failed(): void {
    this.#failures += 1
    this.#lastFailureAt = this.#now()
  }

  /**
   * How long from now until the next refresh is due, for a list `ageMs` old (null: none held): its age
   * reaching everyMs, or the end of a backoff, or of the hourly cap, whichever is later.
   */
  dueInMs(ageMs: number | null): number {
    const now = this.#now()
    const byAge = ageMs === null ? 0 : Math.max(0, this.#options.everyMs - ageMs)
    const permission = this.allows()
    const byBackoff = permission.ok ? 0 : permission.untilMs - now
    return this.#failures > 0 ? Math.max(byBackoff, 0) : Math.max(byAge, byBackoff)
  }

  #forget(): void {
    const since = this.#now() - HOUR_MS
    while (this.#starts.length > 0 && this.#starts[0]! <= since) this.#starts.shift()
  }
}
