import { z } from 'zod'
import type { ToolDefinition } from '../../tools/index.js'
import type { OpenApiDocument } from './openapi.js'
import { shellQuote } from './shell.js'

/*
 * What the human- and agent-facing documents are written from: the OpenAPI document (itself generated
 * from the route table), the discovery documents in the route table and the MCP tool definitions.
 */

export interface DocParameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  description: string
  constraints: string
  example: unknown
}

export interface DocOperation {
  method: string
  path: string
  operationId: string
  summary: string
  description: string
  tag: string
  parameters: DocParameter[]
  responses: Array<{ status: string; description: string; mediaTypes: string[] }>
  requestMediaType: string | undefined
}

export interface DocDocument {
  path: string
  url: string
  title: string
  description: string
  mediaType: string
}

export interface DocTool {
  name: string
  title: string
  description: string
  parameters: Array<{ name: string; required: boolean; description: string; constraints: string }>
  readOnly: boolean
}

export interface DocModel {
  base: string
  operations: DocOperation[]
  documents: DocDocument[]
  tools: DocTool[]
  mcpEndpoint: string
}

type Json = Record<string, unknown>

/** "string, 5 digits", "integer, 1 to 10, default 10" … from a parameter's JSON Schema. */
export function describeConstraints(schema: Json): string {
  const parts: string[] = []
  const type = typeof schema['type'] === 'string' ? (schema['type'] as string) : 'value'
  parts.push(type)
  const min = schema['minimum']
  const max = schema['maximum']
  if (typeof min === 'number' && typeof max === 'number') parts.push(`${min} to ${max}`)
  else if (typeof min === 'number') parts.push(`minimum ${min}`)
  else if (typeof max === 'number') parts.push(`maximum ${max}`)
  const minLength = schema['minLength']
  const maxLength = schema['maxLength']
  if (typeof minLength === 'number' && typeof maxLength === 'number') parts.push(`${minLength} to ${maxLength} characters`)
  if (typeof schema['pattern'] === 'string') parts.push(`pattern \`${schema['pattern'] as string}\``)
  if (schema['const'] !== undefined) parts.push(`only \`${String(schema['const'])}\``)
  if (Array.isArray(schema['enum'])) parts.push(`one of ${(schema['enum'] as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}`)
  if (schema['default'] !== undefined) parts.push(`default ${JSON.stringify(schema['default'])}`)
  return parts.join(', ')
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const

export function operationsOf(openapi: OpenApiDocument): DocOperation[] {
  const out: DocOperation[] = []
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const parameters = ((op['parameters'] as Json[] | undefined) ?? []).map((p) => ({
        name: p['name'] as string,
        in: p['in'] as 'path' | 'query',
        required: p['required'] === true,
        description: (p['description'] as string | undefined) ?? '',
        constraints: describeConstraints((p['schema'] ?? {}) as Json),
        example: p['example'],
      }))
      const responses = Object.entries((op['responses'] ?? {}) as Record<string, Json>).map(([status, r]) => ({
        status,
        description: (r['description'] as string | undefined) ?? '',
        mediaTypes: Object.keys((r['content'] ?? {}) as Json),
      }))
      const body = op['requestBody'] as Json | undefined
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op['operationId'] as string,
        summary: (op['summary'] as string | undefined) ?? '',
        description: (op['description'] as string | undefined) ?? '',
        tag: ((op['tags'] as string[] | undefined) ?? ['Other'])[0] ?? 'Other',
        parameters,
        responses,
        requestMediaType: body ? Object.keys((body['content'] ?? {}) as Json)[0] : undefined,
      })
    }
  }
  return out
}

export function toolsOf(tools: readonly ToolDefinition[]): DocTool[] {
  return tools.map((tool) => {
    const json = z.toJSONSchema(tool.input.schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json
    const properties = (json['properties'] ?? {}) as Record<string, Json>
    const required = new Set((json['required'] as string[] | undefined) ?? [])
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      parameters: Object.entries(properties).map(([name, schema]) => ({
        name,
        required: required.has(name),
        description: (schema['description'] as string | undefined) ?? '',
        constraints: describeConstraints(schema),
      })),
      readOnly: tool.annotations.readOnlyHint === true,
    }
  })
}

/** Optional parameters an operation's example sends too, where one of several is needed (the refinement's "or"). */
const EXAMPLE_ALSO_SENDS: Record<string, string[]> = { findProductNearby: ['branchCode'] }

/** Example parameters for an operation: path parameters filled in, required query parameters (or the first one) set. */
function exampleRequest(op: DocOperation, extra: Record<string, string>): { path: string; query: Array<[string, string]> } {
  let path = op.path
  for (const p of op.parameters.filter((p) => p.in === 'path'))
    path = path.replace(`{${p.name}}`, encodeURIComponent(String(p.example ?? p.name)))
  const query = op.parameters.filter((p) => p.in === 'query')
  const alsoShown = EXAMPLE_ALSO_SENDS[op.operationId] ?? []
  const chosen = query.filter((p) => (p.required || alsoShown.includes(p.name)) && p.example !== undefined)
  if (chosen.length === 0) {
    const first = query.find((p) => p.example !== undefined)
    if (first) chosen.push(first)
  }
  const pairs: Array<[string, string]> = chosen.map((p) => [p.name, String(p.example)])
  for (const [k, v] of Object.entries(extra)) pairs.push([k, v])
  return { path, query: pairs }
}

/** An example URL for an operation, percent-encoded. */
export function exampleUrl(base: string, op: DocOperation, extra: Record<string, string> = {}): string {
  const { path, query } = exampleRequest(op, extra)
  const qs = new URLSearchParams(query).toString()
  return `${base}${path}${qs ? `?${qs}` : ''}`
}

/** The curl command that calls an operation with example values. */
export function curlFor(base: string, op: DocOperation, mcpBody = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'): string {
  if (op.method === 'POST') {
    return [
      `curl -X POST ${shellQuote(`${base}${op.path}`)} \\`,
      `  -H 'Content-Type: ${op.requestMediaType ?? 'application/json'}' \\`,
      `  -H 'Accept: application/json, text/event-stream' \\`,
      `  -d ${shellQuote(mcpBody)}`,
    ].join('\n')
  }
  return curlGet(base, op)
}

const ASCII = /^[\x20-\x7e]*$/

/**
 * A GET with curl. Non-ASCII values (Korean keywords) go through --data-urlencode so the command
 * stays readable and curl does the percent-encoding.
 */
export function curlGet(base: string, op: DocOperation, extra: Record<string, string> = {}, flags = ''): string {
  const { path, query } = exampleRequest(op, extra)
  const plain = query.filter(([, v]) => ASCII.test(v))
  const encoded = query.filter(([, v]) => !ASCII.test(v))
  const qs = new URLSearchParams(plain).toString()
  const url = `${base}${path}${qs ? `?${qs}` : ''}`
  const prefix = `curl${flags ? ` ${flags}` : ''}`
  if (encoded.length === 0) return `${prefix} ${shellQuote(url)}`
  return `${prefix} -G ${shellQuote(url)} ${encoded.map(([k, v]) => `--data-urlencode ${shellQuote(`${k}=${v}`)}`).join(' ')}`
}
