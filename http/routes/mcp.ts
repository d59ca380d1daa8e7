// Why one file of over 400 lines: the MCP endpoint's HTTP edges (Host/Origin policy, both protocol
// generations' header checks, JSON-RPC error bodies for every refusal, the GET stream with its cap and
// lifetime) must agree on one route's hooks; the plain tools/call fast path lives in mcp-fast.ts.

import { isIP } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  createMcpHandler,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type McpHttpHandler,
} from '@modelcontextprotocol/server'
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { VERSION, type Config } from '../../src/config.js'
import { ServiceError, errorDocumentationUrl } from '../../src/errors.js'
import type { StoreService } from '../../src/service.js'
import {
  CAPABILITIES,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  SERVER_DESCRIPTION,
  SERVER_NAME,
  SERVER_TITLE,
  createMcpServer,
  listAdvertisedTools,
  loadSkills,
  type ListedTool,
} from '../../tools/server.js'
import { baseUrl } from '../base-url.js'
import { classifyFastifyError } from '../errors.js'
import type { RouteRegistry } from '../registry.js'
import type { DiscoveryDocuments } from './discovery.js'
import { answerFastToolCall } from './mcp-fast.js'
import { invalidParamsAnswer } from '../../tools/screen.js'
import '../augment.js' // the app's decorations (types only; see there)

