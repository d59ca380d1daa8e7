import { Readable } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { inheritClient } from '../../src/client-context.js'
import { VERSION } from '../../src/about.js'
import { type Config } from '../../src/config.js'
import { ServiceError } from '../../src/errors.js'
import type { StoreService } from '../../src/service.js'
import { advertisedTools, type ListedTool } from '../../tools/advertise.js'
import {
  INTERNAL_ERROR,
  INVALID_REQUEST,
  PARSE_ERROR,
  PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  SERVER_ERROR,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  jsonRpcError,
  type JsonRpcErrorBody,
} from '../../tools/protocol.js'
import { CAPABILITIES, SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE } from '../../tools/server.js'
import type { CallGate } from '../../tools/transports/gate.js'
import { MCP_BODY_LIMIT, createMcpHttpHandler, type McpHttpHandler } from '../../tools/transports/http.js'
import { explicitQuality, refuses } from '../accept.js'
import { baseUrl } from '../base-url.js'
import type { ClientKeys } from '../client.js'
import { MCP_PATH, McpServerInfoSchema, SERVER_CARD_PATH } from '../contract.js'
import { classifyFastifyError } from '../errors.js'
import { hostPolicy } from '../host-policy.js'
import type { RouteRegistry } from '../registry.js'
import { toolCallGate } from '../tool-call-limit.js'
import type { DiscoveryDocuments } from './discovery.js'
import { abortSignalOf } from './shared.js'
import '../augment.js' // the app's decorations (types only; see there)

// The MCP endpoint's HTTP edges: its routes, the Host/Origin hook, JSON-RPC bodies for the framework's
// refusals, the SDK's answer handed to Fastify, and the GET stream. What MCP itself says and does
// lives in tools/ (tools/transports/http.ts answers a POST without knowing Fastify).

/** Reconnection delay suggested to clients when the server ends a GET stream (SSE `retry:`). */
const SSE_RETRY_MS = 5_000

function sendRpcError(reply: FastifyReply, status: number, body: JsonRpcErrorBody): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(body)
}

/**
 * MCP over Streamable HTTP at /api/mcp, stateless: every POST gets a new server and transport, so any
 * instance behind a load balancer can answer any request and there is no session to lose.
 * Registered as an encapsulated plugin so that its body parsing errors, Host/Origin checks and body
 * limit answer in JSON-RPC rather than in the REST error shape. Await it before the 405 routes.
 */
