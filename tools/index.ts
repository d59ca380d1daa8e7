import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { z } from 'zod'
import { ServiceError, toServiceError } from '../src/errors.js'
import type { ScanProgress } from '../src/schemas.js'
import type { StoreService } from '../src/service.js'
import { validateInput } from '../src/validation.js'
import type { ToolDefinition } from './definition.js'
import { toolError } from './errors.js'
import { getProductAvailability } from './get-product-availability.js'
import { getStore } from './get-store.js'
import { searchNearbyStores } from './search-nearby-stores.js'
import { searchProducts } from './search-products.js'
import { searchStores } from './search-stores.js'

export type { Annotations, ToolContext, ToolDefinition } from './definition.js'

/** The five tools, in the recommended calling order. */
export const toolDefinitions: ToolDefinition[] = [searchStores, searchNearbyStores, getStore, searchProducts, getProductAvailability]

export interface ToolOptions {
  /** Documentation URL put in error results (`documentation`); omitted when unknown. */
  documentationUrl?: string | undefined
  /** Sees every failed call (the stdio door logs upstream failures to stderr with it). */
  onFailure?: ((tool: string, error: ServiceError) => void) | undefined
  /** Replaces a hint that points at something this door does not have (stdio has no HTTP paths). */
  localHint?: ((error: ServiceError) => string | undefined) | undefined
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

export function registerTools(server: McpServer, service: StoreService, options: ToolOptions = {}): void {
  for (const tool of toolDefinitions) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertised(tool.inputSchema),
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      (args, extra) => callTool(tool, service, args, extra, options),
    )
  }
}

type JsonSchemaObject = { properties?: Record<string, { type?: unknown }> } & Record<string, unknown>

const jsonSchemas = new WeakMap<z.ZodObject, JsonSchemaObject>()
const advertisedSchemas = new WeakMap<z.ZodObject, z.ZodObject>()

/** The strict input schema as JSON Schema (draft 7, input side: defaults shown, defaulted fields optional). */
function inputJsonSchema(strict: z.ZodObject): JsonSchemaObject {
  let json = jsonSchemas.get(strict)
  if (!json) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(strict, { target: 'draft-7', io: 'input' })
    json = rest as JsonSchemaObject
    jsonSchemas.set(strict, json)
  }
  return json
}

/**
 * The SDK parses arguments with the registered schema before the handler runs and reports a failure
 * in its own words. Ours must carry the REST error's `code`, `message` and `hint`, so the SDK gets a
 * schema that accepts any object but advertises the strict schema's JSON Schema (zod's metadata is
 * merged into the generated JSON Schema), and the handler validates with the strict schema itself.
 */
function advertised(strict: z.ZodObject): z.ZodObject {
  let schema = advertisedSchemas.get(strict)
  if (!schema) {
    schema = z.looseObject({}).meta(inputJsonSchema(strict))
    advertisedSchemas.set(strict, schema)
  }
  return schema
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/**
 * Hosts and models often send `11199` for a string code, or `"2"` for a number (the Inspector CLI
 * parses `--tool-arg branchCode=11199` as a number). Such values are taken as meant, guided by the
 * advertised types, the way REST query strings are; everything else is left to the strict schema.
 */
function coerceArguments(args: unknown, json: JsonSchemaObject): unknown {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) }
  for (const [key, value] of Object.entries(out)) {
    const type = json.properties?.[key]?.type
    if (type === 'string' && typeof value === 'number' && Number.isFinite(value)) out[key] = String(value)
    if ((type === 'number' || type === 'integer') && typeof value === 'string' && NUMBER.test(value.trim())) out[key] = Number(value)
  }
  return out
}

export async function callTool(
  tool: ToolDefinition,
  service: StoreService,
  args: unknown,
  extra: Pick<Extra, 'signal' | '_meta' | 'sendNotification'>,
  options: ToolOptions = {},
): Promise<CallToolResult> {
  // Once the call has answered, upstream work started for it (say, placements still in flight when a
  // scan failed) is cancelled too; calls coalesced onto the same upstream request keep it alive.
  const answered = new AbortController()
  const signal = AbortSignal.any([extra.signal, answered.signal])
  try {
    const input = validateInput(tool.inputSchema, coerceArguments(args ?? {}, inputJsonSchema(tool.inputSchema)), tool.hints)
    const token = extra._meta?.progressToken
    const progress = token === undefined ? undefined : progressNotifier(token, extra)
    const output = await tool.run(service, input, { signal, onProgress: progress?.report })
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
    }
  } catch (error) {
    const failure = toServiceError(error, tool.family)
    options.onFailure?.(tool.name, failure)
    return toolError(failure, tool.family, options.documentationUrl, options.localHint?.(failure))
  } finally {
    answered.abort(new Error('the tool call has answered'))
  }
}

/**
 * notifications/progress from the scan's own progress (the same callback the NDJSON stream uses):
 * `progress` is the scan percent out of 100 and only ever increases, as the protocol requires.
 */
function progressNotifier(token: string | number, extra: Pick<Extra, 'sendNotification'>) {
  let last = -1
  let sent: Promise<void> = Promise.resolve()
  return {
    report(p: ScanProgress): void {
      if (p.percent <= last) return
      last = p.percent
      const notification = extra.sendNotification({
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
