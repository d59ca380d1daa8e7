import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

// The spec's seven fields plus the additive openNow (distanceKm only on searches by coordinates).
const STORE_KEYS = ['address', 'closeTime', 'code', 'lat', 'lng', 'name', 'openNow', 'openTime']

t.test('store routes', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t)
  const get = (url: string) => app.inject({ method: 'GET', url })
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
    runtime.client.preauth.clear()
  })

  t.test('a keyword search for 강남 returns stores with the spec fields and openNow', async (t) => {
    const res = await get('/api/branches/search?keyword=%EA%B0%95%EB%82%A8')
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /application\/json/)
    const stores = res.json() as Array<Record<string, unknown>>
    t.ok(stores.length > 0 && stores.length <= 10)
    for (const store of stores) {
      // `facilities` is additive: the spec's fields, and only that one besides.
      t.same(
        Object.keys(store)
          .filter((k) => k !== 'facilities')
          .sort(),
        STORE_KEYS,
      )
      t.ok(Array.isArray(store.facilities))
      t.type(store.lat, 'number')
      t.match(store.openTime, /^\d{2}:\d{2}$/)
    }
    t.ok(stores.some((s) => s.code === '11199' && s.name === '강남역점'))
  })

  t.test('a nearby search is nearest first', async (t) => {
    const res = await get('/api/branches/search?curLttd=37.497175&curLitd=127.027926&pageSize=5')
    const stores = res.json() as Array<{ code: string; lat: number; lng: number }>
    t.equal(stores.length, 5)
    t.equal(stores[0]?.code, '11199', 'the store at the point itself comes first')
    const d = stores.map((s) => Math.hypot(s.lat - 37.497175, (s.lng - 127.027926) * 0.79))
    t.same(
      d,
      [...d].sort((a, b) => a - b),
    )
  })

  t.test('keyword and coordinates together filter and sort', async (t) => {
    const res = await get('/api/branches/search?keyword=%EA%B0%95%EB%82%A8&curLttd=37.4988&curLitd=127.0289&pageSize=3')
    const stores = res.json() as Array<{ code: string; name: string; address: string }>
    t.equal(res.statusCode, 200)
    t.ok(stores.every((s) => s.name.includes('강남') || s.address.includes('강남')))
  })

  t.test('paging: pageSize caps the page; currentPage moves on', async (t) => {
    const one = (await get('/api/branches/search?keyword=%EC%84%9C%EC%9A%B8&pageSize=3&currentPage=1')).json() as Array<{ code: string }>
    const two = (await get('/api/branches/search?keyword=%EC%84%9C%EC%9A%B8&pageSize=3&currentPage=2')).json() as Array<{ code: string }>
    t.equal(one.length, 3)
    t.equal(two.length, 3)
    t.notOk(two.some((s) => one.some((o) => o.code === s.code)))
  })

  t.test('a keyword with no store is an empty list (the upstream said so)', async (t) => {
    const res = await get('/api/branches/search?keyword=zzzz-no-such-place')
    t.equal(res.statusCode, 200)
    t.same(res.json(), [])
  })

  const bad: Array<[string, string, string, RegExp]> = [
    ['', 'missing_parameter', 'keyword', /keyword/],
    ['?keyword=', 'missing_parameter', 'keyword', /keyword/],
    ['?keyword=%20%20', 'missing_parameter', 'keyword', /keyword/],
    ['?curLttd=37.5', 'missing_parameter', 'curLitd', /curLitd/],
    ['?curLitd=127', 'missing_parameter', 'curLttd', /curLttd/],
    ['?curLttd=91&curLitd=127', 'invalid_parameter', 'curLttd', /latitude, 32\.8 to 38\.9/],
    ['?curLttd=37&curLitd=-181', 'invalid_parameter', 'curLitd', /longitude, 124\.5 to 132/],
    // A point abroad (Tokyo) is refused, naming Korea's bounds, rather than answered with stores 900 km away.
    ['?curLttd=35.68&curLitd=139.76', 'invalid_parameter', 'curLitd', /a point in Korea/],
    ['?curLttd=north&curLitd=127', 'invalid_parameter', 'curLttd', /curLttd \(latitude/],
    ['?keyword=a&pageSize=0', 'invalid_parameter', 'pageSize', /1 to 10/],
    ['?keyword=a&pageSize=11', 'invalid_parameter', 'pageSize', /1 to 10/],
    ['?keyword=a&pageSize=2.5', 'invalid_parameter', 'pageSize', /whole number/],
    ['?keyword=a&currentPage=0', 'invalid_parameter', 'currentPage', /from 1/],
    ['?keyword=a&currentPage=-3', 'invalid_parameter', 'currentPage', /from 1/],
    ['?keyword=a&currentPage=x', 'invalid_parameter', 'currentPage', /whole number/],
    ['?keyword=a&keyword=b', 'invalid_parameter', 'keyword', /once/],
    [`?keyword=${'가'.repeat(101)}`, 'invalid_parameter', 'keyword', /keyword/],
    ['?keyword=%00abc', 'invalid_parameter', 'keyword', /keyword/],
  ]
  for (const [query, code, param, hint] of bad) {
    t.test(`search ${query || '(no query)'} → 400 ${code} naming ${param}`, async (t) => {
      const before = simulator.stats().total
      const res = await get(`/api/branches/search${query}`)
      t.equal(res.statusCode, 400)
      t.match(res.headers['content-type'], /application\/json/)
      const body = res.json()
      t.match(body, { code, status: 400, message: new RegExp(param) })
      t.match(body.hint, hint)
      t.type(body.error, 'string')
      t.match(body.documentation, /^http:\/\/.+\/developers#errors$/)
      t.equal(simulator.stats().total, before, 'nothing was sent upstream')
    })
  }

  t.test('GET /api/branches/11199 returns 강남역점', async (t) => {
    const res = await get('/api/branches/11199')
    t.equal(res.statusCode, 200)
    const store = res.json() as Record<string, unknown>
    // openNow follows the wall clock (its rules are unit-tested with a pinned clock in test/stores/facts.test.ts).
    t.type(store.openNow, 'boolean')
    t.same(store, {
      code: '11199',
      name: '강남역점',
      lat: 37.497175,
      lng: 127.027926,
      address: '서울특별시 강남구 강남대로 422 (역삼동)',
      openTime: '10:00',
      closeTime: '22:00',
      openNow: store.openNow,
      facilities: store.facilities,
    })
    t.ok(Array.isArray(store.facilities), 'the facilities the simulator lists for it')
  })

  t.test('an unknown or malformed store code is 404 not_found', async (t) => {
    for (const code of ['99999', 'abc', '1119', '111999']) {
      const res = await get(`/api/branches/${code}`)
      t.equal(res.statusCode, 404, code)
      t.match(res.json(), { code: 'not_found', hint: /search/ })
    }
  })

  for (const [kind, fault] of [
    ['HTTP 500', { kind: 'http500' }],
    ['an HTML error page', { kind: 'html' }],
    ['success:false', { kind: 'successFalse' }],
    ['malformed JSON', { kind: 'malformedJson' }],
    ['a renamed field', { kind: 'shapeDrift', variant: 'renamedField' }],
    ['a word for a number', { kind: 'shapeDrift', variant: 'wordForNumber' }],
    ['a reset connection', { kind: 'reset' }],
    ['429 with Retry-After', { kind: 'rateLimited', retryAfterSeconds: 1 }],
  ] as const) {
    t.test(`store search with ${kind} upstream is 502 upstream_error, never an empty list`, async (t) => {
      simulator.setFault('selStr', fault)
      const res = await get('/api/branches/search?keyword=%EB%AA%85%EB%8F%99')
      t.equal(res.statusCode, 502)
      const body = res.json()
      t.match(body, { code: 'upstream_error', status: 502 })
      t.match(body.detail, /^stores: /)
      t.notMatch(body.detail, /<|script/i, 'no HTML reaches the caller')
      simulator.reset()
      const after = await get('/api/branches/search?keyword=%EB%AA%85%EB%8F%99')
      t.equal(after.statusCode, 200, 'the failure was not cached')
      t.ok((after.json() as unknown[]).length > 0)
    })
  }

  t.test('a store lookup while the upstream hangs times out as 502 within the timeout', async (t) => {
    // Its own app with a short upstream timeout: a hang never answers, whatever the machine's load.
    const hung = await buildTestApp(t, { env: { UPSTREAM_TIMEOUT_MS: '500' } })
    hung.simulator.setFault('selStr', { kind: 'hang' })
    const res = await hung.app.inject({ method: 'GET', url: '/api/branches/10528' })
    t.equal(res.statusCode, 502)
    t.match(res.json(), { code: 'upstream_error', message: /did not answer in time/ })
  })
})
