// What the Model Context Protocol says, kept once for every MCP door (HTTP and stdio): the revisions
// served, what 2026-07-28 removed, the JSON-RPC error codes and bodies, the 2026-07-28 request envelope,
// and the params screen that answers a malformed request -32602 instead of the SDK's -32603.

import {
  ProtocolErrorCode,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  specTypeSchemas,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server'
import { z } from 'zod'

/** The 2026-07-28 revision: `server/discover`, no initialize and no sessions. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28'
/** The initialize-era revisions served statelessly beside it, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const
/**
 * Whether a revision has `structuredContent` (2025-06-18 and later): its clients get the answer once as
 * structured content, the text block a reading of it; older ones (and a version not said) get the JSON as
 * text, which is all they show the model. Revisions are dates, so they compare as text.
 */
export function hasStructuredContent(version: string | undefined): boolean {
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= '2025-06-18'
}

/** Every revision the endpoint speaks, newest first. */
export const PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS]
/** What `initialize` answers to a client proposing a revision it does not know: the newest initialize-era one. */
export const PROTOCOL_VERSION: string = LEGACY_PROTOCOL_VERSIONS[0]

/**
 * How long a 2026-07-28 client may reuse tools/list, prompts/list and server/discover (`ttlMs`), and
 * that any cache may hold them (`cacheScope: public`): they change only with a deploy, like the
 * discovery documents, which are served with max-age=300.
 */
export const LIST_TTL_MS = 300_000
export const CACHE_HINT = { ttlMs: LIST_TTL_MS, cacheScope: 'public' } as const

/** Methods the 2026-07-28 revision removed (its changelog): answered "method not found" in that era. */
export const REMOVED_IN_MODERN: ReadonlySet<string> = new Set(['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'])

/** The `_meta` keys a 2026-07-28 request carries on every call (its envelope). */
export const ENVELOPE_KEYS: ReadonlySet<string> = new Set([
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/clientCapabilities',
])

// JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object); -32000 is the
// implementation-defined range the SDK also uses for HTTP-level refusals.
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const INTERNAL_ERROR = -32603
export const SERVER_ERROR = -32000

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

export interface JsonRpcErrorBody {
  jsonrpc: '2.0'
  id: null
  error: { code: number; message: string; data?: unknown }
}

export function jsonRpcError(code: number, message: string, data?: unknown): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id: null, error: data === undefined ? { code, message } : { code, message, data } }
}

const isJsonRpcMessage = (m: unknown) => isJSONRPCRequest(m) || isJSONRPCNotification(m) || isJSONRPCResponse(m)

/** One JSON-RPC message, or a non-empty batch of them. */
export function isJsonRpcPayload(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every(isJsonRpcMessage)
  return isJsonRpcMessage(body)
}

/**
 * The answer to a line of a line-delimited connection (stdio) that is not one JSON-RPC message, or
 * undefined for a line to pass on (blank lines are neither). The SDK's stdio transport drops such a line,
 * telling only its error handler, and a host waiting on the request's id would wait forever; so it is
 * answered here, with that id when the line has a usable one (null otherwise, as JSON-RPC says).
 */
export function unreadableLineAnswer(
  line: string,
): { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string } } | undefined {
  const text = line.trim()
  if (text === '') return undefined
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return { ...jsonRpcError(PARSE_ERROR, 'Parse error: the line is not valid JSON.'), id: null }
  }
  if (isJsonRpcMessage(message)) return undefined
  const id = message !== null && typeof message === 'object' && !Array.isArray(message) ? (message as { id?: unknown }).id : undefined
  const why = Array.isArray(message)
    ? 'send one JSON-RPC message per line (no batches)'
    : 'the line is not a JSON-RPC 2.0 message (jsonrpc "2.0", a string method, params an object, an id a string or number)'
  return { ...jsonRpcError(INVALID_REQUEST, `Invalid Request: ${why}.`), id: typeof id === 'string' || typeof id === 'number' ? id : null }
}

type Validator = { '~standard': { validate(value: unknown): unknown } }
type Issues = { issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }> }

