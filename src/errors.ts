import { UpstreamError } from './upstream/errors.js'
import { speak, type Vocabulary } from './vocabulary.js'

/**
 * The public error catalogue: the only vocabulary callers see, on every door (REST body, NDJSON
 * `error` event, MCP `isError` result), and the one source of every table that documents it (docs/rest.md,
 * /developers, OpenAPI enum and response descriptions, MCP instructions). Codes are stable. Adding a
 * code is one entry here; test/habits/docs-in-sync.test.ts fails when a document disagrees.
 *
 * `en` is the default English message, `ko` the Korean one for end users, `when` the condition it
 * reports, `advice` what the caller should do.
 */
export const ERROR_CODES = {
  missing_parameter: {
    status: 400,
    ko: '필수 입력값이 없습니다.',
    en: 'A required parameter is missing.',
    when: 'A required parameter is absent.',
    advice: 'Add the parameter named in `message`; `hint` says what to send.',
  },
  invalid_parameter: {
    status: 400,
    ko: '입력값이 올바르지 않습니다.',
    en: 'A parameter is malformed.',
    when: 'A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.',
    advice: 'Fix the parameter named in `message` as `hint` says.',
  },
  not_found: {
    status: 404,
    ko: '요청한 항목을 찾을 수 없습니다.',
    en: 'No such store or product.',
    when: 'No such store (getStore) or product (availability).',
    advice: 'Search again (store search, catalogue search) and use a returned code or id.',
  },
  route_not_found: {
    status: 404,
    ko: '존재하지 않는 경로입니다.',
    en: 'No such route.',
    when: 'No such route.',
    advice: 'Check the path against `GET /api`.',
  },
  method_not_allowed: {
    status: 405,
    ko: '허용되지 않는 요청 방식입니다.',
    en: 'Method not allowed on this route.',
    when: 'A known route with the wrong method; `Allow` lists the right ones.',
    advice: 'Use a method listed in the `Allow` header.',
  },
  not_acceptable: {
    status: 406,
    ko: '요청한 응답 형식을 제공할 수 없습니다.',
    en: 'The requested media type cannot be produced.',
    when: '`Accept` names no media type the route can send (the MCP endpoint needs JSON and SSE).',
    advice: 'Ask for `application/json` (or `application/x-ndjson` on the product search; both JSON and `text/event-stream` on MCP).',
  },
  request_timeout: {
    status: 408,
    ko: '요청을 받는 데 시간이 너무 오래 걸렸습니다.',
    en: 'The request took too long to arrive.',
    when: 'Headers or body not received within `HEADERS_TIMEOUT_MS` / `REQUEST_TIMEOUT_MS` (answered from the socket, which then closes).',
    advice: 'Send the whole request at once, then read the answer.',
  },
  payload_too_large: {
    status: 413,
    ko: '요청 본문이 너무 큽니다.',
    en: 'The request body is too large.',
    when: 'A request body over the limit (`/api/mcp`).',
    advice: 'Send a smaller request body.',
  },
  unsupported_media_type: {
    status: 415,
    ko: '지원하지 않는 요청 형식입니다.',
    en: 'Unsupported request media type.',
    when: 'A body that is not JSON.',
    advice: 'Send the body as `application/json`.',
  },
  expectation_failed: {
    status: 417,
    ko: '지원하지 않는 Expect 헤더입니다.',
    en: 'The Expect header cannot be met.',
    when: 'An `Expect` header other than `100-continue`.',
    advice: 'Leave `Expect` out, or send `Expect: 100-continue`.',
  },
  headers_too_large: {
    status: 431,
    ko: '요청 헤더가 너무 큽니다.',
    en: 'The request headers are too large.',
    when: "Request headers over Node's 16 KiB (answered from the socket).",
    advice: 'Send fewer or smaller headers (16 KiB in all).',
  },
  rate_limited: {
    status: 429,
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests from this client.',
    when: 'The per-client rate limit (only when `RATE_LIMIT_PER_MINUTE` is set). Over MCP it is a tool result with `retryAfterSeconds`, not an HTTP 429.',
    advice: 'Wait for `Retry-After` (MCP: `retryAfterSeconds`) seconds, then retry.',
  },
  internal_error: {
    status: 500,
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Unexpected server error.',
    when: 'The upstream failed during a product operation (the spec maps it so), a scan hit its deadline, or an unexpected error; `detail` names the step that failed.',
    advice: 'Retry in a few seconds.',
  },
  upstream_error: {
    status: 502,
    ko: '매장 정보 서비스에 일시적인 문제가 있습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The upstream retail service failed or rejected the request.',
    when: 'The upstream failed during a store operation.',
    advice:
      'Retry in a few seconds. When the upstream cannot be reached at all (DNS, connection refused, TLS), `message` names the cause and `hint` the way to try the service offline.',
  },
  overloaded: {
    status: 503,
    ko: '요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The service is at its upstream budget; retry shortly.',
    when: 'Our upstream budget queue or the concurrent-scan cap is full; `Retry-After` is set.',
    advice: 'Wait for `Retry-After` seconds, then retry; keep to a few requests per second.',
  },
  upstream_unavailable: {
    status: 503,
    ko: '매장 정보 서비스가 일시적으로 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The upstream retail service is unavailable; failing fast until it recovers.',
    when: 'The circuit breaker is open after repeated upstream failures; `Retry-After` is the rest of the cool-down.',
    advice: 'Wait for `Retry-After` seconds, then retry; `detail` names the fault that opened the breaker.',
  },
  shutting_down: {
    status: 503,
    ko: '서버가 재시작 중입니다. 잠시 후 다시 시도해 주세요.',
    en: 'The server is shutting down.',
    when: "The server is stopping (also the stream's terminal event then).",
    advice: 'Retry in a few seconds, or on another instance.',
  },
} as const satisfies Record<string, { status: number; ko: string; en: string; when: string; advice: string }>

