import { randomUUID } from 'node:crypto'
import type { Socket } from 'node:net'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type { Redis } from 'ioredis'
import { ServiceError, errorDocumentationUrl } from '../src/errors.js'
import { fromFastify, sendError } from './errors.js'
import './augment.js' // the app's decorations (types only; see there)
import { REST_VOCABULARY } from './inputs.js'

/** Longer URLs are refused before routing; no real query comes close (keywords are ≤ 100 characters). */
export const MAX_URL_LENGTH = 4_096
const REQUEST_ID = /^[\w.:-]{1,64}$/

/** Server options: request ids, and JSON answers for requests Node refuses before Fastify sees them. */
export function hardenedServerOptions(publicBaseUrl: string | undefined): Partial<FastifyServerOptions> {
  return {
    requestIdHeader: false,
    // A caller's id is kept when it is sane, so logs can be correlated across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
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
      const local = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress
      const base = publicBaseUrl ?? `http://${local ?? '127.0.0.1'}:${socket.localPort ?? 80}`
      const rawTarget = error.code === 'HPE_INVALID_URL' ? unencodedTarget(error.rawPacket) : null
      const problem = tooLarge
        ? new ServiceError('headers_too_large', { hint: 'Send fewer or smaller headers (Node allows 16 KiB in all).' })
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
      // The one Error body renderer (ServiceError.toBody), written by hand only because no reply exists yet.
      const body = JSON.stringify(problem.toBody(REST_VOCABULARY, errorDocumentationUrl(base)))
      socket.end(
        `HTTP/1.1 ${problem.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      )
    },
  }
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

/** Hooks every response passes: request id, security headers, closing and URL-length checks, optional rate limit. */
export async function installHardening(app: FastifyInstance, options: { rateLimitPerMinute: number; redis?: Redis }): Promise<void> {
  // Callback-style hooks: every request passes them, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (app.openStreams.closing) {
      reply.header('connection', 'close')
      return done(new ServiceError('shutting_down', { hint: 'Retry in a few seconds.', retryAfterSeconds: 5 }))
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
    reply.header('x-request-id', request.id)
    reply.header('x-content-type-options', 'nosniff')
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'no-referrer')
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
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
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
