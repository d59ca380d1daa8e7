import type { Tool } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { ToolDefinition } from './definition.js'
import { toolDefinitions } from './index.js'

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

/** A zod schema as advertised JSON Schema (draft 7, no `$schema`); `io: 'input'` shows defaults, defaulted fields optional. */
function toJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchemaObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io })
  return dropSafeIntegerBounds(rest) as JsonSchemaObject
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
        ...(tool._meta ? { _meta: tool._meta } : {}),
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

/** A tool entry exactly as tools/list sends it (including annotations the SDK's types do not know). */
export type ListedTool = Tool & Record<string, unknown>

/** Tool definitions by name: a Map, since the name comes from the caller. */
export function toolsByName(): ReadonlyMap<string, ToolDefinition> {
  byName ??= new Map([...preparedTools()].map(([name, p]) => [name, p.tool]))
  return byName
}
let byName: Map<string, ToolDefinition> | undefined
