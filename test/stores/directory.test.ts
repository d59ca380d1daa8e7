import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { StoreDirectory, type DirectoryOptions } from '../../src/stores/directory.js'
import { DiskDirectory } from '../../src/stores/disk.js'
import { isOpenNow } from '../../src/stores/facts.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import type { StoreLister, UpstreamStore } from '../../src/upstream/port.js'
import { fakeStore, fakeUpstream } from '../helpers/fake-upstream.js'
import { serviceFor } from '../helpers/service.js'

// The directory's life with in-process fakes: crawl cost, short and failed crawls, the degraded path, the
// disk copy, refresh on an unknown code. Search quality over the simulator is in test/stores/directory-search.test.ts.

const LIMITS = { maxPages: 5, deadlineMs: 5_000, maxConcurrent: 8 }

function chain(count: number): UpstreamStore[] {
  return Array.from({ length: count }, (_, i) => ({
    ...fakeStore(String(30000 + i), 0, 35 + i * 0.001, 127),
    name: i === 7 ? '잠실역점' : `테스트${i}점`,
    address: i === 7 ? '서울특별시 송파구 올림픽로 240 (잠실동)' : `부산광역시 테스트구 테스트로 ${i}`,
    facilities: i % 2 === 0 ? ['parking' as const] : [],
  }))
}

/** A lister over `stores` that counts its calls; `total` may lie and `drop` may leave rows out, as a short crawl. */
function lister(stores: UpstreamStore[], options: { total?: number; drop?: number; fail?: boolean } = {}) {
  const calls: number[] = []
  const source: StoreLister & { calls: number[] } = {
    calls,
    async listStores(page, pageSize) {
      calls.push(page)
      if (options.fail) throw new UpstreamError('http', 'selStr', 'HTTP 500', { status: 500 })
      const kept = stores.slice(0, stores.length - (options.drop ?? 0))
      return { stores: kept.slice((page - 1) * pageSize, page * pageSize), total: options.total ?? stores.length }
    },
  }
  return source
}

const base = (source: StoreLister, extra: Partial<DirectoryOptions> = {}): DirectoryOptions => ({
  lister: source,
  pageSize: 100,
  refreshMs: 86_400_000,
  minRefreshGapMs: 600_000,
  claimMs: 1_000,
  ...extra,
})

t.test('a crawl costs ⌈stores ÷ page size⌉ calls, de-duplicates by code and is checked against the total', async (t) => {
  const stores = chain(1_234)
  const source = lister([...stores.slice(0, 100), ...stores]) // the first page comes twice: duplicates by code
  const directory = new StoreDirectory(base(lister(stores)))
  await directory.refresh()
  t.equal(directory.size, 1_234)
  const crawl = directory.status.lastCrawl
  t.equal(crawl?.outcome, 'ok')
  t.ok((crawl?.calls ?? Infinity) <= Math.ceil(1_234 / 100) + 2, `${crawl?.calls} calls`)

  const dup = new StoreDirectory(base({ listStores: (page, size) => source.listStores(page, size).then((p) => ({ ...p, total: 1_234 })) }))
  await dup.refresh()
  t.equal(dup.size, 1_234, 'a page seen twice (rows shifted) costs one more page, not a wrong list')
  t.ok(source.calls.length <= Math.ceil(1_234 / 100) + 2, `${source.calls.length} calls with shifted rows`)
})

