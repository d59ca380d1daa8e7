import { createCipheriv, randomBytes } from 'node:crypto'

/**
 * The storefront's anonymous pre-auth (docs/upstream-protocol.md §4.6): GET /auth/request gives a JWT and
 * an X-DM-UID header; protected calls carry `Bearer base64(iv) ‖ base64(AES-128-CBC(jwt))`.
 */
export function encryptBearer(jwt: string, key: string): string {
  const iv = randomBytes(16)
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv)
  const ciphertext = Buffer.concat([cipher.update(jwt, 'utf8'), cipher.final()])
  return iv.toString('base64') + ciphertext.toString('base64')
}

export interface PreAuthToken {
  jwt: string
  uid: string
}

export interface PreAuthHeaders {
  authorization: string
  'x-dm-uid': string
  cookie: string
}

interface Held {
  headers: PreAuthHeaders
  jwt: string
  expiresAt: number
}

export interface FleetToken extends PreAuthToken {
  expiresAt: number
}

/**
 * The fleet's one token (Redis): an instance that needs a token takes the shared one, or claims the
 * handshake so the others wait for its token instead of making their own.
 */
export interface FleetTokens {
  /** The shared token, null if there is none; undefined when the store cannot be used now. */
  get(): Promise<FleetToken | null | undefined>
  put(token: FleetToken): void
  /** true: this caller makes the handshake; false: another instance is making it; undefined: unusable. */
  claim(ms: number): Promise<boolean | undefined>
  release(): void
  /** Forgets the shared token if it is still this one (the upstream refused it). */
  drop(jwt: string): void
}

/**
 * Holds one token for its short lifetime and coalesces concurrent fetches, so a burst of protected
 * calls costs one handshake. `invalidate` drops a token the upstream refused so the retry gets a fresh one.
 */
/** Sets a timer; the returned function cancels it. Injected by tests that run a clock of their own. */
export type SetTimer = (run: () => void, ms: number) => () => void

const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

export interface KeepFreshOptions {
  /** How long before the held token expires a new one is fetched; default a quarter of the reuse period, at most 5 s. */
  marginMs?: number
  setTimer?: SetTimer
}

/** The longest wait between two tries after the handshake failed in the background. */
const RENEW_BACKOFF_LIMIT_MS = 60_000
/** The least time between two renewals of a kept-fresh token, however short its reuse period. */
const MIN_RENEW_GAP_MS = 250

export class PreAuthSession {
  #held: Held | undefined
  #pending: Promise<Held> | undefined
  #issued = 0
  #renewals: { cancel: () => void } | undefined

  constructor(
    private readonly fetchToken: (signal?: AbortSignal) => Promise<PreAuthToken>,
    private readonly key: string,
    private readonly reuseMs: number,
    private readonly now: () => number = Date.now,
    private readonly fleet?: { tokens: FleetTokens; claimMs: number },
  ) {}

  /** Whether a token is held at all between calls (UPSTREAM_TOKEN_REUSE_MS > 0); else there is nothing to keep fresh. */
  get reusesTokens(): boolean {
    return this.reuseMs > 0
  }

  get tokensFetched(): number {
    return this.#issued
  }

