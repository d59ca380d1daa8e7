import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { inheritClient } from '../src/client-context.js'
import { ServiceError, asServiceError } from '../src/errors.js'
import type { ScanProgress } from '../src/schemas.js'
import type { StoreService } from '../src/service.js'
import { withHintIn, type Vocabulary } from '../src/vocabulary.js'
import { UNTRUSTED_RESULT_META, advertisedTools, toolsByName } from './advertise.js'
import type { ToolDefinition } from './definition.js'
import { toolError, toolErrorBody } from './errors.js'
import { hasStructuredContent } from './protocol.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export interface ToolOptions {
  /** Documentation URL put in error results (`documentation`); omitted when unknown. */
  documentationUrl?: string | undefined
  /** Sees every failed call (the stdio door logs upstream failures to stderr with it). */
  onFailure?: ((tool: string, error: ServiceError) => void) | undefined
  /** The door's words for the domain's terms in hints and messages; MCP_VOCABULARY unless the door has no HTTP (stdio). */
  vocabulary?: Vocabulary | undefined
  /**
   * The door's signal for this request, tagged with its caller's key (src/client-context.ts): the SDK's
   * own signal for the request serves the same caller.
   */
  callerSignal?: AbortSignal | undefined
}

const CallParams = z.looseObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
})

/**
 * tools/list and tools/call on the server's low-level handlers rather than McpServer.registerTool:
 * the SDK would answer bad arguments and unknown tools in its own words, while ours carry the REST
 * error's `code`, `message` and `hint`; and the list is built once per process, not per request.
 */
export function installTools(mcp: McpServer, service: StoreService, options: ToolOptions = {}): void {
  const tools = toolsByName()
  const names = [...tools.keys()]
  const server = mcp.server
  server.registerCapabilities({ tools: { listChanged: false } }) // the tool set is fixed at start-up
  server.setRequestHandler('tools/list', () => ({ tools: advertisedTools() }))
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const parsed = CallParams.safeParse(request.params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid params for tools/call: ${issue?.path.map(String).join('.') || '(params)'}: ${issue?.message ?? 'invalid'}`,
      )
    }
    const entry = tools.get(parsed.data.name)
    if (!entry) {
      const error = new ServiceError('invalid_parameter', {
        message: `There is no tool named '${parsed.data.name}'.`,
        hint: `Call tools/list; the tools are ${names.join(', ')}.`,
      })
      const body = toolErrorBody(error, options.vocabulary ?? MCP_VOCABULARY, options.documentationUrl)
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] }
    }
    const context = contextOf(ctx, server)
    inheritClient(context.signal, options.callerSignal)
    return callTool(entry, service, parsed.data.arguments, context, options)
  })
}

/** What a tool call needs from the SDK's request context. */
export interface CallContext {
  signal: AbortSignal
  progressToken?: string | number | undefined
  notify?: ((notification: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>) | undefined
  /** The revision the call was made in; decides the text block (see hasStructuredContent). Unknown: JSON text. */
  protocolVersion?: string | undefined
}

function contextOf(ctx: ServerContext, server: McpServer['server']): CallContext {
  const token = ctx.mcpReq._meta?.progressToken
  return {
    signal: ctx.mcpReq.signal,
    progressToken: typeof token === 'string' || typeof token === 'number' ? token : undefined,
    notify: (notification) => ctx.mcpReq.notify(notification),
    protocolVersion: protocolOf(ctx, server),
  }
}

/**
 * The revision of one call: a 2026-07-28 request names it in its envelope; a stateless initialize-era
 * request over HTTP in its MCP-Protocol-Version header (none: 2025-03-26, as the specification says);
 * over stdio the connection's `initialize` negotiated it.
 */
function protocolOf(ctx: ServerContext, server: McpServer['server']): string | undefined {
  // The SDK types the envelope as {}; its keys are the specification's.
  const enveloped = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/protocolVersion']
  if (typeof enveloped === 'string') return enveloped
  const request = ctx.http?.req
  if (request) return request.headers.get('mcp-protocol-version') ?? undefined
  return server.getNegotiatedProtocolVersion()
}

export async function callTool(
  tool: ToolDefinition,
  service: StoreService,
  args: unknown,
  context: CallContext,
  options: ToolOptions = {},
): Promise<CallToolResult> {
  // The caller's signal as is: upstream work a failed call leaves running (placements in flight when a
  // scan failed) is cancelled by the service's own deadline controller, as on REST. A controller and an
  // AbortSignal.any per call here cost about a tenth of a cached call's CPU.
  const signal = context.signal
  const vocabulary = options.vocabulary ?? MCP_VOCABULARY
  try {
    const input = tool.input.parse(args ?? {}, 'json')
    const progress =
      context.progressToken === undefined || !context.notify ? undefined : progressNotifier(context.progressToken, context.notify)
    const output = withHintIn(await tool.run(service, input, { signal, onProgress: progress?.report }), vocabulary)
    // The last notifications must be on the wire before the response, or the client drops them.
    await progress?.flush()
    const checked = tool.outputSchema.safeParse(output)
    if (!checked.success) {
      throw new ServiceError('internal_error', {
        message: `The ${tool.name} result did not match its output schema.`,
        hint: 'Retry the call; if it keeps failing, report it with the time of the call.',
        detail: checked.error.issues[0]?.message,
        cause: checked.error,
      })
    }
    const structuredContent = checked.data as Record<string, unknown>
    return {
      // Each answer once: a reading of it where structuredContent exists, the JSON itself where it does not.
      content: [
        {
          type: 'text',
          text: hasStructuredContent(context.protocolVersion) ? tool.render(checked.data) : JSON.stringify(structuredContent),
        },
      ],
      structuredContent,
      _meta: { ...UNTRUSTED_RESULT_META },
    }
  } catch (error) {
    const failure = asServiceError(error)
    options.onFailure?.(tool.name, failure)
    return toolError(failure, vocabulary, options.documentationUrl)
  }
}

/**
 * notifications/progress from the scan's own progress (the same callback the NDJSON stream uses):
 * `progress` is the scan percent out of 100 and only ever increases, as the protocol requires.
 */
function progressNotifier(token: string | number, notify: NonNullable<CallContext['notify']>) {
  let last = -1
  let sent: Promise<void> = Promise.resolve()
  return {
    report(p: ScanProgress): void {
      if (p.percent <= last) return
      last = p.percent
      const notification = notify({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: p.percent,
          total: 100,
          message: `${p.found < p.target ? `${p.found} of ${p.target}` : p.found} found, ${p.scanned} scanned on page ${p.page}`,
        },
      })
      sent = Promise.all([sent, notification.catch(() => {})]).then(() => {}) // a caller gone is not an error here
    },
    flush: (): Promise<void> => sent,
  }
}
