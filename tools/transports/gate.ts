import { isJSONRPCRequest, isLegacyRequest, type JSONRPCRequest } from '@modelcontextprotocol/server'
import { throttledToolError } from '../errors.js'
import { SSE_HEADERS, frameToolResult, sseEvent, webHeaders, type Framed, type RequestHeaders } from '../fast-path.js'
import { MCP_VOCABULARY } from '../vocabulary.js'

// The per-client limit on tool calls, at the MCP door. A refused call must reach the model, so it is
// answered as a tool result (isError, with retryAfterSeconds) in the JSON-RPC answer the client expects,
// never as an HTTP 429, which MCP clients report as a transport failure the model never sees. Only
// tools/call is counted: listing tools and prompts, initialize and pings cost the chain nothing.

/** Whether one tools/call may run now: undefined when it may, else how long to wait and the limit. */
export type CallGate = (call: JSONRPCRequest) => Promise<{ retryAfterSeconds: number; limit: number } | undefined>

/** What gating a POST left: nothing refused, every call refused (`answer`), or some (`rest` goes on). */
export type Gated = { kind: 'open' } | { kind: 'answer'; answer: Framed } | { kind: 'partly'; rest: unknown[]; refused: unknown[] }

const isToolCall = (message: unknown): message is JSONRPCRequest => isJSONRPCRequest(message) && message.method === 'tools/call'

/**
 * Counts each tools/call of a POST (each one in a batch, which only initialize-era requests may be) and
 * answers the refused ones. A single refused call is framed as the SDK frames a result in its era; in a
 * batch the refused calls' results are SSE events put before the SDK's answer to the rest.
 */
export async function gateToolCalls(
  post: { headers: RequestHeaders; url: string; body: unknown },
  gate: CallGate,
  documentation: string,
): Promise<Gated> {
  const { body } = post
  if (Array.isArray(body)) {
    if (!body.some(isToolCall)) return { kind: 'open' }
    // 2026-07-28 forbids batches and the SDK refuses them whole; nothing of such a batch runs.
    if (!(await isLegacyRequest(asWebRequest(post), body))) return { kind: 'open' }
    const rest: unknown[] = []
    const refused: unknown[] = []
    for (const message of body) {
      const wait = isToolCall(message) ? await gate(message) : undefined
      if (!wait) rest.push(message)
      else
        refused.push({
          result: throttledToolError(wait.retryAfterSeconds, wait.limit, MCP_VOCABULARY, documentation),
          jsonrpc: '2.0',
          id: message.id,
        })
    }
    if (refused.length === 0) return { kind: 'open' }
    if (!rest.some(isJSONRPCRequest)) {
      return { kind: 'answer', answer: { status: 200, headers: { ...SSE_HEADERS }, body: refused.map(sseEvent).join('') } }
    }
    return { kind: 'partly', rest, refused }
  }
  if (!isToolCall(body)) return { kind: 'open' }
  const refused = await gate(body)
  if (!refused) return { kind: 'open' }
  const era = (await isLegacyRequest(asWebRequest(post), body)) ? 'legacy' : 'modern'
  const result = throttledToolError(refused.retryAfterSeconds, refused.limit, MCP_VOCABULARY, documentation)
  return { kind: 'answer', answer: frameToolResult(era, body.id, result) }
}

/**
 * The SDK's answer to the rest of a batch with the refused calls' results first: on its event stream
 * (or in its JSON array), or alone when the rest held only notifications (answered 202). A refusal of
 * the whole request (4xx) stands as it is.
 */
export async function withRefusalsFirst(response: Response, refused: unknown[]): Promise<Response> {
  const events = refused.map(sseEvent).join('')
  if (response.status === 202 || !response.body) return new Response(events, { status: 200, headers: SSE_HEADERS })
  if (response.status !== 200) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  if (!(headers.get('content-type') ?? '').includes('text/event-stream')) {
    const answered: unknown = await response.json()
    return new Response(JSON.stringify([...refused, ...(Array.isArray(answered) ? answered : [answered])]), { status: 200, headers })
  }
  const head = new TextEncoder().encode(events)
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({ start: (controller) => controller.enqueue(head) })
  // A client that leaves cancels `readable`, and the pipe then cancels the SDK's stream.
  void response.body.pipeTo(writable).catch(() => {})
  return new Response(readable, { status: 200, headers })
}

const asWebRequest = (post: { headers: RequestHeaders; url: string }): Request =>
  new Request(post.url, { method: 'POST', headers: webHeaders(post.headers) })
