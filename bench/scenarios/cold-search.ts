import { referenceSearch } from '../reference.js'
import { coldRequest, WARM_UP_MIN_MATCHES, WARM_UP_QUESTIONS } from '../lib/cold.js'
import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText, newAgent, query } from '../lib/http.js'
import { median, round } from '../lib/stats.js'

/** The store of scenarios 1, 2 and 5 (강남역점, the README's example). */
export const BENCH_STORE = '11199'
/** Another store (강남역2호점), searched to warm a fresh process without touching scenario 1's cache entries. */
const WARM_UP_STORE = '10224'
interface SearchAnswer {
  products?: unknown[]
  hasMore?: boolean
  nextPage?: number
}

export interface ColdSample {
  wallMs: number
  calls: number
  callsByEndpoint: Record<string, number>
  pages: number
  products: number
  /** The warm-up: the first product search of the new process (other store, other keyword). */
  firstSearchMs: number
}

/** One cold product search on a fresh process, warmed by searches for other keywords at another store. */
async function coldSearch(ctx: BenchContext, keyword: string, warmKeywords: readonly string[], latencyMs: number): Promise<ColdSample> {
  const run = await coldRequest<SearchAnswer>(
    ctx,
    'service (cold)',
    warmKeywords.map((warmKeyword) => `/api/products?${query({ branchCode: WARM_UP_STORE, keyword: warmKeyword })}`),
    `/api/products?${query({ branchCode: BENCH_STORE, keyword })}`,
    latencyMs,
  )
  return {
    wallMs: run.wallMs,
    calls: run.calls,
    callsByEndpoint: run.callsByEndpoint,
    pages: (run.answer.nextPage ?? 1) - 1,
    products: run.answer.products?.length ?? 0,
    firstSearchMs: run.warmUpMs,
  }
}

