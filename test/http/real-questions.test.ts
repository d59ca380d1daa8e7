import { connect as connectSocket } from 'node:net'
import t from 'tap'
import { haversineKm } from '../../simulator/data.js'
import { CataloguePageSchema, ProductNearbySchema, ProductSearchResultSchema, StoreListSchema } from '../../src/schemas.js'
import { buildTestApp, listenTestApp } from '../helpers/app.js'

const GANGNAM_STATION = { lat: 37.4979, lng: 127.0276 }

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()

t.test('store keywords as people type them find the right store first, with at most 3 upstream searches', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const cases: Array<[keyword: string, code: string]> = [
    ['다이소 강남역점', '11199'],
    ['강남역 다이소', '11199'],
    ['강남역다이소', '11199'],
    ['강남 역', '11199'],
    ['홍대입구역 근처', '10962'],
    ['홍대입구역 다이소 매장', '10962'],
    ['부산 해운대', '10502'],
    // As the directory ranks them (src/stores/search.ts): 명동점 and 명동본점 both name 명동 exactly; the shorter name first.
    ['DAISO 명동', '10747'],
    ['명동역', '10747'],
    ['명동본점', '10528'],
    ['안산 중앙역', '40508'],
    ['강남역2호점', '10224'],
  ]
  for (const [keyword, code] of cases) {
    simulator.resetStats()
    const res = await app.inject(`/api/branches/search?${qs({ keyword })}`)
    t.equal(res.statusCode, 200, keyword)
    const stores = StoreListSchema.parse(res.json())
    t.equal(stores[0]?.code, code, `${keyword} → ${code} first`)
    t.ok(simulator.stats().calls.selStr <= 3, `${keyword}: ${simulator.stats().calls.selStr} upstream store searches`)
  }
})

t.test('several words: every store returned carries every word in its name or address', async (t) => {
  const { app } = await buildTestApp(t)
  const stores = StoreListSchema.parse((await app.inject(`/api/branches/search?${qs({ keyword: '부산 해운대' })}`)).json())
  t.ok(stores.length >= 2)
  for (const store of stores) {
    t.match(`${store.name} ${store.address}`, /부산/)
    t.match(`${store.name} ${store.address}`, /해운대/)
  }
})

t.test('a keyword that matches nothing costs exactly 3 upstream searches and answers [] with a hint header', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  simulator.resetStats()
  const res = await app.inject(`/api/branches/search?${qs({ keyword: '없는동네 없는역 근처' })}`)
  t.equal(res.statusCode, 200)
  t.same(res.json(), [])
  t.equal(simulator.stats().calls.selStr, 3, 'bounded at three')
  t.match(res.headers['search-hint'], /shorter word/)
})

t.test('a keyword that names only the chain is a 400 that asks for a place', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  simulator.resetStats()
  const res = await app.inject(`/api/branches/search?${qs({ keyword: '다이소 근처' })}`)
  t.equal(res.statusCode, 400)
  t.match(res.json(), { code: 'invalid_parameter', hint: /station or store name/ })
  t.equal(simulator.stats().calls.selStr, 0)
})

t.test('a coordinate search gives distanceKm from the point and openNow on every store', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject(`/api/branches/search?${qs({ curLttd: GANGNAM_STATION.lat, curLitd: GANGNAM_STATION.lng, pageSize: 5 })}`)
  const stores = StoreListSchema.parse(res.json())
  t.equal(stores.length, 5)
  let previous = -1
  for (const store of stores) {
    t.type(store.openNow, 'boolean')
    const expected = haversineKm(GANGNAM_STATION.lat, GANGNAM_STATION.lng, store.lat, store.lng)
    t.ok(Math.abs((store.distanceKm ?? NaN) - expected) < 0.06, `${store.code} at ${store.distanceKm} km`)
    t.ok((store.distanceKm ?? 0) >= previous, 'nearest first')
    previous = store.distanceKm ?? 0
  }
  const byKeyword = StoreListSchema.parse((await app.inject(`/api/branches/search?${qs({ keyword: '강남' })}`)).json())
  t.notOk(
    byKeyword.some((s) => 'distanceKm' in s),
    'no distance without a point to measure from',
  )
})

