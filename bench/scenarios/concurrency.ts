import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText, newAgent, query, readiness } from '../lib/http.js'
import { max, percentile, round } from '../lib/stats.js'
import { formatCalls } from './cold-search.js'

const CLIENTS = 50
const ROUNDS = 3
const MAX_CONCURRENCY = 16
/** Distinct (store, keyword) pairs; 50 clients over 20 pairs means 2–3 identical searches at once. */
const STORES = 4
const KEYWORDS = 5

/** Scenario 8: 50 concurrent clients searching; the upstream concurrency bound holds, coalescing is counted. */
export async function concurrencyScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const w = ctx.workload
  const stores = w.stores(STORES)
  const keywords = w.keywords(KEYWORDS, 40, [w.coldKeyword('11199').keyword]).reverse()
  const pairs = stores.flatMap((branchCode) => keywords.map((keyword) => ({ branchCode, keyword })))
  // The rate cap is lifted so that the concurrency cap is the limit the upstream actually meets.
  const service = await ctx.startService('service (concurrency)', {
    UPSTREAM_MAX_CONCURRENCY: String(MAX_CONCURRENCY),
    UPSTREAM_MAX_RPS: '10000',
  })
  try {
    await fetchText(`${service.url}/api`)
    await ctx.simulator.control.prepare(ctx.latencyMs)
    const agent = newAgent()
    const statuses = new Map<number, number>()
    const times: number[] = []
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let r = 0; r < ROUNDS; r++) {
          const pair = pairs[(client + r * 7) % pairs.length]
          if (!pair) continue
          const answer = await fetchText(`${service.url}/api/products?${query(pair)}`, { agent })
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          times.push(answer.ms)
        }
      }),
    )
    const wallS = (performance.now() - started) / 1000
    agent.destroy()
    const stats = await ctx.simulator.control.stats()
    const ready = await readiness(service.url)
    const requests = CLIENTS * ROUNDS
    const ok = statuses.get(200) ?? 0
    const coalesced = ready?.cache?.coalesced
    const soloCalls = ctx.shared.get('coldSearchCalls') as number | undefined
    const withinBound = stats.maxInFlight <= MAX_CONCURRENCY
    const statusText = [...statuses.entries()].map(([code, n]) => `${code}×${n}`).join(' ')
    return {
      id: 8,
      title: `${CLIENTS} concurrent clients searching products`,
      figure: `peak upstream in flight ${stats.maxInFlight} (bound ${MAX_CONCURRENCY}); ${stats.total} upstream calls for ${requests} searches (${round(stats.total / requests, 2)}/search); ${coalesced ?? 'n/a'} coalesced joins`,
      target: `peak ≤ UPSTREAM_MAX_CONCURRENCY (${MAX_CONCURRENCY}); coalesced counted`,
      met: withinBound && ok === requests,
      data: {
        clients: CLIENTS,
        roundsPerClient: ROUNDS,
        distinctPairs: pairs.length,
        pairs,
        configured: { UPSTREAM_MAX_CONCURRENCY: MAX_CONCURRENCY, UPSTREAM_MAX_RPS: 10_000 },
        simulatorMaxInFlight: stats.maxInFlight,
        upstreamCalls: stats.total,
        upstreamCallsByEndpoint: stats.calls,
        statuses: Object.fromEntries(statuses),
        requestMs: { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(max(times)) },
        wallS: round(wallS, 2),
        upstreamCallsPerSearch: round(stats.total / requests, 3),
        cache: ready?.cache ?? null,
        budget: ready?.budget ?? null,
      },
      notes: [
        `${CLIENTS} clients × ${ROUNDS} searches each, all at once on a fresh service, over ${pairs.length} (store, keyword) pairs (${stores.join(', ')} × ${keywords.join(', ')}); UPSTREAM_MAX_CONCURRENCY=${MAX_CONCURRENCY}, UPSTREAM_MAX_RPS lifted to 10000 so the concurrency cap is what binds.`,
        `answers: ${statusText}; search latency p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms; ${round(wallS, 2)} s in all.`,
        `upstream: ${formatCalls(stats.calls)}; simulator maxInFlight ${stats.maxInFlight}${ready?.budget ? `, service budget maxRunning ${ready.budget.maxRunning}, rejected ${ready.budget.rejected}` : ''}.`,
        ready?.cache
          ? `cache (from /readyz): ${ready.cache.coalesced} coalesced joins (a call joining an identical one in flight; the counter counts per cache key, so a stock batch joined by another search counts once per product in it, not once per upstream call saved), ${ready.cache.hits} hits, ${ready.cache.misses} misses (= upstream loads).`
          : 'coalesced calls: the service has no /readyz with cache stats here; compare upstream calls with searches instead.',
        `upstream calls per search: ${round(stats.total / requests, 2)}${soloCalls !== undefined ? ` (a lone cold search in scenario 1: ${soloCalls})` : ''}.`,
      ],
    }
  } finally {
    await service.stop()
  }
}
