import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText } from '../lib/http.js'
import { interleavedLoads } from '../lib/load.js'
import { round } from '../lib/stats.js'
import { BENCH_STORE } from './cold-search.js'
import { CONNECTIONS, STORE_PATH, slicePlan } from './throughput.js'

export const MCP_PATH = '/api/mcp'
export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

export function toolCall(name: string, args: Record<string, unknown>, id = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
}

export const MODERN_VERSION = '2026-07-28'
/** The same call as a 2026-07-28 client sends it: the per-request envelope, and Mcp-Method/Mcp-Name headers. */
export function modernToolCall(name: string, args: Record<string, unknown>, id = 1): { body: string; headers: Record<string, string> } {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'store-finder-bench', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  return {
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta } }),
    headers: { ...MCP_HEADERS, 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': name },
  }
}

const TARGET = 0.5

/** Why the service cannot be asked over MCP at /api/mcp (the door another helper is finishing), or null. */
export async function mcpAvailable(serviceUrl: string): Promise<string | null> {
  const info = await fetchText(`${serviceUrl}${MCP_PATH}`).catch((error: unknown) => ({ status: 0, body: String(error) }))
  if (info.status !== 200) return `GET ${MCP_PATH} answered ${info.status}`
  if (!info.body.includes('get_store')) return `GET ${MCP_PATH} does not list get_store`
  return null
}

/** Scenario 4: MCP tools/call get_store (cached) over stateless Streamable HTTP vs the REST route. */
export async function mcpHttpScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const service = await ctx.warmService()
  const missing = await mcpAvailable(service.url)
  if (missing) {
    return {
      id: 4,
      title: 'MCP tools/call get_store vs REST',
      figure: `not run: ${missing}`,
      target: `ratio ≥ ${TARGET}`,
      met: null,
      data: {},
      notes: [],
    }
  }
  const body = toolCall('get_store', { branchCode: BENCH_STORE })
  const modern = modernToolCall('get_store', { branchCode: BENCH_STORE })
  const modernProbe = await fetchText(`${service.url}${MCP_PATH}`, { method: 'POST', headers: modern.headers, body: modern.body })
  if (modernProbe.status !== 200 || !modernProbe.body.includes('"resultType":"complete"')) {
    throw new Error(`2026-07-28 tools/call get_store answered ${modernProbe.status}: ${modernProbe.body.slice(0, 300)}`)
  }
  // tools/list as a client receives it: its size is what every connecting host pays once.
  const list = await fetchText(`${service.url}${MCP_PATH}`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  const listJson =
    list.body
      .split('\n')
      .find((line) => line.startsWith('data: '))
      ?.slice(6) ?? list.body
  const listed = (JSON.parse(listJson) as { result: { tools: unknown[] } }).result
  const toolsListBytes = Buffer.byteLength(JSON.stringify(listed))
  const probe = await fetchText(`${service.url}${MCP_PATH}`, { method: 'POST', headers: MCP_HEADERS, body })
  if (probe.status !== 200 || !probe.body.includes('"structuredContent"') || probe.body.includes('"isError":true')) {
    throw new Error(`tools/call get_store answered ${probe.status}: ${probe.body.slice(0, 300)}`)
  }
  const plan = slicePlan(ctx.options.loadSeconds)
  const results = await interleavedLoads(
    [
      { name: 'rest', baseUrl: service.url, options: { connections: CONNECTIONS, requests: [{ method: 'GET', path: STORE_PATH }] } },
      {
        name: 'mcp',
        baseUrl: service.url,
        options: { connections: CONNECTIONS, requests: [{ method: 'POST', path: MCP_PATH, headers: MCP_HEADERS, body }] },
      },
      {
        name: 'mcpModern',
        baseUrl: service.url,
        options: { connections: CONNECTIONS, requests: [{ method: 'POST', path: MCP_PATH, headers: modern.headers, body: modern.body }] },
      },
    ],
    plan,
  )
  const rest = results.get('rest')
  const mcp = results.get('mcp')
  const mcpModern = results.get('mcpModern')
  if (!rest || !mcp || !mcpModern) throw new Error('a load result is missing')
  const ratio = mcp.rps / rest.rps
  const modernRatio = mcpModern.rps / rest.rps
  const invalid = mcp.non2xx + mcp.errors + rest.non2xx + rest.errors + mcpModern.non2xx + mcpModern.errors
  return {
    id: 4,
    title: 'MCP tools/call get_store vs REST',
    figure: `2025-11-25 ${mcp.rps}, 2026-07-28 ${mcpModern.rps} vs REST ${rest.rps} req/s → ratio ${round(ratio, 2)} / ${round(modernRatio, 2)}; tools/list ${toolsListBytes} B`,
    target: `ratio ≥ ${TARGET}`,
    met: Math.min(ratio, modernRatio) >= TARGET && invalid === 0,
    data: {
      plan,
      mcp,
      mcpModern,
      rest,
      ratio: round(ratio, 3),
      modernRatio: round(modernRatio, 3),
      toolsListBytes,
      responseBytes: Buffer.byteLength(probe.body),
      response: probe.body.slice(0, 600),
      modernResponse: modernProbe.body.slice(0, 600),
    },
    notes: [
      `stateless Streamable HTTP, no initialize, no session: an initialize-era call (answer as an SSE event) and a 2026-07-28 call (envelope and Mcp-* headers, answer as JSON), both taking the plain tools/call fast path, vs GET ${STORE_PATH} on the same service process, ${CONNECTIONS} connections, ${plan.slices} alternating slices of ${plan.sliceS} s after a ${plan.warmS} s warm-up each. p50 latency MCP ${mcp.latencyP50Ms} / ${mcpModern.latencyP50Ms} ms vs REST ${rest.latencyP50Ms} ms; req/s per slice MCP ${mcp.sliceRps?.join('/')}, modern ${mcpModern.sliceRps?.join('/')}, REST ${rest.sliceRps?.join('/')}.`,
      `tools/list result as sent: ${toolsListBytes} bytes for ${listed.tools.length} tools.`,
      ...(invalid > 0 ? [`${invalid} non-2xx answers or errors: the figure is not valid.`] : []),
    ],
  }
}
