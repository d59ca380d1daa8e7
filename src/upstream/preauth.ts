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
export class PreAuthSession {
  #held: Held | undefined
  #pending: Promise<Held> | undefined
  #issued = 0

  constructor(
    private readonly fetchToken: (signal?: AbortSignal) => Promise<PreAuthToken>,
    private readonly key: string,
    private readonly reuseMs: number,
    private readonly now: () => number = Date.now,
    private readonly fleet?: { tokens: FleetTokens; claimMs: number },
  ) {}

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

  /** Starts a handshake early (it runs beside the first unauthenticated call of a request). */
  prefetch(): void {
    const held = this.#held
    if (held && held.expiresAt > this.now()) return
    this.#fetch().catch(() => {
      // The call that needs the token will fetch again and surface the failure.
    })
  }

  #fetch(signal?: AbortSignal): Promise<Held> {
    // The shared fetch is not tied to one caller's signal: another caller may still need it.
    this.#pending ??= (this.fleet ? this.#obtainFromFleet(this.fleet.tokens, this.fleet.claimMs) : this.#handshake()).finally(() => {
      this.#pending = undefined
    })
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
  async #obtainFromFleet(tokens: FleetTokens, claimMs: number): Promise<Held> {
    const found = await tokens.get()
    if (found && found.expiresAt > this.now()) return this.#hold(found, found.expiresAt)
    if (found === undefined) return this.#handshake()
    const claimed = await tokens.claim(claimMs)
    if (claimed === false) {
      const deadline = this.now() + claimMs
      for (let delay = 10; this.now() < deadline; delay = Math.min(delay * 2, 100)) {
        await new Promise((resolve) => setTimeout(resolve, delay))
        const token = await tokens.get()
        if (token && token.expiresAt > this.now()) return this.#hold(token, token.expiresAt)
        if (token === undefined) break
        // The claim is gone without a token: that handshake failed; make our own.
        if ((await tokens.claim(claimMs)) !== false) return this.#handshakeClaimed(tokens)
      }
      return this.#handshake(tokens)
    }
    return claimed ? this.#handshakeClaimed(tokens) : this.#handshake(tokens)
  }

  async #handshakeClaimed(tokens: FleetTokens): Promise<Held> {
    try {
      // Another instance may have stored its token between our look and our claim.
      const token = await tokens.get()
      if (token && token.expiresAt > this.now()) return this.#hold(token, token.expiresAt)
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
