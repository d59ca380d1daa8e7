import t from 'tap'
import { CachedUpstream } from '../../src/upstream/cached.js'
import { stockKey } from '../../src/upstream/port.js'
import { Coalescer } from '../../src/upstream/coalesce.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import { LONG_TTL as TTL, countingUpstream } from '../helpers/fake-upstream.js'

t.test('a second identical call makes no upstream call', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  await cached.searchStores({ keyword: '강남', page: 1, pageSize: 10 })
  await cached.searchStores({ keyword: '강남', page: 1, pageSize: 10 })
  await cached.searchCatalogue({ text: '수납', page: 1, pageSize: 50 })
  await cached.searchCatalogue({ text: '수납', page: 1, pageSize: 50 })
  await cached.getPlacement('1', '11199')
  await cached.getPlacement('1', '11199')
  t.same(fake.calls, { searchStores: 1, searchCatalogue: 1, getPlacement: 1 })
  t.ok(cached.stats.hits >= 3)
})

t.test('store search results also answer later lookups by code', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  await cached.searchStores({ keyword: '강남', page: 1, pageSize: 10 })
  t.equal((await cached.findStore('10528'))?.code, '10528')
  t.equal(fake.calls.findStore, undefined)
})

t.test('"no such store" and "no placement" are answers and are cached', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  t.equal(await cached.findStore('99999'), null)
  t.equal(await cached.findStore('99999'), null)
  t.equal(await cached.getPlacement('nowhere', '11199'), null)
  t.equal(await cached.getPlacement('nowhere', '11199'), null)
  t.same(fake.calls, { findStore: 1, getPlacement: 1 })
})

t.test('concurrent identical calls make one upstream call', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  const release = fake.hold()
  const all = Promise.all(Array.from({ length: 5 }, () => cached.findStore('11199')))
  release()
  const results = await all
  t.equal(fake.calls.findStore, 1)
  t.ok(results.every((r) => r?.code === '11199'))
  t.equal(cached.stats.coalesced, 4)
})

t.test('failures are not cached: the next call asks again', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  fake.setFail(true)
  await t.rejects(cached.findStore('11199'), UpstreamError)
  fake.setFail(false)
  t.equal((await cached.findStore('11199'))?.code, '11199')
  t.equal(fake.calls.findStore, 2)
})

t.test('stock: cached pairs are not asked again, overlapping pairs join the batch in flight', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  const release = fake.hold()
  const first = cached.getStock([
    { productId: '1', storeCode: '11199' },
    { productId: '2', storeCode: '11199' },
  ])
  const second = cached.getStock([
    { productId: '2', storeCode: '11199' },
    { productId: '3', storeCode: '11199' },
  ])
  release()
  const [a, b] = await Promise.all([first, second])
  t.same([...a.values()], [5, 5])
  t.same([...b.values()], [5, 5])
  t.same(
    fake.stockBatches.map((batch) => batch.map((p) => p.productId)),
    [['1', '2'], ['3']],
    'pair 2 was asked once',
  )
  const third = await cached.getStock([{ productId: '1', storeCode: '11199' }])
  t.equal(third.get(stockKey('1', '11199')), 5)
  t.equal(fake.calls.getStock, 2, 'answered from cache')
})

t.test('unknown stock is not cached', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  await cached.getStock([{ productId: 'unknown', storeCode: '11199' }])
  const again = await cached.getStock([{ productId: 'unknown', storeCode: '11199' }])
  t.equal(again.get(stockKey('unknown', '11199')), null)
  t.equal(fake.calls.getStock, 2)
})

t.test('a TTL of zero disables that cache', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, { ...TTL, storeTtlMs: 0 })
  await cached.findStore('11199')
  await cached.findStore('11199')
  t.equal(fake.calls.findStore, 2)
})

t.test('the coalescer cancels a shared call only when every waiter has left', async (t) => {
  const flights = new Coalescer()
  let aborted = false
  const task = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => {
        aborted = true
        reject(signal.reason)
      })
      setTimeout(() => resolve('done'), 50)
    })
  const a = new AbortController()
  const b = new AbortController()
  const first = flights.run('k', task, a.signal)
  const second = flights.run('k', task, b.signal)
  a.abort(new Error('a left'))
  await t.rejects(first, /a left/)
  t.notOk(aborted, 'still one waiter')
  t.equal(await second, 'done')

  const c = new AbortController()
  const third = flights.run('k2', task, c.signal)
  await new Promise((r) => setImmediate(r)) // let the shared call start
  c.abort(new Error('c left'))
  await t.rejects(third, /c left/)
  t.ok(aborted, 'the last waiter leaving cancels the shared call')
})

t.test('the cache is bounded by estimated bytes as well as entries', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, { ...TTL, maxBytes: 5_000 })
  for (let i = 0; i < 50; i++) await cached.searchCatalogue({ text: `k${i}`, page: 1, pageSize: 50 })
  t.ok(cached.stats.entries < 50, `old entries evicted (${cached.stats.entries} kept)`)
  t.ok(cached.stats.entries > 0)
})

t.test('stock keeps the time it was read: a cached answer says the original time, also through the shared layer', async (t) => {
  const fake = countingUpstream()
  // A shared store (the Redis layer's interface) held in memory.
  const values = new Map<string, string>()
  const store = {
    usable: true,
    get: async (keys: string[]) => keys.map((key) => values.get(key) ?? null),
    set: (key: string, value: string) => void values.set(key, value),
    claim: async (keys: string[]) => keys.map(() => true),
    release: () => {},
    claimed: async (keys: string[]) => keys.map(() => false),
  }
  const one = new CachedUpstream(fake.upstream, TTL, { store, claimMs: 1_000 })
  const pairs = [{ productId: '1', storeCode: '11199' }]
  const first = await one.getStock(pairs)
  t.type(first.readAt, 'number', 'a fresh read says when')
  const later = await one.getStock(pairs)
  t.equal(later.readAt, first.readAt, 'the local layer keeps the read time')
  const other = new CachedUpstream(fake.upstream, TTL, { store, claimMs: 1_000 })
  const shared = await other.getStock(pairs)
  t.equal(shared.get(stockKey('1', '11199')), 5)
  t.equal(shared.readAt, first.readAt, 'another instance reads the same time from the shared layer')
  t.equal(fake.calls.getStock, 1, 'one upstream read in all')
  t.match([...values.values()].join(), /"t":\d+/, 'the shared entry carries the time')
})

t.test('a clear() right after a stock answer leaves nothing of it behind', async (t) => {
  const fake = countingUpstream()
  const cached = new CachedUpstream(fake.upstream, TTL)
  const pair = { productId: '1049275', storeCode: '11199' }
  await cached.getStock([pair])
  cached.clear() // before the deferred cache writes ran
  await new Promise((resolve) => setImmediate(resolve))
  await cached.getStock([pair])
  t.equal(fake.calls.getStock, 2, 'asked again: neither stored after the clear nor joined')
  await new Promise((resolve) => setImmediate(resolve))
  await cached.getStock([pair])
  t.equal(fake.calls.getStock, 2, 'the second answer is cached as usual')
})
