import { randomUUID } from 'node:crypto'
import { WINDOW_GUARD_MS } from '../budget.js'
import { UpstreamError } from '../errors.js'
import { pause } from '../pause.js'
import type { FleetRedis } from './redis.js'

/**
 * The fleet-wide upstream budget: at most `perSecond` calls started in any rolling window and at most
 * `concurrency` running, counted in Redis by one small script (a sliding log and a set of leases).
 *
 * Why a script and not rate-limiter-flexible: its Redis limiters count fixed windows, which let 2 × the
 * rate through across a window boundary, and it has no lease-based semaphore, so a crashed instance's
 * running calls would never be given back. The script is 15 lines and atomic; leases expire by themselves.
 */
export class RedisBudget {
  readonly #redis: FleetRedis
  readonly #options: { perSecond: number; concurrency: number; leaseMs: number; windowMs: number; staleMs: number }

  constructor(redis: FleetRedis, options: { perSecond: number; concurrency: number; leaseMs: number }) {
    this.#redis = redis
    // A grant is counted when Redis decides it, the call leaves when this process reads the answer; the
    // window is a little over a second so the upstream, counting arrivals, never sees more than the rate.
    this.#options = { ...options, windowMs: 1_000 + WINDOW_GUARD_MS, staleMs: WINDOW_GUARD_MS / 2 }
  }

  get fleetSize(): number {
    return this.#redis.fleetSize
  }

  async acquire(endpoint: string, signal?: AbortSignal): Promise<(() => void) | undefined> {
    const { perSecond, concurrency, leaseMs, windowMs, staleMs } = this.#options
    const deadline = Date.now() + leaseMs
    for (;;) {
      const id = randomUUID()
      const sent = performance.now()
      const answer = await this.#redis.budgetAttempt(perSecond, windowMs, concurrency, leaseMs, id)
      if (answer === undefined) return undefined
      const [reply, redisNow] = answer
      if (reply === 0) {
        // This process was slow to read the grant (a stalled event loop): the grant's recorded time
        // would understate when the call leaves, so move it to when it does.
        const late = performance.now() - sent
        if (late > staleMs) await this.#redis.run((r) => r.zadd('budget:recent', 'XX', Math.ceil(redisNow + late), id))
        return () => this.#redis.releasePermit(id)
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
