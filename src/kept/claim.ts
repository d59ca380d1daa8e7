/**
 * One refresh at a time per fleet: a claim in a store shared by the fleet (Redis), taken before a crawl,
 * renewed while it runs, released after it, and given back when its holder stops. A holder that dies
 * without a word loses it when its lifetime (lifetimeMs, unrenewed) runs out. After a failed refresh
 * the holder keeps the claim for its backoff as a rest, so the rest of the fleet waits too.
 */

/** The claim's state as the shared store keeps it; `undefined` answers mean the store cannot be used now. */
export interface ClaimStore {
  /** Takes the claim for `ms` when nobody holds it or `owner` already does; true when taken. */
  take(owner: string, ms: number): Promise<boolean | undefined>
  /** Extends `owner`'s claim to `ms` from now, optionally marked as a rest; false when `owner` no longer holds it. */
  renew(owner: string, ms: number, resting?: boolean): Promise<boolean | undefined>
  /** Gives the claim back if `owner` holds it (crawling or resting). */
  release(owner: string): Promise<void>
  /** Who holds it and for how long; null when nobody does. */
  state(): Promise<ClaimState | null | undefined>
}

export interface ClaimState {
  owner: string
  resting: boolean
  msLeft: number
}

export class FleetClaim {
  readonly #store: ClaimStore
  readonly #owner: string
  readonly #lifetimeMs: number
  #renewal: NodeJS.Timeout | undefined
  #held = false

  constructor(store: ClaimStore, owner: string, lifetimeMs: number) {
    this.#store = store
    this.#owner = owner
    this.#lifetimeMs = lifetimeMs
  }

  get lifetimeMs(): number {
    return this.#lifetimeMs
  }

  get owner(): string {
    return this.#owner
  }

  /** Takes the claim and keeps renewing it (every third of its lifetime) until released or rested. */
  async take(): Promise<boolean | undefined> {
    // An unknown answer is asked again once: a stalled event loop times out a reply Redis did send.
    let taken = await this.#store.take(this.#owner, this.#lifetimeMs)
    if (taken === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      taken = await this.#store.take(this.#owner, this.#lifetimeMs)
    }
    if (taken) {
      this.#held = true
      this.#stopRenewing()
      this.#renewal = setInterval(() => void this.#store.renew(this.#owner, this.#lifetimeMs), Math.max(50, this.#lifetimeMs / 3))
      this.#renewal.unref()
    }
    return taken
  }

  /** Keeps the claim, unrenewed, for `ms`: the fleet's backoff after a failed refresh. */
  async rest(ms: number): Promise<void> {
    this.#stopRenewing()
    if (!this.#held) return
    if (ms <= 0 || !(await this.#store.renew(this.#owner, ms, true))) await this.release()
  }

  async release(): Promise<void> {
    this.#stopRenewing()
    if (!this.#held) return
    this.#held = false
    await this.#store.release(this.#owner)
  }

  /** The holder stops (SIGTERM, close): the claim goes back at once, crawling or resting. */
  stop(): Promise<void> {
    return this.release()
  }

  state(): Promise<ClaimState | null | undefined> {
    return this.#store.state()
  }

  #stopRenewing(): void {
    clearInterval(this.#renewal)
    this.#renewal = undefined
  }
}
