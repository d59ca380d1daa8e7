import t from 'tap'
import { simulator } from '../helpers/app.js'
import { startFleet } from '../helpers/fleet.js'
import { startRedis } from '../helpers/redis.js'

// Three instances on one Redis (a real redis-server) build the store directory with one crawl between
// them: one claims it, the others wait for its list in Redis.

t.test('three instances on one Redis crawl the store list once', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  const fleet = await startFleet(t, sim, 3, { REDIS_URL: redis.url, STORE_DIRECTORY: 'on' })
  await Promise.all(fleet.instances.map(({ runtime }) => runtime.directory!.start()))
  const statuses = fleet.instances.map(({ runtime }) => runtime.directory!.status)
  t.comment(JSON.stringify(statuses))
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
})
