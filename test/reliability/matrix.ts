import { stepOf } from '../../src/upstream/errors.js'
// Shared by the three fault-matrix files (REST, NDJSON, MCP): the faults, which upstream endpoints each
// operation depends on, what the caller must see, and the checks every failure answer must pass.
// No tests here (tap lists this file as "no tests found").

import type tap from 'tap'
import { ErrorSchema } from '../../src/schemas.js'
import type { SimEndpoint, SimFault, Simulator } from '../../simulator/server.js'
import type { Runtime } from '../../src/runtime.js'
import { within } from '../helpers/wait.js'

/**
 * Timeouts: the matrix hosts app and simulator in one process, and with the suite running beside it that
 * process's event loop stalls for up to a second (measured), so a healthy upstream call must have room:
 * 5 s per attempt, 20 s per scan. Hang cases wait out the 5 s, each on a lane of its own, all at once.
 * A generous upstream budget so the matrix never waits on our own rate limit (the budget has its own
 * tests); the breaker out of the way (its own tests open it on purpose). Retries stay at the production
 * default (1) so retry paths run too.
 */
export const MATRIX_ENV: Record<string, string> = {
  UPSTREAM_TIMEOUT_MS: '5000',
  UPSTREAM_RETRIES: '1',
  SCAN_DEADLINE_MS: '20000',
  UPSTREAM_MAX_RPS: '10000',
  UPSTREAM_MAX_CONCURRENCY: '64',
  CIRCUIT_FAILURE_THRESHOLD: '1000',
}

/**
 * A liveness bound, not a latency threshold: far above anything the configuration allows (20 s scan
 * deadline; 2 × 5 s attempts plus backoff for store calls), so a request that never answers fails its
 * case with a clear message instead of stalling the file until tap's timeout.
 */
export const WATCHDOG_MS = 60_000

/**
 * An answer without its `asOf`: a cold start reads the stock again, so the time differs between two
 * healthy answers; that it is there at all is checked wherever stock is answered.
 */
export function withoutAsOf(answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return answer
  const { asOf: _asOf, ...rest } = answer as Record<string, unknown>
  return rest
}

export interface FaultCase {
  name: string
  fault: SimFault
}

/** The fault list of docs/reliability.md, with both 401 and 403, the Unauthorized-in-a-200 body and an HTML page sent as 200. */
export const FAULTS: readonly FaultCase[] = [
  { name: 'HTTP 500', fault: { kind: 'http500' } },
  { name: 'HTML error page (502)', fault: { kind: 'html' } },
  { name: 'HTML page with status 200', fault: { kind: 'html', status: 200 } },
  { name: '401 Unauthorized', fault: { kind: 'unauthorized', status: 401 } },
  { name: '403 Forbidden', fault: { kind: 'unauthorized', status: 403 } },
  { name: 'Unauthorized body with 200', fault: { kind: 'unauthorizedBody' } },
  { name: 'success:false', fault: { kind: 'successFalse' } },
  { name: 'hang past the timeout', fault: { kind: 'hang' } },
  { name: 'malformed JSON', fault: { kind: 'malformedJson' } },
  // Retry-After: 0 keeps the matrix fast (the client retries at once); the REST file has a case
  // with a real Retry-After that must reach the caller.
  { name: '429 with Retry-After', fault: { kind: 'rateLimited', retryAfterSeconds: 0 } },
  { name: 'connection reset', fault: { kind: 'reset' } },
  { name: 'shape drift: renamed field', fault: { kind: 'shapeDrift', variant: 'renamedField' } },
  { name: 'shape drift: word for a number', fault: { kind: 'shapeDrift', variant: 'wordForNumber' } },
]

/** The faults that change what an endpoint answers (a word for a number has no number to replace in the handshake). */
export function faultsFor(endpoint: SimEndpoint): readonly FaultCase[] {
  if (endpoint === 'authRequest') return FAULTS.filter((f) => !(f.fault.kind === 'shapeDrift' && f.fault.variant === 'wordForNumber'))
  return FAULTS
}

/** Endpoints that need the pre-auth token: a refusal there must be retried once with a fresh token. */
export const PROTECTED: ReadonlySet<SimEndpoint> = new Set(['selStrPkupStck', 'selIntPdStDispInfo'])

export const isRefusal = (fault: SimFault): boolean => fault.kind === 'unauthorized' || fault.kind === 'unauthorizedBody'

export const STORE_FAILURE = { status: 502, code: 'upstream_error' } as const
export const PRODUCT_FAILURE = { status: 500, code: 'internal_error' } as const

/** Upstream steps of each operation (see src/service.ts). */
export const STORE_DEPENDS: readonly SimEndpoint[] = ['selStr']
export const PRODUCT_SEARCH_DEPENDS: readonly SimEndpoint[] = [
  'selStr',
  'pdThumbSelSimple',
  'authRequest',
  'selStrPkupStck',
  'selIntPdStDispInfo',
]
/** Availability fails on these; a placement failure (selIntPdStDispInfo) is answered with null placement by design. */
export const AVAILABILITY_DEPENDS: readonly SimEndpoint[] = ['selStr', 'authRequest', 'selStrPkupStck']

/** Inputs shared by the doors, so every door asks the same questions. */
export const INPUT = {
  keyword: '강남',
  latitude: 37.4979,
  longitude: 127.0276,
  storeCode: '10528',
  branchCode: '11199',
  productKeyword: '수납',
  productId: '1047618',
  /** Well-formed, unknown to the upstream: without a catalogue answer it must not become 404. */
  unknownProductId: '9999999',
} as const