t.test('the catalogue lists products whatever their stock', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const res = await app.inject(`/api/catalogue?${qs({ keyword: '다이소 우산' })}`)
  t.equal(res.statusCode, 200)
  const page = CataloguePageSchema.parse(res.json())
  const expected = simulator.data.searchProducts('우산')
  t.same(
    page.products.map((p) => p.id),
    expected.slice(0, 20).map((p) => p.pdNo),
  )
  t.equal(page.total, expected.length)
  t.equal(page.hasMore, expected.length > 20)
  t.ok(
    page.products.some((p) => simulator.data.stockOf('10962', p.id) === 0),
    'out-of-stock products are listed too',
  )
  t.match((await app.inject('/api/catalogue')).json(), { code: 'missing_parameter' })
})

t.test(
  'nearby: the stores that have it, grouped, nearest first, matching the upstream stock, with floors for the nearest five',
  async (t) => {
    const { app, simulator } = await buildTestApp(t)
    simulator.resetStats()
    const res = await app.inject(
      `/api/products/nearby?${qs({ keyword: '우산', curLttd: GANGNAM_STATION.lat, curLitd: GANGNAM_STATION.lng })}`,
    )
    t.equal(res.statusCode, 200)
    const answer = ProductNearbySchema.parse(res.json())
    const hits = simulator.data.searchProducts('우산')
    t.same(
      answer.products.map((p) => p.id),
      hits.slice(0, 10).map((p) => p.pdNo),
      'all 7 umbrellas of the catalogue are checked',
    )
    t.equal(answer.matched, hits.length)
    t.same(answer.origin, { lat: GANGNAM_STATION.lat, lng: GANGNAM_STATION.lng })
    t.equal(answer.here, undefined, 'no store was asked about')
    t.ok(Date.parse(answer.asOf) > 0, 'asOf is a time')
    t.ok(answer.stores.length > 0)
    // What the simulator holds for the 50 stores nearest the point, nearest first.
    const nearest = simulator.data.stores
      .map((s) => ({ s, km: haversineKm(GANGNAM_STATION.lat, GANGNAM_STATION.lng, s.lat, s.lng) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 50)
    const expected = nearest
      .map(({ s }) => ({
        code: s.code,
        items: answer.products.filter((p) => simulator.data.stockOf(s.code, p.id) > 0).map((p) => p.id),
      }))
      .filter((e) => e.items.length > 0)
      .slice(0, 20)
    t.same(
      answer.stores.map((e) => ({ code: e.store.code, items: e.items.map((i) => i.productId) })),
      expected,
      'each store once, nearest first, its items in catalogue order',
    )
    let placements = 0
    answer.stores.forEach((entry, i) => {
      for (const item of entry.items) {
        t.equal(item.stock, simulator.data.stockOf(entry.store.code, item.productId))
        const placement = simulator.data.placementOf(entry.store.code, item.productId)
        if (i < 5) {
          placements += 1
          t.equal(item.placement, placement === null ? 'unknown' : 'known', 'floor looked up for the nearest five stores')
          t.equal(item.stairNo, placement?.stairNo ?? null)
          t.equal(item.floorLabel, placement === null ? null : placement.stairNo < 0 ? `B${-placement.stairNo}` : `${placement.stairNo}F`)
        } else {
          t.equal(item.placement, 'not_checked')
          t.equal(item.stairNo, null)
        }
      }
    })
    t.ok(answer.stores.every((e) => typeof e.store.openTime === 'string' && typeof e.store.lat === 'number'))
    const calls = simulator.stats().calls
    t.equal(calls.selStr, 1, 'one store search')
    t.equal(calls.pdThumbSelSimple, 1, 'one catalogue page')
    t.equal(calls.selStrPkupStck, 1, 'one stock call for all products and stores')
    t.equal(calls.selIntPdStDispInfo, placements, 'one placement read per item of the nearest five stores')
  },
)

t.test('nearby a store: `here` lists what search_products lists for the same store and keyword', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const answer = ProductNearbySchema.parse(
    (await app.inject(`/api/products/nearby?${qs({ keyword: '우산', branchCode: '11199' })}`)).json(),
  )
  const inStore = ProductSearchResultSchema.parse(
    (await app.inject(`/api/products?${qs({ keyword: '우산', branchCode: '11199' })}`)).json(),
  )
  t.ok(answer.here, 'the asked store is in the answer')
  t.equal(answer.here?.store.code, '11199')
  t.equal(answer.here?.store.distanceKm, 0)
  t.notOk(
    answer.stores.some((e) => e.store.code === '11199'),
    'and not again among the others',
  )
  const checked = new Set(answer.products.map((p) => p.id))
  const known = (answer.here?.items ?? []).filter((i) => i.placement === 'known')
  t.ok(known.length > 0, 'the simulator stocks umbrellas at 11199')
  t.same(
    known.map((i) => ({ id: i.productId, stock: i.stock, stairNo: i.stairNo, zoneNo: i.zoneNo, floorLabel: i.floorLabel })),
    inStore.products
      .filter((p) => checked.has(p.id))
      .map((p) => ({ id: p.id, stock: p.stock, stairNo: p.stairNo, zoneNo: p.zoneNo, floorLabel: p.floorLabel })),
    'same products, same stock, same floors',
  )
  for (const item of answer.here?.items ?? []) {
    t.equal(item.stock, simulator.data.stockOf('11199', item.productId))
    t.not(item.placement, 'not_checked', 'every item of here is looked up')
  }
  t.ok(Date.parse(answer.asOf) > 0)
  t.ok(Date.parse(inStore.asOf) > 0, 'the in-store search says when too')
})

t.test('nearby a store that has none: it is still there, at 0, with empty items', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const answer = ProductNearbySchema.parse(
    (await app.inject(`/api/products/nearby?${qs({ keyword: '우산', branchCode: '10962' })}`)).json(),
  )
  t.ok(
    answer.products.every((p) => simulator.data.stockOf('10962', p.id) === 0),
    'the simulator has none at 10962',
  )
  t.match(answer.here, { store: { code: '10962', distanceKm: 0 }, items: [] })
  t.ok(answer.stores.length > 0)
  t.ok(answer.stores[0]?.items.every((i) => i.placement !== 'not_checked'))
})

