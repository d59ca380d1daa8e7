import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { CataloguePageSchema, ProductNearbySchema, ProductSearchResultSchema } from '../../src/schemas.js'
import { createMcpServer } from '../../tools/server.js'
import { StorePageSchema } from '../../tools/store-page.js'
import { simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'

/**
 * "강남역 다이소에서 우산 있어? 없으면 제일 가까운 데는? 몇 층?" as an agent would answer it over MCP,
 * counting tool calls: at most three.
 */
t.test('an agent answers "is it at this store, and if not where is the nearest, which floor" in at most 3 calls', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  // Teardowns run last-registered first: client and server close before the runtime.
  t.teardown(() => runtime.close())
  const { client } = await connectInMemory(t, createMcpServer(runtime.service), { name: 'journey' })
  let calls = 0
  const call = async (name: string, args: Record<string, unknown>) => {
    calls += 1
    const result = await client.callTool({ name, arguments: args })
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`)
    return result.structuredContent
  }

  t.test('at 강남역 the store has it: two calls, with the floor', async (t) => {
    calls = 0
    const stores = StorePageSchema.parse(await call('search_stores', { keyword: '강남역 다이소' }))
    const store = stores.stores[0]
    t.equal(store?.code, '11199', 'the user means 강남역점')
    const here = ProductSearchResultSchema.parse(await call('search_products', { branchCode: store?.code, keyword: '우산' }))
    t.ok(here.products.length > 0)
    t.match(here.products[0]?.floorLabel, /^(B\d+|\d+F)$/)
    t.ok(calls <= 3)
  })

  t.test('at 홍대입구 it has none: the hint leads to the nearest store that has it, with its floor', async (t) => {
    calls = 0
    const stores = StorePageSchema.parse(await call('search_stores', { keyword: '홍대입구역 근처 다이소' }))
    const code = stores.stores[0]?.code
    t.equal(code, '10962')
    const here = ProductSearchResultSchema.parse(await call('search_products', { branchCode: code, keyword: '우산' }))
    t.same(here.products, [], 'none in stock at 10962 in the simulator')
    t.match(here.hint, /find_product_nearby/)
    const nearby = ProductNearbySchema.parse(await call('find_product_nearby', { keyword: '우산', branchCode: code }))
    const nearest = nearby.results[0]
    t.ok(nearest, 'a nearby store has it')
    t.not(nearest?.store.code, code)
    t.ok((nearest?.store.distanceKm ?? 0) > 0)
    t.ok((nearest?.stock ?? 0) >= 1)
    t.match(nearest?.floorLabel, /^(B\d+|\d+F)$/, 'the nearest one comes with its floor')
    t.equal(calls, 3)
  })

  t.test('search_catalogue lists products regardless of stock', async (t) => {
    const page = CataloguePageSchema.parse(await call('search_catalogue', { keyword: '우산' }))
    t.ok(page.products.length > 0)
    t.ok(page.products.some((p) => sim.data.stockOf('10962', p.id) === 0))
  })

  t.test('find_product_nearby around a point needs no store code; half a point is a clear error', async (t) => {
    const nearby = ProductNearbySchema.parse(await call('find_product_nearby', { keyword: '우산', latitude: 37.4979, longitude: 127.0276 }))
    t.ok(nearby.results.length > 0)
    const half = await client.callTool({ name: 'find_product_nearby', arguments: { keyword: '우산', latitude: 37.4979 } })
    t.equal(half.isError, true)
    t.match(JSON.parse((half.content as Array<{ text: string }>)[0]?.text ?? '{}'), { code: 'missing_parameter', message: /longitude/ })
    const both = await client.callTool({ name: 'find_product_nearby', arguments: { keyword: '우산' } })
    t.match(JSON.parse((both.content as Array<{ text: string }>)[0]?.text ?? '{}'), { code: 'missing_parameter' })
  })
})
