import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { CatalogueIndex } from '../../src/products/index.js'
import { UpstreamClient } from '../../src/upstream/client.js'
import { loadConfig } from '../../src/config.js'
import { coldRequest, productIndexBuilt, WARM_UP_MIN_MATCHES, WARM_UP_QUESTIONS, type ColdRun } from '../lib/cold.js'
import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { query } from '../lib/http.js'
import { median, round } from '../lib/stats.js'
import { BENCH_STORE, effectiveLatency, formatCalls } from './cold-search.js'
import { coldFloor, type FloorRun } from '../floor.js'

/** As scenario 9: 우산 near 강남역 exit 10. */
const NEARBY = { keyword: '우산', curLttd: 37.4979, curLitd: 127.0276 }
/** Another store (강남역2호점) and other cities for the warm-up questions, sharing no cache entry with the measured ones. */
const WARM_UP_STORE = '10224'
const WARM_UP_PLACE = { curLttd: 35.1578, curLitd: 129.0594 }

/** As deployed for one round trip fewer: the store directory, the product index and the token kept fresh. */
const INDEXED = { STORE_DIRECTORY: 'on', PRODUCT_INDEX: 'on', UPSTREAM_KEEP_TOKEN_FRESH: 'on' }

/** The index's heap, measured in this process: the catalogue listed from the simulator, with a GC before and after. */
async function indexHeap(simulatorUrl: string): Promise<{ bytes: number; products: number }> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const config = loadConfig({ UPSTREAM_BASE_URL: simulatorUrl, LOG_LEVEL: 'silent', UPSTREAM_MAX_RPS: '10000' })
  const client = new UpstreamClient({ ...config.upstream, baseUrl: simulatorUrl })
  gc()
  const before = process.memoryUsage().heapUsed
  const index = new CatalogueIndex({ lister: client, pageSize: 100, refreshMs: 6 * 3_600_000, claimMs: 60_000 })
  await index.refresh()
  gc()
  const bytes = process.memoryUsage().heapUsed - before
  const products = index.status().size
  index.close()
  client.close()
  return { bytes, products }
}

type Cold = ColdRun<unknown>
/** What the floor needs of a nearby answer: the products its stock call checked. */
type NearbyAnswer = { products: Array<{ id: string }> }

/**
 * Scenario 12: the product index. Its build (calls, time at the bench latency, memory), the one call that
 * finds out an upstream does not list, and a cold in-store search and a cold nearby answer on fresh
 * processes with the index warm and the token kept fresh, in multiples of L and round trips.
 */
