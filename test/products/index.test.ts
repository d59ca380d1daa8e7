import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { CatalogueIndex, type CatalogueIndexOptions } from '../../src/products/index.js'
import { DiskCatalogue } from '../../src/products/disk.js'
import { LearningUpstream } from '../../src/products/learning.js'
import { decodeSnapshot, encodeSnapshot, type CatalogueSnapshot } from '../../src/products/snapshot.js'
import type { IndexedProduct } from '../../src/products/port.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import type { CatalogueItem, ProductLister } from '../../src/upstream/port.js'
import { fakeUpstream } from '../helpers/fake-upstream.js'

// The product index's life with in-process fakes: listing cost and checks, refused listing (growing),
// short, implausible and failed listings, learning, the disk copy. Over the simulator and /readyz:
// test/products/index-runtime.test.ts; the fleet's copy in Redis: test/products/fleet.test.ts.

function catalogue(count: number): CatalogueItem[] {
  return Array.from({ length: count }, (_, i) => ({
    productId: String(1_000_000 + i),
    name: `상품 ${i}`,
    price: 1000 + (i % 5) * 1000,
    image: i % 7 === 0 ? null : `https://cdn.daisomall.co.kr/file/PD/${i}.jpg`,
    category: `CA${i % 9}`,
    brand: i % 11 === 0 ? 'VT' : null,
  }))
}

interface ListerOptions {
  /** The total the upstream claims (default: the real count). */
  total?: number | null
  /** Rows left out of every page (a short listing). */
  drop?: number
  /** Every call fails with this. */
  fail?: UpstreamError
  /** An empty search finds nothing: the upstream does not list. */
  refuse?: boolean
}

function lister(items: CatalogueItem[], options: ListerOptions = {}) {
  const calls: number[] = []
  const source: ProductLister & { calls: number[]; options: ListerOptions; items: CatalogueItem[] } = {
    calls,
    options,
    items,
    async listProducts(page, pageSize) {
      calls.push(page)
      if (source.options.fail) throw source.options.fail
      if (source.options.refuse) return { items: [], total: 0 }
      const kept = source.items.slice(0, source.items.length - (source.options.drop ?? 0))
      const total = source.options.total === undefined ? source.items.length : source.options.total
      return { items: kept.slice((page - 1) * pageSize, page * pageSize), total }
    },
  }
  return source
}

const base = (source: ProductLister, extra: Partial<CatalogueIndexOptions> = {}): CatalogueIndexOptions => ({
  lister: source,
  pageSize: 100,
  refreshMs: 6 * 3_600_000,
  claimMs: 1_000,
  ...extra,
})

const product = (id: string, name = `새 상품 ${id}`): IndexedProduct => ({
  productId: id,
  name,
  price: 3000,
  image: null,
  category: null,
  brand: null,
})

t.test('listing: ⌈products ÷ page size⌉ calls, checked against the total, mode listing, usable', async (t) => {
  const source = lister(catalogue(2_345))
  const index = new CatalogueIndex(base(source))
  t.equal(index.status().mode, 'unknown')
  t.notOk(index.usable(), 'nothing held before the first listing')
  await index.refresh()
  t.equal(source.calls.length, 24, '2,345 products in pages of 100')
  t.ok(index.usable())
  const status = index.status()
  t.match(status, { size: 2_345, mode: 'listing', source: 'crawl', lastRefreshError: null, learned: 0 })
  t.match(status.lastListing, { outcome: 'ok', calls: 24, products: 2_345, total: 2_345 })
  t.same(index.byId('1000011'), {
    productId: '1000011',
    name: '상품 11',
    price: 2000,
    image: 'https://cdn.daisomall.co.kr/file/PD/11.jpg',
    category: 'CA2',
    brand: 'VT',
  })
  t.equal(index.products().length, 2_345)
})

