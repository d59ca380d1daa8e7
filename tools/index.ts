import type { CallToolResult, McpServer, ServerContext, Tool } from '@modelcontextprotocol/server'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { ServiceError, asServiceError } from '../src/errors.js'
import type { ScanProgress } from '../src/schemas.js'
import type { StoreService } from '../src/service.js'
import { withHintIn, type Vocabulary } from '../src/vocabulary.js'
import type { ToolDefinition } from './definition.js'
import { toolError, toolErrorBody } from './errors.js'
import { MCP_VOCABULARY } from './vocabulary.js'
import { getProductAvailability } from './get-product-availability.js'
import { findProductNearby } from './find-product-nearby.js'
import { getStore } from './get-store.js'
import { searchNearbyStores } from './search-nearby-stores.js'
import { searchCatalogue } from './search-catalogue.js'
import { searchProducts } from './search-products.js'
import { searchStores } from './search-stores.js'

export type { Annotations, ToolContext, ToolDefinition } from './definition.js'

/** The tools, in the recommended calling order (tools/list keeps this order). */
export const toolDefinitions: ToolDefinition[] = [
  searchStores,
  searchNearbyStores,
  getStore,
  searchProducts,
  getProductAvailability,
  searchCatalogue,
  findProductNearby,
]

export interface ToolOptions {
  /** Documentation URL put in error results (`documentation`); omitted when unknown. */
  documentationUrl?: string | undefined
  /** Sees every failed call (the stdio door logs upstream failures to stderr with it). */
  onFailure?: ((tool: string, error: ServiceError) => void) | undefined
  /** The door's words for the domain's terms in hints and messages; MCP_VOCABULARY unless the door has no HTTP (stdio). */
  vocabulary?: Vocabulary | undefined
}

/**
 * Result `_meta` of every result that carries the chain's text (names, addresses, product names):
 * the per-result form of the `untrustedContentHint` annotation, so a host that looks at results
 * rather than at tools/list still treats those strings as data.
 */
export const TRUST_META_KEY = 'io.modelcontextprotocol/trust'
export const UNTRUSTED_RESULT_META = {
  [TRUST_META_KEY]: { untrustedContent: true, source: "the retail chain's public web service" },
} as const

type JsonSchemaObject = { properties?: Record<string, { type?: unknown }> } & Record<string, unknown>

const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])

/**
 * zod writes `minimum: -9007199254740991` / `maximum: 9007199254740991` on every `.int()`: bounds every
 * JSON number already has, which only cost tools/list bytes (and a model's attention). Real bounds stay.
 */
function dropSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropSafeIntegerBounds)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if ((key === 'minimum' || key === 'maximum') && typeof inner === 'number' && SAFE_INT_BOUNDS.has(inner)) continue
    out[key] = dropSafeIntegerBounds(inner)
  }
  return out
}

/**
 * An output schema says each shape once: no prose (the tool's description carries it), no value
 * rules (OUTPUT_NOISE), `type: [T, "null"]` for a nullable T, and an object shape used twice (a
 * nearby answer's store-and-items) as one definition.
 */
function leanOutput(json: unknown): JsonSchemaObject {
  const stripped = strip(json) as JsonSchemaObject
  const seen = new Map<string, number>()
  const count = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return
    if (!Array.isArray(node) && (node as { type?: unknown }).type === 'object') {
      const key = JSON.stringify(node)
      const times = seen.get(key) ?? 0
      seen.set(key, times + 1)
      if (times > 0) return // its insides are counted once, with it
    }
    for (const inner of Object.values(node)) count(inner)
  }
  count(stripped)
  const definitions: Record<string, unknown> = {}
  const names = new Map<string, string>()
  const share = (node: unknown, root: boolean): unknown => {
    if (node === null || typeof node !== 'object') return node
    if (Array.isArray(node)) return node.map((inner) => share(inner, false))
    const key = JSON.stringify(node)
    if (!root && (seen.get(key) ?? 0) > 1) {
      let name = names.get(key)
      if (!name) {
        name = `s${names.size}`
        names.set(key, name)
        definitions[name] = share(JSON.parse(key), true)
      }
      return { $ref: `#/definitions/${name}` }
    }
    return Object.fromEntries(Object.entries(node).map(([k, inner]) => [k, share(inner, false)]))
  }
  const lean = share(stripped, true) as JsonSchemaObject
  return names.size > 0 ? { ...lean, definitions } : lean
}

