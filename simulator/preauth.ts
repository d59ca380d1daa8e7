// The upstream's anonymous pre-auth scheme (docs/upstream-protocol.md §4.6): GET /auth/request hands out a
// short-lived JWT plus an X-DM-UID header; protected calls send `Bearer base64(IV) ‖ base64(AES-128-CBC(JWT))`
// under a fixed key shipped in the storefront JS. The simulator signs tokens with a secret derived from that
// shared key and binds them to the User-Agent, which is what the sources report the real service does (IP
// binding is left out: every simulator client is local). Deriving the secret, not drawing it at random, makes
// a token verifiable statelessly by any simulator with the same key, as the real upstream's tokens are by any
// of its servers: a fleet whose instances each start their own simulator shares one token through Redis.

import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

/** The 16-character key string the storefront JS encrypts bearers with; its UTF-8 bytes are the AES key. */
export const SIMULATOR_PREAUTH_KEY = 'PRE_AUTH_ENC_KEY'

export interface PreAuthClaims {
  uid: string
  /** Seconds since the epoch. */
  iat: number
  /** Seconds since the epoch; fractional so that sub-second lifetimes (tests) work. */
  exp: number
  /** Hash of the requester's User-Agent. */
  uah: string
  jti: string
}

export type PreAuthFailure =
  'missing-bearer' | 'bad-bearer' | 'bad-token' | 'bad-signature' | 'expired' | 'missing-uid' | 'uid-mismatch' | 'user-agent-mismatch'

export type PreAuthCheck = { ok: true; claims: PreAuthClaims } | { ok: false; reason: PreAuthFailure }

export function userAgentHash(userAgent: string | undefined): string {
  return createHash('sha256')
    .update(userAgent ?? '')
    .digest('base64url')
    .slice(0, 22)
}

function aesKey(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8')
  if (bytes.length !== 16) throw new Error('pre-auth key must be 16 bytes of UTF-8 (AES-128)')
  return bytes
}

/** Builds the bearer value the way the storefront JS (CryptoJS defaults) does. */
export function encryptBearer(token: string, key: string = SIMULATOR_PREAUTH_KEY, iv: Buffer = randomBytes(16)): string {
  const cipher = createCipheriv('aes-128-cbc', aesKey(key), iv)
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return iv.toString('base64') + ciphertext.toString('base64')
}

/** Inverse of encryptBearer; null when the value is not a well-formed bearer under this key. */
export function decryptBearer(bearer: string, key: string = SIMULATOR_PREAUTH_KEY): string | null {
  // base64 of a 16-byte IV is always 24 characters, so the server splits there.
  if (bearer.length <= 24) return null
  const iv = Buffer.from(bearer.slice(0, 24), 'base64')
  const ciphertext = Buffer.from(bearer.slice(24), 'base64')
  if (iv.length !== 16 || ciphertext.length === 0 || ciphertext.length % 16 !== 0) return null
  try {
    const decipher = createDecipheriv('aes-128-cbc', aesKey(key), iv)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
  } catch {
    return null // wrong key shows up as a padding error
  }
}

/** The token-signing secret: the one given, else one derived from the bearer key (the same on every simulator). */
export function signingSecretFor(key: string, signingSecret?: string): Buffer {
  return createHmac('sha256', signingSecret ?? key)
    .update('store-finder simulator pre-auth token signing')
    .digest()
}

/** Bearers and User-Agents remembered; a few clients at a time, so a small bound that is simply reset. */
const MEMO_LIMIT = 256

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')

export interface PreAuthOptions {
  key?: string
  /** The HMAC secret tokens are signed with; default derived from `key`, so simulators sharing a key accept each other's tokens. */
  signingSecret?: string
  ttlMs: number
  now?: () => number
}

export class PreAuthority {
  readonly key: string
  ttlMs: number
  private readonly secret: Buffer
  private readonly now: () => number
  /**
   * Bearers whose decryption and signature have been checked, with their claims. A client sends the same
   * bearer with every call until it expires, and deciphering and verifying it on each call was a third of
   * the simulator's CPU in a cold nearby answer (16 protected calls), time the bench counted as the
   * service's. Expiry, uid and User-Agent are still checked on every call.
   */
  private readonly checkedBearers = new Map<string, PreAuthClaims>()
  private readonly agentHashes = new Map<string, string>()

  constructor(options: PreAuthOptions) {
    this.key = options.key ?? SIMULATOR_PREAUTH_KEY
    aesKey(this.key)
    this.secret = signingSecretFor(this.key, options.signingSecret)
    this.ttlMs = options.ttlMs
    this.now = options.now ?? Date.now
  }

  issue(userAgent: string | undefined): { token: string; uid: string; claims: PreAuthClaims } {
    const nowMs = this.now()
    const claims: PreAuthClaims = {
      uid: randomUUID(),
      iat: Math.floor(nowMs / 1000),
      exp: (nowMs + this.ttlMs) / 1000,
      uah: userAgentHash(userAgent),
      jti: randomBytes(9).toString('base64url'),
    }
    const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`
    const signature = createHmac('sha256', this.secret).update(signingInput).digest('base64url')
    return { token: `${signingInput}.${signature}`, uid: claims.uid, claims }
  }

  verifyToken(token: string): { ok: true; claims: PreAuthClaims } | { ok: false; reason: PreAuthFailure } {
    const parts = token.split('.')
    const [header, payload, signature] = parts
    if (parts.length !== 3 || header === undefined || payload === undefined || signature === undefined) {
      return { ok: false, reason: 'bad-token' }
    }
    const expected = createHmac('sha256', this.secret).update(`${header}.${payload}`).digest()
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' }
    let claims: PreAuthClaims
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreAuthClaims
    } catch {
      return { ok: false, reason: 'bad-token' }
    }
    if (this.now() / 1000 >= claims.exp) return { ok: false, reason: 'expired' }
    return { ok: true, claims }
  }

  /** Checks the header set of a protected call (Authorization, X-DM-UID, User-Agent). */
  check(headers: { authorization?: string | undefined; uid?: string | undefined; userAgent?: string | undefined }): PreAuthCheck {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')
    const bearer = match?.[1]
    if (bearer === undefined) return { ok: false, reason: 'missing-bearer' }
    let claims = this.checkedBearers.get(bearer)
    if (claims === undefined) {
      const token = decryptBearer(bearer, this.key)
      if (token === null) return { ok: false, reason: 'bad-bearer' }
      const verified = this.verifyToken(token.trim())
      if (!verified.ok) return verified
      claims = verified.claims
      if (this.checkedBearers.size >= MEMO_LIMIT) this.checkedBearers.clear()
      this.checkedBearers.set(bearer, claims)
    } else if (this.now() / 1000 >= claims.exp) {
      return { ok: false, reason: 'expired' }
    }
    if (headers.uid === undefined || headers.uid === '') return { ok: false, reason: 'missing-uid' }
    if (headers.uid !== claims.uid) return { ok: false, reason: 'uid-mismatch' }
    if (this.agentHash(headers.userAgent) !== claims.uah) return { ok: false, reason: 'user-agent-mismatch' }
    return { ok: true, claims }
  }

  private agentHash(userAgent: string | undefined): string {
    const key = userAgent ?? ''
    let hash = this.agentHashes.get(key)
    if (hash === undefined) {
      hash = userAgentHash(userAgent)
      if (this.agentHashes.size >= MEMO_LIMIT) this.agentHashes.clear()
      this.agentHashes.set(key, hash)
    }
    return hash
  }
}
