import t, { type Test } from 'tap'
import { loadConfig } from '../../src/config.js'
import { writeCopy } from '../../src/kept/copy.js'
import { STORE_COPY } from '../../src/stores/row.js'
import { createRuntime, type Runtime } from '../../src/runtime.js'
import type { Simulator } from '../../simulator/server.js'
import { simulator, testEnv } from '../helpers/app.js'
import { startFleet } from '../helpers/fleet.js'
import { startRedis, type TestRedis } from '../helpers/redis.js'
import { until } from '../helpers/wait.js'

// The store directory in a fleet on a real redis-server: one crawl between instances, a claim given back
// when its holder stops and replaced when it dies, the fleet's copy checked when read, and a failing
// crawl that the whole fleet backs off from together.

// Generous upstream and Redis bounds: three instances share this process's event loop, so a page or a
// Redis reply that waits behind the others' start-up on a busy machine must not count as a failure (a
// Redis that does not answer makes an instance crawl for itself, which is not what is tested here).
const ENV = { STORE_DIRECTORY: 'on', UPSTREAM_TIMEOUT_MS: '10000', REDIS_TIMEOUT_MS: '3000' }
const CLAIM = 'store-finder:directory:claim'
const LIST = 'store-finder:directory:list'

async function instance(t: Test, sim: Simulator, redis: TestRedis): Promise<Runtime> {
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, REDIS_URL: redis.url, ...ENV })))
  t.teardown(() => runtime.close())
  return runtime
}

t.test('three instances on one Redis crawl the store list once', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  const fleet = await startFleet(t, sim, 3, { REDIS_URL: redis.url, ...ENV })
  await Promise.all(fleet.instances.map(({ runtime }) => runtime.directory!.start()))
  const statuses = fleet.instances.map(({ runtime }) => runtime.directory!.status)
  t.ok(
    statuses.every((s) => s.state === 'ready' && s.size === statuses[0]!.size),
    'every instance holds the list',
  )
  t.same(statuses.map((s) => s.source).sort(), ['crawl', 'fleet', 'fleet'], 'one crawled, two took its copy')
  const pages = Math.ceil(statuses[0]!.size / 100)
  const selStr = sim.stats().calls.selStr
  t.ok(selStr <= pages + 2, `${selStr} upstream store searches for ${statuses[0]!.size} stores (one crawl is ${pages} pages)`)
  const crawls = statuses.reduce((sum, s) => sum + s.crawls, 0)
  t.equal(crawls, 1, 'one crawl in the fleet')
  t.match(await redis.command('EXISTS', CLAIM), /^:0/, 'the claim is given back after the crawl')
})

t.test('a claim holder that stops gives its claim back, and a waiting instance crawls at once', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  sim.setLatency('selStr', 300) // a crawl of some seconds, to stop its holder in the middle of it
  const holder = await instance(t, sim, redis)
  await until('the first instance to claim the crawl', async () => (await redis.command('EXISTS', CLAIM)).startsWith(':1'))
  const waiter = await instance(t, sim, redis)
  const waiting = waiter.directory!.start()
  await until('the second instance to ask for the claim', () => sim.stats().calls.selStr >= 1)
  const holderClaim = await redis.command('GET', CLAIM)
  const stopped = performance.now()
  await holder.close() // what SIGTERM does (http/main.ts)
  t.not(await redis.command('GET', CLAIM), holderClaim, 'the stopped holder no longer holds the claim')
  await waiting
  const took = performance.now() - stopped
  t.equal(waiter.directory!.status.source, 'crawl', 'the waiter crawled itself')
  t.equal(waiter.directory!.status.state, 'ready')
  t.comment(`takeover after close (SIGTERM path): the waiter's crawl was done ${Math.round(took)} ms after the holder stopped`)
})

t.test("a dead holder's claim lapses within its lifetime and another instance crawls", async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  // A holder killed with SIGKILL leaves its claim behind, unrenewed, for at most its lifetime.
  await redis.command('SET', CLAIM, 'a-dead-instance', 'PX', '3000')
  const started = performance.now()
  const survivor = await instance(t, sim, redis)
  await survivor.directory!.start()
  t.equal(survivor.directory!.status.source, 'crawl')
  t.equal(survivor.directory!.status.state, 'ready')
  t.comment(
    `the survivor held the list ${Math.round(performance.now() - started)} ms after start, behind a 3 s claim left by a dead holder`,
  )
})

t.test("the fleet's copy is checked when read: another shape is ignored, rebuilt and said", async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  await redis.command('SET', LIST, JSON.stringify({ builtAt: Date.now(), total: 2, stores: [{ code: 7 }, { name: null }] }))
  const runtime = await instance(t, sim, redis)
  await runtime.directory!.start()
  const status = runtime.directory!.status
  t.equal(status.source, 'crawl', 'rebuilt by a crawl, not adopted')
  t.ok(status.size >= 1_400)
  t.match(status.refusedCopies, [/^fleet: not a kept copy/])
  t.match(JSON.parse(await redis.command('GET', LIST).then((r) => r.slice(r.indexOf('\r\n') + 2, r.lastIndexOf('\r\n')))), {
    format: 'store-directory',
    version: 2,
  })
})

t.test('a failing crawl: the fleet rests together, one crawl between three instances', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  sim.setFault('selStr', { kind: 'http500' })
  const fleet = await startFleet(t, sim, 3, { REDIS_URL: redis.url, ...ENV })
  const directories = fleet.instances.map(({ runtime }) => runtime.directory!)
  await Promise.all(directories.map((d) => d.start()))
  t.equal(
    directories.reduce((sum, d) => sum + d.status.crawls, 0),
    1,
    'one crawl in the fleet',
  )
  const calls = sim.stats().calls.selStr
  for (let i = 0; i < 10; i++) await Promise.all(directories.map((d) => d.refresh()))
  t.equal(sim.stats().calls.selStr, calls, 'thirty more refreshes asked for: no upstream call')
  t.match(await redis.command('GET', CLAIM), /rest:/, "the failed holder's claim is the fleet's rest")
  t.ok(
    directories.every((d) => d.status.problem !== null),
    'every instance says why it holds no list',
  )
})

t.test('a stale fleet copy answers while the store list cannot be read, and says its age', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  const first = await instance(t, sim, redis)
  await first.directory!.start()
  const snapshot = first.directory!.snapshot()!
  await first.close()
  const old = writeCopy(STORE_COPY, { savedAt: Date.now() - 36 * 3_600_000, meta: { total: snapshot.total }, rows: snapshot.stores })
  await redis.command('SET', LIST, old)
  sim.setFault('selStr', { kind: 'http500' })
  const later = await instance(t, sim, redis)
  await later.directory!.start()
  const status = later.directory!.status
  t.equal(status.state, 'ready', 'the stale copy is taken')
  t.equal(status.source, 'fleet')
  t.equal(status.stale, true)
  t.match(status.problem, /kept the held list of \d+ stores, 36 h old/)
})