t.test('nearby: as many of the best matches as one stock call carries, at least 10', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  simulator.resetStats()
  const answer = ProductNearbySchema.parse(
    (await app.inject(`/api/products/nearby?${qs({ keyword: '수납', branchCode: '11199' })}`)).json(),
  )
  t.equal(answer.products.length, 10, '10 products against 51 stores fill the 520-pair call')
  t.equal(answer.matched, simulator.data.searchProducts('수납').length)
  t.equal(simulator.stats().calls.selStrPkupStck, 1)
})

t.test('a cached answer keeps the time its stock was read', async (t) => {
  const { app } = await buildTestApp(t)
  const url = `/api/products/nearby?${qs({ keyword: '우산', branchCode: '11199' })}`
  const first = ProductNearbySchema.parse((await app.inject(url)).json())
  await new Promise((resolve) => setTimeout(resolve, 20))
  const second = ProductNearbySchema.parse((await app.inject(url)).json())
  t.equal(second.asOf, first.asOf)
})

t.test('nearby: a failed stock lookup is an error, never "nowhere"', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  simulator.setFault('selStrPkupStck', { kind: 'http500' })
  const res = await app.inject(`/api/products/nearby?${qs({ keyword: '우산', branchCode: '11199' })}`)
  t.equal(res.statusCode, 500)
  t.match(res.json(), { code: 'internal_error' })
})

t.test('nearby: input errors name the parameter', async (t) => {
  const { app } = await buildTestApp(t)
  const cases: Array<[string, string, string]> = [
    [qs({ keyword: '우산' }), 'missing_parameter', 'branchCode'],
    [qs({ keyword: '우산', curLttd: 37.5 }), 'missing_parameter', 'curLitd'],
    [qs({ keyword: '우산', curLttd: 37.5, curLitd: 127, branchCode: '11199' }), 'invalid_parameter', 'branchCode'],
    [qs({ keyword: '우산', branchCode: '99999' }), 'invalid_parameter', 'branchCode'],
    [qs({ keyword: '다이소', branchCode: '11199' }), 'invalid_parameter', 'keyword'],
    [qs({ branchCode: '11199' }), 'missing_parameter', 'keyword'],
  ]
  for (const [query, code, name] of cases) {
    const res = await app.inject(`/api/products/nearby?${query}`)
    t.equal(res.statusCode, 400, query)
    t.match(res.json(), { code, message: new RegExp(name) }, query)
  }
})

