// Why one file of over 400 lines: the five pieces a fleet shares through Redis (cache, budget, pre-auth token,
// breaker, heartbeat) share one connection, one loss-and-recovery state machine and one key scheme; split
// apart, each would need that state passed around. Each piece is a section below.

import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { WINDOW_GUARD_MS } from './budget.js'
import { UpstreamError } from './errors.js'
import type { SharedCircuit, SharedCircuitState } from './circuit.js'
import { pause } from './pause.js'
import type { SharedToken, SharedTokens } from './preauth.js'

/**
 * The fleet's shared state in Redis (or Valkey): one connection per instance, used by the cache, the
 * upstream budget, the pre-auth token and the circuit breaker. Every operation is bounded by
 * `timeoutMs` and never throws: `undefined` means "Redis is not usable now", and the caller falls back
 * to its in-process behaviour. After a failure Redis is left alone until a background ping succeeds,
 * so a lost or hung Redis costs each request nothing but the first timeout.
 */
export interface SharedOptions {
  url: string
  keyPrefix: string
  /** Per-command bound; a hung Redis fails commands after this long. */
  timeoutMs: number
  /** How often to ping while Redis is lost, and to refresh this instance's fleet heartbeat. */
  heartbeatMs?: number
}

export class SharedStartupError extends Error {
  override readonly name = 'SharedStartupError'
}

