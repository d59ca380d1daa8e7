import { z } from 'zod'
import { ABOUT, VERSION } from '../../src/about.js'
import {
  ErrorEventSchema,
  ErrorSchema,
  NearbyStoreStockSchema,
  ProductAvailabilitySchema,
  ProductSchema,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  StoreSchema,
} from '../../src/schemas.js'
import type { ResponseSpec, RouteSpec } from '../registry.js'
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from '../../tools/protocol.js'
import { ApiIndexSchema, McpServerInfoSchema, SandboxIndexSchema, DOC_PATHS } from '../contract.js'
import { exampleFor, parameterExample } from './examples.js'

/*
 * The OpenAPI 3.1 document, generated from the route table and the zod schemas the routes validate
 * and answer with, so it cannot drift from the code. Schemas go through zod's own converter (JSON
 * Schema 2020-12, the dialect OpenAPI 3.1 uses); shared ones become components named in a private
 * registry, so no `.meta({id})` leaks into the schemas the MCP SDK also sees.
 */

type Json = Record<string, unknown>

/** Shared schemas by component name (docs/spec.md §2 names). */
const COMPONENTS: ReadonlyArray<[z.ZodType, string]> = [
  [StoreSchema, 'Store'],
  [ProductSchema, 'Product'],
  [ProductSearchResultSchema, 'ProductSearchResult'],
  [ProductAvailabilitySchema, 'ProductAvailability'],
  [NearbyStoreStockSchema, 'NearbyStoreStock'],
  [ErrorSchema, 'Error'],
  [ApiIndexSchema, 'ApiIndex'],
  [SandboxIndexSchema, 'SandboxIndex'],
  [ProgressEventSchema, 'ProgressEvent'],
  [ResultEventSchema, 'ResultEvent'],
  [ErrorEventSchema, 'ErrorEvent'],
  [McpServerInfoSchema, 'McpServerInfo'],
  [JsonRpcRequestSchema, 'JsonRpcRequest'],
  [JsonRpcResponseSchema, 'JsonRpcResponse'],
]

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Discovery', description: 'The API index.' },
  { name: 'Stores', description: 'Find stores by keyword or coordinates, or get one by code.' },
  { name: 'Products', description: 'Products in stock at a store with floor and zone; one product’s availability here and nearby.' },
  { name: 'Sandbox', description: 'The same operations on fixed fixture data; never contacts the upstream service.' },
  { name: 'MCP', description: 'Model Context Protocol over Streamable HTTP (JSON-RPC 2.0).' },
  { name: 'Operations', description: 'Liveness, readiness and the upstream check, for operators and monitors.' },
]

const REF_PREFIX = '#/components/schemas/'
const TEMP_PREFIX = 'zzTemp'

interface Slot {
  schema: z.ZodType
  /** Receives the converted JSON Schema (a $ref for components). */
  set: (json: Json) => void
  name: string
}

/**
 * Converts every slot in one pass per `io`, so that shared schemas become `$ref`s to components and
 * each component is emitted once.
 */
function convert(slots: Slot[], io: 'input' | 'output', components: Record<string, Json>): void {
  const registry = z.registry<{ id: string }>()
  const componentIds = new Map<z.ZodType, string>()
  for (const [schema, id] of COMPONENTS) {
    registry.add(schema, { id })
    componentIds.set(schema, id)
  }
  const tempIds = new Map<z.ZodType, string>()
  const tempNames = new Map<string, string>()
  for (const slot of slots) {
    if (componentIds.has(slot.schema) || tempIds.has(slot.schema)) continue
    const id = `${TEMP_PREFIX}${tempIds.size}`
    tempIds.set(slot.schema, id)
    tempNames.set(id, slot.name)
    registry.add(slot.schema, { id })
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `${REF_PREFIX}${id}`,
  })
  const out = new Map<string, Json>()
  for (const [id, json] of Object.entries(schemas)) out.set(id, tidy(json as Json) as Json)

  // Emit only what the slots reach: unused components, and the other `io` view of a shared one, stay out.
  const refsOf = (id: string): Set<string> => {
    const refs = new Set<string>()
    collectRefs(out.get(id), refs)
    return refs
  }
  const referenced = new Set<string>()
  const queue: string[] = []
  const reach = (id: string) => {
    if (referenced.has(id)) return
    referenced.add(id)
    queue.push(id)
  }
  for (const slot of slots) {
    const componentId = componentIds.get(slot.schema)
    if (componentId) reach(componentId)
    else for (const ref of refsOf(tempIds.get(slot.schema) as string)) reach(ref)
  }
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) for (const ref of refsOf(id)) reach(ref)

  // Temporary schemas nested in another schema stay components, under their slot's name; the rest are inlined.
  const renames = new Map<string, string>()
  const taken: Record<string, unknown> = { ...components }
  for (const id of referenced) {
    let name = tempNames.get(id) ?? id
    if (!id.startsWith(TEMP_PREFIX) && components[id] !== undefined && !sameJson(components[id], out.get(id))) name = `${id}Input`
    if (!id.startsWith(TEMP_PREFIX) && name === id) {
      renames.set(id, id)
      continue
    }
    name = uniqueName(name, taken)
    taken[name] = true
    renames.set(id, name)
  }
  const rename = (json: Json): Json => rewriteRefs(json, renames) as Json
  for (const id of referenced) components[renames.get(id) as string] = rename(out.get(id) as Json)

  for (const slot of slots) {
    const id = componentIds.get(slot.schema) ?? (tempIds.get(slot.schema) as string)
    slot.set(referenced.has(id) ? { $ref: `${REF_PREFIX}${renames.get(id)}` } : rename(out.get(id) as Json))
  }
}

