import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText, query, readiness } from '../lib/http.js'
import { runLoad, type LoadRequest, type LoadResult } from '../lib/load.js'
import { mb } from '../lib/stats.js'
import { BENCH_STORE, formatCalls } from './cold-search.js'
import { MCP_HEADERS, MCP_PATH, mcpAvailable, toolCall } from './mcp-http.js'

const CONNECTIONS = 50
const RUNS = 3
const RSS_LIMIT_MB = 150
/** "No upward trend": the last run's RSS at most 10 % above the first run's. */
const TREND_TOLERANCE = 1.1

/** The mixed request sequence: every door and operation, on a bounded set of stores and keywords. */
function mixedRequests(ctx: BenchContext, withMcp: boolean): LoadRequest[] {
  const w = ctx.workload
  const stores = [BENCH_STORE, ...w.stores(3, [BENCH_STORE])]
  const keywords = w.keywords(4, 40)
  const districts = w.storeKeywords(4)
  const here = w.store(BENCH_STORE)
  const get = (path: string): LoadRequest => ({ method: 'GET', path })
  const mcp = (name: string, args: Record<string, unknown>): LoadRequest => ({
    method: 'POST',
    path: MCP_PATH,
    headers: MCP_HEADERS,
    body: toolCall(name, args),
  })
  const list: LoadRequest[] = []
  for (const [i, store] of stores.entries()) {
    const keyword = keywords[i % keywords.length] ?? 'cm'
    const other = keywords[(i + 1) % keywords.length] ?? keyword
    list.push(get(`/api/branches/search?${query({ keyword: districts[i % districts.length] ?? '강남', pageSize: 5 })}`))
    list.push(get(`/api/branches/${store}`))
    list.push(get(`/api/products?${query({ branchCode: store, keyword })}`))
    list.push(get(`/api/products?${query({ branchCode: store, keyword: other, stream: 1 })}`))
    for (const id of w.productIds(keyword, 2)) list.push(get(`/api/products/${id}?${query({ branchCode: store })}`))
    if (withMcp) {
      list.push(mcp('get_store', { branchCode: store }))
      list.push(mcp('search_products', { branchCode: store, keyword }))
    }
  }
  list.push(get(`/api/branches/search?${query({ curLttd: here.lat, curLitd: here.lng, pageSize: 10 })}`))
  if (withMcp) list.push(mcp('search_stores', { keyword: districts[0] ?? '강남' }))
  return list
}

/** Scenario 7: RSS after three back-to-back runs of mixed load (50 connections) on one service process. */
export async function soakScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const service = await ctx.startService('service (soak)')
  try {
    await fetchText(`${service.url}/api`)
    const withMcp = (await mcpAvailable(service.url)) === null
    const requests = mixedRequests(ctx, withMcp)
    await ctx.simulator.control.prepare(ctx.latencyMs)
    const startRss = service.rss()
    const runs: Array<{ rssMb: number; peakRssMb: number; load: LoadResult }> = []
    for (let run = 0; run < RUNS; run++) {
      let peak = service.rss()
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, service.rss())
        } catch {
          // the process is gone; the load run reports the errors
        }
      }, 500)
      let load: LoadResult
      try {
        load = await runLoad(service.url, { connections: CONNECTIONS, durationS: ctx.options.soakSeconds, requests, rotate: true })
      } finally {
        clearInterval(sampler)
      }
      const rss = service.rss()
      runs.push({ rssMb: mb(rss), peakRssMb: mb(Math.max(peak, rss)), load })
    }
    const stats = await ctx.simulator.control.stats()
    const ready = await readiness(service.url)
    const ends = runs.map((r) => r.rssMb)
    const first = ends[0] ?? Number.NaN
    const last = ends[ends.length - 1] ?? Number.NaN
    const highest = Math.max(...ends)
    const peak = Math.max(...runs.map((r) => r.peakRssMb))
    const noTrend = last <= first * TREND_TOLERANCE
    const met = highest <= RSS_LIMIT_MB && noTrend
    const codes = (load: LoadResult) =>
      Object.entries(load.statusCodes)
        .map(([code, n]) => `${code}×${n}`)
        .join(' ')
    return {
      id: 7,
      title: `RSS after ${ctx.options.soakSeconds} s mixed load ×${RUNS}`,
      figure: `RSS ${ends.map((v) => `${v}`).join(' → ')} MB (start ${mb(startRss)}, peak ${peak}); ${runs.map((r) => r.load.rps).join('/')} req/s`,
      target: `≤ ${RSS_LIMIT_MB} MB, last ≤ first×${TREND_TOLERANCE}`,
      met,
      data: {
        connections: CONNECTIONS,
        durationS: ctx.options.soakSeconds,
        startRssMb: mb(startRss),
        runs,
        trendRule: `last run's end RSS ≤ first run's × ${TREND_TOLERANCE}`,
        requestMix: requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`),
        withMcp,
        upstreamCalls: stats.total,
        upstreamCallsByEndpoint: stats.calls,
        readiness: ready,
      },
      notes: [
        `one service process (default settings, LOG_LEVEL=warn), ${RUNS} runs of ${ctx.options.soakSeconds} s back to back, ${CONNECTIONS} connections cycling through ${requests.length} requests (store search by district and by coordinates, store lookup, product search, NDJSON product search, availability${withMcp ? ', MCP get_store/search_products/search_stores' : '; MCP not available'}); RSS from /proc/<pid>/status at the end of each run, peak sampled every 0.5 s.`,
        ...runs.map(
          (r, i) =>
            `run ${i + 1}: ${r.load.total} answers (${codes(r.load)}), ${r.load.errors} errors, p50 ${r.load.latencyP50Ms} ms, p99 ${r.load.latencyP99Ms} ms.`,
        ),
        `upstream calls over the three runs: ${stats.total} (${formatCalls(stats.calls)}).`,
      ],
    }
  } finally {
    await service.stop()
  }
}
