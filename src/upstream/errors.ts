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

  constructor(
    kind: UpstreamErrorKind,
    endpoint: string,
    detail: string,
    /** `internal`: what only the logs may see (upstream field paths, say), added to the message. */
    options: { status?: number; cause?: unknown; retryAfterSeconds?: number; internal?: string } = {},
  ) {
    super(`${endpoint}: ${detail}${options.internal ? ` (${options.internal})` : ''}`, { cause: options.cause })
    this.kind = kind
    this.endpoint = endpoint
    this.detail = detail
    this.status = options.status
    this.retryAfterSeconds = options.retryAfterSeconds
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
