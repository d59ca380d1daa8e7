import t from 'tap'
import { ServiceError } from '../../src/errors.js'
import { bind } from '../../src/inputs.js'
import * as operations from '../../src/operations.js'
import { LIMITS as PUBLIC_LIMITS, fields, type ScanProgress } from '../../src/schemas.js'
import { CATALOGUE_PAGE_SIZE } from '../../src/service.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import { DOMAIN_VOCABULARY } from '../../src/vocabulary.js'
import { fakeStore, fakeUpstream } from '../helpers/fake-upstream.js'
import { serviceFor } from '../helpers/service.js'

// The service takes checked values; these are how a door's parser makes them.
const sc = (code: string) => fields.storeCode().parse(code)
const pid = (id: string) => fields.productId().parse(id)

const calls = (fake: ReturnType<typeof fakeUpstream>, method: string) => fake.log.filter((c) => c.method === method).length

t.test('a product search keeps only in-stock products, with floor and zone, in catalogue order', async (t) => {
  const fake = fakeUpstream()
  const service = serviceFor(fake)
  const result = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.ok(result.products.length >= 10)
  t.ok(result.products.every((p) => p.stock >= 1 && Number.isInteger(p.stairNo) && Number.isInteger(p.zoneNo)))
  t.same(
    result.products.map((p) => p.id),
    [...result.products.map((p) => p.id)].sort(),
    'catalogue order kept',
  )
  t.ok(
    result.products.every((p) => (Number(p.id) - 1_000_000) % 3 === 0),
    'only the stocked ones',
  )
  t.equal(result.hasMore, true)
  t.equal(result.nextPage, 2)
  t.same(result.products[0], {
    id: '1000000',
    name: '수납함 0',
    price: 1000,
    image: null,
    stock: 4,
    stairNo: -1,
    zoneNo: 0,
    floorLabel: 'B1',
  })
})

t.test('the scan goes on to further pages until it has 10, and nextPage is a stable cursor', async (t) => {
  // Every 10th product in stock: 5 per catalogue page of 50, so two pages are needed.
  const fake = fakeUpstream({ stock: (i) => (i % 10 === 0 ? 2 : 0), products: 200 })
  const service = serviceFor(fake)
  const first = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.equal(first.products.length, 10)
  t.equal(first.nextPage, 3)
  t.equal(first.hasMore, true)
  const pages = fake.log.filter((c) => c.method === 'searchCatalogue').map((c) => (c.args as { page: number }).page)
  t.same(pages.slice(0, 2), [1, 2])
  const second = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: first.nextPage })
  t.equal(second.products[0]?.id, String(1_000_000 + 2 * CATALOGUE_PAGE_SIZE), 'continues where the first ended')
  t.equal(second.hasMore, false, 'the last page was short')
})

t.test('a search never scans more than maxPages pages', async (t) => {
  const fake = fakeUpstream({ stock: () => 0, products: 1000 })
  const service = serviceFor(fake, { limits: { maxPages: 3 } })
  const result = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.same(result.products, [])
  t.equal(result.hasMore, true)
  t.equal(result.nextPage, 4)
  t.equal(calls(fake, 'searchCatalogue'), 3)
})

t.test('no catalogue match is an honest empty page with hasMore false', async (t) => {
  const fake = fakeUpstream()
  const service = serviceFor(fake)
  const result = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '없는상품', page: 1 })
  t.match(result, { products: [], hasMore: false, nextPage: 2, hint: /No product in the Daiso catalogue matches/ })
  t.equal(calls(fake, 'getStock'), 0)
})

t.test('a page past the last catalogue page is empty with no hint: it says nothing of the keyword', async (t) => {
  const fake = fakeUpstream({ products: 20 })
  const service = serviceFor(fake)
  const first = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.equal(first.hasMore, false)
  const past = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: first.nextPage })
  t.same(past.products, [])
  t.equal(past.hasMore, false)
  t.equal(past.nextPage, 3)
  t.notOk('hint' in past, 'no "no catalogue match" hint for a keyword that matched on page 1')
})

t.test('progress reports found, target, page and scanned, ending at 100 percent', async (t) => {
  const fake = fakeUpstream()
  const service = serviceFor(fake)
  const events: ScanProgress[] = []
  await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }, { onProgress: (p) => events.push(p) })
  t.ok(events.length >= 3)
  t.same(events[0], { found: 0, target: 10, page: 1, scanned: 0, percent: 0 })
  t.equal(events.at(-1)?.percent, 100)
  t.ok(
    events.every((e, i) => i === 0 || e.percent >= (events[i - 1]?.percent ?? 0)),
    'percent never goes back',
  )
  t.ok(events.every((e) => e.percent >= 0 && e.percent <= 100))
})

