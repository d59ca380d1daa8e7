import { coldRequest, WARM_UP_MIN_MATCHES, WARM_UP_QUESTIONS } from '../lib/cold.js'
import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchJson, fetchText, newAgent, query } from '../lib/http.js'
import { median, percentile, round } from '../lib/stats.js'
import { effectiveLatency, formatCalls } from './cold-search.js'
import { MCP_HEADERS, MCP_PATH } from './mcp-http.js'

/** 강남역 exit 10: the "near me" of docs/cli.md's example. */
const POINT = { curLttd: 37.4979, curLitd: 127.0276 }
const KEYWORD = '우산'
/**
 * Places of the warm-up questions for a fresh process, far from 강남역 (부산 서면, 대구, 광주, 대전, 울산, 제주,
 * 창원, 전주), so that no store, and with other keywords no cache entry, is shared with the measured question.
 */
const WARM_UP_PLACES = [
  { curLttd: 35.1578, curLitd: 129.0594 },
  { curLttd: 35.8714, curLitd: 128.6014 },
  { curLttd: 35.1595, curLitd: 126.8526 },
  { curLttd: 36.3504, curLitd: 127.3845 },
  { curLttd: 35.5384, curLitd: 129.3114 },
  { curLttd: 33.4996, curLitd: 126.5312 },
  { curLttd: 35.2281, curLitd: 128.6811 },
  { curLttd: 35.8242, curLitd: 127.148 },
]
const WARM_REQUESTS = 200

interface NearbyAnswer {
  products?: unknown[]
  stores?: Array<{ items: unknown[] }>
}

interface Sample {
  wallMs: number
  calls: number
  callsByEndpoint: Record<string, number>
  /** Stores listed with the product, and the answer's size as sent (JSON, UTF-8). */
  stores: number
  bytes: number
  /** The process's first question (another keyword and city, at the same latency): a process that has answered nothing yet. */
  firstQuestionMs: number
}

async function coldNearby(ctx: BenchContext, params: Record<string, string | number>, latencyMs: number): Promise<Sample> {
  const warmUps = ctx.workload
    .keywords(WARM_UP_QUESTIONS + 4, WARM_UP_MIN_MATCHES, [KEYWORD])
    .filter((keyword) => !keyword.includes(KEYWORD))
    .slice(0, WARM_UP_QUESTIONS)
    .map((keyword, i) => `/api/products/nearby?${query({ keyword, ...WARM_UP_PLACES[i % WARM_UP_PLACES.length] })}`)
  const run = await coldRequest<NearbyAnswer>(
    ctx,
    'service (nearby, cold)',
    warmUps,
    `/api/products/nearby?${query(params)}`,
    latencyMs,
    // As deployed: the nearest stores come from the store directory, built before the measured request.
    { env: { STORE_DIRECTORY: 'on' } },
  )
  return {
    wallMs: run.wallMs,
    calls: run.calls,
    callsByEndpoint: run.callsByEndpoint,
    stores: run.answer.stores?.length ?? 0,
    bytes: Buffer.byteLength(JSON.stringify(run.answer)),
    firstQuestionMs: run.warmUpMs,
  }
}

