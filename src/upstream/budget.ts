import PQueue from 'p-queue'
import { UpstreamError } from './errors.js'

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
  readonly #queue: PQueue
  readonly #queueLimit: number
  #maxRunning = 0
  #started = 0
  #rejected = 0

  constructor(options: { concurrency: number; perSecond: number; queueLimit: number }) {
    this.#queue = new PQueue({
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
    try {
      return await this.#queue.add(
        () => {
          this.#started += 1
          this.#maxRunning = Math.max(this.#maxRunning, this.#queue.pending)
          return task()
        },
        { signal },
      )
    } catch (error) {
      if (signal?.aborted && !(error instanceof UpstreamError)) {
        throw new UpstreamError('aborted', endpoint, 'the caller cancelled the request', { cause: error })
      }
      throw error
    }
  }

  /** Waits for queued and running calls to finish (used by graceful shutdown). */
  idle(): Promise<void> {
    return this.#queue.onIdle()
  }
}
