import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText, newAgent, query } from '../lib/http.js'
import { max, percentile, round } from '../lib/stats.js'
import { BENCH_STORE, formatCalls } from './cold-search.js'

/** Scenario 2: the same product search again within the TTLs, answered from the caches. */
export async function cachedSearchScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const { keyword } = ctx.workload.coldKeyword(BENCH_STORE)
  const service = await ctx.startService('service (cached search)')
  try {
    const agent = newAgent()
    const url = `${service.url}/api/products?${query({ branchCode: BENCH_STORE, keyword })}`
    const first = await fetchText(url, { agent })
    if (first.status !== 200) throw new Error(`the first search answered ${first.status}: ${first.body.slice(0, 300)}`)
    await ctx.simulator.control.prepare(ctx.latencyMs)
    const times: number[] = []
    const started = Date.now()
    for (let i = 0; i < ctx.options.warmSamples; i++) {
      const answer = await fetchText(url, { agent })
      if (answer.status !== 200) throw new Error(`cached search ${i + 1} answered ${answer.status}`)
      if (answer.body !== first.body) throw new Error(`cached search ${i + 1} answered differently from the first`)
      times.push(answer.ms)
    }
    const elapsedS = (Date.now() - started) / 1000
    const stats = await ctx.simulator.control.stats()
    agent.destroy()
    const p50 = percentile(times, 50)
    return {
      id: 2,
      title: 'same query again (cached)',
      figure: `p50 ${round(p50, 2)} ms, p99 ${round(percentile(times, 99), 2)} ms, ${stats.total} upstream calls (${times.length} requests)`,
      target: 'p50 ≤ 5 ms, 0 upstream calls',
      met: p50 <= 5 && stats.total === 0,
      data: {
        keyword,
        store: BENCH_STORE,
        requests: times.length,
        p50Ms: round(p50, 2),
        p95Ms: round(percentile(times, 95), 2),
        p99Ms: round(percentile(times, 99), 2),
        maxMs: round(max(times), 2),
        upstreamCalls: stats.total,
        upstreamCallsByEndpoint: stats.calls,
        elapsedS: round(elapsedS, 1),
      },
      notes: [
        `${times.length} sequential requests over one keep-alive connection, all within ${round(elapsedS, 1)} s of the cold search that filled the caches (shortest TTL: stock, 60 s; token reuse 20 s); every answer identical to the first.`,
        ...(stats.total > 0 ? [`upstream calls seen: ${formatCalls(stats.calls)}.`] : []),
      ],
    }
  } finally {
    await service.stop()
  }
}
