// The fleet's one Redis (or Valkey) connection, with its loss-and-recovery state machine and heartbeat.
// The pieces a fleet shares through it live beside this file: the cache store, the upstream budget, the
// pre-auth token and the circuit breaker; connect.ts builds them together.

import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { BUDGET_SCRIPT, LEAVE_SCRIPT } from './budget-script.js'

/**
 * The fleet's shared state in Redis (or Valkey): one connection per instance, used by the cache, the
 * upstream budget, the pre-auth token and the circuit breaker. Every operation is bounded by
 * `timeoutMs` and never throws: `undefined` means "Redis is not usable now", and the caller falls back
 * to its in-process behaviour. After a failure Redis is left alone until a background ping succeeds,
 * so a lost or hung Redis costs each request nothing but the first timeout.
 */
export interface FleetRedisOptions {
  url: string
  keyPrefix: string
  /** Per-command bound; a hung Redis fails commands after this long. */
  timeoutMs: number
  /** How often to ping while Redis is lost, and to refresh this instance's fleet heartbeat. */
  heartbeatMs?: number
}

export class FleetStartupError extends Error {
  override readonly name = 'FleetStartupError'
}

export interface FleetStatus {
  url: string
  connected: boolean
  /** When Redis was lost (ISO time), while it is. */
  lostSince: string | null
  /** Instances seen heartbeating in the last few seconds (this one included). */
  fleetSize: number
  failures: number
}

/** Hides the password of a redis:// URL for messages and /readyz. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString().replace(/\/$/, '')
  } catch {
    return 'redis://(unparseable)'
  }
}

const BUDGET_KEYS = ['budget:recent', 'budget:running', 'budget:waiting', 'budget:turns', 'budget:served', 'budget:counts'] as const

type BudgetRedis = Redis & {
  sfBudget(...keysAndArgs: Array<string | number>): Promise<[number, number]>
  sfBudgetLeave(...keysAndArgs: string[]): Promise<number>
}

/** Who a fleet budget attempt is for, and how the turns between clients go (src/upstream/fleet/budget-script.ts). */
export interface BudgetCaller {
  /** One per waiting call, the same across its attempts. */
  id: string
  group: string
  member: string
  shared: boolean
}

export interface BudgetTurns {
  /** How long a waiting caller counts as waiting after its last attempt, beyond the wait it was told. */
  graceMs: number
  /** The most turns in a row a shared-egress group gets (one per waiting member). */
  sharedWeight: number
  /** How long the turn order's keys outlive the last attempt. */
  memoryMs: number
}

export class FleetRedis {
  readonly client: Redis
  readonly instanceId = randomUUID()
  readonly #url: string
  readonly #timeoutMs: number
  readonly #heartbeatMs: number
  #usable = false
  #lostAt: number | null = null
  #failures = 0
  #fleetSize = 1
  #timer: NodeJS.Timeout | undefined
  #closed = false
  #lastError = ''
  #listeners = new Set<(usable: boolean) => void>()