/** Prose and value rules: what a caller reads an answer by is its shape; the server keeps the rules. */
const OUTPUT_NOISE = new Set(['description', 'additionalProperties', 'pattern', 'format', 'minimum', 'maximum'])

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (value === null || typeof value !== 'object') return value
  const node = value as Record<string, unknown>
  const anyOf = node['anyOf']
  if (Array.isArray(anyOf) && anyOf.length === 2 && isNullType(anyOf[1]) && typeof (anyOf[0] as { type?: unknown }).type === 'string') {
    const { anyOf: _drop, ...rest } = node
    const inner = anyOf[0] as Record<string, unknown>
    return strip({ ...rest, ...inner, type: [inner['type'], 'null'] })
  }
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(node)) {
    if (OUTPUT_NOISE.has(key)) continue
    // Property names are data, not keywords: a property called "description" stays.
    out[key] = key === 'properties' ? mapValues(inner, strip) : strip(inner)
  }
  return out
}

const isNullType = (node: unknown): boolean =>
  node !== null && typeof node === 'object' && Object.keys(node).length === 1 && (node as { type?: unknown }).type === 'null'

const mapValues = (value: unknown, fn: (inner: unknown) => unknown): unknown =>
  value === null || typeof value !== 'object' ? value : Object.fromEntries(Object.entries(value).map(([k, inner]) => [k, fn(inner)]))

/** A zod schema as advertised JSON Schema (draft 7, no `$schema`); `io: 'input'` shows defaults, defaulted fields optional. */
function toJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchemaObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io })
  const json = dropSafeIntegerBounds(rest)
  return io === 'output' ? leanOutput(json) : (json as JsonSchemaObject)
}

interface Prepared {
  tool: ToolDefinition
  inputJson: JsonSchemaObject
  listed: Tool
}

// Built once per process: servers are built per HTTP request, and converting schemas per request was
// a large share of an MCP call's cost.
let prepared: Map<string, Prepared> | undefined
let listedTools: Tool[] | undefined

function preparedTools(): Map<string, Prepared> {
  if (!prepared) {
    prepared = new Map()
    for (const tool of toolDefinitions) {
      const inputJson = toJsonSchema(tool.input.schema, 'input')
      const listed = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: inputJson,
        outputSchema: toJsonSchema(tool.outputSchema, 'output'),
        // untrustedContentHint is newer than the SDK's ToolAnnotations type; it goes out as written.
        annotations: tool.annotations,
      } as unknown as Tool
      prepared.set(tool.name, { tool, inputJson, listed })
    }
  }
  return prepared
}

/** The tools exactly as tools/list sends them, in toolDefinitions order. */
export function advertisedTools(): Tool[] {
  listedTools ??= [...preparedTools().values()].map((p) => p.listed)
  return listedTools
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
  const tools = preparedTools()
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
    return callTool(entry.tool, service, parsed.data.arguments, contextOf(ctx), options)
  })
}

/** What a tool call needs from the SDK's request context. */
export interface CallContext {
  signal: AbortSignal
  progressToken?: string | number | undefined
  notify?: ((notification: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>) | undefined
}

function contextOf(ctx: ServerContext): CallContext {
  const token = ctx.mcpReq._meta?.progressToken
  return {
    signal: ctx.mcpReq.signal,
    progressToken: typeof token === 'string' || typeof token === 'number' ? token : undefined,
    notify: (notification) => ctx.mcpReq.notify(notification),
  }
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
      // The text mirror is for hosts that ignore structuredContent.
      content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
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
