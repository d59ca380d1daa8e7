import { createMcpHandler } from '@modelcontextprotocol/server'
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import { LRUCache } from 'lru-cache'
import type { Config } from '../../src/config.js'
import { errorDocumentationUrl } from '../../src/errors.js'
import type { StoreService } from '../../src/service.js'
import { answerFastToolCall, webHeaders, type RequestHeaders } from '../fast-path.js'
import {
  INVALID_REQUEST,
  MODERN_PROTOCOL_VERSION,
  REMOVED_IN_MODERN,
  discoverRefusal,
  invalidParamsAnswer,
  isJsonRpcPayload,
  jsonRpcError,
} from '../protocol.js'
import { createMcpServer, loadSkills } from '../server.js'
import { gateToolCalls, withRefusalsFirst, type CallGate } from './gate.js'

export const MCP_BODY_LIMIT = 256 * 1024 // 256 KiB: a tools/call is a few hundred bytes

/** One POST to the MCP endpoint, already parsed and checked by the web framework (Host, Origin, size, media type). */
export interface McpPost {
  headers: RequestHeaders
  /** The absolute URL of the request (the SDK reads the origin from it). */
  url: string
  /** The origin of `url` when the door knows it already (saves parsing the URL again on every call). */
  base?: string | undefined
  body: unknown
  /** Aborts when the caller's connection closes (used by the fast path; the SDK path gets its own below). */
  signal: AbortSignal
  /** The per-client limit on tool calls, when the door has one (see gate.ts). */
  gate?: CallGate | undefined
}

/**
 * What to send back:
 * - `answer`: a complete response, sent like any other (the framework's hooks apply);
 * - `sdk`: the SDK must answer; `run` takes a signal that aborts when the caller leaves and returns a
 *   web Response whose body may be an event stream (progress first, the result last), to be streamed;
 * - `aborted`: the caller left while the fast path worked; send nothing.
 */
export type McpPostAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'sdk'; run: (signal: AbortSignal) => Promise<Response> }
  | { kind: 'aborted' }

export interface McpHttpHandler {
  /** `fastPath: false` sends even a plain tools/call to the SDK (the test comparing both paths uses it). */
  answer(post: McpPost, options?: { fastPath?: boolean }): Promise<McpPostAnswer>
  close(): Promise<void>
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

/**
 * MCP over Streamable HTTP without a web framework: the SDK's dual-revision handler (a request carrying
 * the 2026-07-28 envelope, or `server/discover`, is served by the modern path, anything else by the
 * stateless initialize-era path; both build one server per request from the same factory), in front of
 * it the fast path for plain tools/call and the params screen. The error links point at this
 * deployment's docs.
 */
/**
 * The door's signal of each request handed to the SDK, by the SDK's request: the SDK builds a server per
 * request from it and gives the tools its own signal, which then serves the same caller.
 */
const callers = new WeakMap<Request, AbortSignal>()

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
  const baseOf = (post: McpPost) => config.publicBaseUrl ?? post.base ?? new URL(post.url).origin
  const sdk = createMcpHandler(
    async ({ era, requestInfo }) => {
      const base = config.publicBaseUrl ?? (requestInfo ? new URL(requestInfo.url).origin : undefined)
      return createMcpServer(service, {
        era,
        callerSignal: requestInfo ? callers.get(requestInfo) : undefined,
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

  return {
    async answer(post: McpPost, options: { fastPath?: boolean } = {}): Promise<McpPostAnswer> {
      if (!isJsonRpcPayload(post.body)) {
        const refusal = jsonRpcError(INVALID_REQUEST, 'Invalid Request: the body is not a JSON-RPC 2.0 message.')
        return { kind: 'answer', status: 400, headers: JSON_HEADERS, body: JSON.stringify(refusal) }
      }
      // Counted before anything runs; a refused call is answered here, as a tool result.
      const gated = post.gate ? await gateToolCalls(post, post.gate, errorDocumentationUrl(baseOf(post))) : undefined
      if (gated?.kind === 'answer') return { kind: 'answer', ...gated.answer }
      const body = gated?.kind === 'partly' ? gated.rest : post.body
      // First: the fast path takes only well-formed calls, so it needs no params screen.
      const fast =
        options.fastPath === false
          ? null
          : await answerFastToolCall(post.headers, body, service, post.signal, errorDocumentationUrl(baseOf(post)))
      if (fast) return 'aborted' in fast ? { kind: 'aborted' } : { kind: 'answer', ...fast }
      // A method 2026-07-28 removed is the SDK's to refuse (404, -32601), whatever its params look like.
      const method = (body as { method?: unknown } | null)?.method
      const removedMethod =
        post.headers['mcp-protocol-version'] === MODERN_PROTOCOL_VERSION && typeof method === 'string' && REMOVED_IN_MODERN.has(method)
      // Everything a server/discover lacks, at once (the SDK names one missing piece per try).
      const discover = discoverRefusal(body, post.headers)
      if (discover)
        return {
          kind: 'answer',
          status: 400,
          headers: { ...JSON_HEADERS, 'content-type': 'application/json' },
          body: JSON.stringify(discover),
        }
      const invalid = removedMethod ? undefined : invalidParamsAnswer(body)
      if (invalid)
        return {
          kind: 'answer',
          status: 200,
          headers: { ...JSON_HEADERS, 'content-type': 'application/json' },
          body: JSON.stringify(invalid),
        }
      const headers = webHeaders(post.headers)
      const run = (signal: AbortSignal) => {
        const request = new Request(post.url, { method: 'POST', headers, signal })
        callers.set(request, signal)
        return sdk.fetch(request, { parsedBody: body })
      }
      return {
        kind: 'sdk',
        run: gated?.kind === 'partly' ? async (signal) => withRefusalsFirst(await run(signal), gated.refused) : run,
      }
    },
    close: () => sdk.close(),
  }
}