export interface SharedStatus {
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

const BUDGET_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, window, concurrency, lease = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= concurrency then return {-1, now} end
if redis.call('ZCARD', KEYS[1]) >= rate then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {math.max(1, tonumber(oldest[2]) + window - now), now}
end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('ZADD', KEYS[2], now + lease, ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PEXPIRE', KEYS[2], lease)
return {0, now}
`

type BudgetRedis = Redis & {
  sfBudget(
    rateKey: string,
    runningKey: string,
    rate: number,
    windowMs: number,
    concurrency: number,
    leaseMs: number,
    id: string,
  ): Promise<[number, number]>
}

export class SharedRedis {
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

  private constructor(options: SharedOptions) {
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
    this.client.defineCommand('sfBudget', { numberOfKeys: 2, lua: BUDGET_SCRIPT })
    // ioredis reports connection errors as events; without a listener Node would print them.
    this.client.on('error', (error: Error) => {
      this.#lastError = error.message.split('\n')[0] ?? ''
      this.#markLost()
    })
    this.client.on('close', () => this.#markLost())
    this.client.on('ready', () => void this.#heartbeat())
  }

  /** Connects and checks Redis answers; rejects with a one-line reason when it does not. */
  static async connect(options: SharedOptions): Promise<SharedRedis> {
    const shared = new SharedRedis(options)
    const where = redactRedisUrl(options.url)
    try {
      await withTimeout(shared.client.connect(), Math.max(2_000, options.timeoutMs * 8), 'no answer')
      await shared.client.ping()
    } catch (error) {
      shared.client.disconnect()
      const reason = shared.#lastError || (error instanceof Error ? error.message.split('\n')[0] : String(error))
      throw new SharedStartupError(`cannot reach Redis at ${where} (REDIS_URL): ${reason}`)
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

  get status(): SharedStatus {
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
   * end, [n > 0, now] wait n ms for the rate window (now: Redis's clock, ms); undefined when unusable.
   */
  budgetAttempt(rate: number, windowMs: number, concurrency: number, leaseMs: number, id: string): Promise<[number, number] | undefined> {
    return this.run((r) => (r as BudgetRedis).sfBudget('budget:recent', 'budget:running', rate, windowMs, concurrency, leaseMs, id))
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

/** The cache's view of Redis: plain strings under `cache:<key>`, load claims under `claim:<key>`. */
export class RedisRemoteStore {
  constructor(private readonly shared: SharedRedis) {}

  get usable(): boolean {
    return this.shared.usable
  }

  get(keys: string[]): Promise<Array<string | null> | undefined> {
    if (keys.length === 0) return Promise.resolve([])
    return this.shared.run((r) => r.mget(keys.map((k) => `cache:${k}`)))
  }

  set(key: string, value: string, ttlMs: number): void {
    if (ttlMs <= 0) return
    void this.shared.run((r) => r.set(`cache:${key}`, value, 'PX', ttlMs))
  }

  async claim(keys: string[], ms: number, owner: string): Promise<boolean[] | undefined> {
    if (keys.length === 0) return []
    const replies = await this.shared.run((r) => {
      const pipe = r.pipeline()
      for (const key of keys) pipe.set(`claim:${key}`, owner, 'PX', ms, 'NX')
      return pipe.exec()
    })
    if (!replies || replies.some(([error]) => error)) return undefined
    return replies.map(([, value]) => value === 'OK')
  }

  release(keys: string[]): void {
    if (keys.length === 0) return
    void this.shared.run((r) => r.del(keys.map((k) => `claim:${k}`)))
  }

  async claimed(keys: string[]): Promise<boolean[] | undefined> {
    if (keys.length === 0) return []
    const values = await this.shared.run((r) => r.mget(keys.map((k) => `claim:${k}`)))
    return values?.map((v) => v !== null)
  }
}

/**
 * The fleet-wide upstream budget: at most `perSecond` calls started in any rolling window and at most
 * `concurrency` running, counted in Redis by one small script (a sliding log and a set of leases).
 *
 * Why a script and not rate-limiter-flexible: its Redis limiters count fixed windows, which let 2 × the
 * rate through across a window boundary, and it has no lease-based semaphore, so a crashed instance's
 * running calls would never be given back. The script is 15 lines and atomic; leases expire by themselves.
 */
export class RedisFleetBudget {
  readonly #shared: SharedRedis
  readonly #options: { perSecond: number; concurrency: number; leaseMs: number; windowMs: number; staleMs: number }

  constructor(shared: SharedRedis, options: { perSecond: number; concurrency: number; leaseMs: number }) {
    this.#shared = shared
    // A grant is counted when Redis decides it, the call leaves when this process reads the answer; the
    // window is a little over a second so the upstream, counting arrivals, never sees more than the rate.
    this.#options = { ...options, windowMs: 1_000 + WINDOW_GUARD_MS, staleMs: WINDOW_GUARD_MS / 2 }
  }

  get fleetSize(): number {
    return this.#shared.fleetSize
  }

  async acquire(endpoint: string, signal?: AbortSignal): Promise<(() => void) | undefined> {
    const { perSecond, concurrency, leaseMs, windowMs, staleMs } = this.#options
    const deadline = Date.now() + leaseMs
    for (;;) {
      const id = randomUUID()
      const sent = performance.now()
      const answer = await this.#shared.budgetAttempt(perSecond, windowMs, concurrency, leaseMs, id)
      if (answer === undefined) return undefined
      const [reply, redisNow] = answer
      if (reply === 0) {
        // This process was slow to read the grant (a stalled event loop): the grant's recorded time
        // would understate when the call leaves, so move it to when it does.
        const late = performance.now() - sent
        if (late > staleMs) await this.#shared.run((r) => r.zadd('budget:recent', 'XX', Math.ceil(redisNow + late), id))
        return () => this.#shared.releasePermit(id)
      }
      const wait = reply === -1 ? 5 + Math.random() * 15 : Math.min(reply, 1_000) + Math.random() * 5
      // A call that could not start within one call's time is better refused now than left waiting.
      if (Date.now() + wait > deadline) {
        throw new UpstreamError('overloaded', endpoint, 'the fleet-wide upstream budget stayed exhausted', { retryAfterSeconds: 1 })
      }
      signal?.throwIfAborted()
      await pause(wait, signal)
    }
  }
}

/** The fleet's pre-auth token: `preauth:token` (JSON, expiring with the token) and `preauth:claim`. */
export class RedisSharedTokens implements SharedTokens {
  constructor(private readonly shared: SharedRedis) {}

  async get(): Promise<SharedToken | null | undefined> {
    const raw = await this.shared.run((r) => r.get('preauth:token'))
    if (raw === undefined || raw === null) return raw
    try {
      const token = JSON.parse(raw) as Partial<SharedToken>
      if (typeof token.jwt === 'string' && typeof token.uid === 'string' && typeof token.expiresAt === 'number') {
        return { jwt: token.jwt, uid: token.uid, expiresAt: token.expiresAt }
      }
    } catch {
      // A value this version cannot read counts as no token.
    }
    return null
  }

  put(token: SharedToken): void {
    const ttl = token.expiresAt - Date.now()
    if (ttl > 0) void this.shared.run((r) => r.set('preauth:token', JSON.stringify(token), 'PX', ttl))
  }

  async claim(ms: number): Promise<boolean | undefined> {
    const reply = await this.shared.run((r) => r.set('preauth:claim', this.shared.instanceId, 'PX', ms, 'NX'))
    return reply === undefined ? undefined : reply === 'OK'
  }

  release(): void {
    void this.shared.run((r) => r.del('preauth:claim'))
  }

  drop(jwt: string): void {
    void this.shared.run(async (r) => {
      const raw = await r.get('preauth:token')
      if (raw && raw.includes(jwt)) await r.del('preauth:token')
    })
  }
}

/** The fleet's breaker: `circuit:open` (expires after the cool-down), `circuit:tripped`, `circuit:failures`, `circuit:probe`. */
export class RedisSharedCircuit implements SharedCircuit {
  constructor(private readonly shared: SharedRedis) {}

  async read(): Promise<SharedCircuitState | undefined> {
    const replies = await this.shared.run((r) =>
      r.pipeline().pttl('circuit:open').exists('circuit:tripped').get('circuit:failures').get('circuit:opens').exec(),
    )
    if (!replies || replies.some(([error]) => error)) return undefined
    const [pttl, tripped, failures, opens] = replies.map(([, value]) => Number(value ?? 0))
    return { openMs: Math.max(0, pttl ?? 0), tripped: tripped === 1, failures: failures ?? 0, opens: opens ?? 0 }
  }

  async claimProbe(ms: number): Promise<boolean | undefined> {
    const reply = await this.shared.run((r) => r.set('circuit:probe', this.shared.instanceId, 'PX', ms, 'NX'))
    return reply === undefined ? undefined : reply === 'OK'
  }

  releaseProbe(): void {
    void this.shared.run((r) => r.del('circuit:probe'))
  }

  async fault(threshold: number, cooldownMs: number, open: boolean): Promise<void> {
    await this.shared.run(async (r) => {
      const [[, failures] = []] =
        (await r
          .multi()
          .incr('circuit:failures')
          .pexpire('circuit:failures', cooldownMs * 10)
          .exec()) ?? []
      if (!open && Number(failures) < threshold) return
      const [[, previous] = []] =
        (await r
          .multi()
          .set('circuit:open', '1', 'PX', cooldownMs, 'GET')
          .set('circuit:tripped', '1', 'PX', cooldownMs * 10)
          .del('circuit:probe')
          .exec()) ?? []
      if (previous === null) await r.incr('circuit:opens')
    })
  }

  async success(): Promise<void> {
    await this.shared.run((r) => r.del('circuit:failures', 'circuit:tripped', 'circuit:open', 'circuit:probe'))
  }
}