export const MCP_PATH = '/api/mcp'
/** Methods the 2026-07-28 revision removed (its changelog): answered "method not found" in that era. */
const REMOVED_IN_MODERN = new Set(['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'])
export const MCP_BODY_LIMIT = 256 * 1024 // 256 KiB: a tools/call is a few hundred bytes
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`
/** Reconnection delay suggested to clients when the server ends a GET stream (SSE `retry:`). */
const SSE_RETRY_MS = 5_000

// JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object); -32000 is the
// implementation-defined range the SDK also uses for HTTP-level refusals.
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const INTERNAL_ERROR = -32603
const SERVER_ERROR = -32000

const JsonRpcId = z.union([z.string(), z.number().int(), z.null()])

export const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    method: z
      .string()
      .describe(
        'server/discover, tools/list, tools/call, prompts/list, prompts/get, completion/complete, or (2025 revisions) initialize, ping, logging/setLevel, or a notification.',
      ),
    params: z.record(z.string(), z.unknown()).optional(),
    id: JsonRpcId.optional().describe('Absent for notifications.'),
  })
  .describe('A JSON-RPC 2.0 request or notification.')

export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
    id: JsonRpcId,
  })
  .describe('A JSON-RPC 2.0 response: result or error.')

export const McpServerInfoSchema = z
  .object({
    serverInfo: z.object({
      name: z.string(),
      version: z.string(),
      title: z.string(),
      description: z.string(),
    }),
    endpoint: z.string().url().describe('The Streamable HTTP endpoint.'),
    tools: z.array(z.record(z.string(), z.unknown())).describe('The tools exactly as tools/list returns them.'),
    transport: z.literal('streamable-http'),
    protocol: z.string(),
    protocolVersion: z
      .string()
      .describe('The newest initialize-era version; what initialize answers to a client proposing one the server does not know.'),
    protocolVersions: z
      .array(z.string())
      .describe('Every revision served: 2026-07-28 (server/discover) and the initialize-era ones initialize accepts and echoes back.'),
    manifest: z.string().url().describe('The MCP server card.'),
    capabilities: z.record(z.string(), z.unknown()),
    instructions: z.string().optional(),
  })
  .describe('What GET /api/mcp answers: the MCP server, its endpoint and its tools.')

export interface JsonRpcErrorBody {
  jsonrpc: '2.0'
  id: null
  error: { code: number; message: string; data?: unknown }
}

export function jsonRpcError(code: number, message: string, data?: unknown): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id: null, error: data === undefined ? { code, message } : { code, message, data } }
}

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
  }: { registry: RouteRegistry; service: StoreService; config: Config; documents: Pick<DiscoveryDocuments, 'agentSkill'> },
): Promise<void> {
  const hosts = hostPolicy(config)
  let advertised: Promise<ListedTool[]> | undefined
  const tools = () => {
    advertised ??= listAdvertisedTools(service).catch((error: unknown) => {
      advertised = undefined
      throw error
    })
    return advertised
  }

  const handler = createMcpHttpHandler(
    service,
    config,
    (error) => app.log.debug({ err: error }, 'MCP handler reported'),
    documents.agentSkill,
  )

  await app.register(async (scope) => {
    scope.addHook('onClose', async () => handler.close())
    // JSON only (Fastify's secure JSON parser); its failures reach the JSON-RPC error handler below.
    scope.removeContentTypeParser('text/plain')
    scope.addHook('onRequest', async (request, reply) => {
      const refusal = hosts.check(request.headers.host, request.headers.origin)
      if (refusal) {
        request.log.warn({ host: request.headers.host, origin: request.headers.origin }, refusal)
        return sendRpcError(reply, 403, jsonRpcError(SERVER_ERROR, `Forbidden: ${refusal}`))
      }
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
          tools: await tools(),
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
      handler: async (request, reply) => handlePost(request, reply, handler, service),
    })
  })
}

/** q-value of one media type in an Accept header (exact match only; 0 when absent). */
function quality(accept: string, type: string): number {
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase())
    if (name !== type) continue
    const q = params.find((p) => p.startsWith('q='))
    return q ? Number(q.slice(2)) || 0 : 1
  }
  return 0
}

/**
 * The stream only for a client that prefers it: the SDK sends `Accept: text/event-stream` alone, while
 * probes that accept both (mcp-remote looks for an auth challenge that way, and never reads the body)
 * get the JSON document and a finished response rather than a stream held open.
 */
function wantsEventStream(accept: string | undefined): boolean {
  if (!accept) return false
  const sse = quality(accept, 'text/event-stream')
  return sse > 0 && sse > quality(accept, 'application/json')
}

const isJsonRpcMessage = (m: unknown) => isJSONRPCRequest(m) || isJSONRPCNotification(m) || isJSONRPCResponse(m)

function isJsonRpcPayload(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every(isJsonRpcMessage)
  return isJsonRpcMessage(body)
}

/**
 * The SDK's dual-revision handler: a request carrying the 2026-07-28 envelope (or `server/discover`)
 * is served by the modern path, anything else by the stateless initialize-era path; both build one
 * server per request from the same factory. The error links point at this deployment's docs.
 */
export function createMcpHttpHandler(
  service: StoreService,
  config: Pick<Config, 'publicBaseUrl'>,
  onerror?: (error: Error) => void,
  agentSkill?: (base: string) => Promise<{ name: string; bytes: Buffer }>,
): McpHttpHandler {
  // Bounded: without PUBLIC_BASE_URL the base comes from the Host header, which any client chooses.
  const skills = new LRUCache<string, Promise<SkillsExtension>>({ max: 16 })
  const skillsFor = (base: string): Promise<SkillsExtension> | undefined => {
    if (!agentSkill) return undefined
    let loaded = skills.get(base)
    if (!loaded) {
      loaded = agentSkill(base).then((skill) => loadSkills(skill.name, skill.bytes, (warning) => onerror?.(new Error(warning))))
      loaded.catch(() => skills.delete(base))
      skills.set(base, loaded)
    }
    return loaded
  }
  return createMcpHandler(
    async ({ era, requestInfo }) => {
      let base = config.publicBaseUrl
      if (!base && requestInfo) base = new URL(requestInfo.url).origin
      return createMcpServer(service, {
        era,
        documentationUrl: base ? errorDocumentationUrl(base) : undefined,
        // Without the skill the server still serves tools and prompts; the failure is reported.
        skills: base
          ? await skillsFor(base)?.catch((error: unknown) => {
              onerror?.(error instanceof Error ? error : new Error(String(error)))
              return undefined
            })
          : undefined,
      })
    },
    {
      // One JSON body unless the call sends progress first, then an SSE stream (2026-07-28 requests);
      // initialize-era requests are always answered as a stream, as before.
      responseMode: 'auto',
      maxRequestBodySize: MCP_BODY_LIMIT,
      ...(onerror ? { onerror } : {}),
    },
  )
}

/**
 * Hands a POST that Fastify has already parsed (and checked: Host, Origin, size, media type) to the
 * SDK's web-standard handler, and writes its Response to the socket. A dropped connection aborts the
 * Request, which cancels the call and with it the upstream scan.
 */
async function handlePost(request: FastifyRequest, reply: FastifyReply, handler: McpHttpHandler, service: StoreService): Promise<void> {
  const body = request.body
  if (!isJsonRpcPayload(body)) {
    sendRpcError(reply, 400, jsonRpcError(INVALID_REQUEST, 'Invalid Request: the body is not a JSON-RPC 2.0 message.'))
    return
  }
  // First: the fast path takes only well-formed calls, so it needs no params screen.
  if (await answerFastToolCall(request, reply, body, service, errorDocumentationUrl(baseUrl(request)))) return
  // A method 2026-07-28 removed is the SDK's to refuse (404, -32601), whatever its params look like.
  const removedMethod =
    request.headers['mcp-protocol-version'] === MODERN_PROTOCOL_VERSION &&
    typeof (body as { method?: unknown } | null)?.method === 'string' &&
    REMOVED_IN_MODERN.has((body as { method: string }).method)
  const invalid = removedMethod ? undefined : invalidParamsAnswer(body)
  if (invalid) {
    reply.code(200).header('content-type', 'application/json').header('cache-control', 'no-store').send(invalid)
    return
  }
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const abort = new AbortController()
  const webRequest = new Request(`${baseUrl(request)}${request.url}`, { method: 'POST', headers, signal: abort.signal })
  reply.hijack()
  const raw = reply.raw
  raw.once('close', () => {
    if (!raw.writableFinished) abort.abort(new Error('the client closed the connection'))
  })
  try {
    const response = await handler.fetch(webRequest, { parsedBody: body })
    // A hijacked reply skips onSend hooks: carry over the CORS and other headers set so far.
    const out: Record<string, string | string[] | number> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) out[name] = value
    response.headers.forEach((value, name) => {
      out[name] = value
    })
    out['x-content-type-options'] = 'nosniff'
    raw.writeHead(response.status, out as Record<string, string>)
    if (!response.body) {
      raw.end()
      return
    }
    const reader = response.body.getReader()
    raw.once('close', () => void reader.cancel().catch(() => {}))
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (raw.destroyed) return
      raw.write(value)
    }
    raw.end()
  } catch (error) {
    if (abort.signal.aborted) return // the caller left; nothing to answer
    request.log.error({ err: error }, 'MCP request failed')
    if (!raw.headersSent) {
      raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      raw.end(JSON.stringify(jsonRpcError(INTERNAL_ERROR, 'Internal error')))
    } else {
      raw.destroy()
    }
  }
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
    const raw = reply.raw
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
      if (!raw.destroyed) raw.end()
    }
    const handle = request.server.openStreams.open(end)
    if (!handle) {
      return sendRpcError(
        reply.header('retry-after', '5'),
        503,
        jsonRpcError(SERVER_ERROR, 'Service Unavailable: too many open streams; retry shortly.'),
      )
    }
    this.#open.add(end)

    reply.hijack()
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no', // proxies: do not buffer the stream
      'x-content-type-options': 'nosniff',
    })
    if (typeof raw.socket?.setNoDelay === 'function') raw.socket.setNoDelay(true) // inject()'s fake socket has none
    raw.write(`retry: ${SSE_RETRY_MS}\n: store-finder MCP stream (stateless: notifications arrive on POST responses)\n\n`)
    timers.keepalive = setInterval(() => raw.write(': keepalive\n\n'), this.limits.sseKeepaliveMs)
    timers.lifetime = setTimeout(() => end('lifetime reached'), this.limits.sseMaxLifetimeMs)
    raw.once('close', () => end('client closed'))
    return undefined
  }

  endAll(reason: string): void {
    for (const end of [...this.#open]) end(reason)
  }
}

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_V4.test(hostname)
}

function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0
}

/** The hostname of a Host header, an Origin, or an ALLOWED_HOSTS entry (with or without scheme and port). */
export function hostnameOf(value: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`)
    return url.hostname.toLowerCase() || null
  } catch {
    return null
  }
}