  private constructor(options: FleetRedisOptions) {
    this.#url = options.url
    this.#timeoutMs = options.timeoutMs
    this.#heartbeatMs = options.heartbeatMs ?? 1_000
    this.client = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      lazyConnect: true,
      // A command sent while disconnected fails at once instead of waiting in a queue: a request
      // must never wait on Redis longer than timeoutMs.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(1_000, options.timeoutMs * 4),
      // Reconnect for ever, quickly at first: the fleet must recover by itself when Redis returns.
      retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2_000),
    })
    this.client.defineCommand('sfBudget', { numberOfKeys: BUDGET_KEYS.length, lua: BUDGET_SCRIPT })
    this.client.defineCommand('sfBudgetLeave', { numberOfKeys: BUDGET_KEYS.length, lua: LEAVE_SCRIPT })
    // ioredis reports connection errors as events; without a listener Node would print them.
    this.client.on('error', (error: Error) => {
      this.#lastError = error.message.split('\n')[0] ?? ''
      this.#markLost()
    })
    this.client.on('close', () => this.#markLost())
    this.client.on('ready', () => void this.#heartbeat())
  }

  /** Connects and checks Redis answers; rejects with a one-line reason when it does not. */
  static async connect(options: FleetRedisOptions): Promise<FleetRedis> {
    const shared = new FleetRedis(options)
    const where = redactRedisUrl(options.url)
    try {
      await withTimeout(shared.client.connect(), Math.max(2_000, options.timeoutMs * 8), 'no answer')
      await shared.client.ping()
    } catch (error) {
      shared.client.disconnect()
      const reason = shared.#lastError || (error instanceof Error ? error.message.split('\n')[0] : String(error))
      throw new FleetStartupError(`cannot reach Redis at ${where} (REDIS_URL): ${reason}`)
    }
    shared.#setUsable(true)
    await shared.#heartbeat()
    shared.#timer = setInterval(() => void shared.#heartbeat(), shared.#heartbeatMs)
    shared.#timer.unref()
    return shared
  }

  get usable(): boolean {
    return this.#usable
  }

  get timeoutMs(): number {
    return this.#timeoutMs
  }

  /** The last fleet size seen; the local share of the budget while Redis is lost is 1/fleetSize. */
  get fleetSize(): number {
    return this.#fleetSize
  }

  get status(): FleetStatus {
    return {
      url: redactRedisUrl(this.#url),
      connected: this.#usable,
      lostSince: this.#lostAt === null ? null : new Date(this.#lostAt).toISOString(),
      fleetSize: this.#fleetSize,
      failures: this.#failures,
    }
  }

  onChange(listener: (usable: boolean) => void): void {
    this.#listeners.add(listener)
  }

  /** Runs one Redis operation; undefined when Redis is unusable or the operation fails. */
  async run<T>(op: (redis: Redis) => Promise<T>): Promise<T | undefined> {
    if (!this.#usable) return undefined
    try {
      return await withTimeout(op(this.client), this.#timeoutMs + 50, 'Command timed out')
    } catch {
      // Disconnected: lost for sure. Connected but slow: the stall may be this process's own event loop
      // (the timeout timer fires before the waiting reply is read), so ask Redis once more before
      // giving up on it; a Redis that is really hung fails that check too.
      if (this.client.status !== 'ready') this.#markLost()
      else this.#confirm()
      return undefined
    }
  }

  #confirming = false

  #confirm(): void {
    if (this.#confirming) return
    this.#confirming = true
    void this.#heartbeat().finally(() => {
      this.#confirming = false
    })
  }

  /**
   * One attempt at a fleet-wide upstream permit: [0, now] granted, [-1, now] wait for a running call to
   * end, [-2, now] wait for another client's turn, [n > 0, now] wait n ms for the rate window (now: Redis's
   * clock, ms); undefined when unusable.
   */
  budgetAttempt(
    limits: { rate: number; windowMs: number; concurrency: number; leaseMs: number },
    caller: BudgetCaller,
    turns: BudgetTurns,
  ): Promise<[number, number] | undefined> {
    const { rate, windowMs, concurrency, leaseMs } = limits
    const { id, group, member, shared } = caller
    return this.run((r) =>
      (r as BudgetRedis).sfBudget(
        ...BUDGET_KEYS,
        rate,
        windowMs,
        concurrency,
        leaseMs,
        id,
        group,
        member,
        shared ? 1 : 0,
        turns.graceMs,
        turns.sharedWeight,
        turns.memoryMs,
      ),
    )
  }

  /** A caller that stops waiting without a permit leaves the turn order at once. */
  budgetLeave(caller: BudgetCaller): void {
    void this.run((r) => (r as BudgetRedis).sfBudgetLeave(...BUDGET_KEYS, caller.id, caller.group, caller.member))
  }

  releasePermit(id: string): void {
    void this.run((r) => r.zrem('budget:running', id))
  }

  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#timer)
    this.#listeners.clear()
    if (this.#usable) await this.client.zrem('fleet', this.instanceId).catch(() => {})
    this.client.disconnect()
  }

  async #heartbeat(): Promise<void> {
    if (this.#closed || this.client.status !== 'ready') return
    try {
      const now = Date.now()
      const reply = await withTimeout(
        this.client
          .multi()
          .zadd('fleet', now, this.instanceId)
          .zremrangebyscore('fleet', '-inf', now - this.#heartbeatMs * 5)
          .zcard('fleet')
          .pexpire('fleet', this.#heartbeatMs * 10)
          .exec(),
        this.#timeoutMs + 50,
        'Command timed out',
      )
      const size = Number(reply?.[2]?.[1])
      if (Number.isFinite(size) && size > 0) this.#fleetSize = size
      this.#setUsable(true)
    } catch {
      this.#markLost()
      // Connected but not answering (a hung Redis): drop the connection, so that every command fails at
      // once until a new one is ready — the rate limit's store uses this client directly, too.
      if (!this.#closed && this.client.status === 'ready') this.client.disconnect(true)
    }
  }

  #markLost(): void {
    if (this.#closed) return
    if (this.#usable) this.#failures += 1
    this.#setUsable(false)
  }

  #setUsable(usable: boolean): void {
    if (usable === this.#usable) return
    this.#usable = usable
    this.#lostAt = usable ? null : Date.now()
    for (const listener of this.#listeners) listener(usable)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
