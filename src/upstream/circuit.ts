import { UpstreamError } from './errors.js'

export type CircuitState = 'closed' | 'open' | 'half_open'

export interface FleetCircuitState {
  /** How long the circuit stays open; 0 when it is not open. */
  openMs: number
  /** Opened and not yet closed by a successful probe: half-open once openMs is 0. */
  tripped: boolean
  failures: number
  opens: number
}

/**
 * The fleet's breaker (Redis): consecutive faults are counted for the whole fleet, an open circuit
 * makes every instance fail fast, and a single instance probes when the cool-down is over.
 */
export interface FleetCircuit {
  /** undefined when the store cannot be used now (the breaker then works on this instance alone). */
  read(): Promise<FleetCircuitState | undefined>
  /** true: this caller probes; false: another instance is probing; undefined: unusable. */
  claimProbe(ms: number): Promise<boolean | undefined>
  releaseProbe(): void
  /** Counts a fault and opens the circuit for `cooldownMs` when `open` or the threshold is reached. */
  fault(threshold: number, cooldownMs: number, open: boolean): Promise<void>
  success(): Promise<void>
}

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
  #mirror: { at: number; state: FleetCircuitState } | undefined
  /** The last upstream fault this process saw: an open breaker reports it, not only "failing fast". */
  #lastFault: UpstreamError | undefined

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
    /** probeMs: how long one probe may take (its claim lasts that long). */
    private readonly fleet?: { store: FleetCircuit; probeMs: number; usable: () => boolean },
  ) {}

  get state(): CircuitState {
    const mirror = this.#fleetMirror()
    if (mirror) return mirror.openMs > 0 ? 'open' : mirror.tripped ? 'half_open' : 'closed'
    if (this.#state === 'open' && this.now() - this.#openedAt >= this.cooldownMs) return 'half_open'
    return this.#state
  }

  get snapshot() {
    const mirror = this.#fleetMirror()
    if (mirror) {
      const retryAfterSeconds = mirror.openMs > 0 ? Math.max(1, Math.ceil(mirror.openMs / 1000)) : 0
      return { state: this.state, consecutiveFailures: mirror.failures, opens: mirror.opens, retryAfterSeconds }
    }
    return { state: this.state, consecutiveFailures: this.#failures, opens: this.#opens, retryAfterSeconds: this.#retryAfterSeconds() }
  }

  /** Reads the fleet's state (for /readyz); nothing to do without a shared store. */
  async refresh(): Promise<void> {
    const state = await this.fleet?.store.read()
    if (state) this.#mirror = { at: this.now(), state }
  }

  async run<T>(endpoint: string, task: () => Promise<T>): Promise<T> {
    if (this.fleet) {
      const shared = await this.fleet.store.read()
      if (shared) return this.#runFleet(endpoint, task, shared, this.fleet)
    }
    const state = this.state
    if (state === 'open' || (state === 'half_open' && this.#probing)) {
      throw this.#failingFast(endpoint, this.#retryAfterSeconds())
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
        this.#lastFault = error
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

  async #runFleet<T>(
    endpoint: string,
    task: () => Promise<T>,
    state: FleetCircuitState,
    shared: NonNullable<CircuitBreaker['fleet']>,
  ): Promise<T> {
    this.#mirror = { at: this.now(), state }
    if (state.openMs > 0) {
      throw this.#failingFast(endpoint, Math.max(1, Math.ceil(state.openMs / 1000)))
    }
    let probe = false
    if (state.tripped) {
      const claimed = await shared.store.claimProbe(shared.probeMs)
      if (claimed === false) {
        throw new UpstreamError('circuit_open', endpoint, 'another instance is probing the upstream; failing fast', {
          retryAfterSeconds: 1,
        })
      }
      probe = claimed === true
    }
    try {
      const result = await task()
      if (probe || state.tripped || state.failures > 0) {
        await shared.store.success()
        this.#mirror = { at: this.now(), state: { openMs: 0, tripped: false, failures: 0, opens: state.opens } }
      }
      return result
    } catch (error) {
      if (error instanceof UpstreamError && error.isUpstreamFault && error.kind !== 'rejected') {
        this.#lastFault = error
        await shared.store.fault(this.threshold, this.cooldownMs, probe)
      } else if (probe) {
        shared.store.releaseProbe()
      }
      throw error
    }
  }

  /** The fault that opened the breaker, as far as this process saw it (another instance may have). */
  get lastFault(): UpstreamError | undefined {
    return this.#lastFault
  }

  #failingFast(endpoint: string, retryAfterSeconds: number): UpstreamError {
    const last = this.#lastFault
    return new UpstreamError(
      'circuit_open',
      endpoint,
      `the upstream failed ${this.threshold} times in a row${last ? ` (last: ${last.publicDetail})` : ''}; failing fast`,
      { retryAfterSeconds, ...(last ? { cause: last, ...(last.unreachable ? { unreachable: last.unreachable } : {}) } : {}) },
    )
  }

  /** The fleet's state as last read, aged by the time since, while the shared store is usable. */
  #fleetMirror(): FleetCircuitState | undefined {
    if (!this.#mirror || !this.fleet?.usable()) return undefined
    const { at, state } = this.#mirror
    return { ...state, openMs: Math.max(0, state.openMs - (this.now() - at)) }
  }

  #retryAfterSeconds(): number {
    if (this.#state !== 'open') return 0
    return Math.max(1, Math.ceil((this.cooldownMs - (this.now() - this.#openedAt)) / 1000))
  }
}
