import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { newAgent, ndjsonTiming, query, type NdjsonTiming } from '../lib/http.js'
import { max, median, round } from '../lib/stats.js'
import { BENCH_STORE } from './cold-search.js'

/** Scenario 5: NDJSON time to the first progress event, on uncached searches. */
export async function ndjsonScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const L = ctx.latencyMs
  const service = await ctx.warmService()
  const samples = ctx.options.quick ? 5 : 10
  // A keyword per sample that nothing has searched yet, so each stream starts on a cold catalogue page.
  const cold = ctx.workload.coldKeyword(BENCH_STORE).keyword
  const keywords = ctx.workload.keywords(samples + 1, 40, [cold]).slice(1)
  await ctx.simulator.control.prepare(L)
  const agent = newAgent()
  // One request to open the keep-alive connection, so the samples time the stream, not the TCP handshake.
  await ndjsonTiming(`${service.url}/api/products?${query({ branchCode: BENCH_STORE, keyword: cold, stream: 1 })}`, agent)

  const timings: NdjsonTiming[] = []
  for (const keyword of keywords) {
    const timing = await ndjsonTiming(`${service.url}/api/products?${query({ branchCode: BENCH_STORE, keyword, stream: 1 })}`, agent)
    if (timing.status !== 200 || timing.firstProgressMs === null) {
      throw new Error(
        `NDJSON search for ${keyword} answered ${timing.status} with ${timing.lines} lines (${timing.terminal ?? 'no terminal event'})`,
      )
    }
    timings.push(timing)
  }
  agent.destroy()
  const first = timings.map((t) => t.firstProgressMs ?? Number.NaN)
  const scanned = timings.flatMap((t) => (t.firstScannedMs === null ? [] : [t.firstScannedMs]))
  const total = timings.map((t) => t.totalMs)
  const bound = 1.2 * L + 10
  const firstMedian = median(first)
  const scannedMedian = median(scanned)
  return {
    id: 5,
    title: 'NDJSON time to first progress event',
    figure: `${round(firstMedian, 1)} ms (max ${round(max(first), 1)}); first with a scanned page ${round(scannedMedian, 1)} ms; whole stream ${round(median(total))} ms`,
    target: `≤ 1.2×L + 10 = ${bound} ms`,
    met: firstMedian <= bound,
    data: {
      latencyMs: L,
      boundMs: bound,
      samples: timings.length,
      firstProgressMsMedian: round(firstMedian, 2),
      firstProgressMsMax: round(max(first), 2),
      firstScannedProgressMsMedian: round(scannedMedian, 2),
      firstScannedProgressMet: scannedMedian <= bound,
      streamMsMedian: round(median(total), 1),
      keywords,
      timings: timings.map((t) => ({
        firstProgressMs: round(t.firstProgressMs ?? Number.NaN, 2),
        firstScannedMs: t.firstScannedMs === null ? null : round(t.firstScannedMs, 2),
        totalMs: round(t.totalMs, 1),
        lines: t.lines,
        terminal: t.terminal,
      })),
    },
    notes: [
      `${timings.length} streams at store ${BENCH_STORE}, each on a keyword not searched before (cold catalogue), over one keep-alive connection; time from sending the request to the complete first line.`,
      `The service sends a progress event (scanned 0) as soon as the scan starts; the first event with a scanned catalogue page follows after one upstream round trip: median ${round(scannedMedian, 1)} ms, ${scannedMedian <= bound ? 'also within' : 'over'} the ${bound} ms bound.`,
    ],
  }
}