t.test('search_products with nothing in stock says where to go next', async (t) => {
  const { app } = await buildTestApp(t)
  const result = ProductSearchResultSchema.parse((await app.inject(`/api/products?${qs({ branchCode: '10962', keyword: '우산' })}`)).json())
  t.same(result.products, [])
  t.match(result.hint, /GET \/api\/products\/nearby/, "in the REST API's own words")
  t.match(result.hint, /GET \/api\/catalogue/)
  const found = ProductSearchResultSchema.parse((await app.inject(`/api/products?${qs({ branchCode: '11199', keyword: '우산' })}`)).json())
  t.ok(found.products.length > 0)
  t.equal(found.hint, undefined, 'no hint when something was found')
  t.ok(found.products.every((p) => p.floorLabel === (p.stairNo < 0 ? `B${-p.stairNo}` : `${p.stairNo}F`)))
})

t.test('Korean typed raw in a URL answers a JSON 400 that shows how to encode it', async (t) => {
  const { url } = await listenTestApp(t)
  const { port } = new URL(url)
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connectSocket(Number(port), '127.0.0.1', () => {
      socket.write(
        Buffer.concat([Buffer.from('GET /api/branches/search?keyword='), Buffer.from('강남'), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
      )
    })
    let data = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')))
  })
  t.match(raw, /^HTTP\/1\.1 400 /)
  const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>
  t.equal(body.code, 'invalid_parameter')
  t.match(body.hint, /--data-urlencode 'keyword=강남'/)
  t.match(body.hint, /\/api\/branches\/search\?keyword=%EA%B0%95%EB%82%A8/)
})

t.test('the sandbox store search without a keyword lists the three fixture stores', async (t) => {
  const { app } = await buildTestApp(t)
  const stores = StoreListSchema.parse((await app.inject('/api/sandbox/branches/search')).json())
  t.same(stores.map((s) => s.code).sort(), ['10528', '10962', '11199'])
  const gangnam = StoreListSchema.parse((await app.inject(`/api/sandbox/branches/search?${qs({ keyword: '다이소 강남역점' })}`)).json())
  t.same(
    gangnam.map((s) => s.code),
    ['11199'],
    'the sandbox understands keywords as production does',
  )
})

t.test('a word the catalogue does not know: total 0 and a hint; in Latin letters, the hint says the catalogue is Korean', async (t) => {
  const { app } = await buildTestApp(t)
  // An everyday English word is read in Korean from the table (src/products/tables/english.ts), and the answer says so.
  const umbrella = CataloguePageSchema.parse((await app.inject(`/api/catalogue?${qs({ keyword: 'umbrella' })}`)).json())
  t.ok(umbrella.products.length > 0 && umbrella.products.every((p) => p.name.includes('우산')))
  t.match(umbrella.note, /'umbrella' as '우산'/)
  const english = CataloguePageSchema.parse((await app.inject(`/api/catalogue?${qs({ keyword: 'sprocket' })}`)).json())
  t.same(english.products, [])
  t.equal(english.total, 0)
  t.match(english.hint, /Korean.*우산/)
  const nothing = CataloguePageSchema.parse((await app.inject(`/api/catalogue?${qs({ keyword: '없는상품이름' })}`)).json())
  t.equal(nothing.total, 0)
  t.match(nothing.hint, /shorter/)
  const nearby = ProductNearbySchema.parse(
    (await app.inject(`/api/products/nearby?${qs({ keyword: 'sprocket', branchCode: '11199' })}`)).json(),
  )
  t.equal(nearby.matched, 0)
  t.match(nearby.hint, /Korean/)
  t.match(nearby.here, { store: { code: '11199' }, items: [] })
  const asked = ProductNearbySchema.parse(
    (await app.inject(`/api/products/nearby?${qs({ keyword: '우산 있어?', branchCode: '11199' })}`)).json(),
  )
  t.ok(asked.products.length > 0, 'a question finds the product')
})
