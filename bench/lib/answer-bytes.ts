import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import type { StoreService } from '../../src/service.js'
import { startSimulator } from '../../simulator/server.js'
import { UNTRUSTED_RESULT_META, toolsByName } from '../../tools/advertise.js'
import { callTool } from '../../tools/call.js'
import { frameToolResult } from '../../tools/fast-path.js'
import { MODERN_PROTOCOL_VERSION } from '../../tools/protocol.js'

/**
 * The bytes of each tool's typical answer over MCP, before (#32: structuredContent in the REST shape,
 * the text block a JSON copy of it, find_product_nearby 20 stores, image URLs always) and now (a
 * 2026-07-28 client: the lean shape and the text reading of it). Sizes, not timings.
 */
export interface AnswerBytes {
  tool: string
  arguments: Record<string, unknown>
  before: { structured: number; wire: number }
  after: { structured: number; text: number; wire: number }
  /** The text block a client with structuredContent gets. */
  text: string
}

const bytes = (value: string): number => Buffer.byteLength(value, 'utf8')

/** The typical questions: one per tool, and find_product_nearby both by store and by coordinates. */
export const TYPICAL_CALLS: Array<{ tool: string; arguments: Record<string, unknown>; before: (s: StoreService) => Promise<unknown> }> = [
  {
    tool: 'search_stores',
    arguments: { keyword: '강남' },
    before: async (s) => s.searchStores({ keyword: '강남', page: 1, pageSize: 10 }),
  },
  {
    tool: 'search_nearby_stores',
    arguments: { latitude: 37.4979, longitude: 127.0276 },
    before: async (s) => s.searchStores({ latitude: 37.4979, longitude: 127.0276, page: 1, pageSize: 10 }),
  },
  { tool: 'get_store', arguments: { branchCode: '11199' }, before: async (s) => s.getStore('11199' as never) },
  {
    tool: 'search_products',
    arguments: { branchCode: '11199', keyword: '수납' },
    before: async (s) => s.searchStoreProducts({ storeCode: '11199' as never, keyword: '수납', page: 1 }),
  },
  {
    tool: 'search_catalogue',
    arguments: { keyword: '우산' },
    before: async (s) => s.searchCatalogue({ keyword: '우산', page: 1 }),
  },
  {
    tool: 'find_product_nearby',
    arguments: { keyword: '우산', branchCode: '11199' },
    before: async (s) => s.findProductNearby({ keyword: '우산', storeCode: '11199' as never }),
  },
  {
    tool: 'find_product_nearby',
    arguments: { keyword: '우산', latitude: 37.4979, longitude: 127.0276 },
    before: async (s) => s.findProductNearby({ keyword: '우산', latitude: 37.4979, longitude: 127.0276 }),
  },
  {
    // Ten products checked: the size bound's case (test/tools/answers.test.ts).
    tool: 'find_product_nearby',
    arguments: { keyword: '수납', latitude: 37.4979, longitude: 127.0276 },
    before: async (s) => s.findProductNearby({ keyword: '수납', latitude: 37.4979, longitude: 127.0276 }),
  },
]

/** The old store pages had `nextPage`, as now; the old answers were the domain's, as REST still sends them. */
function beforeShape(tool: string, answer: unknown, page = 1): Record<string, unknown> {
  const a = answer as Record<string, unknown>
  if (tool === 'search_stores' || tool === 'search_nearby_stores') {
    const { via: _via, ignored: _ignored, ...rest } = a
    return { ...rest, nextPage: page + 1 }
  }
  return a
}

function wireOf(structuredContent: Record<string, unknown>, text: string): number {
  const result = { content: [{ type: 'text' as const, text }], structuredContent, _meta: { ...UNTRUSTED_RESULT_META } }
  return bytes(frameToolResult('modern', 1, result).body)
}

export async function measureAnswerBytes(): Promise<AnswerBytes[]> {
  const sim = await startSimulator({ port: 0 })
  const runtime = await createRuntime(
    loadConfig({
      UPSTREAM_BASE_URL: sim.url,
      LOG_LEVEL: 'silent',
      STORE_DIRECTORY: 'off',
      STORE_DIRECTORY_CACHE_DIR: 'off',
      UPSTREAM_MAX_RPS: '10000',
    }),
  )
  const tools = toolsByName()
  const rows: AnswerBytes[] = []
  try {
    const calls = [...TYPICAL_CALLS]
    // get_product_availability asks about a product the in-store search found.
    const found = (await runtime.service.searchStoreProducts({ storeCode: '11199' as never, keyword: '수납', page: 1 })).products[0]
    if (found) {
      calls.splice(4, 0, {
        tool: 'get_product_availability',
        arguments: { productId: found.id, branchCode: '11199' },
        before: async (s) => s.getProductAvailability({ productId: found.id as never, storeCode: '11199' as never }),
      })
    }
    for (const call of calls) {
      const old = beforeShape(call.tool, await call.before(runtime.service))
      const tool = tools.get(call.tool)
      if (!tool) throw new Error(`no tool ${call.tool}`)
      const result = await callTool(tool, runtime.service, call.arguments, {
        signal: new AbortController().signal,
        protocolVersion: MODERN_PROTOCOL_VERSION,
      })
      if (result.isError) throw new Error(`${call.tool} failed: ${JSON.stringify(result.content)}`)
      const structured = result.structuredContent as Record<string, unknown>
      const text = (result.content[0] as { text: string }).text
      rows.push({
        tool: call.tool,
        arguments: call.arguments,
        before: { structured: bytes(JSON.stringify(old)), wire: wireOf(old, JSON.stringify(old)) },
        after: { structured: bytes(JSON.stringify(structured)), text: bytes(text), wire: bytes(frameToolResult('modern', 1, result).body) },
        text,
      })
    }
  } finally {
    await runtime.close()
    await sim.close()
  }
  return rows
}
