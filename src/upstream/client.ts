import { z } from 'zod'
import { UpstreamBudget, type FleetBudget } from './budget.js'
import { CircuitBreaker, type FleetCircuit } from './circuit.js'
import { UpstreamError, describeNetworkFailure, networkCode, sanitiseExcerpt } from './errors.js'
import {
  stockKey,
  type CatalogueQuery,
  type CatalogueRows,
  type ProductListPage,
  type ProductLister,
  type StockAnswer,
  type StockPair,
  type StoreListPage,
  type StoreLister,
  type StoreQuery,
  type Upstream,
} from './port.js'
import { handshakeListener, rawReplyListener, type RawReplyListener } from './raw-replies.js'
import { PreAuthSession, type PreAuthHeaders, type PreAuthToken, type FleetTokens } from './preauth.js'
import {
  CatalogueEnvelope,
  JWT_SHAPE,
  PlacementEnvelope,
  StockEnvelope,
  StoreEnvelope,
  parseQuantity,
  placementReplyChecked,
  stockReplyChecked,
  type Placement,
  type UpstreamStore,
} from './schemas.js'
import type { Telemetry } from '../telemetry.js'
import { BodyReadError, HttpStatusError, Transport, WireTimeoutError, type WireAnswer, type WireRequest } from './transport.js'

export interface UpstreamClientOptions {
  baseUrl: string
  timeoutMs: number
  retries: number
  userAgent: string
  preauthKey: string
  tokenReuseMs: number
  maxConcurrency: number
  maxRps: number
  queueLimit: number
  circuitFailureThreshold: number
  circuitCooldownMs: number
  /** Injected for tests. */
  fetch?: typeof fetch
  /** The fleet's shared budget, token and breaker (REDIS_URL); absent: this process alone. */
  fleet?: FleetState
  /** Where calls and budget waits are counted (/metrics). */
  telemetry?: Telemetry
}

export interface FleetState {
  budget: FleetBudget
  tokens: FleetTokens
  circuit: FleetCircuit
  /** Whether the shared store answers now (the breaker shows its local state while it does not). */
  usable: () => boolean
}

/** The longest one upstream call may take with its retries: how long a fleet permit or claim lasts. */
export function callBoundMs(options: Pick<UpstreamClientOptions, 'timeoutMs' | 'retries'>): number {
  return options.timeoutMs * (options.retries + 1) + (MAX_RETRY_AFTER_MS + 1_000) * options.retries + 1_000
}

/** A hand-written check of a large reply: the schema's output when the reply is well-formed, else undefined (zod then says why). */
type Checked<S extends z.ZodType> = (json: unknown) => z.output<S> | undefined

const ENDPOINTS = {
  selStr: 'ms/msg/selStr',
  pdThumbSelSimple: 'pdo/pdThumbSelSimple',
  authRequest: 'auth/request',
  selStrPkupStck: 'pd/pdh/selStrPkupStck',
  selIntPdStDispInfo: 'pdo/selIntPdStDispInfo',
} as const
type Endpoint = keyof typeof ENDPOINTS

// Transient failures worth one more try (docs/upstream-protocol.md §5: one public client's policy, which includes Cloudflare's 522/524).
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504, 522, 524]
const MAX_RETRY_AFTER_MS = 5_000

/** Placement lookups one answer makes side by side after a stock call (a nearby answer's: about 15). */
const PLACEMENT_BURST = 16

/** Seoul City Hall, the default point of hmm, zam and pyskill (upstream-protocol.md §4.1). */
const LIST_ORIGIN = { latitude: 37.5665, longitude: 126.978 }

/**
 * The client of the chain's front-office API. Every call passes the circuit breaker and the global
 * budget, has a per-attempt timeout and bounded retries for transient failures, and has its reply
 * validated by zod before anything else sees it.
 */
export class UpstreamClient implements Upstream, StoreLister, ProductLister {
  readonly budget: UpstreamBudget
  readonly circuit: CircuitBreaker
  readonly preauth: PreAuthSession
  readonly #http: Transport
  readonly #userAgent: string
  readonly #telemetry: Telemetry | undefined