export async function registerMcpRoutes(
  app: FastifyInstance,
  {
    registry,
    service,
    config,
    documents,
    clientKeys,
  }: {
    registry: RouteRegistry
    service: StoreService
    config: Config
    documents: Pick<DiscoveryDocuments, 'agentSkill'>
    clientKeys: ClientKeys
  },
): Promise<void> {
  const hosts = hostPolicy(config)
  const tools = () => advertisedTools() as ListedTool[]

  const handler = createMcpHttpHandler(
    service,
    config,
    (error) => app.log.debug({ err: error }, 'MCP handler reported'),
    documents.agentSkill,
  )
  const gate = toolCallGate(app, clientKeys, config.rateLimitPerMinute)

  await app.register(async (scope) => {
    scope.addHook('onClose', async () => handler.close())
    // JSON only (Fastify's secure JSON parser); its failures reach the JSON-RPC error handler below.
    scope.removeContentTypeParser('text/plain')
    // Callback style, as the app-wide hooks: an async hook costs a promise on every call.
    scope.addHook('onRequest', (request, reply, done) => {
      const refusal = hosts.check(request.headers.host, request.headers.origin)
      if (!refusal) return done()
      request.log.warn({ host: request.headers.host, origin: request.headers.origin }, refusal)
      sendRpcError(reply, 403, jsonRpcError(SERVER_ERROR, `Forbidden: ${refusal}`))
    })
    scope.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
      const { status, body } = rpcErrorFor(error)
      if (error instanceof ServiceError && error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds))
      if (status >= 500) request.log.error({ err: error }, 'MCP request failed')
      return sendRpcError(reply, status, body)
    })

    const streams = new EventStreams(config.streams)
    scope.addHook('preClose', async () => streams.endAll('the server is closing'))

    registry.add(scope, {
      method: 'GET',
      path: MCP_PATH,
      operationId: 'getMcpServerInfo',
      summary: 'MCP server info, or its server-to-client event stream',
      description:
        'The MCP server (name, version, protocol versions, capabilities) and its tools exactly as tools/list returns them. With Accept: text/event-stream it instead opens the Streamable HTTP server-to-client SSE stream: keep-alive comments only (the server is stateless and sends its notifications on POST responses), ended by the server after SSE_MAX_LIFETIME_MS.',
      tags: ['MCP'],
      responses: {
        200: {
          description: 'McpServerInfo, or the SSE stream.',
          schema: McpServerInfoSchema,
          alternatives: [{ mediaType: 'text/event-stream', description: 'The server-to-client stream (Accept: text/event-stream).' }],
        },
        400: { description: 'Unsupported MCP-Protocol-Version header.', schema: JsonRpcResponseSchema },
        403: { description: 'Host or Origin not allowed (DNS rebinding protection).', schema: JsonRpcResponseSchema },
        503: { description: 'Too many open streams; see Retry-After.', schema: JsonRpcResponseSchema },
      },
      handler: async (request, reply) => {
        if (request.method === 'GET' && wantsEventStream(request.headers.accept)) {
          return streams.open(request, reply)
        }
        const base = baseUrl(request)
        return reply.header('cache-control', 'no-cache').send({
          serverInfo: { name: SERVER_NAME, version: VERSION, title: SERVER_TITLE, description: SERVER_DESCRIPTION },
          endpoint: `${base}${MCP_PATH}`,
          tools: tools(),
          transport: 'streamable-http',
          protocol: 'JSON-RPC 2.0 over Streamable HTTP',
          protocolVersion: PROTOCOL_VERSION,
          protocolVersions: [...PROTOCOL_VERSIONS],
          manifest: `${base}${SERVER_CARD_PATH}`,
          capabilities: CAPABILITIES,
        } satisfies z.input<typeof McpServerInfoSchema>)
      },
    })

    registry.add(scope, {
      method: 'POST',
      path: MCP_PATH,
      operationId: 'callMcp',
      summary: 'MCP JSON-RPC endpoint (Streamable HTTP, stateless)',
      description:
        'JSON-RPC 2.0 over Streamable HTTP, protocol 2026-07-28 (server/discover; MCP-Protocol-Version, Mcp-Method and Mcp-Name headers and the _meta envelope on every request; answered as JSON, or SSE when a call sends progress) and 2025-11-25 to 2024-11-05 (initialize, tools/list, tools/call, prompts/get, completion/complete, ping, logging/setLevel; answered as an SSE stream: progress notifications, then the response). Send Accept: application/json, text/event-stream and Content-Type: application/json. Notifications get 202 with no body. No session: every request stands alone.',
      tags: ['MCP'],
      body: { schema: JsonRpcRequestSchema, mediaType: 'application/json', description: 'One JSON-RPC request or notification.' },
      responses: {
        200: {
          description: 'The JSON-RPC response, as a text/event-stream of message events (notifications first, the response last).',
          mediaType: 'text/event-stream',
          alternatives: [{ mediaType: 'application/json', schema: JsonRpcResponseSchema }],
        },
        202: { description: 'Notification accepted; no body.' },
        400: {
          description:
            'Malformed JSON, not a JSON-RPC 2.0 message, a URL over 4,096 characters, or (2026-07-28) headers that disagree with the body (-32020), a missing envelope (-32602) or an unsupported protocol version (-32022).',
          schema: JsonRpcResponseSchema,
        },
        403: { description: 'Host or Origin not allowed (DNS rebinding protection).', schema: JsonRpcResponseSchema },
        406: { description: 'Accept must list application/json and text/event-stream.', schema: JsonRpcResponseSchema },
        413: { description: `Body larger than ${MCP_BODY_LIMIT / 1024} KiB.`, schema: JsonRpcResponseSchema },
        415: { description: 'Content-Type must be application/json.', schema: JsonRpcResponseSchema },
      },
      fastify: { bodyLimit: MCP_BODY_LIMIT },
      handler: async (request, reply) => handlePost(request, reply, handler, gate?.(request)),
    })
  })
}

/**
 * The stream only for a client that prefers it: the SDK sends `Accept: text/event-stream` alone, while
 * probes that accept both (mcp-remote looks for an auth challenge that way, and never reads the body)
 * get the JSON document and a finished response rather than a stream held open.
 */
function wantsEventStream(accept: string | undefined): boolean {
  const sse = explicitQuality(accept, 'text/event-stream')
  return sse > 0 && sse > explicitQuality(accept, 'application/json')
}

/**
 * Hands a POST that Fastify has already parsed and checked (Host, Origin, size, media type) to the MCP
 * transport. A complete answer is sent like any reply; the SDK's answer is streamed to the socket as it
 * comes (progress notifications first). A dropped connection aborts the call and its upstream work.
 */
async function handlePost(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: McpHttpHandler,
  gate: CallGate | undefined,
): Promise<FastifyReply | undefined> {
  // The transport needs both types; the SDK looks for their names only, so `text/event-stream;q=0` would get a stream.
  const accept = request.headers.accept
  if (refuses(accept, 'application/json') || refuses(accept, 'text/event-stream')) {
    const refusal = 'Not Acceptable: Client must accept both application/json and text/event-stream (q=0 refuses one).'
    return sendRpcError(reply, 406, jsonRpcError(SERVER_ERROR, refusal))
  }
  const base = baseUrl(request)
  const answer = await handler.answer({
    headers: request.headers,
    url: `${base}${request.url}`,
    base,
    body: request.body,
    signal: abortSignalOf(reply),
    gate,
  })
  if (answer.kind === 'aborted') {
    reply.raw.destroy()
    return
  }
  if (answer.kind === 'answer') {
    return reply.code(answer.status).headers(answer.headers).send(answer.body)
  }
  const abort = new AbortController()
  inheritClient(abort.signal, abortSignalOf(reply))
  const raw = reply.raw
  raw.once('close', () => {
    if (!raw.writableFinished) abort.abort(new Error('the client closed the connection'))
  })
  let response: Response
  try {
    response = await answer.run(abort.signal)
  } catch (error) {
    if (abort.signal.aborted) {
      raw.destroy() // the caller left; nothing to answer
      return
    }
    request.log.error({ err: error }, 'MCP request failed')
    return sendRpcError(reply, 500, jsonRpcError(INTERNAL_ERROR, 'Internal error'))
  }
  // Fastify sends the web Response itself: its status and headers over the onSend hooks' (request id,
  // security headers), its body read only as fast as the socket drains, and cancelled if the client leaves.
  // Returning the reply makes Fastify wait for the stream's end rather than answer an empty body.
  return reply.send(response)
}

