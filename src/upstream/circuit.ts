import { UpstreamError } from './errors.js'

export type CircuitState = 'closed' | 'open' | 'half_open'

/**
 * Fails fast after `threshold` consecutive upstream faults, for `cooldownMs`; then lets a single
 * probe through (half-open) and closes again on its success. Written here rather than taken from a
 * library because we need consecutive-failure semantics, one probe, and the time left for Retry-After.
 */
export class CircuitBreaker {
  #state: CircuitState = 'closed'
  #failures = 0
  #openedAt = 0
  #probing = false
  #opens = 0

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): CircuitState {
    if (this.#state === 'open' && this.now() - this.#openedAt >= this.cooldownMs) return 'half_open'
    return this.#state
  }

  get snapshot() {
    return { state: this.state, consecutiveFailures: this.#failures, opens: this.#opens, retryAfterSeconds: this.#retryAfterSeconds() }
  }

  async run<T>(endpoint: string, task: () => Promise<T>): Promise<T> {
    const state = this.state
    if (state === 'open' || (state === 'half_open' && this.#probing)) {
      throw new UpstreamError('circuit_open', endpoint, `the upstream failed ${this.threshold} times in a row; failing fast`, {
        retryAfterSeconds: this.#retryAfterSeconds(),
      })
    }
    const probe = state === 'half_open'
    if (probe) this.#probing = true
    try {
      const result = await task()
      this.#failures = 0
      this.#state = 'closed'
      return result
    } catch (error) {
      if (error instanceof UpstreamError && error.isUpstreamFault && error.kind !== 'rejected') {
        this.#failures += 1
        if (probe || this.#failures >= this.threshold) {
          if (this.#state !== 'open' || probe) this.#opens += 1
          this.#state = 'open'
          this.#openedAt = this.now()
        }
      } else if (probe) {
        // The probe did not reach a verdict (the caller left); let the next call probe.
        this.#state = 'open'
      }
      throw error
    } finally {
      if (probe) this.#probing = false
    }
  }

  #retryAfterSeconds(): number {
    if (this.#state !== 'open') return 0
    return Math.max(1, Math.ceil((this.cooldownMs - (this.now() - this.#openedAt)) / 1000))
  }
}
