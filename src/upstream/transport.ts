import { Agent as HttpAgent, request as httpRequest, type ClientRequestArgs, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { pause } from './pause.js'

/**
 * The upstream's HTTP exchange: one request, its whole answer, per-attempt timeout and bounded retries of
 * transient failures. Over node:http with a keep-alive agent: a nearby answer makes 18 exchanges, and
 * fetch through ky (a Request built, cloned and read through web streams per call) was half of the
 * service's own time per cold answer; node:http does the same exchanges for a small part of the CPU
 * (18 calls after one warm-up batch: 4 ms, against 25–34 ms through fetch and 37–63 ms through ky).
 * The timeout bounds the wait for the answer's head, as ky's did; the caller's deadline bounds the body.
 */

export interface WireAnswer {
  status: number
  /** A response header's value (lower-case name), undefined when absent. */
  header(name: string): string | undefined
  body: string
}

export interface WireRequest {
  method: 'GET' | 'POST'
  /** Relative to the transport's base URL. */
  path: string
  /** Serialised as JSON. */
  json?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

export interface RetryPolicy {
  /** Further attempts after the first. */
  limit: number
  statuses: readonly number[]
  /** Statuses whose Retry-After is honoured, up to `maxRetryAfterMs`. */
  afterStatuses: readonly number[]
  maxRetryAfterMs: number
  /** Backoff before retry n (1-based), jittered, at most `backoffLimitMs`. */
  delayMs: (attempt: number) => number
  backoffLimitMs: number
}

export interface TransportOptions {
  baseUrl: string
  timeoutMs: number
  retry: RetryPolicy
  /** Sent with every request (the pre-auth token is bound to the User-Agent among them). */
  headers: Record<string, string>
  /** Injected for tests: the exchange goes through this fetch instead of node:http. */
  fetch?: typeof fetch | undefined
}

/** A final answer with a status that is not 2xx (after retries). */
export class HttpStatusError extends Error {
  constructor(readonly answer: WireAnswer) {
    super(`HTTP ${answer.status}`)
    this.name = 'HttpStatusError'
  }
}

/** No answer's head within the per-attempt timeout. */
export class WireTimeoutError extends Error {
  constructor() {
    super('no answer within the timeout')
    this.name = 'TimeoutError'
  }
}

/** The answer's head arrived, then the connection broke while its body was read. */
export class BodyReadError extends Error {
  constructor(
    readonly status: number,
    cause: unknown,
  ) {
    super('the connection broke while reading the answer', { cause })
    this.name = 'BodyReadError'
  }
}

const abortError = (signal: AbortSignal): Error =>
  Object.assign(new Error('the operation was aborted', { cause: signal.reason }), { name: 'AbortError' })

/** Node's own server closes an idle connection after 5 s; many proxies sooner than a minute. */
const IDLE_SOCKET_MS = 4_000

type Exchange = ((request: WireRequest, timeoutMs: number) => Promise<WireAnswer>) & { prewarm?: (connections: number) => void }

export class Transport {
  readonly #options: TransportOptions
  readonly #exchange: Exchange

  constructor(options: TransportOptions) {
    this.#options = options
    const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
    this.#exchange = options.fetch ? fetchExchange(base, options.fetch, options.headers) : nodeExchange(base, options.headers)
  }

  /**
   * Opens connections ahead of need until `connections` are open or in use, so a burst of calls that
   * follows (a nearby answer's placements) does not wait for connections to be set up: on loopback a
   * new one took 2.5–10 ms longer to reach the server than a warm one; to a real upstream over TLS it
   * costs one or two round trips more.
   */
  prewarm(connections: number): void {
    this.#exchange.prewarm?.(connections)
  }

  /** One exchange with retries; throws HttpStatusError, WireTimeoutError, BodyReadError, an AbortError or a network error. */
  async send(request: WireRequest): Promise<WireAnswer> {
    const { retry, timeoutMs } = this.#options
    for (let attempt = 0; ; attempt++) {
      let wait: number
      try {
        const answer = await this.#exchange(request, timeoutMs)
        if (answer.status >= 200 && answer.status < 300) return answer
        if (attempt >= retry.limit || !retry.statuses.includes(answer.status)) throw new HttpStatusError(answer)
        wait = retryAfterMs(answer, retry) ?? backoff(retry, attempt + 1)
      } catch (error) {
        // Timeouts, aborts, broken bodies and final statuses are not retried; a failed connection is.
        if (
          error instanceof HttpStatusError ||
          error instanceof WireTimeoutError ||
          error instanceof BodyReadError ||
          request.signal?.aborted ||
          attempt >= retry.limit
        ) {
          throw error
        }
        wait = backoff(retry, attempt + 1)
      }
      await pause(wait, request.signal)
    }
  }
}

function backoff(retry: RetryPolicy, attempt: number): number {
  return Math.min(retry.backoffLimitMs, Math.random() * retry.delayMs(attempt))
}

/** Retry-After in seconds, as an HTTP date, or as an epoch timestamp; undefined when absent or not honoured. */
function retryAfterMs(answer: WireAnswer, retry: RetryPolicy): number | undefined {
  if (!retry.afterStatuses.includes(answer.status)) return undefined
  const raw = answer.header('retry-after')
  if (!raw) return undefined
  let after = Number(raw) * 1000
  if (Number.isNaN(after)) after = Date.parse(raw) - Date.now()
  else if (after >= Date.parse('2024-01-01')) after -= Date.now()
  if (Number.isNaN(after)) return undefined
  return Math.max(0, Math.min(after, retry.maxRetryAfterMs))
}

function nodeExchange(base: string, defaults: Record<string, string>): Exchange {
  const secure = base.startsWith('https:')
  // Keep-alive: a cold answer's calls reuse the warm connections instead of each opening its own. An idle
  // connection is closed before the server would close it (its Keep-Alive hint less a second, at most
  // IDLE_SOCKET_MS), so a request is not sent down a connection the server is dropping.
  const options = { keepAlive: true, timeout: IDLE_SOCKET_MS }
  const agent = secure ? new HttpsAgent(options) : new HttpAgent(options)
  const send = secure ? httpsRequest : httpRequest
  // Resolved once rather than a URL parsed per call; paths are relative to the base, as with new URL().
  const origin = new URL(base)
  const target = { protocol: origin.protocol, hostname: origin.hostname.replace(/^\[|\]$/g, ''), port: origin.port, agent }
  const pathOf = (path: string) => (path.startsWith('/') ? path : `${origin.pathname}${path}`)
  const port = origin.port || (secure ? '443' : '80')
  const spares = new SpareConnections(agent, { host: target.hostname, port, servername: target.hostname })
  const exchange: Exchange = (request, timeoutMs) =>
    new Promise<WireAnswer>((resolve, reject) => {
      const { signal } = request
      if (signal?.aborted) {
        reject(abortError(signal))
        return
      }
      const payload = request.json === undefined ? undefined : JSON.stringify(request.json)
      const headers: Record<string, string | number> = { ...defaults, ...request.headers }
      if (payload !== undefined) {
        headers['content-type'] = 'application/json'
        headers['content-length'] = Buffer.byteLength(payload)
      }
      let settled = false
      let status = 0
      const finish = (error: unknown, answer?: WireAnswer) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        if (answer) resolve(answer)
        else reject(error)
      }
      const req = send({ ...target, path: pathOf(request.path), method: request.method, headers }, (res: IncomingMessage) => {
        status = res.statusCode ?? 0
        clearTimeout(timer)
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.once('aborted', () => finish(new BodyReadError(status, new Error('aborted'))))
        res.once('error', (error) => finish(new BodyReadError(status, error)))
        res.once('end', () => {
          if (!res.complete) {
            finish(new BodyReadError(status, new Error('the answer ended early')))
            return
          }
          const body = Buffer.concat(chunks).toString('utf8')
          finish(undefined, {
            status,
            body,
            header: (name) => {
              const value = res.headers[name]
              return Array.isArray(value) ? value.join(', ') : value
            },
          })
        })
      })
      const timer = setTimeout(() => {
        finish(new WireTimeoutError())
        req.destroy()
      }, timeoutMs)
      const onAbort = () => {
        finish(abortError(signal as AbortSignal))
        req.destroy()
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      req.once('error', (error) => finish(status === 0 ? error : new BodyReadError(status, error)))
      req.end(payload)
    })
  exchange.prewarm = (connections) => spares.fill(connections)
  return exchange
}

/**
 * Connections opened ahead of need and handed to the agent when it would otherwise open one: the agent's
 * documented hook for a custom connection (createConnection). An unused spare closes after IDLE_SOCKET_MS,
 * like an idle kept-alive one.
 */
class SpareConnections {
  readonly #idle: Array<{ socket: Socket; drop: () => void }> = []
  readonly #name: string
  readonly #connect: (options: ClientRequestArgs) => Socket | undefined

  constructor(
    private readonly agent: HttpAgent,
    private readonly target: { host: string; port: string; servername: string },
  ) {
    this.#name = agent.getName({ host: target.host, port: target.port })
    const connect = agent.createConnection.bind(agent)
    this.#connect = (options) => (connect(options) ?? undefined) as Socket | undefined
    agent.createConnection = (options, callback) => this.#take() ?? connect(options, callback)
  }

  fill(connections: number): void {
    const open = (this.agent.sockets[this.#name]?.length ?? 0) + (this.agent.freeSockets[this.#name]?.length ?? 0) + this.#idle.length
    for (let i = open; i < connections; i++) this.#open()
  }

  #open(): void {
    let socket: Socket | undefined
    try {
      socket = this.#connect({ ...this.target, keepAlive: true } as ClientRequestArgs)
    } catch {
      return // a head start only: the call opens its own connection and meets the same problem there
    }
    if (!socket) return
    const spare = {
      socket,
      drop: () => {
        this.#release(spare)
        socket.destroy()
      },
    }
    socket.on('error', spare.drop)
    socket.on('close', spare.drop)
    socket.setTimeout(IDLE_SOCKET_MS, spare.drop)
    this.#idle.push(spare)
  }

  #release(spare: { socket: Socket; drop: () => void }): void {
    const at = this.#idle.indexOf(spare)
    if (at !== -1) this.#idle.splice(at, 1)
    spare.socket.off('error', spare.drop).off('close', spare.drop).off('timeout', spare.drop)
    spare.socket.setTimeout(0)
  }

  #take(): Socket | undefined {
    for (let spare = this.#idle.at(-1); spare; spare = this.#idle.at(-1)) {
      this.#release(spare)
      if (!spare.socket.destroyed) return spare.socket
    }
    return undefined
  }
}

function fetchExchange(base: string, fetchFn: typeof fetch, defaults: Record<string, string>): Exchange {
  return async (request, timeoutMs) => {
    const controller = new AbortController()
    const { signal } = request
    if (signal?.aborted) throw abortError(signal)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    let status = 0
    try {
      const headers: Record<string, string> = { ...defaults, ...request.headers }
      const payload = request.json === undefined ? undefined : JSON.stringify(request.json)
      if (payload !== undefined) headers['content-type'] = 'application/json'
      const response = await fetchFn(new URL(request.path, base), {
        method: request.method,
        headers,
        body: payload,
        signal: controller.signal,
      })
      clearTimeout(timer)
      status = response.status
      const body = await response.text().catch((error: unknown) => {
        throw signal?.aborted ? error : new BodyReadError(status, error)
      })
      return { status, body, header: (name) => response.headers.get(name) ?? undefined }
    } catch (error) {
      if (timedOut) throw new WireTimeoutError()
      if (signal?.aborted) throw abortError(signal)
      throw error
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }
}