function rpcErrorFor(error: FastifyError | ServiceError): { status: number; body: JsonRpcErrorBody } {
  // Refusals of the app-wide hooks (URL too long, rate limit, shutting down) keep their status.
  if (error instanceof ServiceError) {
    const code = error.status < 500 ? INVALID_REQUEST : SERVER_ERROR
    return { status: error.status, body: jsonRpcError(code, `${error.message} ${error.hint}`.trim(), { code: error.code }) }
  }
  const failure = classifyFastifyError(error)
  switch (failure.kind) {
    case 'body_too_large':
      return { status: 413, body: jsonRpcError(SERVER_ERROR, `Payload Too Large: the body must be at most ${MCP_BODY_LIMIT} bytes.`) }
    case 'unsupported_media_type':
      return { status: 415, body: jsonRpcError(SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json.') }
    case 'body_not_json':
      return { status: 400, body: jsonRpcError(PARSE_ERROR, 'Parse error: the body is not valid JSON.') }
    default:
      // Every other failure (content length, URL, path segment, bare SyntaxError, other 4xx) by its status.
      if (failure.status >= 400 && failure.status < 500) {
        return { status: failure.status, body: jsonRpcError(INVALID_REQUEST, `Invalid Request: ${failure.message}`) }
      }
      return { status: 500, body: jsonRpcError(INTERNAL_ERROR, 'Internal error') }
  }
}

/**
 * The GET stream. A stateless server has nothing to push outside a POST response, so the stream
 * carries keep-alive comments only; it is capped (shared with NDJSON scans through app.openStreams),
 * ends after a bounded lifetime (clients reconnect), and ends at shutdown.
 */
class EventStreams {
  readonly #open = new Set<(reason: string) => void>()

  constructor(private readonly limits: Config['streams']) {}

  open(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const version = request.headers['mcp-protocol-version']
    if (typeof version === 'string' && !PROTOCOL_VERSIONS.includes(version)) {
      return sendRpcError(
        reply,
        400,
        jsonRpcError(SERVER_ERROR, `Bad Request: unsupported protocol version ${version} (supported: ${PROTOCOL_VERSIONS.join(', ')}).`),
      )
    }
    // Set once the stream is open; `end` may run before that (no slot), so they start empty.
    const timers: { keepalive?: NodeJS.Timeout; lifetime?: NodeJS.Timeout } = {}
    let ended = false
    const end = (_reason: string) => {
      if (ended) return
      ended = true
      clearInterval(timers.keepalive)
      clearTimeout(timers.lifetime)
      handle?.release()
      this.#open.delete(end)
      if (!events.destroyed) events.push(null)
    }
    // Fastify destroys the body it pipes when the client leaves; `end` then runs a second time, as a no-op.
    const events = new Readable({ read() {}, destroy: (error, callback) => (end('client closed'), callback(error)) })
    const { handle, why } = request.server.openStreams.tryOpen(end, request.ip)
    if (!handle) {
      const whose = why === 'client' ? 'this client already has as many streams open as one client may' : 'too many open streams'
      return sendRpcError(
        reply.header('retry-after', '5'),
        503,
        jsonRpcError(SERVER_ERROR, `Service Unavailable: ${whose}; retry shortly.`),
      )
    }
    this.#open.add(end)

    const socket = reply.raw.socket
    if (typeof socket?.setNoDelay === 'function') socket.setNoDelay(true) // inject()'s fake socket has none
    events.push(`retry: ${SSE_RETRY_MS}\n: store-finder MCP stream (stateless: notifications arrive on POST responses)\n\n`)
    // A keep-alive only proves the connection lives; while earlier bytes still wait for the reader, skip it.
    timers.keepalive = setInterval(() => {
      if (events.readableLength === 0) events.push(': keepalive\n\n')
    }, this.limits.sseKeepaliveMs)
    timers.lifetime = setTimeout(() => end('lifetime reached'), this.limits.sseMaxLifetimeMs)
    return reply
      .code(200)
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no') // proxies: do not buffer the stream
      .send(events)
  }

  endAll(reason: string): void {
    for (const end of [...this.#open]) end(reason)
  }
}