const SAFE_INT = Number.MAX_SAFE_INTEGER

/** Drops converter noise: per-schema $schema/$id and the safe-integer bounds zod adds to every int. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy)
  if (value === null || typeof value !== 'object') return value
  const out: Json = {}
  for (const [key, v] of Object.entries(value as Json)) {
    if (key === '$schema' || key === '$id') continue
    if (key === 'minimum' && v === -SAFE_INT) continue
    if (key === 'maximum' && v === SAFE_INT) continue
    out[key] = tidy(v)
  }
  return out
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectRefs(v, into)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value as Json)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) into.add(v.slice(REF_PREFIX.length))
      else collectRefs(v, into)
    }
  }
}

function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renames))
  if (value === null || typeof value !== 'object') return value
  const out: Json = {}
  for (const [key, v] of Object.entries(value as Json)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) {
      const id = v.slice(REF_PREFIX.length)
      out[key] = `${REF_PREFIX}${renames.get(id) ?? id}`
    } else {
      out[key] = rewriteRefs(v, renames)
    }
  }
  return out
}

function uniqueName(name: string, taken: Record<string, unknown>): string {
  let candidate = name
  for (let i = 2; taken[candidate] !== undefined; i++) candidate = `${name}${i}`
  return candidate
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export interface OpenApiDocument {
  openapi: string
  info: Json
  servers: Array<{ url: string; description?: string }>
  security: unknown[]
  tags: Array<{ name: string; description: string }>
  paths: Record<string, Record<string, Json>>
  components: { schemas: Record<string, Json> }
  externalDocs: Json
  [key: string]: unknown
}

/** Builds the document for one base URL from the routes that belong in it. */
export function buildOpenApi(routes: readonly RouteSpec[], base: string): OpenApiDocument {
  const included = routes.filter((r) => r.inOpenApi !== false)
  const outputSlots: Slot[] = []
  const inputSlots: Slot[] = []
  const paths: Record<string, Record<string, Json>> = {}

  for (const route of included) {
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
    }
    const parameters: Json[] = []
    operation['parameters'] = parameters
    if (route.params) {
      inputSlots.push({
        schema: route.params,
        name: `${pascal(route.operationId)}Path`,
        set: (json) => addParameters(parameters, 'path', json, route.operationId),
      })
    }
    if (route.query) {
      const query = route.query
      inputSlots.push({
        schema: query,
        name: `${pascal(route.operationId)}Query`,
        set: (json) => addParameters(parameters, 'query', json, route.operationId),
      })
    }
    if (route.body) {
      const body = route.body
      const content: Json = {}
      inputSlots.push({ schema: body.schema, name: `${pascal(route.operationId)}Request`, set: (json) => (content['schema'] = json) })
      operation['requestBody'] = { required: true, description: body.description, content: { [body.mediaType]: content } }
    }

    const responses: Json = {}
    for (const [statusText, response] of Object.entries(route.responses) as Array<[string, ResponseSpec]>) {
      const status = Number(statusText)
      responses[statusText] = buildResponse(route, status, response, base, outputSlots)
    }
    // Any status not listed (405, 429, 503 …) still has the Error shape (docs/spec.md §7), except on routes
    // whose errors have their own shape (MCP answers errors in JSON-RPC).
    const errorSchemas = Object.entries(route.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([, r]) => r.schema)
    if (errorSchemas.every((schema) => schema === ErrorSchema)) {
      const media: Json = {}
      outputSlots.push({ schema: ErrorSchema, name: 'Error', set: (json) => (media['schema'] = json) })
      responses['default'] = {
        description: 'Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).',
        content: { 'application/json': media },
      }
    }
    operation['responses'] = responses

    const pathItem = (paths[route.path] ??= {})
    pathItem[route.method.toLowerCase()] = operation
  }

  const components: Record<string, Json> = {}
  convert(outputSlots, 'output', components)
  convert(inputSlots, 'input', components)
  // Parameters go in declaration order: path first, then query.
  for (const pathItem of Object.values(paths)) {
    for (const operation of Object.values(pathItem)) {
      const parameters = operation['parameters'] as Json[]
      if (parameters.length === 0) delete operation['parameters']
      else parameters.sort((a, b) => (a['in'] === b['in'] ? 0 : a['in'] === 'path' ? -1 : 1))
    }
  }

  const usedTags = new Set(included.flatMap((r) => r.tags))
  return {
    openapi: '3.1.0',
    info: {
      title: ABOUT.apiTitle,
      version: VERSION,
      summary:
        'Find Daiso (다이소) stores in Korea, then products in stock at a store with floor and zone, and which nearby store has a product.',
      description: [
        'A public, anonymous, free API: no key, no sign-up. Find a store (searchStores), then search products in stock there (searchStoreProducts with the store code as branchCode), then one product’s availability here and at nearby stores (getProductAvailability).',
        '',
        'Every non-2xx response is JSON in the Error shape; branch on `code`. The product search can stream NDJSON progress events (stream=1). A sandbox under /api/sandbox answers from fixture data and never contacts the upstream service. The same operations are MCP tools at /api/mcp.',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: base, description: 'This server.' }],
    security: [],
    tags: [
      ...TAGS.filter((t) => usedTags.has(t.name)),
      ...[...usedTags].filter((name) => !TAGS.some((t) => t.name === name)).map((name) => ({ name, description: name })),
    ],
    paths,
    components: { schemas: sortKeys(components) },
    externalDocs: { description: 'Developer guide', url: `${base}${DOC_PATHS.developers}` },
  }
}