t.test('listing refused: the index grows from what it learns, answers byId, and is never "usable" for search', async (t) => {
  const source = lister(catalogue(500), { refuse: true })
  const index = new CatalogueIndex(base(source))
  await index.refresh()
  t.equal(source.calls.length, 1, 'one empty search found out that the upstream does not list')
  t.match(index.status(), { mode: 'growing', size: 0, lastRefreshError: null })
  t.match(index.status().lastListing, { outcome: 'refused', calls: 1 })
  t.notOk(index.usable())

  const before = index.products()
  index.learn([product('2000001'), product('2000002')])
  t.not(index.products(), before, 'a new list, not the old one changed in place')
  t.equal(index.products().length, 2)
  t.equal(index.byId('2000002')?.name, '새 상품 2000002')
  t.match(index.status(), { source: 'learned', learned: 2 })
  const after = index.products()
  index.learn([product('2000001')])
  t.equal(index.products(), after, 'learning what is held changes nothing')
  t.notOk(index.usable(), 'a grown list is never complete')
  index.close()
})

t.test('an upstream that refuses with an error (4xx, success:false) is a refusal too; a 5xx is a failure', async (t) => {
  const rejected = lister(catalogue(10), { fail: new UpstreamError('rejected', 'pdThumbSelSimple', '검색어를 입력하세요') })
  const one = new CatalogueIndex(base(rejected))
  await one.refresh()
  t.equal(one.status().mode, 'growing')

  const broken = lister(catalogue(10), { fail: new UpstreamError('http', 'pdThumbSelSimple', 'HTTP 500', { status: 500 }) })
  const two = new CatalogueIndex(base(broken))
  await two.refresh()
  t.match(two.status(), { mode: 'unknown', size: 0, lastRefreshError: 'HTTP 500' })
  t.match(two.status().lastListing, { outcome: 'failed' })
})

t.test('a short listing is tried once more at once, and never kept; the held list stays', async (t) => {
  const source = lister(catalogue(300))
  const index = new CatalogueIndex(base(source))
  await index.refresh()
  t.equal(index.status().size, 300)

  source.options.drop = 40 // the total still says 300
  source.calls.length = 0
  await index.refresh()
  t.equal(source.calls.length, 8, 'two listings of 4 pages (3 + the extra page for rows that slid over)')
  t.match(index.status(), { size: 300, mode: 'listing' })
  t.match(index.status().lastListing, { outcome: 'short', products: 260, total: 300 })
  t.match(index.status().lastRefreshError, /short: 260 distinct products, the upstream says 300/)
})

t.test('an implausible listing (far shorter than the held one, or nearly empty) never replaces the held list', async (t) => {
  const source = lister(catalogue(1_000))
  const index = new CatalogueIndex(base(source))
  await index.refresh()
  const held = index.products()

  source.items = catalogue(600) // consistent with its own total, but 40 % of the catalogue gone
  await index.refresh()
  t.equal(index.products(), held, 'the held list is still the one answered from')
  t.match(index.status().lastListing, { outcome: 'implausible' })
  t.match(index.status().lastRefreshError, /600 products against 1000 held/)

  const tiny = new CatalogueIndex(base(lister(catalogue(3))))
  await tiny.refresh()
  t.notOk(tiny.usable(), 'three products are not a chain catalogue')
  t.match(tiny.status().lastRefreshError, /fewer than the 50/)

  source.items = catalogue(950) // 5 % fewer: products do leave the catalogue
  await index.refresh()
  t.equal(index.status().size, 950)
})

t.test('a failed refresh keeps the list and says why; the next one recovers', async (t) => {
  const source = lister(catalogue(200))
  const index = new CatalogueIndex(base(source))
  await index.refresh()
  source.options.fail = new UpstreamError('timeout', 'pdThumbSelSimple', 'no answer within the timeout')
  await index.refresh()
  t.match(index.status(), { size: 200, mode: 'listing', lastRefreshError: 'no answer within the timeout' })
  t.ok(index.usable())
  source.options.fail = undefined
  await index.refresh()
  t.equal(index.status().lastRefreshError, null)
})

t.test('products learned after a listing are kept across the next one, which may not hold them yet', async (t) => {
  const source = lister(catalogue(100))
  const index = new CatalogueIndex(base(source))
  await index.refresh()
  index.learn([product('3000001')])
  t.equal(index.status().size, 101)
  await index.refresh()
  t.ok(index.byId('3000001'), 'still held')
  source.items = [...catalogue(100), { ...product('3000001'), category: null, brand: null }]
  await index.refresh()
  t.equal(index.status().learned, 0, 'the listing holds it now')
  t.equal(index.status().size, 101)
})

t.test('concurrent refreshes share one listing', async (t) => {
  const source = lister(catalogue(250))
  const index = new CatalogueIndex(base(source))
  await Promise.all([index.refresh(), index.refresh(), index.refresh()])
  t.equal(source.calls.length, 3)
})