export type ErrorCode = keyof typeof ERROR_CODES

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]

/** The catalogue as a Markdown table (docs/rest.md, /developers, the Markdown documents). */
export function errorCatalogueTable(): string {
  const rows = ERROR_CODE_NAMES.map((name) => {
    const entry = ERROR_CODES[name]
    return `| \`${name}\` | ${entry.status} | ${entry.when} | ${entry.advice} |`
  })
  return ['| code | status | when | what to do |', '|---|---|---|---|', ...rows].join('\n')
}

export const DOCS_PATH = '/developers'

/** Where the error table is, under a public base URL: every `documentation` link points here. */
export function errorDocumentationUrl(base: string): string {
  return `${base}${DOCS_PATH}#errors`
}

/**
 * The spec's Error body. `documentation` is filled in by the door that knows the public base URL
 * (always on HTTP; on stdio only with PUBLIC_BASE_URL).
 */
export interface ErrorBody {
  error: string
  code: ErrorCode
  message: string
  hint: string
  status: number
  documentation?: string
  detail?: string
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError'
  readonly code: ErrorCode
  readonly status: number
  readonly messageKo: string
  readonly hint: string
  readonly detail: string | undefined
  readonly retryAfterSeconds: number | undefined
  /**
   * Set when the failure is that a store the caller named does not exist, whatever the status (a product
   * operation reports it as 400 by the contract): the command line exits 3 for it as for any missing thing.
   */
  readonly unknownStore: boolean

  constructor(
    code: ErrorCode,
    init: {
      message?: string
      ko?: string
      hint: string
      detail?: string
      retryAfterSeconds?: number
      cause?: unknown
      unknownStore?: boolean
    },
  ) {
    const entry = ERROR_CODES[code]
    super(init.message ?? entry.en, { cause: init.cause })
    this.code = code
    this.status = entry.status
    this.messageKo = init.ko ?? entry.ko
    this.hint = init.hint
    this.detail = init.detail
    this.retryAfterSeconds = init.retryAfterSeconds
    this.unknownStore = init.unknownStore === true
  }

  /** The one renderer of the Error body, for every door: the text in the door's words (see vocabulary.ts). */
  toBody(vocabulary: Vocabulary, documentation?: string): ErrorBody {
    const body: ErrorBody = {
      error: speak(this.messageKo, vocabulary),
      code: this.code,
      message: speak(this.message, vocabulary),
      hint: speak(this.hint, vocabulary),
      status: this.status,
    }
    if (documentation !== undefined) body.documentation = documentation
    if (this.detail !== undefined) body.detail = this.detail
    return body
  }
}

export const missingParameter = (name: string, hint?: string): ServiceError =>
  new ServiceError('missing_parameter', {
    message: `Missing required parameter '${name}'.`,
    ko: `필수 입력값 '${name}'이(가) 없습니다.`,
    hint: hint ?? `Add the '${name}' parameter.`,
  })

export const invalidParameter = (name: string, problem: string, hint: string): ServiceError =>
  new ServiceError('invalid_parameter', {
    message: `Invalid parameter '${name}': ${problem}`,
    ko: `입력값 '${name}'이(가) 올바르지 않습니다.`,
    hint,
  })

