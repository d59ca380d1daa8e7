import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { StoreDirectory } from '../../src/stores/directory.js'
import { haversineKm } from '../../src/stores/search.js'
import { UpstreamClient } from '../../src/upstream/client.js'
import { loadConfig } from '../../src/config.js'
import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchJson, newAgent, query } from '../lib/http.js'
import { percentile, round } from '../lib/stats.js'

/** Keywords as people type them, and points to search around: the store searches scenario 11 repeats. */
const KEYWORDS = [
  '강남역 다이소 어디 있어?',
  '명동',
  '서울강남',
  '가디',
  '제주도',
  'Itaewon',
  '부산 해운대',
  '홍대입구역 근처',
  '잠실 불꽃놀이',
]
const POINTS = [
  [37.4979, 127.0276],
  [35.1587, 129.1604],
  [37.5665, 126.978],
  [33.4996, 126.5312],
] as const

interface DirectoryReadiness {
  directory?: { state: string; size: number; lastCrawl: { calls: number; durationMs: number; outcome: string } | null }
}

/** The directory's heap, measured in this process: the list crawled from the simulator, with a GC before and after. */
async function directoryHeap(simulatorUrl: string): Promise<{ bytes: number; stores: number; plainScanUs: number; indexUs: number }> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const config = loadConfig({ UPSTREAM_BASE_URL: simulatorUrl, LOG_LEVEL: 'silent' })
  const client = new UpstreamClient({ ...config.upstream, baseUrl: simulatorUrl })
  gc()
  const before = process.memoryUsage().heapUsed
  const directory = new StoreDirectory({ lister: client, pageSize: 100, refreshMs: 86_400_000, minRefreshGapMs: 600_000, claimMs: 60_000 })
  await directory.refresh()
  // A romanised keyword makes every entry's romanised forms, so the heap below includes them.
  directory.search({ keyword: 'Itaewon', page: 1, pageSize: 10 })
  gc()
  const bytes = process.memoryUsage().heapUsed - before
  // The 51 nearest stores (what the availability search asks for): a plain scan (every haversine, then a
  // sort) against the kdbush index the directory uses.
  const snapshot = directory.snapshot()?.stores ?? []
  const rounds = 400
  const time = (run: (lat: number, lng: number) => unknown): number => {
    const t0 = performance.now()
    for (let i = 0; i < rounds; i++) {
      const [lat, lng] = POINTS[i % POINTS.length]!
      run(lat, lng)
    }
    return ((performance.now() - t0) / rounds) * 1000
  }
  time((lat, lng) => directory.search({ latitude: lat, longitude: lng, page: 1, pageSize: 51 }))
  const plainScanUs = time((lat, lng) =>
    snapshot
      .map((s) => ({ s, km: haversineKm(lat, lng, s.lat, s.lng) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 51),
  )
  const indexUs = time((lat, lng) => directory.search({ latitude: lat, longitude: lng, page: 1, pageSize: 51 }))
  const stores = directory.size
  directory.close()
  return { bytes, stores, plainScanUs, indexUs }
}

/** Scenario 11: store search from the directory (warm): latency and upstream calls; the crawl's cost; its memory. */
export async function directoryScenario(ctx: BenchContext): Promise<ScenarioRow> {
  await ctx.simulator.control.prepare(ctx.latencyMs)
  const service = await ctx.startService('service (store directory)', { STORE_DIRECTORY: 'on', STORE_DIRECTORY_CACHE_DIR: 'off' })
  try {
    let ready: DirectoryReadiness | undefined
    for (let i = 0; i < 600; i++) {
      ready = (await fetchJson<DirectoryReadiness>(`${service.url}/readyz`)).json
      if (ready.directory?.state === 'ready') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const crawl = ready?.directory?.lastCrawl
    if (!crawl || ready?.directory?.state !== 'ready') throw new Error('the store directory was not built within 60 s')
    const crawlStats = await ctx.simulator.control.stats()
    await ctx.simulator.control.prepare(ctx.latencyMs)
    const agent = newAgent()
    const times: number[] = []
    for (let i = 0; i < ctx.options.warmSamples; i++) {
      const point = POINTS[i % POINTS.length]!
      const params: Record<string, string | number> =
        i % 2 === 0 ? { keyword: KEYWORDS[(i / 2) % KEYWORDS.length]! } : { curLttd: point[0], curLitd: point[1], pageSize: 10 }
      const answer = await fetchJson<unknown[]>(`${service.url}/api/branches/search?${query(params)}`, { agent })
      if (answer.status !== 200) throw new Error(`store search ${i + 1} answered ${answer.status}`)
      times.push(answer.ms)
    }
    agent.destroy()
    const searchStats = await ctx.simulator.control.stats()
    const heap = await directoryHeap(ctx.simulator.url)
    const p50 = percentile(times, 50)
    const pages = Math.ceil(ready.directory!.size / 100)
    return {
      id: 11,
      title: 'store directory: search warm, crawl, memory',
      figure: `search p50 ${round(p50, 2)} ms, ${searchStats.total} upstream calls (${times.length} searches); crawl ${crawl.calls} calls in ${crawl.durationMs} ms; ${round(heap.bytes / 1_048_576, 1)} MiB for ${heap.stores} stores`,
      target: `0 upstream calls warm; crawl ≤ ${pages + 2} calls`,
      met: searchStats.total === 0 && crawl.calls <= pages + 2,
      data: {
        stores: ready.directory!.size,
        searches: times.length,
        searchP50Ms: round(p50, 2),
        searchP95Ms: round(percentile(times, 95), 2),
        searchP99Ms: round(percentile(times, 99), 2),
        upstreamCallsWarm: searchStats.total,
        crawlCalls: crawl.calls,
        crawlDurationMs: crawl.durationMs,
        crawlUpstreamSelStr: crawlStats.calls.selStr ?? 0,
        directoryHeapBytes: heap.bytes,
        nearest51PlainScanMicros: round(heap.plainScanUs, 1),
        nearest51KdbushMicros: round(heap.indexUs, 1),
      },
      notes: [
        `${times.length} sequential store searches, keywords (${KEYWORDS.join(', ')}) alternating with coordinate searches, after the directory was built; simulator latency ${ctx.latencyMs} ms per call.`,
        `51 nearest stores in the bench process: ${round(heap.indexUs, 1)} µs with the kdbush/geokdbush index the directory uses, ${round(heap.plainScanUs, 1)} µs by a plain scan (every haversine, then a sort).`,
      ],
    }
  } finally {
    await service.stop()
  }
}