t.test('progress: found never falls, also when an in-stock product has no known shelf', async (t) => {
  // Product 3 is in stock (every third is) but the chain places it nowhere: listed or not, it was found.
  const fake = fakeUpstream({ placement: (i) => (i === 3 ? null : { floor: 1, zone: 2 }) })
  const service = serviceFor(fake)
  const events: ScanProgress[] = []
  await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }, { onProgress: (p) => events.push(p) })
  const found = events.map((e) => e.found)
  t.ok(
    found.every((n, i) => i === 0 || n >= found[i - 1]!),
    `found never goes back: ${found.join(', ')}`,
  )
  t.equal(events.at(-1)?.percent, 100)
  t.equal(events.at(-1)?.found, found.at(-2), 'the last event keeps the count the scan reached')
})

t.test('the catalogue search names a next page only when one follows', async (t) => {
  const perPage = PUBLIC_LIMITS.catalogueResultsPerPage
  const service = serviceFor(fakeUpstream({ products: perPage + 3 }))
  const first = await service.searchCatalogue({ keyword: '수납함', page: 1 })
  t.match(first, { hasMore: true, nextPage: 2, total: perPage + 3 })
  const last = await service.searchCatalogue({ keyword: '수납함', page: 2 })
  t.equal(last.hasMore, false)
  t.equal(last.products.length, 3)
  t.notOk('nextPage' in last, 'no nextPage after the last page')
})

t.test('an unknown but well-formed store is a 400 that says to search stores first', async (t) => {
  const service = serviceFor(fakeUpstream())
  const error = await service.searchStoreProducts({ storeCode: sc('99999'), keyword: '수납함', page: 1 }).catch((e: unknown) => e)
  t.ok(error instanceof ServiceError)
  t.match(error, { code: 'invalid_parameter', status: 400, hint: /searchStores/ })
})

t.test('stock unknown for every product is a failure, never "nothing in stock"', async (t) => {
  const service = serviceFor(fakeUpstream({ stock: () => null }))
  const error = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }).catch((e: unknown) => e)
  t.match(error, { code: 'internal_error', status: 500, detail: /stock unknown/ })
})

t.test('an upstream failure in a product search is 500 internal_error with a detail', async (t) => {
  const fake = fakeUpstream()
  fake.faults.set('getStock', new UpstreamError('http', 'selStrPkupStck', 'HTTP 500', { status: 500 }))
  const service = serviceFor(fake)
  const error = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }).catch((e: unknown) => e)
  t.match(error, { code: 'internal_error', status: 500, detail: 'stock: HTTP 500' })
})

t.test('products without a known placement are left out of the list', async (t) => {
  const fake = fakeUpstream({ placement: (i) => (i === 0 ? null : { floor: 1, zone: 1 }) })
  const result = await serviceFor(fake).searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.notOk(result.products.some((p) => p.id === '1000000'))
  t.ok(result.products.some((p) => p.id === '1000003'))
})

t.test('in stock but placed nowhere: listed in unplaced, marked so, never dropped (issue 32)', async (t) => {
  const fake = fakeUpstream({ placement: () => null })
  const result = await serviceFor(fake).searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.same(result.products, [])
  const inStock = fake.items.filter((_, i) => i % 3 === 0).slice(0, 17)
  t.same(
    result.unplaced?.map((p) => p.id),
    inStock.map((item) => item.productId),
    'every in-stock product of the page scanned, in catalogue order',
  )
  t.ok(result.unplaced?.every((p) => p.placement === 'unknown' && p.stock === 4))
  t.equal(result.hint, undefined, 'products were found: no hint that none is in stock')
})

t.test("a product with a shelf and one without are both listed: the count is the store's", async (t) => {
  const fake = fakeUpstream({ placement: (i) => (i % 2 === 0 ? { floor: 1, zone: 3 } : null) })
  const result = await serviceFor(fake).searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  const inStock = fake.items.filter((_, i) => i % 3 === 0).slice(0, 17)
  t.equal(result.products.length + (result.unplaced?.length ?? 0), inStock.length)
  t.ok(result.products.length > 0 && (result.unplaced?.length ?? 0) > 0)
})