t.test('a crawl that comes back short is never trusted, and not retried at once; the search stays on the upstream', async (t) => {
  const stores = chain(250)
  const source = lister(stores, { total: 300 })
  const directory = new StoreDirectory(base(source))
  await directory.refresh()
  t.equal(directory.ready, false, 'not built from a short list')
  t.equal(directory.status.lastCrawl?.outcome, 'short')
  t.equal(directory.status.crawls, 1, 'tried once: the next try waits for the backoff')
  await directory.refresh()
  t.equal(directory.status.crawls, 1, 'a refresh asked for during the backoff does not crawl')
  t.match(directory.status.problem, /no store list held \(backing off after 1 failed refreshes/)
  t.match(directory.status.lastCrawl?.detail, /250 distinct stores, the upstream says 300/)

  const upstream = fakeUpstream({ stores: [fakeStore('11199', 0)] })
  const service = serviceFor(upstream, { limits: LIMITS, stores: directory })
  const found = await service.searchStores({ keyword: '테스트11199', page: 1, pageSize: 10 })
  t.same(
    found.stores.map((s) => s.code),
    ['11199'],
    'degraded: the upstream search answers',
  )
  t.ok(upstream.log.some((c) => c.method === 'searchStores'))
})

t.test('an empty list is an upstream failure, not "no stores"', async (t) => {
  const directory = new StoreDirectory(base(lister([], { total: 0 })))
  await directory.refresh()
  t.equal(directory.ready, false)
  t.equal(directory.status.lastCrawl?.outcome, 'short')
})

t.test('a failed crawl keeps the list it had, and says so', async (t) => {
  const stores = chain(120)
  let fail = false
  const source: StoreLister = { listStores: (page, size) => lister(stores, { fail }).listStores(page, size) }
  const directory = new StoreDirectory(base(source))
  await directory.refresh()
  t.equal(directory.size, 120)
  fail = true
  await directory.refresh()
  t.equal(directory.size, 120, 'still the old list')
  t.equal(directory.status.lastCrawl?.outcome, 'failed')
  t.match(directory.status.lastCrawl?.detail, /500/)
})

t.test('once built, store searches and look-ups make no upstream call', async (t) => {
  const directory = new StoreDirectory(base(lister(chain(300))))
  await directory.refresh()
  const upstream = fakeUpstream()
  const service = serviceFor(upstream, { limits: LIMITS, stores: directory })
  const byKeyword = await service.searchStores({ keyword: '잠실역 다이소 어디야', page: 1, pageSize: 5 })
  t.equal(byKeyword.stores[0]?.name, '잠실역점')
  const near = await service.searchStores({ latitude: 35.1, longitude: 127, page: 1, pageSize: 3, facility: 'parking' })
  t.equal(near.stores.length, 3)
  t.ok(near.stores.every((s) => s.facilities?.includes('parking')))
  t.ok(near.stores[0]!.distanceKm! <= near.stores[2]!.distanceKm!, 'nearest first')
  const store = await service.getStore('30007' as never)
  t.equal(store.name, '잠실역점')
  t.same(upstream.log, [], 'no upstream call')
})

t.test('an unknown store code is asked upstream and refreshes the list in the background, at most once per gap', async (t) => {
  const stores = chain(150)
  const source = lister(stores)
  const directory = new StoreDirectory(base(source, { minRefreshGapMs: 60_000, now: () => clock }))
  let clock = 1_000_000
  await directory.refresh()
  clock += 120_000
  const upstream = fakeUpstream({ stores: [fakeStore('41234', 0)] })
  const service = serviceFor(upstream, { limits: LIMITS, stores: directory })
  t.equal((await service.getStore('41234' as never)).code, '41234', 'a store opened since the crawl is found upstream')
  await directory.refresh() // joins the background refresh
  t.equal(directory.status.crawls, 2, 'crawled again')
  await t.rejects(service.getStore('41235' as never), { code: 'not_found' })
  t.equal(directory.status.crawls, 2, 'not again within the gap')
})

t.test('the disk copy serves a one-shot process without a crawl, and says its age', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-directory-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const disk = new DiskDirectory(dir, 'test-upstream')
  const first = lister(chain(200))
  let clock = 5_000_000
  const now = () => clock
  const cold = new StoreDirectory(base(first, { disk, lazy: true, now }))
  t.equal(await cold.whenUsable(), true)
  t.equal(cold.status.source, 'crawl')
  clock += 3_600_000
  const second = lister(chain(200))
  const warm = new StoreDirectory(base(second, { disk, lazy: true, now }))
  t.equal(await warm.whenUsable(), true)
  t.equal(warm.status.source, 'disk')
  t.equal(warm.status.ageSeconds, 3_600)
  t.same(second.calls, [], 'no crawl')
  const forced = new StoreDirectory(base(second, { disk, lazy: true, forceRefresh: true, now }))
  await forced.whenUsable()
  t.equal(forced.status.source, 'crawl', '--refresh crawls whatever the copy')
  t.equal(second.calls.length, 3, 'two full pages and the empty one that ends the list')
  clock += 86_400_000
  const stale = lister(chain(200))
  await new StoreDirectory(base(stale, { disk, lazy: true, now })).whenUsable()
  t.equal(stale.calls.length, 3, 'a copy older than a day is crawled again')
})

t.test('openNow honours the closing date the upstream gives', async (t) => {
  const noon = new Date('2026-11-24T03:00:00Z') // 12:00 in Korea
  t.equal(isOpenNow('10:00', '22:00', noon), true)
  t.equal(isOpenNow('10:00', '22:00', noon, '2026-11-24'), false)
  t.equal(isOpenNow('10:00', '22:00', noon, '2026-11-25'), true)
})