  constructor(options: UpstreamClientOptions) {
    this.#userAgent = options.userAgent
    this.#telemetry = options.telemetry
    const { fleet } = options
    const boundMs = callBoundMs(options)
    this.budget = new UpstreamBudget(
      { concurrency: options.maxConcurrency, perSecond: options.maxRps, queueLimit: options.queueLimit },
      fleet?.budget,
    )
    this.circuit = new CircuitBreaker(
      options.circuitFailureThreshold,
      options.circuitCooldownMs,
      Date.now,
      fleet && { store: fleet.circuit, probeMs: boundMs, usable: fleet.usable },
    )
    this.preauth = new PreAuthSession(
      (signal) => this.#fetchToken(signal),
      options.preauthKey,
      options.tokenReuseMs,
      Date.now,
      fleet && { tokens: fleet.tokens, claimMs: boundMs },
    )
    this.#http = new Transport({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      headers: {
        accept: 'application/json, text/plain, */*',
        'accept-language': 'ko-KR,ko;q=0.9',
        // The pre-auth token is bound to the User-Agent, so every call sends the same one.
        'user-agent': options.userAgent,
      },
      // These POSTs are read-only queries, so repeating one is safe.
      retry: {
        limit: options.retries,
        statuses: RETRY_STATUSES,
        afterStatuses: [429, 503],
        maxRetryAfterMs: MAX_RETRY_AFTER_MS,
        backoffLimitMs: 1_000,
        delayMs: (attempt) => 100 * 2 ** (attempt - 1),
      },
    })
  }

  warmUp(): void {
    this.preauth.prefetch()
  }

  /**
   * What a server does at start so its first question makes only the calls it needs: the pre-auth token
   * fetched and from then on renewed before it expires (PreAuthSession.keepFresh), and `connections`
   * opened toward the upstream. Opened connections close after a few idle seconds, as kept-alive ones do.
   */
  prepare(connections: number, keepTokenFresh: boolean): void {
    this.#http.prewarm(connections)
    if (keepTokenFresh && this.preauth.reusesTokens) this.preauth.keepFresh()
  }

  /** Stops the background token renewal. */
  close(): void {
    this.preauth.stopKeepingFresh()
  }

  async searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
    const hasCoordinates = query.latitude !== undefined && query.longitude !== undefined
    const body: Record<string, unknown> = {
      keyword: query.keyword ?? '',
      currentPage: query.page,
      pageSize: query.pageSize,
    }
    if (hasCoordinates) {
      body.curLttd = query.latitude
      body.curLitd = query.longitude
      body.geolocationAgrYn = 'Y'
    }
    const reply = await this.#call('selStr', body, StoreEnvelope, signal)
    return this.#dataOf('selStr', reply)
  }

  /**
   * One page of every store: an empty keyword around Seoul City Hall (the point real clients default to),
   * so pages keep one order from call to call; `totalCnt` of the first row is the chain's count.
   */
  async listStores(page: number, pageSize: number, signal?: AbortSignal): Promise<StoreListPage> {
    const stores = await this.searchStores({ keyword: '', ...LIST_ORIGIN, page, pageSize }, signal)
    return { stores, total: stores[0]?.total ?? null }
  }

  async findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
    const reply = await this.#call('selStr', { inclusiveStrCd: code }, StoreEnvelope, signal)
    return this.#dataOf('selStr', reply).find((store) => store.code === code) ?? null
  }

  async searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows> {
    const reply = await this.#call(
      'pdThumbSelSimple',
      { searchText: query.text, currentPage: query.page, pageSize: query.pageSize },
      CatalogueEnvelope,
      signal,
    )
    const rows = this.#dataOf('pdThumbSelSimple', reply)
    return {
      items: rows.map(({ total: _total, ...item }) => item),
      total: rows[0]?.total ?? null,
    }
  }

  /**
   * One page of the whole catalogue: the catalogue search with an empty text, which the chain's search may
   * answer with every product (and `totalCnt`) or with nothing (src/products/index.ts finds out which).
   */
  listProducts(page: number, pageSize: number, signal?: AbortSignal): Promise<ProductListPage> {
    return this.searchCatalogue({ text: '', page, pageSize }, signal)
  }

  async getStock(pairs: StockPair[], signal?: AbortSignal): Promise<StockAnswer> {
    const answer: StockAnswer = new Map(pairs.map((p) => [stockKey(p.productId, p.storeCode), null]))
    if (pairs.length === 0) return answer
    const body = pairs.map((p) => ({ pdNo: p.productId, strCd: p.storeCode }))
    // Placement lookups for what is in stock follow a stock call: their connections open while it is out.
    this.#http.prewarm(Math.min(pairs.length, PLACEMENT_BURST) + 1)
    const reply = await this.#protected('selStrPkupStck', body, StockEnvelope, signal, stockReplyChecked)
    answer.readAt = Date.now()
    for (const row of this.#dataOf('selStrPkupStck', reply)) {
      const key = stockKey(row.pdNo, row.strCd)
      if (answer.has(key)) answer.set(key, parseQuantity(row.stck))
    }
    return answer
  }

  async getPlacement(productId: string, storeCode: string, signal?: AbortSignal): Promise<Placement | null> {
    const reply = await this.#protected(
      'selIntPdStDispInfo',
      { pdNo: productId, strCd: storeCode },
      PlacementEnvelope,
      signal,
      placementReplyChecked,
    )
    return this.#dataOf('selIntPdStDispInfo', reply)[0] ?? null
  }

  #dataOf<T>(endpoint: Endpoint, reply: { success: boolean; message?: string | null | undefined; data?: T[] | null | undefined }): T[] {
    if (!reply.success) {
      const message = reply.message ?? ''
      if (/unauthori[sz]ed/i.test(message)) {
        throw new UpstreamError('unauthorized', endpoint, 'the pre-auth token was refused')
      }
      throw new UpstreamError('rejected', endpoint, message ? sanitiseExcerpt(message) : 'success:false without a message')
    }
    // success:true without data is not "nothing found": an empty result is an empty array.
    if (!Array.isArray(reply.data)) {
      throw new UpstreamError('bad_response', endpoint, 'success:true but no data array')
    }
    return reply.data
  }

  /** A pre-auth call: one retry with a fresh token when the upstream refuses the current one. */
  async #protected<S extends z.ZodType>(
    endpoint: Endpoint,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
    checked?: Checked<S>,
  ): Promise<z.output<S>> {
    for (let attempt = 1; ; attempt++) {
      const headers: PreAuthHeaders = await this.preauth.headers(signal).catch((error: unknown) => {
        throw error instanceof UpstreamError
          ? error
          : new UpstreamError('network', 'authRequest', 'the pre-auth handshake failed', { cause: error })
      })
      try {
        const reply = await this.#call(endpoint, body, schema, signal, { ...headers }, checked)
        const rec = reply as { success?: unknown; message?: unknown }
        if (rec.success === false && typeof rec.message === 'string' && /unauthori[sz]ed/i.test(rec.message)) {
          throw new UpstreamError('unauthorized', endpoint, 'the pre-auth token was refused', { status: 200 })
        }
        return reply
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'unauthorized') {
          this.preauth.invalidate(headers)
          if (attempt < 2) continue
        }
        throw error
      }
    }
  }

  async #fetchToken(signal?: AbortSignal): Promise<PreAuthToken> {
    const endpoint = 'authRequest'
    const listener = handshakeListener()
    return this.#guarded(endpoint, signal, async () => {
      const response = await this.#send(endpoint, { method: 'GET', path: ENDPOINTS.authRequest, signal })
      const uid = response.header('x-dm-uid')?.trim()
      const jwt = response.body.trim()
      // The handshake's "reply" is a header and a text body; its shape is theirs.
      listener?.(endpoint, { headers: uid === undefined ? {} : { 'x-dm-uid': uid }, body: jwt })
      if (!jwt || !uid) {
        throw new UpstreamError(
          'bad_response',
          endpoint,
          !jwt ? 'the pre-auth answer had an empty body' : 'the pre-auth answer had no X-DM-UID header',
          { status: response.status },
        )
      }
      if (!JWT_SHAPE.test(jwt)) {
        throw new UpstreamError('bad_response', endpoint, 'the pre-auth answer is not a token', { status: response.status })
      }
      return { jwt, uid }
    })
  }

  /** Every upstream attempt's path: counted, behind the endpoint's breaker, then the shared budget (the wait timed). */
  #guarded<T>(endpoint: Endpoint, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    const asked = performance.now()
    return this.#counted(endpoint, () =>
      this.circuit.run(endpoint, () =>
        this.budget.run(
          endpoint,
          () => {
            this.#telemetry?.budgetWait(endpoint, performance.now() - asked)
            return attempt()
          },
          signal,
        ),
      ),
    )
  }

  /** Counts one call's outcome: `ok`, or the kind of upstream failure (`timeout`, `circuit_open`, ...). */
  async #counted<T>(endpoint: Endpoint, call: () => Promise<T>): Promise<T> {
    if (!this.#telemetry) return call()
    try {
      const answer = await call()
      this.#telemetry.upstreamCall(endpoint, 'ok')
      return answer
    } catch (error) {
      this.#telemetry.upstreamCall(endpoint, error instanceof UpstreamError ? error.kind : 'error')
      throw error
    }
  }

  async #call<S extends z.ZodType>(
    endpoint: Endpoint,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
    headers?: Record<string, string>,
    checked?: Checked<S>,
  ): Promise<z.output<S>> {
    const listener = rawReplyListener(signal)
    return this.#guarded(endpoint, signal, async () => {
      const response = await this.#send(endpoint, { method: 'POST', path: ENDPOINTS[endpoint], json: body, signal, headers })
      return this.#parse(endpoint, response, schema, listener, checked)
    })
  }

  async #send(endpoint: Endpoint, request: WireRequest): Promise<WireAnswer> {
    try {
      return await this.#http.send(request)
    } catch (error) {
      throw this.#classify(endpoint, error)
    }
  }

  #parse<S extends z.ZodType>(
    endpoint: Endpoint,
    response: WireAnswer,
    schema: S,
    listener?: RawReplyListener,
    checked?: Checked<S>,
  ): z.output<S> {
    const { body } = response
    const type = response.header('content-type') ?? ''
    if (/text\/html/i.test(type) || /^\s*</.test(body)) {
      // The page's text (an error page names paths and hosts) is for the logs only.
      throw new UpstreamError('bad_response', endpoint, `an HTML page instead of JSON (HTTP ${response.status})`, {
        status: response.status,
        internal: sanitiseExcerpt(body) || '(empty)',
      })
    }
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch (error) {
      throw new UpstreamError('bad_response', endpoint, body.trim() === '' ? 'an empty body' : 'a body that is not valid JSON', {
        status: response.status,
        cause: error,
      })
    }
    listener?.(endpoint, json)
    const quick = checked?.(json)
    if (quick !== undefined) return quick
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue ? issue.path.join('.') || '(root)' : '(root)'
      // The field path names the upstream's own fields: it goes to the logs (message, cause), not to `detail`.
      throw new UpstreamError('bad_response', endpoint, 'a reply of an unexpected shape', {
        status: response.status,
        cause: parsed.error,
        internal: `at ${where}: ${issue?.message ?? 'invalid'}`,
      })
    }
    return parsed.data
  }

  #classify(endpoint: Endpoint, error: unknown): UpstreamError {
    if (error instanceof UpstreamError) return error
    if (error instanceof BodyReadError) {
      return new UpstreamError('network', endpoint, error.message, { status: error.status, cause: error.cause })
    }
    if (error instanceof HttpStatusError) {
      const { status, body } = error.answer
      if (status === 401 || status === 403) {
        return new UpstreamError('unauthorized', endpoint, `HTTP ${status}`, { status, cause: error, internal: sanitiseExcerpt(body) })
      }
      if (status === 429) {
        const retryAfter = Number(error.answer.header('retry-after'))
        return new UpstreamError('rate_limited', endpoint, 'HTTP 429 Too Many Requests', {
          status,
          cause: error,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
        })
      }
      // A Spring error body names the upstream's path: the logs get it, `detail` only the status.
      return new UpstreamError('http', endpoint, `HTTP ${status}`, { status, cause: error, internal: sanitiseExcerpt(body) })
    }
    if (error instanceof WireTimeoutError) {
      return new UpstreamError('timeout', endpoint, 'no answer within the timeout', { cause: error })
    }
    if (error instanceof Error && error.name === 'AbortError') {
      return new UpstreamError('aborted', endpoint, 'the caller cancelled the request', { cause: error })
    }
    const { detail, unreachable } = describeNetworkFailure(
      networkCode(error),
      (error as { cause?: { message?: unknown } })?.cause?.message as string,
    )
    return new UpstreamError('network', endpoint, detail, { cause: error, ...(unreachable ? { unreachable } : {}) })
  }

  get userAgent(): string {
    return this.#userAgent
  }
}
