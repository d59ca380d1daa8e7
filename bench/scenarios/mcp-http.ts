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
    return { id: 4, title: 'MCP tools/call get_store vs REST', figure: `not run: ${missing}`, target: 'ratio ≥ 0.25', met: null, data: {}, notes: [] }
  }
  const body = toolCall('get_store', { branchCode: BENCH_STORE })
  const probe = await fetchText(`${service.url}${MCP_PATH}`, { method: 'POST', headers: MCP_HEADERS, body })
  if (probe.status !== 200 || !probe.body.includes('"structuredContent"') || probe.body.includes('"isError":true')) {
    throw new Error(`tools/call get_store answered ${probe.status}: ${probe.body.slice(0, 300)}`)
  }
  const plan = slicePlan(ctx.options.loadSeconds)
  const results = await interleavedLoads(
    [
      { name: 'rest', baseUrl: service.url, options: { connections: CONNECTIONS, requests: [{ method: 'GET', path: STORE_PATH }] } },
      { name: 'mcp', baseUrl: service.url, options: { connections: CONNECTIONS, requests: [{ method: 'POST', path: MCP_PATH, headers: MCP_HEADERS, body }] } },
    ],
    plan,
  )
  const rest = results.get('rest')
  const mcp = results.get('mcp')
  if (!rest || !mcp) throw new Error('a load result is missing')
  const ratio = mcp.rps / rest.rps
  const invalid = mcp.non2xx + mcp.errors + rest.non2xx + rest.errors
  return {
    id: 4,
    title: 'MCP tools/call get_store vs REST',
    figure: `${mcp.rps} vs ${rest.rps} req/s → ratio ${round(ratio, 2)}`,
    target: 'ratio ≥ 0.25',
    met: ratio >= 0.25 && invalid === 0,
    data: { plan, mcp, rest, ratio: round(ratio, 3), responseBytes: Buffer.byteLength(probe.body), response: probe.body.slice(0, 600) },
    notes: [
      `stateless Streamable HTTP (a new McpServer and transport per POST, answer as an SSE stream, no initialize, no session) vs GET ${STORE_PATH} on the same service process, ${CONNECTIONS} connections, ${plan.slices} alternating slices of ${plan.sliceS} s after a ${plan.warmS} s warm-up each. p50 latency MCP ${mcp.latencyP50Ms} ms vs REST ${rest.latencyP50Ms} ms; req/s per slice MCP ${mcp.sliceRps?.join('/')}, REST ${rest.sliceRps?.join('/')}.`,
      ...(invalid > 0 ? [`${invalid} non-2xx answers or errors: the figure is not valid.`] : []),
    ],
  }
}
