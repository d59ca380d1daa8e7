import PQueue from 'p-queue'
import { clientOf, type ClientKey } from '../client-context.js'
import { UpstreamError } from './errors.js'
import { ANONYMOUS_CLIENT, FairQueue, type FairQueueOptions } from './fair-queue.js'

/**
 * A budget shared by every instance of the fleet (Redis). `acquire` waits for a fleet-wide permit and
 * gives back its release, or undefined when the fleet budget cannot be used now; the instance then
 * keeps to its local share (1/fleetSize of the budget) until it can again.
 */
export interface FleetBudget {
  acquire(endpoint: string, signal?: AbortSignal, client?: ClientKey): Promise<(() => void) | undefined>
  /** Instances last seen in the fleet, this one included. */
  readonly fleetSize: number
}

/**
 * Margin added to a shared or local-share one-second window: a call is counted when it is granted and
 * reaches the upstream a few milliseconds later, by a delay that varies; the upstream counts arrivals.
 */
export const WINDOW_GUARD_MS = 100

export interface BudgetStats {
  running: number
  queued: number
  maxRunning: number
  started: number
  rejected: number
}

/**
 * The global upstream budget: at most `concurrency` calls at once and `perSecond` calls in any
 * rolling second, with a bounded queue. A full queue fails at once (the door answers 503 with
 * Retry-After) rather than queueing without bound.
 */
export class UpstreamBudget {
  readonly #queue: PQueue<FairQueue, FairQueueOptions>
  readonly #queueLimit: number
  readonly #options: { concurrency: number; perSecond: number }
  readonly #fleet: FleetBudget | undefined
  #share: { queue: PQueue; fleetSize: number; perSecond: number } | undefined
  #maxRunning = 0
  #started = 0
  #rejected = 0

  constructor(options: { concurrency: number; perSecond: number; queueLimit: number }, fleet?: FleetBudget) {
    this.#options = options
    this.#fleet = fleet
    this.#queue = new PQueue<FairQueue, FairQueueOptions>({
      // Waiting calls are served in turn per client (src/upstream/fair-queue.ts), not first come first served.
      queueClass: FairQueue,
      concurrency: options.concurrency,
      intervalCap: options.perSecond,
      interval: 1_000,
      strict: true, // a sliding window: never more than perSecond calls in any second
    })
    this.#queueLimit = options.queueLimit
  }

  get stats(): BudgetStats {
    return {
      running: this.#queue.pending,
      queued: this.#queue.size,
      maxRunning: this.#maxRunning,
      started: this.#started,
      rejected: this.#rejected,
    }
  }

  async run<T>(endpoint: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#queue.size >= this.#queueLimit && this.#queue.pending >= this.#queue.concurrency) {
      this.#rejected += 1
      throw new UpstreamError('overloaded', endpoint, 'the upstream request budget is exhausted', {
        retryAfterSeconds: 1,
      })
    }
    // Read here, from the caller's signal: queued work is started from whichever call ended last.
    const client = clientOf(signal)
    try {
      return await this.#queue.add(
        () => {
          this.#started += 1
          this.#maxRunning = Math.max(this.#maxRunning, this.#queue.pending)
          return this.#fleet ? this.#fleetRun(endpoint, this.#fleet, task, client ?? ANONYMOUS_CLIENT, signal) : task()
        },
        { signal, client },
      )
    } catch (error) {
      if (signal?.aborted && !(error instanceof UpstreamError)) {
        throw new UpstreamError('aborted', endpoint, 'the caller cancelled the request', { cause: error })
      }
      throw error
    }
  }

  /** This instance's share of the budget while the fleet budget is unreachable (undefined before it ever was). */
  get localShare(): { fleetSize: number; perSecond: number; concurrency: number } | undefined {
    const share = this.#share
    if (!share) return undefined
    return { fleetSize: share.fleetSize, perSecond: share.perSecond, concurrency: share.queue.concurrency }
  }

  async #fleetRun<T>(endpoint: string, fleet: FleetBudget, task: () => Promise<T>, client: ClientKey, signal?: AbortSignal): Promise<T> {
    const release = await fleet.acquire(endpoint, signal, client)
    if (release) {
      try {
        return await task()
      } finally {
        release()
      }
    }
    // The fleet budget is unreachable: this instance alone may not spend the whole fleet's budget.
    const size = Math.max(1, fleet.fleetSize)
    if (this.#share?.fleetSize !== size) {
      const perSecond = Math.max(1, Math.floor(this.#options.perSecond / size))
      this.#share = {
        fleetSize: size,
        perSecond,
        queue: new PQueue({
          concurrency: Math.max(1, Math.floor(this.#options.concurrency / size)),
          intervalCap: perSecond,
          interval: 1_000 + WINDOW_GUARD_MS,
          strict: true,
        }),
      }
    }
    return this.#share.queue.add(task, { signal })
  }

  /** Waits for queued and running calls to finish (used by graceful shutdown). */
  idle(): Promise<void> {
    return this.#queue.onIdle()
  }
}
