import type { CallToolResult } from '@modelcontextprotocol/server'
import { VERSION } from '../src/about.js'
import type { StoreService } from '../src/service.js'
import { TRUST_META_KEY, UNTRUSTED_RESULT_META, toolsByName } from './advertise.js'
import { callTool } from './call.js'
import type { ToolDefinition } from './definition.js'
import { ENVELOPE_KEYS, LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from './protocol.js'
import { SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE } from './server.js'

/*
 * The hot path of the MCP door: a plain `tools/call` (no progress token, nothing unusual) answered
 * without building a server, a transport and web streams for it. The SDK's per-request machinery is
 * about three quarters of the cost of a cached call; this keeps tools/call close to a REST call.
 *
 * It answers only requests the SDK would accept and answers them exactly as the SDK does (the test
 * "the tools/call fast path answers exactly as the SDK" compares both); anything else, including every
 * request it is unsure about, goes to the SDK, which stays the one source of protocol errors.
 */

const LEGACY = new Set<string>(LEGACY_PROTOCOL_VERSIONS)
const SERVER_INFO = { name: SERVER_NAME, version: VERSION, title: SERVER_TITLE, description: SERVER_DESCRIPTION }

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>

/** Node's request headers as web Headers, for the SDK (the body is passed parsed, so its length goes). */
export function webHeaders(given: RequestHeaders): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  return headers
}

/** A finished answer: the route sends it as is. `aborted`: the caller left, send nothing. */
export type FastAnswer = Framed | { aborted: true }
export type Framed = { status: 200; headers: Record<string, string>; body: string }

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

function acceptsBoth(accept: string | string[] | undefined): boolean {
  return typeof accept === 'string' && accept.includes('application/json') && accept.includes('text/event-stream')
}

export type Era = 'legacy' | 'modern'

/** The revision family of a tools/call this path may answer, or null to leave it to the SDK. */
function eligible(
  headers: RequestHeaders,
  body: unknown,
): { era: Era; tool: ToolDefinition; id: string | number; args: unknown; protocolVersion: string | undefined } | null {
  if (!isObject(body) || body['jsonrpc'] !== '2.0' || body['method'] !== 'tools/call') return null
  const id = body['id']
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return null
  if (Object.keys(body).length !== 4) return null
  const params = body['params']
  if (!isObject(params)) return null
  for (const key of Object.keys(params)) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return null
  const name = params['name']
  const tool = typeof name === 'string' ? toolsByName().get(name) : undefined
  if (!tool) return null
  const args = params['arguments']
  if (args !== undefined && !isObject(args)) return null
  const meta = params['_meta']
  const version = headers['mcp-protocol-version']
  if (meta === undefined) {
    // An initialize-era call: the SDK's stateless leg wants both media types and a known version.
    if (!acceptsBoth(headers['accept'])) return null
    if (version !== undefined && !LEGACY.has(String(version))) return null
    if (headers['mcp-method'] !== undefined || headers['mcp-name'] !== undefined) return null
    return { era: 'legacy', tool, id, args, protocolVersion: version === undefined ? undefined : String(version) }
  }
  if (!isObject(meta) || Object.keys(meta).length !== ENVELOPE_KEYS.size) return null
  for (const key of Object.keys(meta)) if (!ENVELOPE_KEYS.has(key)) return null
  if (meta['io.modelcontextprotocol/protocolVersion'] !== MODERN_PROTOCOL_VERSION) return null
  const clientInfo = meta['io.modelcontextprotocol/clientInfo']
  if (!isObject(clientInfo) || typeof clientInfo['name'] !== 'string' || typeof clientInfo['version'] !== 'string') return null
  if (!isObject(meta['io.modelcontextprotocol/clientCapabilities'])) return null
  // 2026-07-28: the headers must repeat the body (the SDK answers a mismatch with -32020).
  if (version !== MODERN_PROTOCOL_VERSION || headers['mcp-method'] !== 'tools/call' || headers['mcp-name'] !== tool.name) return null
  if (!/^[\x20-\x7e]+$/.test(tool.name)) return null
  return { era: 'modern', tool, id, args, protocolVersion: MODERN_PROTOCOL_VERSION }
}

/**
 * The answer to a plain tools/call, or null (having done nothing) when the SDK must answer. Cancellation
 * works as on the REST routes: the signal aborts when the caller's connection closes.
 */
export async function answerFastToolCall(
  headers: RequestHeaders,
  body: unknown,
  service: StoreService,
  signal: AbortSignal,
  documentationUrl: string,
): Promise<FastAnswer | null> {
  const call = eligible(headers, body)
  if (!call) return null
  const result = await callTool(call.tool, service, call.args, { signal, protocolVersion: call.protocolVersion }, { documentationUrl })
  if (signal.aborted) return { aborted: true }
  return frameToolResult(call.era, call.id, result)
}

/*
 * Every successful result carries the same `_meta` (the trust note, and in 2026-07-28 the server's info):
 * written as JSON once here, rather than per call, where it was about a third of the framing's
 * JSON.stringify (measured in-process on the loaded bench machine: a modern get_store frame 20 µs → 8 µs).
 */
const TRUST = UNTRUSTED_RESULT_META[TRUST_META_KEY] // own key: a constant of ours, not a caller's name
const LEGACY_META_JSON = JSON.stringify(UNTRUSTED_RESULT_META)
const MODERN_META_JSON = JSON.stringify({ ...UNTRUSTED_RESULT_META, 'io.modelcontextprotocol/serverInfo': SERVER_INFO })

/** The result as JSON with `metaJson` as its `_meta`, when its own `_meta` is the usual trust note alone; else null. */
function withUsualMeta(result: CallToolResult, metaJson: string, tail = ''): string | null {
  const { _meta: meta, ...rest } = result
  if (meta === undefined || Object.keys(meta).length !== 1 || meta[TRUST_META_KEY] !== TRUST) return null
  const json = JSON.stringify(rest)
  return `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"_meta":${metaJson}${tail}}`
}

/** A tool result framed as the SDK frames it in each era: a JSON body (2026-07-28), one SSE event (initialize era). */
export function frameToolResult(era: Era, id: string | number, result: CallToolResult): Framed {
  const idJson = JSON.stringify(id)
  if (era === 'modern') {
    const usual = withUsualMeta(result, MODERN_META_JSON, ',"resultType":"complete"')
    if (usual !== null) {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: `{"result":${usual},"jsonrpc":"2.0","id":${idJson}}` }
    }
    const answer = { ...result, resultType: 'complete', _meta: { ...result._meta, 'io.modelcontextprotocol/serverInfo': SERVER_INFO } }
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: answer, jsonrpc: '2.0', id }),
    }
  }
  const usual = withUsualMeta(result, LEGACY_META_JSON)
  if (usual !== null) {
    return {
      status: 200,
      headers: { ...SSE_HEADERS },
      body: `event: message\ndata: {"result":${usual},"jsonrpc":"2.0","id":${idJson}}\n\n`,
    }
  }
  return { status: 200, headers: { ...SSE_HEADERS }, body: sseEvent({ result, jsonrpc: '2.0', id }) }
}

export const SSE_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }

/** One JSON-RPC message as the SDK writes it on an event stream. */
export const sseEvent = (message: unknown): string => `event: message\ndata: ${JSON.stringify(message)}\n\n`
