// The product index shared by a fleet through a real redis-server of the test's own: one instance lists,
// the others take its copy; concurrent refreshes make one listing; a garbled copy is not believed; a grown
// list is shared. (Full lane: it needs redis-server, as test/upstream/fleet.test.ts does.)

import t from 'tap'
import { CatalogueIndex, type CatalogueIndexOptions } from '../../src/products/index.js'
import type { IndexedProduct } from '../../src/products/port.js'
import { RedisCatalogue } from '../../src/upstream/fleet/catalogue.js'
import { FleetRedis } from '../../src/upstream/fleet/redis.js'
import type { CatalogueItem, ProductLister } from '../../src/upstream/port.js'
import { startRedis, type TestRedis } from '../helpers/redis.js'

async function connect(t: { teardown(fn: () => unknown): void }, redis: TestRedis, prefix: string): Promise<FleetRedis> {
  const shared = await FleetRedis.connect({ url: redis.url, keyPrefix: prefix, timeoutMs: 2_000, heartbeatMs: 100 })
  t.teardown(() => shared.close())
  return shared
}

const items = (count: number): CatalogueItem[] =>
  Array.from({ length: count }, (_, i) => ({ productId: String(1_000_000 + i), name: `상품 ${i}`, price: 1000, image: null }))

/** A lister that counts its pages; `gate` holds every page until it resolves (a listing in progress). */
function lister(all: CatalogueItem[], options: { refuse?: boolean; gate?: Promise<void> } = {}) {
  const source: ProductLister & { calls: number } = {
    calls: 0,
    async listProducts(page, pageSize) {
      source.calls += 1
      if (options.gate) await options.gate
      if (options.refuse) return { items: [], total: 0 }
      return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length }
    },
  }
  return source
}

const options = (source: ProductLister, shared: RedisCatalogue): CatalogueIndexOptions => ({
  lister: source,
  pageSize: 100,
  refreshMs: 3_600_000,
  claimMs: 15_000,
  shared,
})

const product = (id: string): IndexedProduct => ({
  productId: id,
  name: `새 상품 ${id}`,
  price: 500,
  image: null,
  category: null,
  brand: null,
})

t.test('with a real Redis', async (t) => {
  const redis = await startRedis(t)
  let prefixes = 0
  const fresh = () => `p${++prefixes}:`

  t.test('one instance lists; the next takes its copy with no upstream call', async (t) => {
    const redisOne = await connect(t, redis, fresh())
    const shared = new RedisCatalogue(redisOne)
    const first = lister(items(450))
    const one = new CatalogueIndex(options(first, shared))
    await one.refresh()
    t.equal(first.calls, 5)
    const second = lister(items(450))
    const two = new CatalogueIndex(options(second, shared))
    await two.refresh(3_600_000)
    t.equal(second.calls, 0, "the fleet's copy answered")
    t.match(two.status(), { size: 450, mode: 'listing', source: 'fleet' })
    t.ok(two.usable())
  })

  t.test('two instances refreshing at once make one listing for the fleet', async (t) => {
    const shared = new RedisCatalogue(await connect(t, redis, fresh()))
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const sources = [lister(items(300), { gate }), lister(items(300), { gate })]
    const indexes = sources.map((source) => new CatalogueIndex(options(source, shared)))
    const refreshes = indexes.map((index) => index.refresh())
    // Both have asked Redis; one holds the claim and waits at its first page.
    await new Promise((resolve) => setTimeout(resolve, 300))
    open()
    await Promise.all(refreshes)
    t.equal(sources[0]!.calls + sources[1]!.calls, 3, 'one listing of 3 pages between them')
    t.same(
      indexes.map((index) => index.status().size),
      [300, 300],
    )
    t.same(indexes.map((index) => index.status().source).sort(), ['crawl', 'fleet'])
  })

  t.test('a garbled copy in Redis is not believed: the instance lists', async (t) => {
    const prefix = fresh()
    const shared = new RedisCatalogue(await connect(t, redis, prefix))
    const one = new CatalogueIndex(options(lister(items(200)), shared))
    await one.refresh()
    const raw = await redis.command('GET', `${prefix}catalogue:list`)
    const garbled = raw.split('\r\n')[1]!.replace('상품 7', '상품 8')
    await redis.command('SET', `${prefix}catalogue:list`, garbled)
    t.equal(await shared.get(), null, 'the checksum fails: no copy')
    const source = lister(items(200))
    const two = new CatalogueIndex(options(source, shared))
    await two.refresh(3_600_000)
    t.equal(source.calls, 2)
    t.equal(two.status().source, 'crawl')
  })

  t.test('listing refused: what one instance learned is held by the others', async (t) => {
    const shared = new RedisCatalogue(await connect(t, redis, fresh()))
    const first = lister([], { refuse: true })
    const one = new CatalogueIndex(options(first, shared))
    await one.refresh()
    t.equal(one.status().mode, 'growing')
    one.learn([product('2000001'), product('2000002')])
    await one.flushLearned()

    const second = lister([], { refuse: true })
    const two = new CatalogueIndex(options(second, shared))
    await two.refresh(3_600_000)
    t.equal(second.calls, 0, 'the fleet already found out that the upstream does not list')
    t.match(two.status(), { mode: 'growing', source: 'fleet', size: 2 })
    two.learn([product('2000003')])
    await two.flushLearned()
    await one.flushLearned()
    t.ok(one.byId('2000003'), 'the first instance holds what the second learned')
    one.close()
    two.close()
  })
})
