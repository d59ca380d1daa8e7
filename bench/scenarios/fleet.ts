import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { BenchContext, ScenarioRow, ServiceHandle } from '../lib/context.js'
import { fetchText, newAgent, query } from '../lib/http.js'
import { runLoad } from '../lib/load.js'
import { Child, freePort } from '../lib/proc.js'
import { percentile, round } from '../lib/stats.js'

const REDIS_SERVER = '/usr/bin/redis-server'
const INSTANCES = 3
const CONCURRENCY = 6
const LOAD_CONNECTIONS = 12

interface FleetRun {
  name: string
  instances: number
  redis: boolean
  upstreamCalls: number
  /** Most upstream calls arriving at the simulator in any sliding second. */
  peakUpstreamPerSecond: number
  coldP50Ms: number
  coldP95Ms: number
  warmP50Ms: number
  warmP95Ms: number
  rps: number
  non200: number
  preauthHandshakes: number
}

/** A redis-server child of the bench's own, on a free port, no persistence. */
async function startRedisServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  // A Child, so Ctrl-C or a crashed scenario stops it with the services (bench/lib/proc.ts).
  const child = new Child(
    'redis-server',
    spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  const stop = () => child.stop()
  const { Redis } = await import('ioredis')
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await probe.connect()
      await probe.ping()
      probe.disconnect()
      break
    } catch {
      probe.disconnect()
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`redis-server did not answer on port ${port} within 10 s`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { url: `redis://127.0.0.1:${port}`, stop }
}

/** Sends the URLs round-robin over the services (`offset` shifts which instance gets which), `CONCURRENCY` at a time. */
async function pass(services: ServiceHandle[], paths: string[], offset: number): Promise<{ times: number[]; non200: number }> {
  const agent = newAgent()
  const times: number[] = []
  let non200 = 0
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const i = next++
        const service = services[(i + offset) % services.length]!
        const answer = await fetchText(`${service.url}${paths[i]}`, { agent })
        if (answer.status !== 200) non200 += 1
        times.push(answer.ms)
      }
    }),
  )
  agent.destroy()
  return { times, non200 }
}

/**
 * Scenario 9: the same workload on 1 and 3 instances, without and with a shared Redis. Cold pass (every
 * answer a miss somewhere), warm pass (the same URLs, each sent to a different instance than before, as
 * a load balancer would), then warm req/s over all instances. Upstream calls and the peak upstream rate
 * are read from the simulator.
 */
