import t from 'tap'
import { createSandbox } from '../../fixtures/sandbox/service.js'
import { buildApp } from '../../http/app.js'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { ErrorSchema, ProductSearchResultSchema, StoreListSchema } from '../../src/schemas.js'
import { testEnv } from '../helpers/app.js'

/*
 * The sandbox is the production service over a fixture upstream. Proof: a production app whose service
 * is the sandbox's answers its own routes exactly as the sandbox routes answer, JSON and NDJSON alike;
 * only what the spec makes the sandbox's own (coordinates ignored, the fixture codes) may differ.
 */

const q = encodeURIComponent
// Nothing listens on port 9 of loopback: the runtime's own upstream is never usable here.
const UNREACHABLE = 'http://127.0.0.1:9'

t.test('production routes over the sandbox service answer as the sandbox routes', async (t) => {
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: UNREACHABLE })))
  const sandbox = createSandbox(runtime.config.scan)
  const app = await buildApp({ runtime: { ...runtime, service: sandbox.service } })
  t.teardown(async () => {
    await app.close()
    sandbox.close()
    await runtime.close()
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const get = (path: string) => app.inject({ method: 'GET', url: path })
  const withoutAsOf = (body: unknown) => ({ ...(body as Record<string, unknown>), asOf: 'then' })

  for (const query of [
    `branchCode=11199&keyword=${q('실리콘')}`,
    `branchCode=11199&keyword=${q('다이소 청소 용품')}`,
    `branchCode=10528&keyword=${q('건전지')}`,
    `branchCode=11199&keyword=${q('수세미')}&currentPage=2`,
    `branchCode=11199&keyword=${q('우산')}`,
    `branchCode=11199&keyword=${q('다이소')}`,
  ]) {
    t.test(`products: ${decodeURIComponent(query)}`, async (t) => {
      const production = await get(`/api/products?${query}`)
      const sandbox = await get(`/api/sandbox/products?${query}`)
      t.equal(sandbox.statusCode, production.statusCode)
      if (production.statusCode === 200) {
        ProductSearchResultSchema.parse(sandbox.json())
        const body = sandbox.json<{ hint?: string }>()
        t.same(withoutAsOf(body), withoutAsOf({ ...production.json<object>(), ...(body.hint ? { hint: body.hint } : {}) }))
        // Hints name operations in each door's own paths: /api/... here, /api/sandbox/... there.
        t.equal(body.hint === undefined, production.json<{ hint?: string }>().hint === undefined, 'a hint on both or neither')
      } else {
        t.same(ErrorSchema.parse(sandbox.json()).code, ErrorSchema.parse(production.json()).code)
      }
    })
  }

  t.test('the sold-out battery: an honest empty page with the reason', async (t) => {
    const body = ProductSearchResultSchema.parse((await get(`/api/sandbox/products?branchCode=10528&keyword=${q('건전지')}`)).json())
    t.same(body.products, [])
    t.match(body.hint, /None of the 1 catalogue matches scanned is in stock at this store/)
    const elsewhere = ProductSearchResultSchema.parse((await get(`/api/sandbox/products?branchCode=11199&keyword=${q('건전지')}`)).json())
    t.same(
      elsewhere.products.map((p) => p.id),
      ['1045002'],
    )
  })

  t.test('the NDJSON stream: the same progress events and result', async (t) => {
    const events = async (path: string) =>
      (await (await fetch(`${url}${path}`)).text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; asOf?: string })
        .map((event) => (event.type === 'result' ? { ...event, asOf: 'then' } : event))
    const query = `branchCode=11199&keyword=${q('청소')}&stream=1`
    const sandbox = await events(`/api/sandbox/products?${query}`)
    t.same(sandbox, await events(`/api/products?${query}`))
    t.ok(sandbox.filter((e) => e.type === 'progress').length >= 3, 'the scan reports as it goes')
  })

  for (const keyword of ['강남', '다이소 강남역점', '홍대입구역 근처', '서울 부산', 'Myeongdong', '부산']) {
    t.test(`stores: ${keyword}`, async (t) => {
      const production = await get(`/api/branches/search?keyword=${q(keyword)}`)
      const sandbox = await get(`/api/sandbox/branches/search?keyword=${q(keyword)}`)
      t.equal(production.statusCode, 200)
      t.same(StoreListSchema.parse(sandbox.json()), production.json())
      t.equal(sandbox.headers['search-ignored'], production.headers['search-ignored'])
      t.equal(sandbox.headers['search-hint'] === undefined, production.headers['search-hint'] === undefined)
    })
  }

  t.test("a keyword of nothing but the chain name is production's 400", async (t) => {
    const res = await get(`/api/sandbox/branches/search?keyword=${q('다이소')}`)
    t.equal(res.statusCode, 400)
    const body = ErrorSchema.parse(res.json())
    t.equal(body.code, 'invalid_parameter')
    t.match(body.hint, /GET \/api\/sandbox\/branches\/search with curLttd/, "its advice names the sandbox's operation")
    t.notMatch(body.hint, /GET \/api\/branches/)
  })

  t.test("coordinates under another name get production's 400, though the sandbox ignores coordinates", async (t) => {
    // A client rehearsing against the sandbox learns here that production wants curLttd/curLitd, not after going live.
    const sandbox = await get('/api/sandbox/branches/search?lat=37.5&lng=127')
    const production = await get('/api/branches/search?lat=37.5&lng=127')
    t.equal(sandbox.statusCode, 400)
    t.equal(production.statusCode, 400)
    t.equal(ErrorSchema.parse(sandbox.json()).hint, ErrorSchema.parse(production.json()).hint)
    t.match(ErrorSchema.parse(sandbox.json()).hint, /Send lat as curLttd and lng as curLitd/)
  })

  t.test('the sandbox ignores coordinates; production honours them', async (t) => {
    const near = '?curLttd=37.5568&curLitd=126.9233'
    const production = StoreListSchema.parse((await get(`/api/branches/search${near}`)).json())
    t.same(
      production.map((s) => s.code),
      ['10962', '10528', '11199'],
    )
    const sandbox = StoreListSchema.parse((await get(`/api/sandbox/branches/search${near}`)).json())
    t.same(
      sandbox.map((s) => s.code),
      ['11199', '10528', '10962'],
    )
    t.ok(
      sandbox.every((s) => s.distanceKm === undefined),
      'no distance from a point the caller did not give',
    )
  })
})