t.test('the scan starts the pre-auth handshake beside the first catalogue page, just after it', async (t) => {
  const fake = fakeUpstream()
  await serviceFor(fake).searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  t.same(
    fake.log.slice(0, 2).map((call) => call.method),
    ['searchCatalogue', 'warmUp'],
    'the catalogue, whose reply is the slowest of the round, leaves first',
  )
})

t.test('a nearby search sends the catalogue first, then the handshake', async (t) => {
  const fake = fakeUpstream()
  await serviceFor(fake).findProductNearby({ keyword: '수납함', latitude: 37.4979, longitude: 127.0276 })
  t.same(
    fake.log.slice(0, 2).map((call) => call.method),
    ['searchCatalogue', 'warmUp'],
  )
})

t.test('a caller that goes away aborts the scan', async (t) => {
  const fake = fakeUpstream({ latencyMs: 30 })
  const controller = new AbortController()
  const pending = serviceFor(fake).searchStoreProducts(
    { storeCode: sc('11199'), keyword: '수납함', page: 1 },
    { signal: controller.signal },
  )
  setTimeout(() => controller.abort(new Error('gone')), 10)
  await t.rejects(pending)
  const before = fake.log.length
  await new Promise((r) => setTimeout(r, 100))
  t.equal(fake.log.length, before, 'no further upstream calls after the abort')
})

t.test('a scan past its deadline ends with a clear error', async (t) => {
  const fake = fakeUpstream({ latencyMs: 400 })
  const service = serviceFor(fake, { limits: { deadlineMs: 1_000 } })
  const error = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }).catch((e: unknown) => e)
  t.match(error, { code: 'internal_error', message: /did not finish within 1 s/ })
})

t.test('too many concurrent scans are refused with 503 overloaded', async (t) => {
  const fake = fakeUpstream({ latencyMs: 50 })
  const service = serviceFor(fake, { limits: { maxConcurrent: 1 } })
  const first = service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 })
  const second = await service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }).catch((e: unknown) => e)
  t.match(second, { code: 'overloaded', status: 503, retryAfterSeconds: 1 })
  await first
  t.equal(service.activeScans, 0)
})

t.test('availability: stock and placement here, nearby stores with stock nearest first, at most 20', async (t) => {
  const fake = fakeUpstream({ stock: (i, store) => (store === '11199' ? 3 : Number(store) % 2 === 0 ? 1 : 0) })
  const result = await serviceFor(fake).getProductAvailability({ productId: pid('1000004'), storeCode: sc('11199') })
  t.equal(result.stock, 3)
  t.equal(result.stairNo, 0)
  t.equal(result.zoneNo, 4)
  t.equal(result.otherBranches.length, 20)
  t.ok(result.otherBranches.every((b) => b.stock >= 1 && b.code !== '11199'))
  const distances = result.otherBranches.map((b) => b.distanceKm ?? 0)
  t.same(
    distances,
    [...distances].sort((a, b) => a - b),
    'nearest first',
  )
  const stockCall = fake.log.find((c) => c.method === 'getStock')?.args as unknown[]
  t.equal(stockCall.length, 51, 'the store itself plus the 50 nearest, in one batch')
})

t.test('availability: out of stock is 0 and unknown placement is null', async (t) => {
  const fake = fakeUpstream({ stock: () => 0, placement: () => null })
  const result = await serviceFor(fake).getProductAvailability({ productId: pid('1000001'), storeCode: sc('11199') })
  t.match(result, { stock: 0, stairNo: null, zoneNo: null, floorLabel: null, otherBranches: [] })
  t.same(result.product, { id: '1000001', name: '수납함 1', price: 2000 }, 'it says which product')
  t.match(result.store, { code: '11199', openTime: '10:00', closeTime: '22:00' }, 'and which store')
  t.ok(Date.parse(result.asOf) > 0, 'and when the stock was read')
})

t.test('availability: a failed placement lookup is "placement unknown" (null), stock still answered', async (t) => {
  const fake = fakeUpstream()
  fake.faults.set('getPlacement', new UpstreamError('timeout', 'selIntPdStDispInfo', 'no answer'))
  const result = await serviceFor(fake).getProductAvailability({ productId: pid('1000000'), storeCode: sc('11199') })
  t.equal(result.stock, 4)
  t.equal(result.stairNo, null)
})

