import { buildApp } from '../http/app.js'
import { operationsOf, toolsOf } from '../http/docs/model.js'
import type { OpenApiDocument } from '../http/docs/openapi.js'
import { loadConfig } from '../src/config.js'
import { createRuntime } from '../src/runtime.js'
import { toolDefinitions } from '../tools/index.js'

/*
 * The REST operations table of docs/rest.md and the MCP tools table of docs/mcp.md, written from what
 * the service itself serves (its OpenAPI document, its tool definitions), as /developers is.
 */

const cell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n+\s*/g, ' ')
    .trim()
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`
const table = (head: string[], rows: string[][]) => [row(head), `|${head.map(() => '---|').join('')}`, ...rows.map(row)].join('\n')

/** The service's OpenAPI document, from an app that is built but never listens nor calls its upstream. */
async function servedOpenApi(): Promise<OpenApiDocument> {
  const runtime = await createRuntime(
    loadConfig({
      LOG_LEVEL: 'silent',
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
      STORE_DIRECTORY: 'off',
      PRODUCT_INDEX: 'off',
      UPSTREAM_KEEP_TOKEN_FRESH: 'off',
    }),
  )
  const app = await buildApp({ runtime })
  try {
    return (await app.inject('/openapi.json')).json() as OpenApiDocument
  } finally {
    await app.close()
    await runtime.close()
  }
}

/** What people come for first, then the plumbing; the route table's order within a tag. */
const TAG_ORDER = ['Stores', 'Products', 'Discovery', 'MCP', 'Sandbox', 'Operations']
const tagRank = (tag: string) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length)

/** Every operation of the OpenAPI document: path, operationId, what it does, parameters, error statuses. */
export async function restOperationsTable(): Promise<string> {
  const operations = operationsOf(await servedOpenApi()).sort((a, b) => tagRank(a.tag) - tagRank(b.tag))
  return table(
    ['Method, path', 'Operation', 'What it does', 'Parameters (required in bold)', 'Errors'],
    operations.map((op) => [
      `\`${op.method} ${op.path}\``,
      op.operationId,
      op.description || op.summary,
      op.parameters.map((p) => (p.required ? `**\`${p.name}\`**` : `\`${p.name}\``)).join(', '),
      op.responses
        .map((r) => r.status)
        .filter((status) => /^[45]\d\d$/.test(status))
        .join(', '),
    ]),
  )
}

/** Every tool, in tools/list order: arguments with their limits, and the keys of its structured result. */
export function mcpToolsTable(): string {
  const described = toolsOf(toolDefinitions)
  return table(
    ['Tool', 'What it does', 'Arguments (required in bold)', 'Returns (`structuredContent`)'],
    described.map((tool, i) => {
      const output = toolDefinitions[i]?.outputSchema.shape ?? {}
      const keys = Object.entries(output).map(([key, schema]) => (schema.safeParse(undefined).success ? `${key}?` : key))
      return [
        `\`${tool.name}\``,
        tool.title,
        tool.parameters.map((p) => `${p.required ? `**\`${p.name}\`**` : `\`${p.name}\``} (${p.constraints})`).join(', '),
        `\`{${keys.join(', ')}}\``,
      ]
    }),
  )
}