/** Scenario 9: findProductNearby, cold (round trips on the critical path) and warm (p50). */
export async function nearbyScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const L = ctx.latencyMs
  const reps = ctx.options.coldReps
  const byPoint = { keyword: KEYWORD, ...POINT }
  const byStore = { keyword: KEYWORD, branchCode: '11199' }
  const cold: Sample[] = []
  const zero: Sample[] = []
  const coldStore: Sample[] = []
  const zeroStore: Sample[] = []
  for (let i = 0; i < reps; i++) cold.push(await coldNearby(ctx, byPoint, L))
  for (let i = 0; i < reps; i++) zero.push(await coldNearby(ctx, byPoint, 0))
  for (let i = 0; i < reps; i++) coldStore.push(await coldNearby(ctx, byStore, L))
  for (let i = 0; i < reps; i++) zeroStore.push(await coldNearby(ctx, byStore, 0))
  const delivered = await effectiveLatency(ctx)

  // Warm: the same question again and again on one process (caches hot; stock lives 60 s).
  const service = await ctx.startService('service (nearby, warm)')
  const warmTimes: number[] = []
  let toolsListBytes: number
  try {
    // tools/list as a client receives it: every connecting host pays it once.
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
    toolsListBytes = Buffer.byteLength(JSON.stringify((JSON.parse(listJson) as { result: unknown }).result))
    const agent = newAgent()
    await ctx.simulator.control.prepare(L)
    await fetchJson(`${service.url}/api/products/nearby?${query(byPoint)}`, { agent })
    await ctx.simulator.control.prepare(L)
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const answer = await fetchJson(`${service.url}/api/products/nearby?${query(byPoint)}`, { agent })
      if (answer.status !== 200) throw new Error(`warm nearby answered ${answer.status}`)
      warmTimes.push(answer.ms)
    }
    agent.destroy()
  } finally {
    await service.stop()
  }
  const warmCalls = (await ctx.simulator.control.stats()).total
  await ctx.simulator.control.prepare(L)

  const wall = median(cold.map((s) => s.wallMs))
  const own = median(zero.map((s) => s.wallMs))
  const roundTrips = (wall - own) / delivered
  const wallStore = median(coldStore.map((s) => s.wallMs))
  const roundTripsStore = (wallStore - median(zeroStore.map((s) => s.wallMs))) / delivered
  const p50 = median(warmTimes)
  const met = roundTrips <= 3.05 && wall <= 3.3 * L
  const last = cold[cold.length - 1]
  return {
    id: 9,
    title: 'findProductNearby cold and warm',
    figure: `cold ${round(wall)} ms wall = ${round(wall / L, 2)} × L, ${round(roundTrips, 2)} RTT, ${median(cold.map((s) => s.calls))} calls, ${last?.bytes ?? 0} B for ${last?.stores ?? 0} stores; warm p50 ${round(p50, 2)} ms; tools/list ${toolsListBytes} B`,
    target: `≤ 3 RTT, wall ≤ 3.3 × L = ${3.3 * L} ms`,
    met,
    data: {
      latencyMs: L,
      deliveredLatencyMs: round(delivered, 2),
      byPoint: { wallMsMedian: round(wall), ownWorkMs: round(own), roundTrips: round(roundTrips, 2), samples: cold },
      byStore: { wallMsMedian: round(wallStore), roundTrips: round(roundTripsStore, 2), samples: coldStore },
      answer: { bytes: last?.bytes ?? 0, stores: last?.stores ?? 0 },
      toolsListBytes,
      warm: { requests: WARM_REQUESTS, p50Ms: round(p50, 2), p99Ms: round(percentile(warmTimes, 99), 2), upstreamCalls: warmCalls },
    },
    notes: [
      `question: ${KEYWORD} near ${POINT.curLttd}, ${POINT.curLitd}; each cold run is a fresh process after ${WARM_UP_QUESTIONS} warm-up questions elsewhere (other keywords, other cities), with its pre-auth token expired; a new process's first question (elsewhere, at ${L} ms) took ${round(median(cold.map((s) => s.firstQuestionMs)))} ms.`,
      `by coordinates: ${round(wall)} ms wall at ${L} ms latency − ${round(own)} ms at 0 ms = ${round(wall - own)} ms = ${round(roundTrips, 2)} round trips of the delivered ${round(delivered, 1)} ms; calls: ${formatCalls(last?.callsByEndpoint ?? {})}; ${last?.stores ?? 0} stores with the product, answer ${last?.bytes ?? 0} bytes.`,
      `by store code (11199, store record not cached): ${round(wallStore)} ms wall, ${round(roundTripsStore, 2)} round trips (the store lookup comes first, so one more than by coordinates; after search_stores the record is cached and it is three).`,
      `warm: ${WARM_REQUESTS} repeats on one process, p50 ${round(p50, 2)} ms, p99 ${round(percentile(warmTimes, 99), 2)} ms, ${warmCalls} upstream calls.`,
    ],
  }
}