/**
 * Waits until the previous case's upstream calls are over (a failed scan leaves placement calls and
 * their retries running, and a new case must not join those flights), then resets the simulator, forgets
 * the pre-auth token and empties the caches: every case starts cold.
 */
export async function coldStart(simulator: Simulator, runtime: Runtime): Promise<void> {
  await runtime.client.budget.idle()
  simulator.reset()
  runtime.upstream.clear()
  runtime.client.preauth.clear()
}

// --- checks ----------------------------------------------------------------------------------------

/** tap's test object, as subtests receive it. */
export type TapTest = Parameters<Parameters<typeof tap.test>[0]>[0]
type Assert = Pick<TapTest, 'ok' | 'equal' | 'match' | 'notMatch' | 'fail'>

/** What must never reach a caller: markup, the error page's script and strings, tokens, control characters. */
const LEAKS: ReadonlyArray<[RegExp, string]> = [
  [/<|>/, 'markup'],
  [/<script|cf_chl|challenge-platform|window\._|document\.(cookie|create)/i, 'script from the error page'],
  [/do not show this text|d2Fybi1sZWFrLXJhdy1odG1s/i, 'hidden text from the error page'],
  [/bearer|eyJ[\w-]{8,}|DM_UID=/i, 'a token'],
]

/** A short, single-line, sanitised `detail` that names our step that failed, never the upstream's endpoint or fields. */
export function checkDetail(t: Assert, detail: unknown, endpoint: SimEndpoint | null): void {
  if (typeof detail !== 'string') {
    t.fail(`detail is a string (got ${JSON.stringify(detail)})`)
    return
  }
  t.ok(detail.length > 0 && detail.length <= 300, `detail is short (${detail.length} characters)`)
  t.notMatch(detail, /[\u0000-\u001f\u007f]/, 'detail is one line without control characters')
  if (endpoint !== null) t.match(detail, new RegExp(`^${stepOf(endpoint)}: `), `detail names the ${stepOf(endpoint)} step`)
  t.notMatch(detail, /selStr|pdThumb|PkupStck|DispInfo|authRequest|data\.\d|pdNo|strCd|stck/, 'no upstream endpoint or field name')
}

/** The whole answer (REST body, stream event, tool result text) carries nothing from the upstream's page or session. */
export function checkNoLeaks(t: Assert, text: string): void {
  for (const [pattern, what] of LEAKS) t.notMatch(text, pattern, `no ${what} in the answer`)
}

/** The spec's Error shape with the expected code and status, and a sanitised detail naming the endpoint. */
export function checkErrorBody(
  t: Assert,
  body: unknown,
  expected: { status: number; code: string },
  endpoint: SimEndpoint | null,
  options: { documentation?: boolean } = {},
): void {
  const schema = options.documentation === false ? ErrorSchema.partial({ documentation: true }) : ErrorSchema
  const parsed = schema.safeParse(body)
  t.ok(
    parsed.success,
    `the Error shape${parsed.success ? '' : `: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`}`,
  )
  const record = (body ?? {}) as Record<string, unknown>
  t.equal(record['code'], expected.code, 'code')
  t.equal(record['status'], expected.status, 'status in the body')
  checkDetail(t, record['detail'], endpoint)
  checkNoLeaks(t, JSON.stringify(body))
}

/** Resolves with the promise's value, or rejects if it has not settled within WATCHDOG_MS. */
export function answered<T>(promise: Promise<T>, what: string): Promise<T> {
  return within(`an answer to ${what}`, promise, { timeoutMs: WATCHDOG_MS })
}

/** Collects unhandled rejections while a file runs; the last test asserts there were none. */
export function watchRejections(): { readonly seen: unknown[]; stop(): void } {
  const seen: unknown[] = []
  const onRejection = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', onRejection)
  return { seen, stop: () => process.off('unhandledRejection', onRejection) }
}

/** The upstream fault reached the endpoint, and a refused token was replaced once before giving up. */
export function checkFaultReached(t: Assert, simulator: Simulator, endpoint: SimEndpoint, fault: SimFault): void {
  const calls = simulator.stats().calls
  t.ok(calls[endpoint] >= 1, `${endpoint} was called`)
  if (PROTECTED.has(endpoint) && isRefusal(fault)) {
    t.ok(calls.authRequest >= 2, `a fresh token was fetched after the refusal (${calls.authRequest} handshakes)`)
    t.ok(calls[endpoint] >= 2, `${endpoint} was tried again with it (${calls[endpoint]} calls)`)
  }
}

// --- lanes ---------------------------------------------------------------------------------------------

/**
 * Faults are global to a simulator, so cases on one simulator run one at a time. Much of a case is
 * waiting (retry backoff), so each file runs LANES cases at once (tap `t.jobs`), each on a lane of its
 * own: its own simulator and app, borrowed from this pool. (Hang cases build a fresh lane each.)
 */
export const LANES = 4

export class LanePool<L> {
  readonly #free: L[]
  readonly #waiting: Array<(lane: L) => void> = []

  constructor(lanes: L[]) {
    this.#free = [...lanes]
  }

  async use<T>(run: (lane: L) => Promise<T>): Promise<T> {
    const lane = this.#free.pop() ?? (await new Promise<L>((resolve) => this.#waiting.push(resolve)))
    try {
      return await run(lane)
    } finally {
      const next = this.#waiting.shift()
      if (next) next(lane)
      else this.#free.push(lane)
    }
  }
}
