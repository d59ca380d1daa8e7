import { randomUUID } from 'node:crypto'
import { WINDOW_GUARD_MS } from '../budget.js'
import { UpstreamError } from '../errors.js'
import { pause } from '../pause.js'
import { clientOf, type ClientKey } from '../../client-context.js'
import { ANONYMOUS_CLIENT, SHARED_GROUP_MAX_WEIGHT } from '../fair-queue.js'
import type { BudgetTurns, FleetRedis } from './redis.js'

export interface FleetBudgetStats {
  attempts: number
  granted: number
  othersTurn: number
}

/**
 * The fleet-wide upstream budget: at most `perSecond` calls started in any rolling window and at most
 * `concurrency` running, counted in Redis by one small script (a sliding log and a set of leases), and
 * when callers wait, granted in turn per client group (src/upstream/fleet/budget-script.ts).
 *
 * Why a script and not rate-limiter-flexible: its Redis limiters count fixed windows, which let 2 × the
 * rate through across a window boundary, it has no lease-based semaphore, so a crashed instance's
 * running calls would never be given back, and no turns between clients. The script is atomic, and every
 * key it keeps expires by itself.
 *
 * Why turns in Redis and not only the local fair queue: between instances, permits otherwise go to
 * whichever caller polls first, and a client bursting on one instance has that instance's every slot
 * polling, against one poll for a lone caller elsewhere.
 */
export class RedisBudget {
  readonly #redis: FleetRedis
  readonly #options: { perSecond: number; concurrency: number; leaseMs: number; windowMs: number; staleMs: number }
  readonly #turns: BudgetTurns
  readonly #stats: FleetBudgetStats = { attempts: 0, granted: 0, othersTurn: 0 }

  constructor(redis: FleetRedis, options: { perSecond: number; concurrency: number; leaseMs: number }) {
    this.#redis = redis
    // A grant is counted when Redis decides it, the call leaves when this process reads the answer; the
    // window is a little over a second so the upstream, counting arrivals, never sees more than the rate.
    this.#options = { ...options, windowMs: 1_000 + WINDOW_GUARD_MS, staleMs: WINDOW_GUARD_MS / 2 }
    this.#turns = {
      // A waiting caller polls again within the wait it was told; past that and this grace (a stalled
      // event loop, a slow Redis) it counts as gone, so a dead instance's callers hold no turn for long.
      graceMs: 300,
      sharedWeight: SHARED_GROUP_MAX_WEIGHT,
      // Last turns older than this no longer order anyone; long enough to outlast any one wait.
      memoryMs: Math.max(10_000, 2 * options.leaseMs),
    }
  }

  get fleetSize(): number {
    return this.#redis.fleetSize
  }

  /** Attempts made, permits granted, and attempts refused because another client's turn came first. */
  get stats(): FleetBudgetStats {
    return { ...this.#stats }
  }

  /**
   * Waits for a fleet-wide permit. When the budget is contended, permits go in turn per client group
   * across the fleet (the group served least recently first, a shared-egress group a few turns in a row),
   * as the local queue does within the instance; when it is not, at once. `client` is the caller's key
   * (by default the ambient one; the local queue runs work outside its caller's context, so it passes it).
   */
  async acquire(
    endpoint: string,
    signal?: AbortSignal,
    client: ClientKey | undefined = clientOf(signal),
  ): Promise<(() => void) | undefined> {
    const { perSecond, concurrency, leaseMs, windowMs, staleMs } = this.#options
    const limits = { rate: perSecond, windowMs, concurrency, leaseMs }
    const key = client ?? ANONYMOUS_CLIENT
    const caller = { id: randomUUID(), group: key.group, member: key.member, shared: key.shared }
    const deadline = Date.now() + leaseMs
    let waited = false
    try {
      for (;;) {
        const sent = performance.now()
        this.#stats.attempts += 1
        const answer = await this.#redis.budgetAttempt(limits, caller, this.#turns)
        if (answer === undefined) return undefined
        const [reply, redisNow] = answer
        if (reply === 0) {
          waited = false
          this.#stats.granted += 1
          // This process was slow to read the grant (a stalled event loop): the grant's recorded time
          // would understate when the call leaves, so move it to when it does.
          const late = performance.now() - sent
          if (late > staleMs) await this.#redis.run((r) => r.zadd('budget:recent', 'XX', Math.ceil(redisNow + late), caller.id))
          return () => this.#redis.releasePermit(caller.id)
        }
        waited = true
        if (reply === -2) this.#stats.othersTurn += 1
        const wait = reply < 0 ? 5 + Math.random() * 15 : Math.min(reply, 1_000) + Math.random() * 5
        // A call that could not start within one call's time is better refused now than left waiting.
        if (Date.now() + wait > deadline) {
          throw new UpstreamError('overloaded', endpoint, 'the fleet-wide upstream budget stayed exhausted', { retryAfterSeconds: 1 })
        }
        signal?.throwIfAborted()
        await pause(wait, signal)
      }
    } finally {
      // Given up or cancelled while registered as waiting: leave the turn order now, not after the grace.
      if (waited) this.#redis.budgetLeave(caller)
    }
  }
}