// A Map, not an object: the method name is the caller's, and `toString` or `__proto__` must find nothing.
const REQUEST_SCHEMAS = new Map<string, Validator>([
  ['initialize', specTypeSchemas.InitializeRequest],
  ['ping', specTypeSchemas.PingRequest],
  ['server/discover', specTypeSchemas.DiscoverRequest],
  ['tools/list', specTypeSchemas.ListToolsRequest],
  ['tools/call', specTypeSchemas.CallToolRequest],
  ['prompts/list', specTypeSchemas.ListPromptsRequest],
  ['prompts/get', specTypeSchemas.GetPromptRequest],
  ['completion/complete', specTypeSchemas.CompleteRequest],
  ['resources/list', specTypeSchemas.ListResourcesRequest],
  ['resources/templates/list', specTypeSchemas.ListResourceTemplatesRequest],
  ['resources/read', specTypeSchemas.ReadResourceRequest],
  ['logging/setLevel', specTypeSchemas.SetLevelRequest],
])

/**
 * The error answer for a request whose params do not fit its method, or undefined. The SDK (2.4) turns
 * such a request into -32603 Internal error with a raw validation dump; the caller's mistake is -32602
 * Invalid params, in one readable sentence.
 */
export function invalidParamsAnswer(message: unknown): JSONRPCMessage | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined
  const { method, id } = message as { method?: unknown; id?: unknown }
  if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return undefined
  const schema = REQUEST_SCHEMAS.get(method)
  if (!schema) return undefined
  const result = schema['~standard'].validate(message) as Issues
  const issues = result.issues ?? []
  if (issues.length === 0) return undefined
  // Every problem at once (an `initialize` without protocolVersion, capabilities and clientInfo names all
  // three), so a client is fixed in one try rather than one per missing key.
  const described = issues.map((issue) => {
    const where = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(request)'
    return `${where}: ${issue.message}`
  })
  return {
    jsonrpc: '2.0',
    id,
    error: { code: ProtocolErrorCode.InvalidParams, message: `Invalid params for ${method}: ${[...new Set(described)].join('; ')}` },
  }
}

/** What a 2026-07-28 `server/discover` needs, and which of it a request lacks. */
const DISCOVER_ENVELOPE: ReadonlyArray<readonly [key: string, ok: (value: unknown) => boolean, what: string]> = [
  // A version named but not served is the SDK's -32022, which lists the versions served.
  ['io.modelcontextprotocol/protocolVersion', (v) => typeof v === 'string', `"${MODERN_PROTOCOL_VERSION}"`],
  [
    'io.modelcontextprotocol/clientInfo',
    (v) => isRecord(v) && typeof v['name'] === 'string' && typeof v['version'] === 'string',
    '{"name", "version"}',
  ],
  ['io.modelcontextprotocol/clientCapabilities', (v) => isRecord(v), '{} or the capabilities'],
]

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The refusal of a `server/discover` that lacks any header or envelope key, naming all of them at once;
 * undefined when nothing is missing (a header that disagrees with the body, or an unsupported version, is
 * the SDK's to answer, -32020 and -32022). `headers` undefined over stdio, which has none. A request that
 * names an initialize-era revision in its header is left alone: server/discover is not part of it.
 */
export function discoverRefusal(
  message: unknown,
  headers?: Readonly<Record<string, string | string[] | undefined>>,
): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string; data: { missing: string[] } } } | undefined {
  if (!isRecord(message) || message['method'] !== 'server/discover') return undefined
  const id = message['id']
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const missing: string[] = []
  if (headers) {
    const version = headers['mcp-protocol-version']
    if (version !== undefined && version !== MODERN_PROTOCOL_VERSION) return undefined
    if (version === undefined) missing.push(`header MCP-Protocol-Version: ${MODERN_PROTOCOL_VERSION}`)
    if (headers['mcp-method'] === undefined) missing.push('header Mcp-Method: server/discover')
  }
  const params = message['params']
  const meta = isRecord(params) ? params['_meta'] : undefined
  for (const [key, ok, what] of DISCOVER_ENVELOPE) {
    const value = isRecord(meta) ? meta[key] : undefined
    if (!ok(value)) missing.push(`params._meta["${key}"]: ${what}`)
  }
  if (missing.length === 0) return undefined
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: ProtocolErrorCode.InvalidParams,
      message: `server/discover (protocol ${MODERN_PROTOCOL_VERSION}) needs, and this request lacks: ${missing.join('; ')}.`,
      data: { missing },
    },
  }
}
