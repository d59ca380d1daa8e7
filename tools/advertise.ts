import type { Tool } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { FACILITIES } from '../src/stores/facilities.js'
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
    if (!Array.isArray(node) && 'properties' in node) {
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
  const lean = { type: 'object', ...(share(stripped, true) as JsonSchemaObject) }
  return names.size > 0 ? { ...lean, definitions } : lean
}

/**
 * Prose, value rules and `required`: what a caller reads an answer by is its shape and types (null is in
 * the type); the few fields that can be absent (hint, here, facilities, distanceKm) are named in the tool's
 * description. The server keeps the rules: every result is checked against the full zod schema.
 */
const OUTPUT_NOISE = new Set(['description', 'additionalProperties', 'pattern', 'format', 'minimum', 'maximum', 'required'])

/**
 * The facility words are advertised where a caller chooses one (the store searches' `facility`
 * parameter); a store's `facilities` in an answer are strings, as in find_product_nearby's stores.
 */
const FACILITY_WORDS = JSON.stringify(FACILITIES)
const isFacilityWords = (key: string, inner: unknown): boolean => key === 'enum' && JSON.stringify(inner) === FACILITY_WORDS

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
    if (OUTPUT_NOISE.has(key) || isFacilityWords(key, inner) || impliedByShape(node, key, inner)) continue
    // Property names are data, not keywords: a property called "description" stays.
    out[key] = key === 'properties' ? mapValues(inner, strip) : strip(inner)
  }
  return out
}

/**
 * `type: "object"` beside `properties` and `type: "array"` beside `items` say what the shape already
 * says, on every nested field of every tool (about 500 bytes of tools/list); an object declared with no
 * properties (a place, described in words) is just an object. The root keeps its `type: "object"`, which
 * MCP requires of an output schema (leanOutput puts it back).
 */
function impliedByShape(node: Record<string, unknown>, key: string, inner: unknown): boolean {
  if (key === 'type') return (inner === 'object' && hasProperties(node)) || (inner === 'array' && 'items' in node)
  return key === 'properties' && !hasProperties(node)
}

const hasProperties = (node: Record<string, unknown>): boolean => {
  const properties = node['properties']
  return properties !== null && typeof properties === 'object' && Object.keys(properties).length > 0
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