function buildResponse(route: RouteSpec, status: number, response: ResponseSpec, base: string, slots: Slot[]): Json {
  const out: Json = { description: response.description }
  const content: Json = {}
  const primaryType = response.mediaType ?? 'application/json'
  if (response.schema || response.mediaType) {
    const media: Json = {}
    content[primaryType] = media
    if (response.schema) {
      const schema = response.schema
      const example = response.example ?? exampleFor(schema, status, base)
      slots.push({
        schema,
        name: `${pascal(route.operationId)}${status}`,
        set: (json) => {
          media['schema'] = json
          if (example !== undefined) media['example'] = example
        },
      })
    }
  }
  for (const alternative of response.alternatives ?? []) {
    const media: Json = {}
    content[alternative.mediaType] = media
    if (alternative.schema) {
      const schema = alternative.schema
      slots.push({ schema, name: `${pascal(route.operationId)}${status}Event`, set: (json) => (media['schema'] = json) })
    }
    if (alternative.description) {
      out['description'] = `${response.description} ${alternative.mediaType}: ${alternative.description}`
    }
  }
  if (Object.keys(content).length > 0) out['content'] = content
  return out
}

function addParameters(into: Json[], where: 'path' | 'query', json: Json, operationId: string): void {
  const properties = (json['properties'] ?? {}) as Record<string, Json>
  const requiredList = new Set((json['required'] as string[] | undefined) ?? [])
  for (const [name, property] of Object.entries(properties)) {
    const { description, ...schema } = property
    const parameter: Json = {
      name,
      in: where,
      required: where === 'path' || requiredList.has(name),
    }
    if (typeof description === 'string') parameter['description'] = description
    parameter['schema'] = schema
    const example = parameterExample(operationId, name)
    if (example !== undefined) parameter['example'] = example
    into.push(parameter)
  }
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
}