/**
 * DNS rebinding protection. A page on an attacker's domain that resolves to this server sends that
 * domain as Host, so only known host names are accepted (hostnames are compared, never host:port):
 * - loopback names (localhost, 127.x.x.x, [::1]) always;
 * - the host name of PUBLIC_BASE_URL and every ALLOWED_HOSTS entry (`*` accepts any);
 * - when bound to a non-loopback address, IP literals too (a rebinding attack needs a DNS name).
 * An Origin, when sent, must be same-origin, an accepted host name, or, on a public deployment
 * (PUBLIC_BASE_URL set), any origin: the service is public and anonymous, meant for browser agents.
 */
export function hostPolicy(config: Pick<Config, 'host' | 'publicBaseUrl' | 'allowedHosts'>) {
  const anyHost = config.allowedHosts.includes('*')
  const named = new Set<string>()
  for (const entry of config.allowedHosts) {
    const hostname = entry === '*' ? null : hostnameOf(entry)
    if (hostname) named.add(hostname)
  }
  const publicHost = config.publicBaseUrl ? hostnameOf(config.publicBaseUrl) : null
  if (publicHost) named.add(publicHost)
  const boundHost = config.host.replace(/^\[(.*)\]$/, '$1')
  const boundToLoopback = boundHost === 'localhost' || boundHost === '::1' || LOOPBACK_V4.test(boundHost)

  const hostAllowed = (hostname: string) =>
    anyHost || isLoopbackName(hostname) || named.has(hostname) || (!boundToLoopback && isIpLiteral(hostname))

  return {
    /** A sentence saying why the request is refused, or null when it may proceed. */
    check(host: string | undefined, origin: string | undefined): string | null {
      const hostname = host ? hostnameOf(host) : null
      if (!hostname) return 'the Host header is missing or malformed.'
      if (!hostAllowed(hostname)) {
        return `Host '${hostname}' is not allowed. Use localhost, or add the name to ALLOWED_HOSTS (or set PUBLIC_BASE_URL).`
      }
      if (origin === undefined || anyHost || publicHost) return null
      const originHost = hostnameOf(origin)
      if (originHost && (originHost === hostname || isLoopbackName(originHost) || named.has(originHost))) return null
      return `Origin '${origin}' is not allowed. Add its host name to ALLOWED_HOSTS.`
    },
  }
}
