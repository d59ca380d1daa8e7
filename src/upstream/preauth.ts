import { createCipheriv, randomBytes } from 'node:crypto'

/**
 * The storefront's anonymous pre-auth (upstream-protocol.md §4.6): GET /auth/request gives a JWT and
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
  expiresAt: number
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
    if (this.#held?.headers === headers) this.#held = undefined
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
    this.#pending ??= this.fetchToken()
      .then((token) => {
        this.#issued += 1
        const held: Held = {
          headers: {
            authorization: `Bearer ${encryptBearer(token.jwt, this.key)}`,
            'x-dm-uid': token.uid,
            cookie: `DM_UID=${token.uid}`,
          },
          expiresAt: this.now() + Math.min(this.reuseMs, tokenLifetimeMs(token.jwt) ?? this.reuseMs),
        }
        this.#held = held
        return held
      })
      .finally(() => {
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
