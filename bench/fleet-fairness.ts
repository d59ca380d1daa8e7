// The fleet-wide fair share, measured (not part of `npm run bench`: it needs no service, only a
// redis-server of its own): `node --import tsx bench/fleet-fairness.ts` (FAIR_RUNS=3 repetitions,
// FAIR_CONCURRENCY=8 calls at once).
//
// 1. Contended: client A bursts 40 calls on instance 1, then client B sends 3 calls one after another on
//    instance 2 (10 calls/s, FAIR_CONCURRENCY=8 at once, for the whole fleet): how many of A's calls start while each of
//    B's waits, and for how long; with client keys, and without (every call anonymous: first come first
//    served between the instances, the behaviour before per-client turns).
// 2. Uncontended: one client alone, 300 calls: Redis round trips per call, the budget script's time in
//    Redis per call, and how long 30 calls take at 10/s (no loss of rate).

import type { ClientKey } from '../src/client-context.js'
import { UpstreamBudget } from '../src/upstream/budget.js'
import { RedisBudget } from '../src/upstream/fleet/budget.js'
import { FleetRedis } from '../src/upstream/fleet/redis.js'
import { startRedis } from '../test/helpers/redis.js'
import { burstAndTrickle } from './lib/fair-share.js'

const RUNS = Number(process.env.FAIR_RUNS ?? 3)
const CONCURRENCY = Number(process.env.FAIR_CONCURRENCY ?? 8)
const alice: ClientKey = { group: '198.51.100.7', member: '198.51.100.7', shared: false }
const bob: ClientKey = { group: '203.0.113.9', member: '203.0.113.9', shared: false }

const cleanups: Array<() => unknown> = []
const redis = await startRedis({ teardown: (fn) => cleanups.push(fn) })
let prefixes = 0

async function instance(prefix: string, perSecond: number, concurrency: number) {
  const shared = await FleetRedis.connect({ url: redis.url, keyPrefix: prefix, timeoutMs: 250 })
  cleanups.push(() => shared.close())
  let roundTrips = 0
  const run = shared.run.bind(shared)
  shared.run = (op) => {
    roundTrips += 1
    return run(op)
  }
  const budget = new UpstreamBudget(
    { concurrency, perSecond, queueLimit: 1_000 },
    new RedisBudget(shared, { perSecond, concurrency, leaseMs: 10_000 }),
  )
  return { shared, budget, roundTrips: () => roundTrips }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

try {
  for (const [name, keys] of [
    ['per-client keys', { a: alice, b: bob }],
    ['no keys (first come first served)', {}],
  ] as const) {
    const grants: number[] = []
    const ms: number[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const prefix = `fair${++prefixes}:`
      const one = await instance(prefix, 10, CONCURRENCY)
      const two = await instance(prefix, 10, CONCURRENCY)
      const result = await burstAndTrickle(one.budget, two.budget, { burst: 40, trickle: 3, startAfter: 3, callMs: 20, ...keys })
      grants.push(...result.waits.map((w) => w.burstGrants))
      ms.push(...result.waits.map((w) => w.ms))
    }
    console.log(
      `${name}: B's call waited behind ${mean(grants).toFixed(1)} of A's calls on average (max ${Math.max(...grants)}; ` +
        `${grants.join(' ')}), ${mean(ms).toFixed(0)} ms on average (max ${Math.max(...ms).toFixed(0)})`,
    )
  }

  const alone = await instance(`fair${++prefixes}:`, 1_000, 4)
  await alone.shared.client.config('RESETSTAT')
  const CALLS = 300
  await Promise.all(Array.from({ length: CALLS }, () => alone.budget.run('x', async () => {})))
  const stats = String(await alone.shared.client.info('commandstats'))
  const script = /cmdstat_evalsha:calls=(\d+),usec=(\d+)/.exec(stats)
  console.log(
    `uncontended, ${CALLS} calls of one client (4 at once): ${(alone.roundTrips() / CALLS).toFixed(2)} Redis round trips per call; ` +
      `budget script ${script ? (Number(script[2]) / Number(script[1])).toFixed(1) : '?'} µs in Redis per attempt (${script?.[1] ?? '?'} attempts)`,
  )

  const rated = await instance(`fair${++prefixes}:`, 10, 8)
  const began = performance.now()
  await Promise.all(Array.from({ length: 30 }, () => rated.budget.run('x', async () => {})))
  console.log(
    `one client alone, 30 calls at 10/s: ${(performance.now() - began).toFixed(0)} ms (two full windows of 1.1 s and a bit: no loss)`,
  )
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()
}
