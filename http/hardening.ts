import { randomUUID } from 'node:crypto'
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import rateLimit from '@fastify/rate-limit'
import type { FastifyHttpOptions, FastifyInstance, FastifyReply } from 'fastify'
import type { Redis } from 'ioredis'
import type { Config } from '../src/config.js'
import { ServiceError, errorDocumentationUrl } from '../src/errors.js'
import { fromFastify, sendError } from './errors.js'
import { MCP_PATH } from './contract.js'
import './augment.js' // the app's decorations (types only; see there)
import { REST_VOCABULARY } from './inputs.js'

/** Longer URLs are refused before routing; no real query comes close (keywords are ≤ 100 characters). */
export const MAX_URL_LENGTH = 4_096
const REQUEST_ID = /^[\w.:-]{1,64}$/

/** How often Node checks the header and request time limits (its default, 30 s, would stretch a 10 s limit to 40 s). */
const TIMEOUT_CHECK_MS = 1_000

type ServerSettings = Pick<Config, 'publicBaseUrl' | 'timeouts' | 'trustProxy'>

/**
 * Server options: request ids, time limits on connections, the proxies whose X-Forwarded-For is believed,
 * and JSON answers for requests Node refuses before Fastify sees them.
 */
export function hardenedServerOptions(config: ServerSettings): Partial<FastifyHttpOptions<Server>> {
  const { publicBaseUrl, timeouts } = config
  return {
    requestIdHeader: false,
    // A caller's id is kept when it is sane, so logs can be correlated across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    // Named proxies only (addresses, CIDRs): a hop count trusts nothing since Fastify 5.12.1 (CVE-2026-16732),
    // and `true` would believe any caller's X-Forwarded-For.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
    // The whole request (headers and body) within REQUEST_TIMEOUT_MS, an idle keep-alive within KEEP_ALIVE_TIMEOUT_MS.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, timeouts.headersMs),
      // A missing Host (or one past the 1,000th header, which Node drops) is refused by the onRequest hook
      // below in the Error shape, rather than by Node with a bare 400.
      requireHostHeader: false,
    },
    // Fastify's own 503 while closing has another shape; ours is answered by the onRequest hook below.
    return503OnClosing: false,
    // Bad percent-encoding and over-long path segments are found by the router, before any hook.
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, fromFastify(error))
    },
    clientErrorHandler: (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => {
      if (!socket.writable) return
      const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
      const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      const rawTarget = error.code === 'HPE_INVALID_URL' ? unencodedTarget(error.rawPacket) : null
      const problem = tooLarge
        ? new ServiceError('headers_too_large', { hint: 'Send fewer or smaller headers (Node allows 16 KiB in all).' })
        : timedOut
          ? new ServiceError('request_timeout', {
              message: `The request did not arrive in time (headers within ${timeouts.headersMs / 1000} s, the whole request within ${timeouts.requestMs / 1000} s).`,
              hint: 'Send the whole request at once, then read the answer.',
            })
          : rawTarget !== null
            ? new ServiceError('invalid_parameter', {
                message: 'The URL carries characters that are not percent-encoded (Korean typed as is, for instance).',
                ko: '주소(URL)의 한글은 퍼센트 인코딩해서 보내 주세요.',
                hint: `Percent-encode the query: with curl, curl -G 'URL' --data-urlencode 'keyword=강남'; encoded, this request is ${rawTarget}`,
              })
            : new ServiceError('invalid_parameter', {
                message: 'The request is not valid HTTP.',
                ko: '요청을 해석할 수 없습니다.',
                hint: 'Send a well-formed HTTP/1.1 request.',
              })
      socket.end(rawErrorResponse(socket, problem, publicBaseUrl))
    },
  }
}

/**
 * An Error answer written by hand, as bytes, for refusals that come before any reply exists (the socket
 * level) or outside Fastify (CONNECT, a failed Expect): the one Error body renderer (ServiceError.toBody)
 * and `connection: close`.
 */