export async function fleetScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const title = `fleet: 1 vs ${INSTANCES} instances, with and without Redis`
  if (!existsSync(REDIS_SERVER)) {
    return {
      id: 10,
      title,
      figure: 'not run: redis-server not installed',
      target: '',
      met: null,
      data: {},
      notes: [`install Debian's redis-server (${REDIS_SERVER}).`],
    }
  }
  const w = ctx.workload
  const stores = w.stores(3)
  const keywords = w.keywords(4, 40, [w.coldKeyword('11199').keyword])
  const paths = [
    ...stores.flatMap((branchCode) => keywords.map((keyword) => `/api/products?${query({ branchCode, keyword })}`)),
    ...stores.map((code) => `/api/branches/${code}`),
    ...w.storeKeywords(3).map((keyword) => `/api/branches/search?${query({ keyword, pageSize: '10' })}`),
  ]
  const redis = await startRedisServer()
  const runs: FleetRun[] = []
  try {
    for (const [instances, withRedis] of [
      [1, false],
      [INSTANCES, false],
      [1, true],
      [INSTANCES, true],
    ] as const) {
      const name = `${instances} instance${instances > 1 ? 's' : ''}, ${withRedis ? 'Redis' : 'no Redis'}`
      const env: Record<string, string> = withRedis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `bench-${instances}-${Date.now()}:` } : {}
      const services: ServiceHandle[] = []
      try {
        for (let i = 0; i < instances; i++) services.push(await ctx.startService(`service (fleet ${name} #${i + 1})`, env))
        await ctx.simulator.control.prepare(ctx.latencyMs)
        const cold = await pass(services, paths, 0)
        const warm = await pass(services, paths, 1)
        const stats = await ctx.simulator.control.stats()
        // Warm throughput: every instance loaded at once, the connections split between them.
        const per = Math.max(1, Math.floor(LOAD_CONNECTIONS / instances))
        const loads = await Promise.all(
          services.map((s) =>
            runLoad(s.url, {
              connections: per,
              durationS: ctx.options.loadSeconds,
              requests: paths.map((path) => ({ method: 'GET' as const, path })),
              rotate: true,
            }),
          ),
        )
        runs.push({
          name,
          instances,
          redis: withRedis,
          upstreamCalls: stats.total,
          peakUpstreamPerSecond: stats.peakPerSecond ?? Number.NaN,
          coldP50Ms: round(percentile(cold.times, 50)),
          coldP95Ms: round(percentile(cold.times, 95)),
          warmP50Ms: round(percentile(warm.times, 50), 2),
          warmP95Ms: round(percentile(warm.times, 95), 2),
          rps: loads.reduce((a, l) => a + l.rps, 0),
          non200: cold.non200 + warm.non200 + loads.reduce((a, l) => a + l.non2xx + l.errors, 0),
          preauthHandshakes: stats.calls['authRequest'] ?? 0,
        })
      } finally {
        await Promise.all(services.map((s) => s.stop()))
      }
    }
  } finally {
    await redis.stop()
  }
  const single = runs.find((r) => r.instances === 1 && !r.redis)!
  const fleetRedis = runs.find((r) => r.instances === INSTANCES && r.redis)!
  const fleetAlone = runs.find((r) => r.instances === INSTANCES && !r.redis)!
  const ratio = round(fleetRedis.upstreamCalls / single.upstreamCalls, 2)
  // The fleet with Redis must treat the upstream as one instance does. The simulator counts arrivals in
  // another process, so a loaded machine's scheduling jitter shows even for one instance's strict budget.
  const met =
    fleetRedis.upstreamCalls <= single.upstreamCalls * 1.1 &&
    fleetRedis.peakUpstreamPerSecond <= Math.max(50, single.peakUpstreamPerSecond) &&
    runs.every((r) => r.non200 === 0)
  return {
    id: 10,
    title,
    figure: `upstream calls ${single.upstreamCalls} (1) / ${fleetAlone.upstreamCalls} (${INSTANCES}, no Redis) / ${fleetRedis.upstreamCalls} (${INSTANCES}, Redis) = ${ratio}× of 1; peak/s ${single.peakUpstreamPerSecond} / ${fleetAlone.peakUpstreamPerSecond} / ${fleetRedis.peakUpstreamPerSecond}; warm p50 ${single.warmP50Ms} / ${fleetAlone.warmP50Ms} / ${fleetRedis.warmP50Ms} ms`,
    target: `${INSTANCES} with Redis: ≤ 1.1 × 1's calls, peak ≤ 1's (budget 50/s)`,
    met,
    data: { paths, runs, latencyMs: ctx.latencyMs },
    notes: [
      `${paths.length} URLs (${keywords.length} product keywords × ${stores.length} stores, ${stores.length} store lookups, 3 store searches), a cold pass then a warm pass, each URL sent to another instance the second time (round-robin shifted by one), ${CONCURRENCY} at a time; then ${ctx.options.loadSeconds} s of warm load, ${LOAD_CONNECTIONS} connections split over the instances. Default budget (50/s, 16 concurrent). Peak = most arrivals at the simulator (another process) in any sliding second, so it includes the machine's scheduling jitter: compare with one instance's peak under its own strict 50/s.`,
      ...runs.map(
        (r) =>
          `${r.name}: ${r.upstreamCalls} upstream calls (${r.preauthHandshakes} handshakes), peak ${r.peakUpstreamPerSecond}/s; cold p50 ${r.coldP50Ms} ms (p95 ${r.coldP95Ms}); warm p50 ${r.warmP50Ms} ms (p95 ${r.warmP95Ms}); ${r.rps} req/s${r.non200 ? `; ${r.non200} non-200 answers` : ''}.`,
      ),
    ],
  }
}
