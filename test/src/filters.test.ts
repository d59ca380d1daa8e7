import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import type { StoreService } from '../../src/service.js'
import { isOpenNow } from '../../src/stores/facts.js'
import { leanNearby } from '../../tools/lean.js'
import { simulator, testEnv } from '../helpers/app.js'
import type { Teardown } from '../helpers/tap.js'
import { serviceFor } from '../helpers/service.js'

/*
 * openNow and facility choose the stores before the stock is read (#32): "the 5 nearest open stores"
 * are 5 open stores, not the 5 nearest with the closed ones dropped. The clock is pinned to 21:30 in
 * Korea, when the simulator's stores that close at 21:00 are closed and those that close at 22:00 open.
 */

const AT = new Date('2026-11-26T12:30:00Z') // 21:30 KST
const POINT = { latitude: 37.4979, longitude: 127.0276 }

/** The service on the simulator with its store directory built, its clock at `at`. */
async function serviceAt(t: Teardown, at: Date = AT): Promise<StoreService> {
  const sim = await simulator(t)
  // Time enough for a busy machine: these tests are about which stores, never about how fast.
  const config = loadConfig(
    testEnv({ UPSTREAM_BASE_URL: sim.url, STORE_DIRECTORY: 'on', UPSTREAM_TIMEOUT_MS: '20000', SCAN_DEADLINE_MS: '60000' }),
  )
  const runtime = await createRuntime(config, { awaitDirectory: true })
  t.teardown(() => runtime.close())
  if (!runtime.directory) throw new Error('precondition: the store directory is on')
  return serviceFor(runtime.upstream, { limits: config.scan, stores: runtime.directory, now: () => at })
}

t.test('find_product_nearby: openNow and facility select the stores before the stock is read', async (t) => {
  const service = await serviceAt(t)
  const all = await service.findProductNearby({ keyword: '수납', ...POINT })
  t.ok(
    all.stores.slice(0, 10).some((entry) => entry.store.openNow === false),
    'precondition: some of the nearest stores with stock are closed at 21:30',
  )
  const open = await service.findProductNearby({ keyword: '수납', ...POINT, openNow: true })
  t.ok(open.stores.length >= 5, `${open.stores.length} open stores with stock`)
  t.ok(
    open.stores.every((entry) => entry.store.openNow === true),
    'every store listed is open now',
  )
  t.same(
    leanNearby(open).stores.map((s) => s.code),
    open.stores.slice(0, 5).map((entry) => entry.store.code),
    'the MCP answer: the 5 nearest open stores',
  )
  t.ok(
    leanNearby(open).stores.every((s) => s.openNow === true),
    'all 5 open',
  )

  const parking = await service.findProductNearby({ keyword: '수납', ...POINT, facility: 'parking' })
  t.ok(parking.stores.length > 0, 'stores with parking and stock')
  t.ok(
    parking.stores.every((entry) => entry.store.facilities?.includes('parking')),
    'every store listed has parking',
  )
  const both = await service.findProductNearby({ keyword: '수납', ...POINT, facility: 'parking', openNow: true })
  t.ok(
    both.stores.every((entry) => entry.store.openNow === true && entry.store.facilities?.includes('parking')),
    'both filters at once',
  )

  // The asked store is always answered, open or not: it is what was asked about.
  const closed = all.stores.find((entry) => entry.store.openNow === false)
  if (!closed) throw new Error('no closed store')
  const asked = await service.findProductNearby({ keyword: '수납', storeCode: closed.store.code as never, openNow: true })
  t.equal(asked.here?.store.code, closed.store.code, 'here: the closed store asked about')
  t.ok(
    asked.stores.every((entry) => entry.store.openNow === true),
    'the others: open ones only',
  )
})

t.test('a filter no nearby store passes is said in a hint, never an upstream failure', async (t) => {
  const night = await serviceAt(t, new Date('2026-11-26T18:00:00Z')) // 03:00 KST: every simulated store is closed
  const answer = await night.findProductNearby({ keyword: '수납', ...POINT, openNow: true })
  t.same(answer.stores, [], 'no store')
  t.match(answer.hint, /None of the \d+ nearest stores is open now/)
})

t.test('search_nearby_stores: openNow pages through open stores only', async (t) => {
  const service = await serviceAt(t)
  const page = await service.searchStores({ ...POINT, openNow: true, page: 1, pageSize: 10 })
  t.equal(page.stores.length, 10, 'a full page of open stores')
  t.ok(
    page.stores.every((store) => store.openNow === true),
    'each open now',
  )
  const every = await service.searchStores({ ...POINT, page: 1, pageSize: 10 })
  t.ok(
    every.stores.some((store) => store.openNow === false),
    'precondition: without the filter, closed ones are among the nearest',
  )
  const both = await service.searchStores({ ...POINT, openNow: true, facility: 'parking', page: 1, pageSize: 5 })
  t.ok(
    both.stores.every((store) => store.openNow === true && store.facilities?.includes('parking')),
    'with a facility too',
  )
  t.ok(
    both.stores.every((store) => isOpenNow(store.openTime, store.closeTime, AT) === true),
    'by their posted hours',
  )
})