export const unknownStoreForProducts = (code: string): ServiceError =>
  new ServiceError('invalid_parameter', {
    message: `Invalid parameter '{storeCode}': no store has the code '${code}'.`,
    ko: `매장 코드 '${code}'에 해당하는 매장이 없습니다.`,
    hint: 'Call {searchStores} first and pass one of the returned store codes as {storeCode}.',
    unknownStore: true,
  })

export const storeNotFound = (code: string): ServiceError =>
  new ServiceError('not_found', {
    message: `No store has the code '${code}'.`,
    ko: `매장 코드 '${code}'에 해당하는 매장을 찾을 수 없습니다.`,
    hint: 'Find the store code with {searchStores} by keyword or coordinates.',
    unknownStore: true,
  })

/** The way out when the chain's service cannot be reached (DNS, refused, TLS), in each door's words. */
export const OFFLINE = 'To try the service offline, {offlineOption}.'

/** Whether the failure is that the chain's service cannot be reached at all (its cause says how). */
export function isUnreachable(error: ServiceError): boolean {
  return error.cause instanceof UpstreamError && error.cause.unreachable !== undefined
}

/** Whether the chain's service is to blame (as opposed to the caller's own mistake): worth a warning to whoever runs us. */
export function isUpstreamFailure(error: ServiceError): boolean {
  return error.cause instanceof UpstreamError || ['upstream_error', 'upstream_unavailable', 'overloaded'].includes(error.code)
}

/** Which family an operation belongs to decides its upstream-failure status (docs/spec.md §7). */
export type OperationFamily = 'store' | 'product'

/**
 * What a door makes of a failure: the service's own error as it is, anything else (a defect in the
 * door) an internal error. The service has already turned every upstream failure into its family's
 * error, so no door decides a family.
 */
export function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error
  return new ServiceError('internal_error', {
    hint: 'Retry the request; if it keeps failing, report it with the time of the request.',
    cause: error,
  })
}

/**
 * The one place where internal failures become public errors, called by the service, which knows
 * each operation's family. Store operations report upstream
 * failures as 502 `upstream_error`, product operations as 500 `internal_error` (docs/spec.md §7); overload and
 * an open circuit are 503 with Retry-After on both.
 */
export function toServiceError(error: unknown, family: OperationFamily): ServiceError {
  if (error instanceof ServiceError) return error
  if (error instanceof UpstreamError) {
    const retry = error.retryAfterSeconds
    switch (error.kind) {
      case 'overloaded':
        return new ServiceError('overloaded', {
          hint: `Retry after ${retry ?? 1} s; keep to a few requests per second.`,
          detail: error.detail,
          retryAfterSeconds: retry ?? 1,
          cause: error,
        })
      case 'circuit_open':
        return new ServiceError('upstream_unavailable', {
          hint: error.unreachable
            ? `The chain's service cannot be reached from here; retry after ${retry ?? 30} s. ${OFFLINE}`
            : `The upstream has been failing; retry after ${retry ?? 30} s.`,
          detail: error.detail,
          retryAfterSeconds: retry ?? 30,
          cause: error,
        })
      case 'aborted':
        return new ServiceError('internal_error', {
          message: 'The request was cancelled before it finished.',
          hint: 'Send the request again and keep the connection open until it answers.',
          detail: error.detail,
          cause: error,
        })
      default: {
        const what = upstreamKindSentence(error)
        const code = family === 'store' ? 'upstream_error' : 'internal_error'
        return new ServiceError(code, {
          message: error.unreachable
            ? `The upstream retail service could not be reached: ${error.detail}.`
            : `The upstream retail service failed: ${what}.`,
          hint:
            error.kind === 'rate_limited'
              ? `The upstream is rate limiting; retry after ${retry ?? 5} s.`
              : error.unreachable
                ? `This is not a problem with your request: the chain's service cannot be reached from here. Retry when the network is back. ${OFFLINE}`
                : 'This is not a problem with your request. Retry in a few seconds; if it persists, check {upstreamHealth}.',
          detail: error.publicDetail,
          retryAfterSeconds: error.kind === 'rate_limited' ? (retry ?? 5) : undefined,
          cause: error,
        })
      }
    }
  }
  return asServiceError(error)
}

function upstreamKindSentence(error: UpstreamError): string {
  switch (error.kind) {
    case 'timeout':
      return 'it did not answer in time'
    case 'network':
      return 'it could not be reached'
    case 'bad_response':
      return 'it sent a response we could not understand'
    case 'unauthorized':
      return 'it refused our anonymous pre-auth token'
    case 'rejected':
      return 'it rejected the request'
    case 'rate_limited':
      return 'it is rate limiting us'
    default:
      return error.status !== undefined ? `it answered HTTP ${error.status}` : 'it failed'
  }
}
