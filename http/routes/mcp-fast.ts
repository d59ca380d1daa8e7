import type { FastifyReply, FastifyRequest } from 'fastify'
import { VERSION } from '../../src/config.js'
import type { StoreService } from '../../src/service.js'
import { callTool, toolDefinitions, type ToolDefinition } from '../../tools/index.js'
import { abortSignalOf } from './shared.js'
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE } from '../../tools/server.js'

/*
 * The hot path of the MCP door: a plain `tools/call` (no progress token, nothing unusual) answered
 * without building a server, a transport and web streams for it. The SDK's per-request machinery is
 * about three quarters of the cost of a cached call; this keeps tools/call close to a REST call.
 *
 * It answers only requests the SDK would accept and answers them exactly as the SDK does (the test
 * "the tools/call fast path answers exactly as the SDK" compares both); anything else, including every
 * request it is unsure about, goes to the SDK, which stays the one source of protocol errors.
 */

const tools = new Map<string, ToolDefinition>(toolDefinitions.map((tool) => [tool.name, tool]))
const LEGACY = new Set<string>(LEGACY_PROTOCOL_VERSIONS)
const ENVELOPE_KEYS = new Set([
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/clientCapabilities',
])
const SERVER_INFO = { name: SERVER_NAME, version: VERSION, title: SERVER_TITLE, description: SERVER_DESCRIPTION }

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

function acceptsBoth(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('application/json') && accept.includes('text/event-stream')
}

type Era = 'legacy' | 'modern'

/** The revision family of a tools/call this path may answer, or null to leave it to the SDK. */
function eligible(request: FastifyRequest, body: unknown): { era: Era; tool: ToolDefinition; id: string | number; args: unknown } | null {
  if (!isObject(body) || body['jsonrpc'] !== '2.0' || body['method'] !== 'tools/call') return null
  const id = body['id']
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return null
  if (Object.keys(body).length !== 4) return null
  const params = body['params']
  if (!isObject(params)) return null
  for (const key of Object.keys(params)) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return null
  const name = params['name']
  const tool = typeof name === 'string' ? tools.get(name) : undefined
  if (!tool) return null
  const args = params['arguments']
  if (args !== undefined && !isObject(args)) return null
  const headers = request.headers
  const meta = params['_meta']
  const version = headers['mcp-protocol-version']
  if (meta === undefined) {
    // An initialize-era call: the SDK's stateless leg wants both media types and a known version.
    if (!acceptsBoth(headers.accept)) return null
    if (version !== undefined && !LEGACY.has(String(version))) return null
    if (headers['mcp-method'] !== undefined || headers['mcp-name'] !== undefined) return null
    return { era: 'legacy', tool, id, args }
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
  return { era: 'modern', tool, id, args }
}

/**
 * Answers the request and returns true, or returns false (having sent nothing) when the SDK must.
 * Cancellation works as on the REST routes: a closed connection aborts the call and its upstream work.
 */
export async function answerFastToolCall(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  service: StoreService,
  documentationUrl: string,
): Promise<boolean> {
  const call = eligible(request, body)
  if (!call) return false
  // One signal per connection, as on the REST routes: HTTP/1.1 cancels a request only by closing it.
  const signal = abortSignalOf(reply)
  const result = await callTool(call.tool, service, call.args, { signal }, { documentationUrl })
  if (signal.aborted) {
    reply.raw.destroy()
    return true
  }
  if (call.era === 'modern') {
    const answer = { ...result, resultType: 'complete', _meta: { ...result._meta, 'io.modelcontextprotocol/serverInfo': SERVER_INFO } }
    reply.header('content-type', 'application/json').send(JSON.stringify({ result: answer, jsonrpc: '2.0', id: call.id }))
  } else {
    reply
      .header('content-type', 'text/event-stream')
      .header('cache-control', 'no-cache')
      .send(`event: message\ndata: ${JSON.stringify({ result, jsonrpc: '2.0', id: call.id })}\n\n`)
  }
  return true
}
