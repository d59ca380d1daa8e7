// How the hostile suite speaks to each HTTP door: MCP in both protocol generations (the 2025-11-25 one,
// stateless POSTs without initialize, and the 2026-07-28 one with its per-request headers and envelope),
// and the shape checks every refusal must pass (the REST Error shape, a JSON-RPC error).

import type { Test } from 'tap'

/** Names that are properties of every plain object: a lookup keyed by them finds something in `{}`. */
export const BUILT_IN_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'] as const

export const MODERN = '2026-07-28'
const ACCEPT = 'application/json, text/event-stream'

const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'hostile', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

export type Era = 'legacy' | 'modern'
export const ERAS: readonly Era[] = ['legacy', 'modern']

/**
 * The text of a JSON-RPC request in `era`: `params` is spliced in as raw JSON text, so a key such as
 * `__proto__` reaches the server exactly as written (an object literal would turn it into a prototype).
 */
export function rpcText(
  era: Era,
  method: string,
  paramsJson = '{}',
  id: number | string = 1,
): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT }
  let params = paramsJson
  if (era === 'modern') {
    headers['mcp-protocol-version'] = MODERN
    headers['mcp-method'] = method
    const name = /"name"\s*:\s*"([^"]+)"/.exec(paramsJson)?.[1]
    if ((method === 'tools/call' || method === 'prompts/get') && name) headers['mcp-name'] = name
    const inner = paramsJson.trim().slice(1, -1).trim()
    params = `{${inner}${inner ? ',' : ''}"_meta":${JSON.stringify(envelope)}}`
  }
  return { body: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"params":${params}}`, headers }
}

export interface RpcAnswer {
  status: number
  type: string
  /** The JSON-RPC messages of the answer (SSE events or one JSON body). */
  messages: Array<{ id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } }>
}

/** POSTs one request to /api/mcp in `era` and reads the whole answer. */
export async function rpc(
  url: string,
  era: Era,
  method: string,
  paramsJson = '{}',
  extraHeaders: Record<string, string> = {},
): Promise<RpcAnswer> {
  const { body, headers } = rpcText(era, method, paramsJson)
  const res = await fetch(`${url}/api/mcp`, { method: 'POST', headers: { ...headers, ...extraHeaders }, body })
  const text = await res.text()
  const type = res.headers.get('content-type') ?? ''
  const messages = /text\/event-stream/.test(type)
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as RpcAnswer['messages'][number])
    : text
      ? [JSON.parse(text) as RpcAnswer['messages'][number]]
      : []
  return { status: res.status, type, messages }
}

/** The error body a tool result carries (isError true, its text the REST Error body). */
export function toolError(answer: RpcAnswer): { code?: string; message?: string; hint?: unknown } | undefined {
  const result = answer.messages.find((m) => m.result)?.result as { isError?: boolean; content?: Array<{ text: string }> } | undefined
  if (!result?.isError || !result.content?.[0]) return undefined
  return JSON.parse(result.content[0].text) as { code?: string; message?: string; hint?: unknown }
}

/** The spec's Error shape: Korean `error`, `code`, English `message`, a string `hint`, the status. */
export function assertErrorShape(t: Test, body: unknown, status: number, code: string | RegExp, what: string): void {
  t.match(body, { error: String, code, message: String, hint: String, status }, `${what}: the Error shape`)
}

/** Parses a body as JSON, or fails the test naming `what` (a crash page or an empty answer is not JSON). */
export function json(t: Test, text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    t.fail(`${what}: the body is not JSON: ${JSON.stringify(text.slice(0, 200))}`)
    return undefined
  }
}
