import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { LeanNearbySchema, McpCataloguePageSchema } from '../../tools/lean.js'
import { createMcpServer } from '../../tools/server.js'
import { StorePageSchema } from '../../tools/store-page.js'
import { simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'

/**
 * "강남역 다이소에 우산 있어? 없으면 제일 가까운 데 몇 층? 지금 열었어?" as an agent would answer it over
 * MCP, counting tool calls: at most two (find the store, then find_product_nearby), whether the store
 * has it or not.
 */
t.test('an agent answers "is it here; if not, the nearest, which floor, open now?" in at most 2 calls', async (t) => {
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
  const FLOOR = /^(B\d+|\d+F)$/
  const HOURS = /^\d{2}:\d{2}-\d{2}:\d{2}$/

  t.test('at 강남역 the store has it: two calls, with the floor and the hours', async (t) => {
    calls = 0
    const stores = StorePageSchema.parse(await call('search_stores', { keyword: '강남역 다이소' }))
    const code = stores.stores[0]?.code
    t.equal(code, '11199', 'the user means 강남역점')
    const nearby = LeanNearbySchema.parse(await call('find_product_nearby', { keyword: '우산 있어?', branchCode: code }))
    const here = nearby.here
    t.equal(here?.code, '11199')
    t.ok((here?.items.length ?? 0) > 0, 'it has some')
    t.ok(
      here?.items.some((i) => FLOOR.test(i.floor ?? '')),
      'on which floor',
    )
    t.type(here?.openNow, 'boolean', 'open now')
    t.match(here?.hours, HOURS)
    t.ok(Date.parse(nearby.asOf) > 0, 'as of when')
    t.ok(calls <= 2)
  })

  t.test('at 홍대입구 it has none: the same call names the nearest store that has it, its floor and hours', async (t) => {
    calls = 0
    const stores = StorePageSchema.parse(await call('search_stores', { keyword: '홍대입구역 근처 다이소' }))
    const code = stores.stores[0]?.code
    t.equal(code, '10962')
    const nearby = LeanNearbySchema.parse(await call('find_product_nearby', { keyword: '우산', branchCode: code }))
    t.match(nearby.here, { code: '10962', distanceKm: 0, items: [] }, 'sold out here, said as such')
    const nearest = nearby.stores[0]
    t.ok(nearest, 'a nearby store has it')
    t.not(nearest?.code, code)
    t.ok((nearest?.distanceKm ?? 0) > 0)
    t.ok(nearest?.items.every((i) => i.stock >= 1))
    t.ok(
      nearest?.items.some((i) => FLOOR.test(i.floor ?? '')),
      'the nearest one comes with its floor',
    )
    t.match(nearest?.hours, HOURS)
    t.ok(calls <= 2)
  })

  t.test('search_catalogue lists products regardless of stock', async (t) => {
    const page = McpCataloguePageSchema.parse(await call('search_catalogue', { keyword: '우산' }))
    t.ok(page.products.length > 0)
    t.ok(page.products.some((p) => sim.data.stockOf('10962', p.id) === 0))
  })

  t.test('find_product_nearby around a point needs no store code; half a point is a clear error', async (t) => {
    const nearby = LeanNearbySchema.parse(await call('find_product_nearby', { keyword: '우산', latitude: 37.4979, longitude: 127.0276 }))
    t.ok(nearby.stores.length > 0)
    t.equal(nearby.here, undefined)
    const half = await client.callTool({ name: 'find_product_nearby', arguments: { keyword: '우산', latitude: 37.4979 } })
    t.equal(half.isError, true)
    t.match(JSON.parse((half.content as Array<{ text: string }>)[0]?.text ?? '{}'), { code: 'missing_parameter', message: /longitude/ })
    const both = await client.callTool({ name: 'find_product_nearby', arguments: { keyword: '우산' } })
    t.match(JSON.parse((both.content as Array<{ text: string }>)[0]?.text ?? '{}'), { code: 'missing_parameter' })
  })

  t.test('"do they have batteries near Changdeokgung?" is one call: near takes the landmark in words', async (t) => {
    calls = 0
    const nearby = LeanNearbySchema.parse(await call('find_product_nearby', { keyword: '건전지', near: 'Changdeokgung Palace' }))
    t.match(nearby.place, { name: '창덕궁', kind: 'landmark', category: 'palace' }, 'says which place it understood')
    t.same(nearby.origin, { lat: nearby.place?.latitude, lng: nearby.place?.longitude }, 'distances are from the palace')
    const nearest = nearby.stores[0]
    t.ok(nearest && (nearest.distanceKm ?? 99) < 3, `a store ${nearest?.distanceKm} km away has it`)
    t.ok(nearest?.items.every((i) => i.stock >= 1))
    t.equal(calls, 1)
  })

  t.test('search_nearby_stores takes a place in words; a point abroad is a tool error naming the bounds', async (t) => {
    const page = StorePageSchema.parse(await call('search_nearby_stores', { near: '자갈치시장', pageSize: 3 }))
    t.equal(page.place?.name, '자갈치시장')
    t.ok(page.stores.every((s) => s.address.startsWith('부산')))
    const tokyo = await client.callTool({ name: 'search_nearby_stores', arguments: { latitude: 35.68, longitude: 139.76 } })
    t.equal(tokyo.isError, true)
    t.match(JSON.parse((tokyo.content as Array<{ text: string }>)[0]?.text ?? '{}'), {
      code: 'invalid_parameter',
      message: /'longitude': must be a point in Korea \(latitude 32\.8 to 38\.9, longitude 124\.5 to 132\)/,
    })
    const abroad = await client.callTool({
      name: 'find_product_nearby',
      arguments: { keyword: '우산', latitude: 35.68, longitude: 139.76 },
    })
    t.equal(abroad.isError, true)
    const nowhere = await client.callTool({ name: 'find_product_nearby', arguments: { keyword: '우산', near: '아틀란티스' } })
    t.match(JSON.parse((nowhere.content as Array<{ text: string }>)[0]?.text ?? '{}'), {
      code: 'invalid_parameter',
      message: /names no place/,
    })
  })
})
