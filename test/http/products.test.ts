import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

t.test('product routes', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t)
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
    runtime.client.preauth.clear()
  })
  const q = encodeURIComponent('수납')

  t.test('a product search at 11199 returns only products in stock, with integer floor and zone', async (t) => {
    const res = await get(`/api/products?branchCode=11199&keyword=${q}`)
    t.equal(res.statusCode, 200)
    const body = res.json() as { products: Array<Record<string, unknown>>; hasMore: boolean; nextPage: number }
    t.ok(body.products.length >= 10)
    for (const p of body.products) {
      t.same(Object.keys(p).sort(), ['floorLabel', 'id', 'image', 'name', 'price', 'stairNo', 'stock', 'zoneNo'])
      t.ok(Number.isInteger(p.stock) && (p.stock as number) >= 1)
      t.ok(Number.isInteger(p.stairNo) && Number.isInteger(p.zoneNo))
      t.ok(Number.isInteger(p.price))
      t.ok(p.image === null || /^https:\/\/cdn\.daisomall\.co\.kr\//.test(p.image as string))
      t.equal(simulator.data.stockOf('11199', p.id as string), p.stock, 'the simulator agrees on the stock')
      t.notMatch(p.name, /&amp;|&quot;|&#39;/, 'entities decoded')
    }
    t.type(body.hasMore, 'boolean')
    t.ok(Number.isInteger(body.nextPage))
  })

  t.test('the legacy alias branchCd works and gives the same answer', async (t) => {
    const a = await get(`/api/products?branchCode=10528&keyword=${q}`)
    const b = await get(`/api/products?branchCd=10528&keyword=${q}`)
    t.equal(b.statusCode, 200)
    t.same(b.json(), a.json())
  })

  t.test('paging with nextPage continues the scan without repeating products', async (t) => {
    const first = (await get(`/api/products?branchCode=11199&keyword=${q}`)).json() as { products: Array<{ id: string }>; nextPage: number }
    const second = (await get(`/api/products?branchCode=11199&keyword=${q}&currentPage=${first.nextPage}`)).json() as {
      products: Array<{ id: string }>
    }
    t.notOk(second.products.some((p) => first.products.some((f) => f.id === p.id)))
  })

  const bad: Array<[string, string, number, string]> = [
    [`?keyword=${q}`, 'missing_parameter', 400, 'branchCode'],
    ['?branchCode=11199', 'missing_parameter', 400, 'keyword'],
    [`?branchCode=11199&keyword=`, 'missing_parameter', 400, 'keyword'],
    [`?branchCode=abc&keyword=${q}`, 'invalid_parameter', 400, 'branchCode'],
    [`?branchCd=1&keyword=${q}`, 'invalid_parameter', 400, 'branchCd'],
    [`?branchCode=11199&branchCd=10528&keyword=${q}`, 'invalid_parameter', 400, 'branchCd'],
    [`?branchCode=11199&keyword=${q}&currentPage=0`, 'invalid_parameter', 400, 'currentPage'],
    [`?branchCode=11199&keyword=${q}&stream=2`, 'invalid_parameter', 400, 'stream'],
    [`?branchCode=11199&keyword=${q}&stream=true`, 'invalid_parameter', 400, 'stream'],
    [`?branchCode=99999&keyword=${q}`, 'invalid_parameter', 400, 'branchCode'],
  ]
  for (const [query, code, status, param] of bad) {
    t.test(`products${query} → ${status} ${code} (${param})`, async (t) => {
      const res = await get(`/api/products${query}`)
      t.equal(res.statusCode, status)
      t.match(res.headers['content-type'], /application\/json/)
      t.match(res.json(), { code, status, message: new RegExp(param) })
    })
  }

  t.test('a well-formed but unknown store says to search stores first', async (t) => {
    const res = await get(`/api/products?branchCode=99999&keyword=${q}`)
    t.match(res.json(), { hint: /GET \/api\/branches\/search/, error: /매장/ })
  })

  t.test('availability: stock, floor/zone and nearby stores with stock, nearest first', async (t) => {
    const product = simulator.data.products.find(
      (p) => simulator.data.stockOf('11199', p.pdNo) > 0 && simulator.data.placementOf('11199', p.pdNo) !== null,
    )
    t.ok(product)
    const res = await get(`/api/products/${product!.pdNo}?branchCode=11199`)
    t.equal(res.statusCode, 200)
    const body = res.json() as {
      stock: number
      stairNo: number | null
      zoneNo: number | null
      otherBranches: Array<{ code: string; name: string; address: string; stock: number; distanceKm: number | null }>
    }
    t.equal(body.stock, simulator.data.stockOf('11199', product!.pdNo))
    const placement = simulator.data.placementOf('11199', product!.pdNo)
    t.equal(body.stairNo, placement?.stairNo)
    t.equal(body.zoneNo, placement?.zoneNo)
    t.ok(body.otherBranches.length > 0 && body.otherBranches.length <= 20)
    t.match(res.json(), {
      product: { id: product!.pdNo, price: product!.price },
      store: { code: '11199', openTime: /^\d{2}:\d{2}$/, closeTime: /^\d{2}:\d{2}$/ },
      asOf: /^\d{4}-\d{2}-\d{2}T/,
    })
    const distances = body.otherBranches.map((b) => b.distanceKm as number)
    t.same(
      distances,
      [...distances].sort((a, b) => a - b),
    )
    for (const branch of body.otherBranches) {
      t.same(Object.keys(branch).sort(), ['address', 'code', 'distanceKm', 'name', 'openNow', 'stock'])
      t.ok(branch.stock >= 1)
      t.not(branch.code, '11199')
      t.equal(simulator.data.stockOf(branch.code, product!.pdNo), branch.stock)
    }
  })

  t.test('availability: out of stock is 0 with the real nearby stores', async (t) => {
    const product = simulator.data.products.find((p) => simulator.data.stockOf('11199', p.pdNo) === 0)!
    const body = (await get(`/api/products/${product.pdNo}?branchCode=11199`)).json() as { stock: number }
    t.equal(body.stock, 0)
  })

  t.test('availability: a product nobody knows is 404; malformed ids and stores are 400', async (t) => {
    t.match((await get('/api/products/9999999?branchCode=11199')).json(), { code: 'not_found', status: 404 })
    t.match((await get('/api/products/12a;b?branchCode=11199')).json(), { code: 'invalid_parameter', status: 400 })
    t.match((await get('/api/products/1049275')).json(), { code: 'missing_parameter', message: /branchCode/ })
    t.match((await get('/api/products/1049275?branchCode=99999')).json(), {
      code: 'invalid_parameter',
      hint: /GET \/api\/branches\/search/,
    })
    t.equal((await get('/api/products/1049275?branchCd=11199')).statusCode, 200, 'the legacy alias works here too')
  })

  const faults = [
    ['HTTP 500 from stock', 'selStrPkupStck', { kind: 'http500' }],
    ['401 Unauthorized even after a fresh token', 'selStrPkupStck', { kind: 'unauthorized', status: 401 }],
    ['403 Unauthorized', 'selStrPkupStck', { kind: 'unauthorized', status: 403 }],
    ['an Unauthorized body with 200', 'selStrPkupStck', { kind: 'unauthorizedBody' }],
    ['every stock row omitted', 'selStrPkupStck', { kind: 'omitRows' }],
    ['junk stock values', 'selStrPkupStck', { kind: 'shapeDrift', variant: 'wordForNumber' }],
    ['HTML from the catalogue', 'pdThumbSelSimple', { kind: 'html' }],
    ['a renamed catalogue field', 'pdThumbSelSimple', { kind: 'shapeDrift', variant: 'renamedField' }],
    ['a failed pre-auth handshake', 'authRequest', { kind: 'http500' }],
    ['a pre-auth answer without X-DM-UID', 'authRequest', { kind: 'missingUidHeader' }],
    ['HTTP 500 from placement', 'selIntPdStDispInfo', { kind: 'http500' }],
  ] as const
  for (const [what, endpoint, fault] of faults) {
    t.test(`product search with ${what} is 500 internal_error, never an empty page`, async (t) => {
      simulator.setFault(endpoint, fault)
      const res = await get(`/api/products?branchCode=11199&keyword=${q}`)
      t.equal(res.statusCode, 500)
      const body = res.json()
      t.match(body, { code: 'internal_error', status: 500 })
      t.type(body.detail, 'string')
      t.notMatch(body.detail, /<|Bearer|PRE_AUTH/i)
      simulator.reset()
      t.equal((await get(`/api/products?branchCode=11199&keyword=${q}`)).statusCode, 200, 'recovers; nothing cached')
    })
  }

  t.test('availability with stock failing is 500, never "0 in stock"', async (t) => {
    simulator.setFault('selStrPkupStck', { kind: 'unauthorized', status: 403 })
    const res = await get('/api/products/1049275?branchCode=11199')
    t.equal(res.statusCode, 500)
    t.match(res.json(), { code: 'internal_error', message: /pre-auth/ })
  })

  t.test('one refused token is renewed once and the call succeeds', async (t) => {
    await get(`/api/products?branchCode=10962&keyword=${q}`) // holds a token now
    const tokensBefore = simulator.issuedTokens()
    runtime.upstream.clear()
    simulator.setFault('selStrPkupStck', { fault: { kind: 'unauthorized', status: 401 }, times: 1 })
    const res = await get(`/api/products?branchCode=10962&keyword=${q}`)
    t.equal(res.statusCode, 200)
    t.equal(simulator.issuedTokens(), tokensBefore + 1, 'exactly one fresh token')
  })

  t.test('a scan against a hanging upstream answers within the deadline', async (t) => {
    // Its own app with a short upstream timeout: a hang never answers, whatever the machine's load.
    const hung = await buildTestApp(t, { env: { UPSTREAM_TIMEOUT_MS: '500' } })
    hung.simulator.setFault('pdThumbSelSimple', { kind: 'hang' })
    const res = await hung.app.inject({ method: 'GET', url: `/api/products?branchCode=11199&keyword=${q}` })
    t.equal(res.statusCode, 500)
    t.match(res.json(), { code: 'internal_error', message: /did not answer in time/ })
  })
})