  async headers(signal?: AbortSignal): Promise<PreAuthHeaders> {
    const held = this.#held
    if (held && held.expiresAt > this.now()) return held.headers
    return (await this.#fetch(signal)).headers
  }

  invalidate(headers: PreAuthHeaders): void {
    if (this.#held?.headers !== headers) return
    this.fleet?.tokens.drop(this.#held.jwt)
    this.#held = undefined
  }

  /** Forgets the held token (tests, and a deliberate reset). */
  clear(): void {
    this.#held = undefined
  }

  /**
   * Keeps a token held from now on, so no question waits for the handshake: one is
   * fetched at once and renewed `marginMs` before it expires, also while the service sits idle. In a fleet
   * the instances renew from one shared token: the first to renew makes the handshake, the others take its
   * token, so the fleet makes one handshake per token lifetime. Failures are tried again with a doubling
   * wait; the budget and the breaker apply as to any call.
   */
  keepFresh(options: KeepFreshOptions = {}): void {
    if (this.#renewals) return
    const marginMs = options.marginMs ?? Math.min(5_000, Math.floor(this.reuseMs / 4))
    // Renewals at most once a second, or twice a reuse period when that is shorter: a 1 s period (the bench's)
    // renewed only at its end left each token's last ~50 ms, a handshake long, without one. Never more than
    // four a second, whatever the period: a few milliseconds' reuse must not become a stream of handshakes.
    const leastGapMs = Math.max(MIN_RENEW_GAP_MS, Math.min(1_000, Math.floor(this.reuseMs / 2)))
    const setTimer = options.setTimer ?? unrefTimer
    let failures = 0
    let cancelTimer = (): void => {}
    const renewals = {
      cancel: () => {
        cancelTimer()
        stopped = true
      },
    }
    let stopped = false
    const renew = (): void => {
      if (stopped) return
      this.#fetch(undefined, this.now() + marginMs).then(
        (held) => {
          failures = 0
          if (!stopped) cancelTimer = setTimer(renew, Math.max(leastGapMs, held.expiresAt - marginMs - this.now()))
        },
        () => {
          failures += 1
          if (!stopped) cancelTimer = setTimer(renew, Math.min(RENEW_BACKOFF_LIMIT_MS, 1_000 * 2 ** (failures - 1)))
        },
      )
    }
    this.#renewals = renewals
    renew()
  }

  /** Stops the background renewal (shutdown, and the end of a test). */
  stopKeepingFresh(): void {
    this.#renewals?.cancel()
    this.#renewals = undefined
  }

  /** Starts a handshake early (it runs beside the first unauthenticated call of a request). */
  prefetch(): void {
    const held = this.#held
    if (held && held.expiresAt > this.now()) return
    this.#fetch().catch(() => {
      // The call that needs the token will fetch again and surface the failure.
    })
  }

  /** A token valid past `freshUntil` (default: now); a fleet token that expires sooner is not taken. */
  #fetch(signal?: AbortSignal, freshUntil?: number): Promise<Held> {
    // The shared fetch is not tied to one caller's signal: another caller may still need it.
    this.#pending ??= (this.fleet ? this.#obtainFromFleet(this.fleet.tokens, this.fleet.claimMs, freshUntil) : this.#handshake()).finally(
      () => {
        this.#pending = undefined
      },
    )
    const pending = this.#pending
    if (!signal) return pending
    return new Promise<Held>((resolve, reject) => {
      const onAbort = () => reject(signal.reason)
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
    })
  }

  async #handshake(shared?: FleetTokens): Promise<Held> {
    const token = await this.fetchToken()
    this.#issued += 1
    const expiresAt = this.now() + Math.min(this.reuseMs, tokenLifetimeMs(token.jwt) ?? this.reuseMs)
    if (expiresAt > this.now()) shared?.put({ ...token, expiresAt })
    return this.#hold(token, expiresAt)
  }

  #hold(token: PreAuthToken, expiresAt: number): Held {
    const held: Held = {
      headers: {
        authorization: `Bearer ${encryptBearer(token.jwt, this.key)}`,
        'x-dm-uid': token.uid,
        cookie: `DM_UID=${token.uid}`,
      },
      jwt: token.jwt,
      expiresAt,
    }
    this.#held = held
    return held
  }

  /** The fleet's token if there is one; else one handshake for the fleet, made here or awaited from another instance. */
  async #obtainFromFleet(tokens: FleetTokens, claimMs: number, freshUntil?: number): Promise<Held> {
    const fresh = (token: FleetToken | null | undefined): token is FleetToken =>
      token !== null && token !== undefined && token.expiresAt > Math.max(this.now(), freshUntil ?? 0)
    const found = await tokens.get()
    if (fresh(found)) return this.#hold(found, found.expiresAt)
    if (found === undefined) return this.#handshake()
    const claimed = await tokens.claim(claimMs)
    if (claimed === false) {
      const deadline = this.now() + claimMs
      for (let delay = 10; this.now() < deadline; delay = Math.min(delay * 2, 100)) {
        await new Promise((resolve) => setTimeout(resolve, delay))
        const token = await tokens.get()
        if (fresh(token)) return this.#hold(token, token.expiresAt)
        if (token === undefined) break
        // The claim is gone without a token: that handshake failed; make our own.
        if ((await tokens.claim(claimMs)) !== false) return this.#handshakeClaimed(tokens, fresh)
      }
      return this.#handshake(tokens)
    }
    return claimed ? this.#handshakeClaimed(tokens, fresh) : this.#handshake(tokens)
  }

  async #handshakeClaimed(tokens: FleetTokens, fresh: (token: FleetToken | null | undefined) => token is FleetToken): Promise<Held> {
    try {
      // Another instance may have stored its token between our look and our claim.
      const token = await tokens.get()
      if (fresh(token)) return this.#hold(token, token.expiresAt)
      return await this.#handshake(tokens)
    } finally {
      tokens.release()
    }
  }
}

/** Milliseconds the JWT says it has left, minus a margin for clock skew and transit; undefined if it does not say. */
function tokenLifetimeMs(jwt: string): number | undefined {
  const payload = jwt.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    if (typeof claims.exp !== 'number') return undefined
    return Math.max(0, claims.exp * 1000 - Date.now() - 5_000)
  } catch {
    return undefined
  }
}