t.test('availability: a product the upstream does not know is 404 not_found', async (t) => {
  const fake = fakeUpstream({ products: 10 })
  const error = await serviceFor(fake)
    .getProductAvailability({ productId: pid('1999999'), storeCode: sc('11199') })
    .catch((e: unknown) => e)
  t.match(error, { code: 'not_found', status: 404 })
})

t.test('availability: a known product whose stock row is missing is an error, not 0', async (t) => {
  const fake = fakeUpstream({ stock: (_i, store) => (store === '11199' ? null : 1) })
  const error = await serviceFor(fake)
    .getProductAvailability({ productId: pid('1000000'), storeCode: sc('11199') })
    .catch((e: unknown) => e)
  t.match(error, { code: 'internal_error', detail: /no stock row/ })
})

t.test('availability: a stock failure is an error, never 0 everywhere', async (t) => {
  const fake = fakeUpstream()
  fake.faults.set('getStock', new UpstreamError('unauthorized', 'selStrPkupStck', 'refused'))
  const error = await serviceFor(fake)
    .getProductAvailability({ productId: pid('1000000'), storeCode: sc('11199') })
    .catch((e: unknown) => e)
  t.match(error, { code: 'internal_error', message: /pre-auth/ })
})

t.test("availability: malformed ids and codes are refused by the operation's own parser; unknown stores are 400", async (t) => {
  const service = serviceFor(fakeUpstream())
  const parse = (raw: object) => bind(operations.getProductAvailability, DOMAIN_VOCABULARY).parse(raw, 'json')
  t.throws(() => parse({ productId: '12;DROP', storeCode: '11199' }), { code: 'invalid_parameter', message: /'productId'/ })
  t.throws(() => parse({ productId: pid('1000000'), storeCode: 'abc' }), { code: 'invalid_parameter', message: /'storeCode'/ })
  t.match(await service.getProductAvailability({ productId: pid('1000000'), storeCode: sc('99999') }).catch((e: unknown) => e), {
    code: 'invalid_parameter',
    hint: /searchStores/,
  })
})

t.test('store search: keyword or coordinates required; upstream failure is 502 upstream_error', async (t) => {
  const fake = fakeUpstream()
  const service = serviceFor(fake)
  t.match(await service.searchStores({ page: 1, pageSize: 10 }).catch((e: unknown) => e), { code: 'missing_parameter' })
  const { stores } = await service.searchStores({ latitude: 37.5, longitude: 127, page: 1, pageSize: 3 })
  t.equal(stores.length, 3)
  t.same(Object.keys(stores[0] ?? {}).sort(), ['address', 'closeTime', 'code', 'distanceKm', 'lat', 'lng', 'name', 'openNow', 'openTime'])
  fake.faults.set('searchStores', new UpstreamError('network', 'selStr', 'ECONNREFUSED'))
  t.match(await service.searchStores({ keyword: '강남', page: 1, pageSize: 10 }).catch((e: unknown) => e), {
    code: 'upstream_error',
    status: 502,
  })
})

t.test('getStore: unknown codes are 404; failures are 502', async (t) => {
  const fake = fakeUpstream({ stores: [fakeStore('11199', 0)] })
  const service = serviceFor(fake)
  t.equal((await service.getStore(sc('11199'))).code, '11199')
  t.match(await service.getStore(sc('99999')).catch((e: unknown) => e), { code: 'not_found', status: 404 })
  t.equal(calls(fake, 'findStore'), 2)
  fake.faults.set('findStore', new UpstreamError('bad_response', 'selStr', 'HTML instead of JSON'))
  t.match(await service.getStore(sc('11199')).catch((e: unknown) => e), { code: 'upstream_error', status: 502 })
})

t.test('a failed step cancels the scan calls still running', async (t) => {
  const fake = fakeUpstream({ latencyMs: 20 })
  fake.faults.set('getStock', new UpstreamError('http', 'selStrPkupStck', 'HTTP 500', { status: 500 }))
  const service = serviceFor(fake)
  let prefetchAborted = false
  const original = fake.searchCatalogue.bind(fake)
  fake.searchCatalogue = async (query, signal) => {
    signal?.addEventListener('abort', () => (prefetchAborted = query.page === 2 || prefetchAborted))
    return original(query, signal)
  }
  await t.rejects(service.searchStoreProducts({ storeCode: sc('11199'), keyword: '수납함', page: 1 }))
  t.ok(prefetchAborted, 'the prefetch of page 2 was cancelled')
})