export function rawErrorResponse(
  socket: Socket,
  problem: ServiceError,
  publicBaseUrl: string | undefined,
  extra: Record<string, string> = {},
): string {
  const local = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress
  const base = publicBaseUrl ?? `http://${local ?? '127.0.0.1'}:${socket.localPort ?? 80}`
  const body = JSON.stringify(problem.toBody(REST_VOCABULARY, errorDocumentationUrl(base)))
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
    connection: 'close',
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}\r\n${head}\r\n${body}`
}

/**
 * Requests Node answers itself unless told otherwise: CONNECT (Node closes the socket without a word)
 * and an Expect other than 100-continue (Node's bare 417). Both get the Error shape.
 */
export function installServerRefusals(server: Server, publicBaseUrl: string | undefined): void {
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const problem = new ServiceError('method_not_allowed', {
      message: 'CONNECT is not allowed: this is not a proxy.',
      hint: 'Use GET or POST on the paths listed at GET /api.',
    })
    socket.end(rawErrorResponse(socket, problem, publicBaseUrl, { allow: 'GET, HEAD, POST, OPTIONS' }))
    socket.on('error', () => {})
    void request
  })
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const problem = new ServiceError('expectation_failed', {
      message: `Expect: ${String(request.headers.expect).slice(0, 100)} cannot be met; only 100-continue is understood.`,
      hint: 'Leave Expect out, or send Expect: 100-continue.',
    })
    const raw = rawErrorResponse(request.socket, problem, publicBaseUrl)
    // Only the body is ours to write here; the head mirrors rawErrorResponse's.
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
    response.shouldKeepAlive = false
    response.writeHead(problem.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    })
    response.end(body)
  })
}

/**
 * Node refuses a request line with raw UTF-8 in it (curl sends Korean typed in a URL as is). When that
 * is why the request was refused, the same target percent-encoded, to show the caller the fix.
 */
function unencodedTarget(raw: unknown): string | null {
  if (!Buffer.isBuffer(raw)) return null
  const end = raw.indexOf('\r\n')
  const line = raw.subarray(0, end === -1 ? Math.min(raw.length, 8_192) : end)
  if (!line.some((byte) => byte >= 0x80)) return null
  const target = line.toString('utf8').split(' ')[1]
  if (!target) return null
  const encoded = encodeURI(target.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
  return encoded.length <= 512 ? encoded : `${encoded.slice(0, 509)}...`
}

/** Statuses that refuse a body the client may still be sending. */
const REFUSED_BODY = new Set([413, 415])
/** Methods whose body no route reads: one still arriving is drained before the answer, like a refused one. */
const BODILESS = new Set(['GET', 'HEAD'])
/** Fastify's own default, for an app built without `bodyLimit`. */
const DEFAULT_BODY_LIMIT = 1024 * 1024
/** A refused body up to this size is read and discarded before the answer; a larger one closes the connection. */
export const DRAIN_BOUND_BYTES = 8 * 1024 * 1024
/** And for at most this long (a slow sender is then cut off, after the answer). */
const DRAIN_BOUND_MS = 5_000

/**
 * A server that answers 413/415 and closes while the client is still sending makes the kernel reset the
 * connection, and the client reads a reset instead of the Error. So the rest of a refused body is read
 * and thrown away (up to DRAIN_BOUND_BYTES and DRAIN_BOUND_MS) before the answer goes out; past the bound
 * the answer says `connection: close`, and Node closes only after it is flushed.
 */
async function drainRefusedBody(raw: IncomingMessage, reply: FastifyReply): Promise<void> {
  const declared = Number(raw.headers['content-length'])
  if (!(Number.isFinite(declared) && declared <= DRAIN_BOUND_BYTES)) {
    reply.header('connection', 'close')
    if (!Number.isFinite(declared)) return // chunked: no way to know how much is left
  }
  let seen = 0
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer)
      raw.off('data', count)
      raw.off('end', finish)
      raw.off('close', finish)
      raw.off('error', finish)
      resolve()
    }
    const count = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > DRAIN_BOUND_BYTES) {
        reply.header('connection', 'close')
        finish()
      }
    }
    const timer = setTimeout(() => {
      reply.header('connection', 'close')
      finish()
    }, DRAIN_BOUND_MS)
    raw.on('data', count)
    raw.once('end', finish)
    raw.once('close', finish)
    raw.once('error', finish)
    raw.resume()
  })
}

/**
 * Every `%` starts a two-digit escape and the escapes decode to UTF-8 (truncated and overlong sequences,
 * lone continuation bytes and `%FF` do not). The query parser would otherwise take such text literally.
 */
export function isWellEncoded(query: string): boolean {
  if (!query.includes('%')) return true
  if (/%(?![0-9A-Fa-f]{2})/.test(query)) return false
  for (const part of query.split(/[&=]/)) {
    try {
      decodeURIComponent(part)
    } catch {
      return false
    }
  }
  return true
}

/** Hooks every response passes: request id, security headers, closing and URL-length checks, optional rate limit. */
export async function installHardening(app: FastifyInstance, options: { rateLimitPerMinute: number; redis?: Redis }): Promise<void> {
  // Callback-style hooks: every request passes them, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (app.openStreams.closing) {
      reply.header('connection', 'close')
      return done(new ServiceError('shutting_down', { hint: 'Retry in a few seconds.', retryAfterSeconds: 5 }))
    }
    // HTTP/1.1 requires Host (RFC 9112 §3.2); Node drops one sent after 1,000 other headers.
    if (!request.headers.host && request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1) {
      return done(
        new ServiceError('invalid_parameter', {
          message: 'The request has no Host header (or it came after more than 1,000 other headers).',
          hint: 'Send a Host header, and fewer headers.',
        }),
      )
    }
    const query = request.url.indexOf('?')
    if (query !== -1 && !isWellEncoded(request.url.slice(query + 1))) {
      return done(
        new ServiceError('invalid_parameter', {
          message: 'The query string has malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8).',
          hint: "Percent-encode each value as UTF-8: with curl, curl -G 'URL' --data-urlencode 'keyword=강남'.",
        }),
      )
    }
    // A GET or HEAD carries no body Fastify reads, so its body limit is never checked: a large one was
    // answered while still arriving, and the client read a reset. Refused here, drained, answered 413.
    if (BODILESS.has(request.method) && Number(request.headers['content-length']) > (app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT)) {
      return done(new ServiceError('payload_too_large', { hint: `A ${request.method} request takes no body; send none.` }))
    }
    if (request.url.length > MAX_URL_LENGTH) {
      return done(
        new ServiceError('invalid_parameter', {
          message: `The URL is longer than ${MAX_URL_LENGTH} characters.`,
          hint: 'Send a shorter query; keywords are at most 100 characters.',
        }),
      )
    }
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    // Every answer, streams included (they are sent through Fastify too, so they pass here).
    reply.header('x-request-id', request.id)
    reply.header('x-content-type-options', 'nosniff')
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'no-referrer')
    // Only a refused body still arriving waits (drained so the client reads the answer); the rest is synchronous.
    if ((REFUSED_BODY.has(reply.statusCode) || BODILESS.has(request.method)) && !request.raw.complete) {
      drainRefusedBody(request.raw, reply).then(() => done(null, payload), done)
      return
    }
    done(null, payload)
  })
  // One log line per request, when it is answered (Fastify's own request logging, off in app.ts, writes
  // two): at LOG_LEVEL=info that line was a quarter of a cached answer's cost.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 100) / 100 },
      'request completed',
    )
    done()
  })
  if (options.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      enableDraftSpec: true, // RateLimit and RateLimit-Policy headers (IETF draft) beside Retry-After
      // /api/mcp counts tool calls, not requests, and answers a refused one as a tool error the model
      // reads (http/tool-call-limit.ts); a 429 there would reach the model as a transport failure.
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz' || request.routeOptions.url === MCP_PATH,
      // With REDIS_URL the count is the fleet's, so a client gets the same quota whichever instance it
      // reaches; while Redis is lost the limit is skipped rather than refusing every request.
      ...(options.redis ? { redis: options.redis, nameSpace: 'ratelimit:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) =>
        new ServiceError('rate_limited', {
          message: `More than ${context.max} requests in a minute from this client.`,
          hint: `Wait ${Math.ceil(context.ttl / 1000)} s; keep to a few requests per second.`,
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    })
  }
}
