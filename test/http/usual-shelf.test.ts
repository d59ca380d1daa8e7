import t, { type Test } from 'tap'
import type { SimulatorData } from '../../simulator/data.js'
import { ProductNearbySchema, type ProductNearby } from '../../src/schemas.js'
import { buildTestApp } from '../helpers/app.js'

// "Sold out here; it is usually on B1, zone 3": a nearby question about one product number at a store
// that has none in stock still says where that store shelves it.

const STORE = '10962'

/** A product the simulator finds by its number, with no stock at the store and a placement there (or none). */
function productAt(data: SimulatorData, shelved: boolean): string {
  const product = data.products.find(
    (p) =>
      data.stockOf(STORE, p.pdNo) === 0 &&
      (data.placementOf(STORE, p.pdNo) !== null) === shelved &&
      data.searchProducts(p.pdNo)[0]?.pdNo === p.pdNo,
  )
  if (!product) throw new Error(`the simulator has no such product at ${STORE}`)
  return product.pdNo
}

type App = Awaited<ReturnType<typeof buildTestApp>>['app']

const nearby = async (t: Test, app: App, keyword: string, where: Record<string, string> = { branchCode: STORE }) => {
  const res = await app.inject(`/api/products/nearby?${new URLSearchParams({ keyword, ...where }).toString()}`)
  t.equal(res.statusCode, 200, `nearby ${keyword} answers`)
  return ProductNearbySchema.parse(res.json()) satisfies ProductNearby
}

t.test('one product number sold out here: here says where the store usually shelves it', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const id = productAt(simulator.data, true)
  const placement = simulator.data.placementOf(STORE, id)!
  simulator.resetStats()
  const answer = await nearby(t, app, id)
  t.same(
    answer.products.map((p) => p.id),
    [id],
  )
  t.same(answer.here?.items, [], 'none in stock here')
  t.notOk(answer.here?.unknown, 'and that is known, not a stock read that failed')
  t.same(answer.here?.usualShelf, {
    stairNo: placement.stairNo,
    zoneNo: placement.zoneNo,
    floorLabel: placement.stairNo < 0 ? `B${-placement.stairNo}` : `${placement.stairNo}F`,
    placement: 'known',
  })
  const placed = answer.stores.slice(0, 5).reduce((n, entry) => n + entry.items.length, 0)
  t.equal(simulator.stats().calls.selIntPdStDispInfo, placed + 1, 'one placement read for here beside the nearest stores’ items')
  t.equal(simulator.stats().calls.selStrPkupStck, 1)
})

t.test('the store has no placement for it: the usual shelf is unknown, not a floor', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const answer = await nearby(t, app, productAt(simulator.data, false))
  t.same(answer.here?.usualShelf, { stairNo: null, zoneNo: null, floorLabel: null, placement: 'unknown' })
})

t.test('the placement lookup fails: the usual shelf is not_checked and the answer still comes', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const id = productAt(simulator.data, true)
  simulator.setFault('selIntPdStDispInfo', { kind: 'http500' })
  const answer = await nearby(t, app, id)
  t.same(answer.here?.items, [])
  t.same(answer.here?.usualShelf, { stairNo: null, zoneNo: null, floorLabel: null, placement: 'not_checked' })
})

t.test('no usual shelf for a product word, for a product in stock here, or without a store', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  const word = await nearby(t, app, '우산')
  t.same(word.here?.items, [], 'no umbrella at 10962')
  t.notOk(word.here && 'usualShelf' in word.here, 'a product word checks many products: no usual shelf')

  const stocked = simulator.data.products.find(
    (p) => simulator.data.stockOf(STORE, p.pdNo) > 0 && simulator.data.searchProducts(p.pdNo)[0]?.pdNo === p.pdNo,
  )!
  simulator.resetStats()
  const inStock = await nearby(t, app, stocked.pdNo)
  t.equal(inStock.here?.items.length, 1)
  t.not(inStock.here?.items[0]?.placement, 'not_checked', 'its floor is the item’s own')
  t.notOk(inStock.here && 'usualShelf' in inStock.here)
  const placed = inStock.stores.slice(0, 5).reduce((n, entry) => n + entry.items.length, 0)
  t.equal(simulator.stats().calls.selIntPdStDispInfo, placed + 1, 'here’s placement read once, though started early')

  const byPoint = await nearby(t, app, productAt(simulator.data, true), { curLttd: '37.5563', curLitd: '126.9236' })
  t.notOk(byPoint.here, 'no store asked, no here')
})