/** The simulator's delivered per-call latency (a timer fires at or after its delay), by difference with 0 ms. */
export async function effectiveLatency(ctx: BenchContext): Promise<number> {
  const agent = newAgent()
  const timeCalls = async (ms: number) => {
    await ctx.simulator.control.prepare(ms)
    const times: number[] = []
    for (let i = 0; i < 15; i++) {
      const answer = await fetchText(`${ctx.simulator.url}/ms/msg/selStr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inclusiveStrCd: BENCH_STORE }),
        agent,
      })
      times.push(answer.ms)
    }
    return median(times)
  }
  const withLatency = await timeCalls(ctx.latencyMs)
  const without = await timeCalls(0)
  await ctx.simulator.control.prepare(ctx.latencyMs)
  agent.destroy()
  return Math.max(ctx.latencyMs, withLatency - without)
}

/** Scenario 1: cold in-store product search vs the critical-path bound and the sequential reference. */
export async function coldSearchScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const L = ctx.latencyMs
  const reps = ctx.options.coldReps
  const pick = ctx.workload.coldKeyword(BENCH_STORE)
  const warmKeywords = ctx.workload.keywords(WARM_UP_QUESTIONS, WARM_UP_MIN_MATCHES, [pick.keyword])

  const ours: ColdSample[] = []
  for (let i = 0; i < reps; i++) ours.push(await coldSearch(ctx, pick.keyword, warmKeywords, L))
  // The same cold search with no upstream latency: what the service itself adds (HTTP, parsing,
  // validation). Subtracting it leaves the time spent waiting on the upstream: the critical path.
  const zero: ColdSample[] = []
  for (let i = 0; i < reps; i++) zero.push(await coldSearch(ctx, pick.keyword, warmKeywords, 0))
  const delivered = await effectiveLatency(ctx)

  const reference: Array<{ ms: number; calls: number; pages: number; products: number }> = []
  for (let i = 0; i < reps; i++) {
    await ctx.simulator.control.prepare(L)
    const result = await referenceSearch(ctx.simulator.url, BENCH_STORE, pick.keyword)
    const stats = await ctx.simulator.control.stats()
    reference.push({ ms: result.ms, calls: stats.total, pages: result.pages, products: result.products.length })
  }
  await ctx.simulator.control.prepare(L)

  const wall = median(ours.map((s) => s.wallMs))
  const wallZero = median(zero.map((s) => s.wallMs))
  const pages = Math.max(...ours.map((s) => s.pages))
  const calls = median(ours.map((s) => s.calls))
  const bound = (pages + 2) * L
  const deliveredBound = (pages + 2) * delivered
  const criticalPath = wall - wallZero
  const roundTrips = criticalPath / delivered
  const refWall = median(reference.map((r) => r.ms))
  const refCalls = median(reference.map((r) => r.calls))
  const speedUp = refWall / wall
  const pathMet = criticalPath <= deliveredBound
  const speedMet = speedUp >= 2.5
  ctx.shared.set('coldSearchCalls', calls)

  const notes = [
    `keyword ${pick.keyword} at store ${BENCH_STORE}: ${pick.matches} catalogue matches, ${Math.round(pick.share * 100)} % of them in stock there (${pick.firstPageInStock} of the first 50).`,
    `each of the ${reps} cold searches runs on a fresh service process after ${WARM_UP_QUESTIONS} warm-up searches (store ${WARM_UP_STORE}, keywords ${warmKeywords.join(', ')}; the first search of a new process took ${round(median(ours.map((s) => s.firstSearchMs)))} ms) and with the warm-up's pre-auth token expired, so every cache entry and the token it needs are cold.`,
    `critical path = median wall time at ${L} ms latency (${round(wall)} ms) − the same cold search at 0 ms (${round(wallZero)} ms, the service's own work) = ${round(criticalPath)} ms = ${round(roundTrips, 2)} upstream round trips of the simulator's delivered ${round(delivered, 1)} ms (timers fire at or after ${L} ms); bound (${pages}+2) × ${round(delivered, 1)} = ${round(deliveredBound)} ms (nominal ${bound} ms). Raw wall time vs the nominal bound: ${round(wall)} vs ${bound} ms.`,
    `upstream calls per cold search (median): ${calls} — ${formatCalls(ours[ours.length - 1]?.callsByEndpoint ?? {})}${(ours[ours.length - 1]?.callsByEndpoint['pdThumbSelSimple'] ?? 0) > pages ? ` (one catalogue page more than scanned: the prefetch of page ${pages + 1}, started before page ${pages}'s stock was known)` : ''}.`,
    `reference (page size 10, sequential, one token fetched when first needed, no cache): ${median(reference.map((r) => r.pages))} pages, ${refCalls} calls, ${round(refWall)} ms; ours ${round(speedUp, 2)}× faster.`,
  ]
  return {
    id: 1,
    title: 'cold in-store product search',
    figure: `${round(wall)} ms wall, ${calls} calls, ${pages} page(s); crit. path ≈ ${round(criticalPath)} ms (${round(roundTrips, 2)} RTT); ref ${round(refWall)} ms / ${refCalls} calls → ${round(speedUp, 2)}×`,
    target: `crit. path ≤ (pages+2)×L = ${bound} ms (${round(deliveredBound)} delivered); ≥ 2.5× ref`,
    met: pathMet && speedMet,
    data: {
      latencyMs: L,
      deliveredLatencyMs: round(delivered, 2),
      keyword: pick.keyword,
      store: BENCH_STORE,
      matches: pick.matches,
      inStockShare: round(pick.share, 3),
      firstPageInStock: pick.firstPageInStock,
      wallMsMedian: round(wall),
      wallMsZeroLatencyMedian: round(wallZero),
      criticalPathMs: round(criticalPath),
      criticalPathRoundTrips: round(roundTrips, 2),
      boundMs: bound,
      deliveredBoundMs: round(deliveredBound),
      pagesScanned: pages,
      upstreamCallsMedian: calls,
      criticalPathMet: pathMet,
      reference: { wallMsMedian: round(refWall), callsMedian: refCalls, runs: reference.map((r) => ({ ...r, ms: round(r.ms) })) },
      speedUp: round(speedUp, 2),
      speedUpMet: speedMet,
      samples: ours.map((s) => ({ ...s, wallMs: round(s.wallMs), firstSearchMs: round(s.firstSearchMs) })),
      zeroLatencySamples: zero.map((s) => ({ wallMs: round(s.wallMs), calls: s.calls })),
    },
    notes,
  }
}

export function formatCalls(calls: Record<string, number>): string {
  return Object.entries(calls)
    .filter(([, n]) => n > 0)
    .map(([endpoint, n]) => `${endpoint} ${n}`)
    .join(', ')
}