export async function productIndexScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const L = ctx.latencyMs
  const reps = ctx.options.coldReps

  // The build, at the bench latency, as a fresh server makes it.
  await ctx.simulator.control.prepare(L)
  const service = await ctx.startService('service (product index)', INDEXED)
  let built
  try {
    built = await productIndexBuilt(service.url)
  } finally {
    await service.stop()
  }
  const buildCalls = (await ctx.simulator.control.stats()).calls
  await ctx.simulator.control.prepare(L)
  await ctx.simulator.control.listing('refuse')
  const refusedService = await ctx.startService('service (product index, listing refused)', INDEXED)
  let refused
  try {
    refused = await productIndexBuilt(refusedService.url)
  } finally {
    await refusedService.stop()
  }
  await ctx.simulator.control.prepare(L)
  const heap = await indexHeap(ctx.simulator.url)

  // Cold questions with the index warm.
  const pick = ctx.workload.coldKeyword(BENCH_STORE)
  const searchWarmUps = ctx.workload
    .keywords(WARM_UP_QUESTIONS, WARM_UP_MIN_MATCHES, [pick.keyword])
    .map((keyword) => `/api/products?${query({ branchCode: WARM_UP_STORE, keyword })}`)
  const nearbyWarmUps = ctx.workload
    .keywords(WARM_UP_QUESTIONS + 4, WARM_UP_MIN_MATCHES, [NEARBY.keyword])
    .filter((keyword) => !keyword.includes(NEARBY.keyword))
    .slice(0, WARM_UP_QUESTIONS)
    .map((keyword) => `/api/products/nearby?${query({ keyword, ...WARM_UP_PLACE })}`)
  const searchPath = `/api/products?${query({ branchCode: BENCH_STORE, keyword: pick.keyword })}`
  const nearbyPath = `/api/products/nearby?${query(NEARBY)}`
  const runs = async (warmUps: string[], path: string, latencyMs: number): Promise<Cold[]> => {
    const samples: Cold[] = []
    for (let i = 0; i < reps; i++) {
      samples.push(await coldRequest(ctx, 'service (cold, index warm)', warmUps, path, latencyMs, { env: INDEXED }))
    }
    return samples
  }
  const search = await runs(searchWarmUps, searchPath, L)
  const searchZero = await runs(searchWarmUps, searchPath, 0)
  // The service and the floor (bench/floor-server.ts: the same two rounds, nothing else) in turns.
  const nearby: Cold[] = []
  const floor: FloorRun[] = []
  const point = { curLttd: NEARBY.curLttd, curLitd: NEARBY.curLitd }
  for (let i = 0; i < reps; i++) {
    nearby.push(await coldRequest<NearbyAnswer>(ctx, 'service (cold, index warm)', nearbyWarmUps, nearbyPath, L, { env: INDEXED }))
    // The products the service's first answer checked: the floor asks for the same pairs every time.
    const checked = (nearby[0]?.answer as NearbyAnswer).products.map((product) => product.id)
    floor.push(await coldFloor(ctx, { point, products: checked }, { point: WARM_UP_PLACE, products: checked }, L))
  }
  const nearbyZero = await runs(nearbyWarmUps, nearbyPath, 0)
  const delivered = await effectiveLatency(ctx)

  const figures = (at: Cold[], zero: Cold[]) => {
    const wall = median(at.map((s) => s.wallMs))
    const own = median(zero.map((s) => s.wallMs))
    const last = at[at.length - 1]
    return {
      wallMs: round(wall),
      timesL: round(wall / L, 2),
      ownWorkMs: round(own),
      roundTrips: round((wall - own) / delivered, 2),
      calls: median(at.map((s) => s.calls)),
      catalogueCalls: median(at.map((s) => s.callsByEndpoint['pdThumbSelSimple'] ?? 0)),
      handshakes: median(at.map((s) => s.callsByEndpoint['authRequest'] ?? 0)),
      callsByEndpoint: last?.callsByEndpoint ?? {},
    }
  }
  const searchFigures = figures(search, searchZero)
  const nearbyFigures = figures(nearby, nearbyZero)
  const floorMs = round(median(floor.map((s) => s.wallMs)))
  const floorFigures = {
    wallMs: floorMs,
    timesL: round(floorMs / L, 2),
    serviceOverFloorMs: round(nearbyFigures.wallMs - floorMs),
    calls: median(floor.map((s) => s.calls)),
    callsByEndpoint: floor[floor.length - 1]?.callsByEndpoint ?? {},
    samples: floor.map((s) => round(s.wallMs)),
  }
  const listing = built.lastListing
  const pages = Math.ceil(built.size / 100)
  const met =
    built.mode === 'listing' &&
    (listing?.calls ?? Infinity) <= pages + 1 &&
    refused.mode === 'growing' &&
    refused.lastListing?.calls === 1 &&
    nearbyFigures.timesL <= 2.3 &&
    searchFigures.handshakes === 0 &&
    nearbyFigures.handshakes === 0
  return {
    id: 12,
    title: 'product index: build, memory, cold answers with the index warm',
    figure:
      `build ${listing?.calls} calls in ${listing?.durationMs} ms for ${built.size} products, ${round(heap.bytes / 1_048_576, 1)} MiB; ` +
      `cold nearby ${nearbyFigures.wallMs} ms = ${nearbyFigures.timesL} × L, ${nearbyFigures.roundTrips} RTT ` +
      `(floor ${floorFigures.wallMs} ms = ${floorFigures.timesL} × L); ` +
      `cold in-store ${searchFigures.wallMs} ms = ${searchFigures.timesL} × L, ${searchFigures.roundTrips} RTT`,
    target: `build ≤ ${pages + 1} calls; cold nearby ≤ 2.3 × L (2 RTT), no handshake in a question`,
    met,
    data: {
      latencyMs: L,
      deliveredLatencyMs: round(delivered, 2),
      build: {
        mode: built.mode,
        products: built.size,
        calls: listing?.calls ?? null,
        durationMs: listing?.durationMs ?? null,
        upstreamCalls: buildCalls,
        heapBytes: heap.bytes,
        heapProducts: heap.products,
      },
      listingRefused: { mode: refused.mode, calls: refused.lastListing?.calls ?? null, outcome: refused.lastListing?.outcome ?? null },
      coldInStoreSearch: { keyword: pick.keyword, store: BENCH_STORE, ...searchFigures, samples: search },
      coldNearby: { question: NEARBY, ...nearbyFigures, samples: nearby },
      floor: floorFigures,
    },
    notes: [
      `build: a fresh service (PRODUCT_INDEX=on) lists ${built.size} products in ${listing?.calls} calls (pages of 100) in ${listing?.durationMs} ms at ${L} ms per call; the same listing held in this process takes ${round(heap.bytes / 1_048_576, 2)} MiB of heap (${heap.products} products, GC before and after).`,
      `listing refused (the simulator's switch): the index finds out with ${refused.lastListing?.calls} call and grows from catalogue answers (mode ${refused.mode}).`,
      `cold questions: each on a fresh process with the store directory and product index built and the token kept fresh (UPSTREAM_KEEP_TOKEN_FRESH=on; it sat idle past its 1 s token reuse before the question), after ${WARM_UP_QUESTIONS} warm-up questions elsewhere; round trips = (wall at ${L} ms − wall at 0 ms) ÷ the delivered ${round(delivered, 1)} ms.`,
      `nearby (${NEARBY.keyword} near ${NEARBY.curLttd}, ${NEARBY.curLitd}): ${nearbyFigures.wallMs} ms, ${nearbyFigures.roundTrips} RTT, ${nearbyFigures.catalogueCalls} catalogue call(s), ${nearbyFigures.handshakes} handshake(s); calls: ${formatCalls(nearbyFigures.callsByEndpoint)}.`,
      `floor (bench/floor-server.ts: the same question's stock call and placement calls made by a program that does nothing else, no framework, cache, budget, breaker or checks; fresh process, the same warm-ups and pause, in turns with the service): ${floorFigures.wallMs} ms = ${floorFigures.timesL} × L (${floorFigures.samples.join(', ')}), ${floorFigures.calls} calls (${formatCalls(floorFigures.callsByEndpoint)}); the service's cold nearby answer is ${floorFigures.serviceOverFloorMs} ms over it.`,
      `in-store (${pick.keyword} at ${BENCH_STORE}): ${searchFigures.wallMs} ms, ${searchFigures.roundTrips} RTT, ${searchFigures.catalogueCalls} catalogue call(s), ${searchFigures.handshakes} handshake(s); calls: ${formatCalls(searchFigures.callsByEndpoint)}.`,
      `the rest of each wall is the service's own work (the same question at 0 ms): ${nearbyFigures.ownWorkMs} ms nearby, ${searchFigures.ownWorkMs} ms in store; on a loaded machine it, not the upstream, is what parts the wall from 2 × L.`,
    ],
  }
}
