import t from 'tap'
import { SANDBOX_PRODUCTS } from '../../fixtures/sandbox/products.js'
import { SANDBOX_STORES } from '../../fixtures/sandbox/stores.js'
import { SandboxIndexSchema } from '../../http/contract.js'
import {
  ErrorSchema,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  StoreListSchema,
  StoreSchema,
} from '../../src/schemas.js'
import { listenTestApp } from '../helpers/app.js'

// Port 9 (discard) on loopback: nothing listens there, so any upstream call fails at once.
const UNREACHABLE = 'http://127.0.0.1:9'

t.test('sandbox with the upstream unreachable', async (t) => {
  // Listening, because the NDJSON stream is read over a real socket.
  const { app, simulator, url: origin } = await listenTestApp(t, { env: { UPSTREAM_BASE_URL: UNREACHABLE } })
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { origin: 'https://client.example', ...headers } })
  const q = encodeURIComponent

  t.test('the production routes really cannot reach the upstream', async (t) => {
    const res = await get(`/api/branches/search?keyword=${q('강남')}`)
    t.equal(res.statusCode, 502)
  })

  t.test('GET /api/sandbox describes the sandbox, its stores and an example per operation', async (t) => {
    const res = await get('/api/sandbox')
    t.equal(res.statusCode, 200)
    t.equal(res.headers['access-control-allow-origin'], '*')
    const body = SandboxIndexSchema.parse(res.json())
    t.same(body.storeCodes, ['11199', '10528', '10962'])
    t.equal(body.upstream, 'never contacted')
    t.same(
      body.operations.map((o) => o.operationId),
      ['searchSandboxStores', 'getSandboxStore', 'searchSandboxStoreProducts'],
    )
    // Every example URL works against this very app and answers what it says.
    for (const op of body.operations) {
      t.ok(op.examples.length >= 1, `${op.operationId} has examples`)
      for (const example of op.examples) {
        const url = new URL(example.url)
        t.match(example.url, /^http:\/\/localhost(:80)?\//, 'absolute, from the request origin')
        const answer = await fetch(`${origin}${url.pathname}${url.search}`)
        await answer.arrayBuffer()
        const expected = /400/.test(example.description) ? 400 : /404/.test(example.description) ? 404 : 200
        t.equal(answer.status, expected, `${example.description} → ${expected}`)
      }
    }
  })

  t.test('store search filters the fixture stores by keyword', async (t) => {
    const res = await get(`/api/sandbox/branches/search?keyword=${q('강남')}`)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['access-control-allow-origin'], '*')
    const stores = StoreListSchema.parse(res.json())
    t.same(
      stores.map((s) => s.code),
      ['11199'],
    )
    t.same(stores[0], { ...SANDBOX_STORES[0], openNow: stores[0]?.openNow }, 'the real record, with openNow')
    t.type(stores[0]?.openNow, 'boolean')

    const byAddress = StoreListSchema.parse((await get(`/api/sandbox/branches/search?keyword=${q('마포구')}`)).json())
    t.same(
      byAddress.map((s) => s.code),
      ['10962'],
      'the address matches too',
    )

    // No fixture store is in 부산: the place is understood, and the answer says its stores are far.
    const far = await get(`/api/sandbox/branches/search?keyword=${q('부산')}`)
    t.ok(StoreListSchema.parse(far.json()).every((s) => (s.distanceKm ?? 0) > 300))
    t.match(decodeURIComponent(String(far.headers['search-hint'])), /nearest store is \d+\.\d km from 부산광역시: none is within 30 km/)
    const none = await get(`/api/sandbox/branches/search?keyword=${q('불꽃놀이')}`)
    t.same(none.json(), [])
  })

  t.test('store search accepts and ignores coordinates', async (t) => {
    const res = await get('/api/sandbox/branches/search?curLttd=35.1&curLitd=129.0')
    t.equal(res.statusCode, 200)
    t.same(
      StoreListSchema.parse(res.json()).map((s) => s.code),
      ['11199', '10528', '10962'],
    )
  })

  t.test('store search pages with pageSize and currentPage', async (t) => {
    const first = StoreListSchema.parse((await get('/api/sandbox/branches/search?curLttd=37.5&curLitd=127&pageSize=2')).json())
    const second = StoreListSchema.parse(
      (await get('/api/sandbox/branches/search?curLttd=37.5&curLitd=127&pageSize=2&currentPage=2')).json(),
    )
    t.same(
      first.map((s) => s.code),
      ['11199', '10528'],
    )
    t.same(
      second.map((s) => s.code),
      ['10962'],
    )
  })

  t.test('store lookup: 11199 is a Store, any other code is a 404 in the Error shape', async (t) => {
    const found = await get('/api/sandbox/branches/11199')
    t.equal(found.statusCode, 200)
    const store = StoreSchema.parse(found.json())
    t.same(store, { ...SANDBOX_STORES[0], openNow: store.openNow })

    for (const code of ['10528', '99999', 'abc']) {
      const res = await get(`/api/sandbox/branches/${code}`)
      t.equal(res.statusCode, 404, code)
      t.match(res.headers['content-type'], /^application\/json/)
      t.equal(res.headers['access-control-allow-origin'], '*')
      const body = ErrorSchema.parse(res.json())
      t.equal(body.code, 'not_found')
      t.equal(body.status, 404)
    }
  })

  t.test('product search filters fixture products by keyword, all in stock with floor and zone', async (t) => {
    const res = await get(`/api/sandbox/products?branchCode=11199&keyword=${q('실리콘')}`)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['access-control-allow-origin'], '*')
    const body = ProductSearchResultSchema.parse(res.json())
    t.same(body.products.map((p) => p.id).sort(), ['1024881', '1043390'])
    t.equal(body.hasMore, false)
    t.equal(body.nextPage, 2)
    for (const p of body.products) {
      t.ok(p.stock >= 1)
      t.ok(p.image === null || p.image.startsWith('https://cdn.daisomall.co.kr/'))
    }
    t.equal(SANDBOX_PRODUCTS.length, 12, 'a dozen fixture products')
  })

  t.test('the legacy alias branchCd works in the sandbox too', async (t) => {
    const res = await get(`/api/sandbox/products?branchCd=10528&keyword=${q('수세미')}`)
    t.equal(res.statusCode, 200)
    t.same(
      ProductSearchResultSchema.parse(res.json()).products.map((p) => p.id),
      ['1019373'],
    )
  })

  t.test('a page past the matches is empty', async (t) => {
    const res = await get(`/api/sandbox/products?branchCode=11199&keyword=${q('수세미')}&currentPage=2`)
    t.match(res.json(), { products: [], asOf: /^\d{4}-/, hasMore: false, nextPage: 3 })
    t.same(Object.keys(res.json() as object).sort(), ['asOf', 'hasMore', 'nextPage', 'products'])
  })

  t.test('a branchCode that is no sandbox store is a 400 naming the sandbox codes', async (t) => {
    const res = await get(`/api/sandbox/products?branchCode=10224&keyword=${q('수세미')}`)
    t.equal(res.statusCode, 400)
    const body = ErrorSchema.parse(res.json())
    t.equal(body.code, 'invalid_parameter')
    t.match(body.hint, /11199, 10528, 10962/)
  })

  t.test('stream=1 streams fixture progress, then one result', async (t) => {
    const res = await fetch(`${origin}/api/sandbox/products?branchCode=11199&keyword=${q('청소')}&stream=1`, {
      headers: { origin: 'https://client.example' },
    })
    t.equal(res.status, 200)
    t.match(res.headers.get('content-type'), /^application\/x-ndjson/)
    t.equal(res.headers.get('access-control-allow-origin'), '*')
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string })
    const last = lines.pop()
    t.ok(lines.length >= 1)
    for (const line of lines) ProgressEventSchema.parse(line)
    const result = ResultEventSchema.parse(last)
    // The sandbox reads product words over its product index: 청소 as a word of its own (욕실 청소 솔) first,
    // then inside a longer word (극세사 청소포).
    t.same(
      result.products.map((p) => p.id),
      ['1040125', '1031244'],
    )
  })

  // Validation is production's: the same query fails the same way on both (code, message, status).
  const invalid: Array<[string, string]> = [
    ['/api/branches/search?keyword=x&pageSize=11', '/api/sandbox/branches/search?keyword=x&pageSize=11'],
    ['/api/branches/search?curLttd=91&curLitd=127', '/api/sandbox/branches/search?curLttd=91&curLitd=127'],
    ['/api/branches/search?curLttd=37', '/api/sandbox/branches/search?curLttd=37'],
    ['/api/branches/search?keyword=x&currentPage=abc', '/api/sandbox/branches/search?keyword=x&currentPage=abc'],
    ['/api/products?keyword=x', '/api/sandbox/products?keyword=x'],
    ['/api/products?branchCode=11199', '/api/sandbox/products?branchCode=11199'],
    ['/api/products?branchCode=abc&keyword=x', '/api/sandbox/products?branchCode=abc&keyword=x'],
    ['/api/products?branchCode=11199&keyword=x&stream=2', '/api/sandbox/products?branchCode=11199&keyword=x&stream=2'],
    ['/api/products?branchCode=11199&keyword=x&currentPage=0', '/api/sandbox/products?branchCode=11199&keyword=x&currentPage=0'],
  ]
  for (const [production, sandbox] of invalid) {
    t.test(`${sandbox} fails as production does`, async (t) => {
      const a = await get(production)
      const b = await get(sandbox)
      t.equal(b.statusCode, 400)
      t.equal(a.statusCode, 400)
      const pa = ErrorSchema.parse(a.json())
      const pb = ErrorSchema.parse(b.json())
      t.same(
        { code: pb.code, message: pb.message, status: pb.status, error: pb.error },
        { code: pa.code, message: pa.message, status: pa.status, error: pa.error },
      )
    })
  }

  t.test('other methods answer 405 with Allow, in the Error shape', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/api/sandbox/products' })
    t.equal(res.statusCode, 405)
    t.match(res.headers['allow'], /GET/)
    t.equal(ErrorSchema.parse(res.json()).code, 'method_not_allowed')
  })

  t.test('every sandbox operation is listed in GET /api', async (t) => {
    const index = (await get('/api')).json() as {
      endpoints: Array<{ operationId: string; path: string }>
      documentation: Record<string, string>
    }
    for (const id of ['getSandboxIndex', 'searchSandboxStores', 'getSandboxStore', 'searchSandboxStoreProducts']) {
      t.ok(
        index.endpoints.some((e) => e.operationId === id),
        id,
      )
    }
    t.match(index.documentation['sandbox'], /\/api\/sandbox$/)
  })

  t.test('no sandbox request reached an upstream, not even the simulator the helper started', async (t) => {
    t.equal(simulator.stats().total, 0)
  })
})