t.test('the upstream seam: every catalogue answer is learned', async (t) => {
  const fake = fakeUpstream({ products: 30 })
  const index = new CatalogueIndex(base(lister([], { refuse: true })))
  await index.refresh()
  const upstream = new LearningUpstream(fake, index)
  await upstream.searchCatalogue({ text: '수납함', page: 1, pageSize: 10 })
  t.equal(index.status().size, 10)
  t.equal(index.byId('1000003')?.name, '수납함 3')
  await upstream.searchCatalogue({ text: '수납함', page: 2, pageSize: 10 })
  t.equal(index.status().size, 20)
})

t.test('checked copies: format, checksum and shape', async (t) => {
  const snapshot: CatalogueSnapshot = { builtAt: 1_700_000_000_000, mode: 'listing', total: 2, products: [product('1'), product('2')] }
  const text = encodeSnapshot(snapshot)
  t.same(decodeSnapshot(text), snapshot)
  t.equal(decodeSnapshot(text.slice(0, text.length - 10)), undefined, 'cut short')
  t.equal(decodeSnapshot(text.replace('새 상품 1', '새 상품 9')), undefined, 'altered: the checksum no longer matches')
  t.equal(decodeSnapshot(text.replace('"format":1', '"format":2')), undefined, 'another format')
  t.equal(decodeSnapshot('{"format":1,"sha256":"x","snapshot":null}'), undefined)
  const wrongShape = { ...snapshot, products: [{ productId: '1', name: '', price: -1 }] }
  const body = JSON.stringify(wrongShape)
  const { createHash } = await import('node:crypto')
  const forged = `{"format":1,"sha256":"${createHash('sha256').update(body).digest('hex')}","snapshot":${body}}`
  t.equal(decodeSnapshot(forged), undefined, 'a checksum that matches does not make a wrong shape right')
})

t.test('the disk copy: a one-shot process reads it instead of listing; a garbled copy is ignored', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'products-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const disk = new DiskCatalogue(dir, 'http://upstream.test')
  const first = new CatalogueIndex(base(lister(catalogue(400)), { disk }))
  await first.start()
  first.close()
  t.ok(JSON.parse(await readFile(disk.file, 'utf8')).sha256, 'written with its checksum')

  const source = lister(catalogue(400))
  const oneShot = new CatalogueIndex(base(source, { disk, lazy: true }))
  t.notOk(oneShot.usable(), 'lazy: nothing loaded until asked')
  t.ok(await oneShot.whenUsable())
  t.equal(source.calls.length, 0, 'no upstream call: the disk copy answered')
  t.match(oneShot.status(), { size: 400, source: 'disk', mode: 'listing' })
  oneShot.close()

  await writeFile(disk.file, (await readFile(disk.file, 'utf8')).replace('상품 5', '상품 6'))
  const afterGarble = lister(catalogue(400))
  const third = new CatalogueIndex(base(afterGarble, { disk, lazy: true }))
  t.ok(await third.whenUsable())
  t.equal(afterGarble.calls.length, 4, 'the garbled copy was not read: the catalogue was listed again')
  t.equal(third.status().source, 'crawl')
  third.close()

  const stale = new CatalogueIndex(base(lister(catalogue(400)), { disk, lazy: true, now: () => Date.now() + 7 * 3_600_000 }))
  await stale.whenUsable()
  t.equal(stale.status().source, 'crawl', 'a copy older than the refresh period is listed again')
  stale.close()
})

t.test('a grown list is written to disk and read back by the next process without asking again', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'products-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const disk = new DiskCatalogue(dir, 'http://upstream.test')
  const source = lister([], { refuse: true })
  const index = new CatalogueIndex(base(source, { disk }))
  await index.start()
  index.learn([product('4000001'), product('4000002')])
  await index.flushLearned()
  index.close()
  const next = new CatalogueIndex(base(source, { disk, lazy: true }))
  t.notOk(await next.whenUsable(), 'a grown list does not answer searches')
  t.equal(source.calls.length, 1, 'the grown copy is young: the upstream is not asked again whether it lists')
  t.match(next.status(), { mode: 'growing', source: 'disk', size: 2 })
  t.ok(next.byId('4000002'))
  next.close()
})
