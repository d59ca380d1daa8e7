/**
 * Internal upstream failures. They keep the cause and the upstream status for the logs; the
 * public catalogue in ../errors.ts decides what a caller sees (the translation happens there only).
 */
export type UpstreamErrorKind =
  | 'http' // a non-2xx status that is not one of the kinds below
  | 'timeout' // no answer within UPSTREAM_TIMEOUT_MS
  | 'network' // connection refused or reset, DNS failure
  | 'bad_response' // not JSON, HTML, or a shape our zod schemas reject
  | 'unauthorized' // pre-auth rejected even with a fresh token
  | 'rejected' // success:false with a message
  | 'rate_limited' // 429 after our retries
  | 'circuit_open' // our breaker is failing fast
  | 'overloaded' // our own upstream budget queue is full
  | 'aborted' // the caller went away

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  readonly kind: UpstreamErrorKind
  readonly endpoint: string
  readonly status: number | undefined
  /** A short, sanitised sentence that may be shown to callers as `detail`. */
  readonly detail: string
  readonly retryAfterSeconds: number | undefined
  /**
   * Why the upstream could not be reached at all (no DNS answer, connection refused, no route, TLS
   * refused), when that is the failure: the caller can do nothing but wait, or try offline.
   */
  readonly unreachable: Unreachable | undefined

  constructor(
    kind: UpstreamErrorKind,
    endpoint: string,
    detail: string,
    /** `internal`: what only the logs may see (upstream field paths, say), added to the message. */
    options: { status?: number; cause?: unknown; retryAfterSeconds?: number; internal?: string; unreachable?: Unreachable } = {},
  ) {
    super(`${endpoint}: ${detail}${options.internal ? ` (${options.internal})` : ''}`, { cause: options.cause })
    this.kind = kind
    this.endpoint = endpoint
    this.detail = detail
    this.status = options.status
    this.retryAfterSeconds = options.retryAfterSeconds
    this.unreachable = options.unreachable
  }

  /** The stock lookup answered but told nothing usable (rows missing or junk): unknown, never zero. */
  static stockUnknown(detail: string): UpstreamError {
    return new UpstreamError('bad_response', 'selStrPkupStck', detail)
  }

  /** The store search answered with no store at all where there must be some. */
  static noStores(detail: string): UpstreamError {
    return new UpstreamError('bad_response', 'selStr', detail)
  }

  /**
   * What a caller may read in `detail`: the step that failed and how, in our words. Upstream endpoint
   * and field names stay here and in the logs (the message and cause keep them).
   */
  get publicDetail(): string {
    return `${stepOf(this.endpoint)}: ${this.detail}`
  }

  /** Failures worth counting against the upstream's health (not the caller leaving, not our own queue). */
  get isUpstreamFault(): boolean {
    return this.kind !== 'aborted' && this.kind !== 'overloaded' && this.kind !== 'circuit_open'
  }
}

export type Unreachable = 'dns' | 'refused' | 'route' | 'tls'

const UNREACHABLE: Array<[Unreachable, RegExp, (code: string) => string]> = [
  ['dns', /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA)$/, (code) => `its host name does not resolve (DNS ${code})`],
  ['refused', /^ECONNREFUSED$/, (code) => `the connection was refused (${code})`],
  ['route', /^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN)$/, (code) => `there is no route to its host (${code})`],
  [
    'tls',
    /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|ERR_CERT)/,
    (code) => `the TLS handshake failed (${code})`,
  ],
]

/**
 * The system error code under a failed fetch (undici puts it on `cause`; a connection tried on several
 * addresses fails with an AggregateError whose errors carry it).
 */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown }
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code
    if (Array.isArray(errors) && errors.length > 0) current = errors[0]
    else current = cause
  }
  return undefined
}

/** A network failure in words: which way the upstream could not be reached, when it is one of those. */
export function describeNetworkFailure(code: string | undefined, message = ''): { detail: string; unreachable?: Unreachable } {
  // fetch never connects to a port the Fetch standard blocks (9, 25, 6000 …); it says only "bad port".
  if (!code && message === 'bad port') return { detail: 'the port is one fetch refuses to connect to (bad port)', unreachable: 'refused' }
  if (code) {
    for (const [kind, pattern, say] of UNREACHABLE) if (pattern.test(code)) return { detail: say(code), unreachable: kind }
  }
  return { detail: code ? `network error ${code}` : 'network error' }
}

/** The upstream's endpoints by the step of ours they serve; the names callers see in `detail`. */
const STEPS: Record<string, string> = {
  selStr: 'stores',
  pdThumbSelSimple: 'catalogue',
  selStrPkupStck: 'stock',
  selIntPdStDispInfo: 'placement',
  authRequest: 'pre-auth',
}

export const stepOf = (endpoint: string): string => STEPS[endpoint] ?? 'upstream'

const MAX_DETAIL = 200

/** Turns an arbitrary upstream body into a one-line excerpt that is safe to log or show: no tags, no scripts. */
export function sanitiseExcerpt(text: string): string {
  const stripped = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return stripped.length > MAX_DETAIL ? `${stripped.slice(0, MAX_DETAIL)}…` : stripped
}
