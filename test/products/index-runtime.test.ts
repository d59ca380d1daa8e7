import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { until } from '../helpers/wait.js'

// The product index as the runtime wires it, over the simulator, in both modes the upstream may have:
// listing allowed (the simulator's default) and listing refused (SIMULATOR_CATALOGUE_LISTING=refuse, here
// the simulator's own option). What /readyz says of it. The index's own rules: test/products/index.test.ts.

// A listing is 25 calls: on a busy machine one may take longer than the tests' usual 1 s timeout.
const INDEX_ON = { PRODUCT_INDEX: 'on', UPSTREAM_TIMEOUT_MS: '20000' }
const LISTING_WAIT = { timeoutMs: 60_000, intervalMs: 20 }

t.test('listing allowed: the catalogue is listed at start, checked against its total, and reported in /readyz', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t, { env: INDEX_ON })
  const index = runtime.products
  if (!index) throw new Error('PRODUCT_INDEX=on gives the runtime an index')
  await until('the first listing', () => index.status().lastRefreshAt !== null, LISTING_WAIT)
  t.equal(index.status().lastRefreshError, null)
  const count = simulator.data.products.length
  t.equal(index.status().size, count, 'every product of the catalogue')
  t.ok(index.usable())
  t.equal(simulator.stats().calls.pdThumbSelSimple, Math.ceil(count / 100), `${count} products in pages of 100`)

  const sample = simulator.data.products.find((p) => p.brand !== null && p.categoryCode)
  if (!sample) throw new Error('the simulator has branded products')
  const held = index.byId(sample.pdNo)
  t.equal(held?.brand, sample.brand?.split('>')[0], 'the brand name, not "name>code>name"')
  t.equal(held?.category, sample.categoryCode)

  const ready = (await app.inject('/readyz')).json() as { products: Record<string, unknown> }
  t.match(ready.products, {
    size: count,
    mode: 'listing',
    source: 'crawl',
    builtAt: /^\d{4}-\d{2}-\d{2}T/,
    ageSeconds: Number,
    lastRefreshAt: /^\d{4}-\d{2}-\d{2}T/,
    lastRefreshError: null,
    learned: 0,
    lastListing: { outcome: 'ok', calls: Math.ceil(count / 100), products: count, total: count },
  })
})

t.test('listing refused: one empty search finds out, and the index grows from the catalogue answers the service sees', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t, { env: INDEX_ON, simulatorOptions: { catalogueListing: 'refuse' } })
  const index = runtime.products
  if (!index) throw new Error('PRODUCT_INDEX=on gives the runtime an index')
  await until('the mode found out', () => index.status().lastRefreshAt !== null, LISTING_WAIT)
  t.equal(index.status().mode, 'growing')
  t.equal(simulator.stats().calls.pdThumbSelSimple, 1, 'one call found out that the upstream does not list')
  t.notOk(index.usable(), 'a grown list is not searched: product search keeps asking the upstream')

  const answer = (await app.inject(`/api/catalogue?keyword=${encodeURIComponent('우산')}`)).json() as { products: Array<{ id: string }> }
  t.ok(answer.products.length > 0)
  t.equal(index.status().size, answer.products.length, 'every product of the answer learned')
  for (const { id } of answer.products) t.ok(index.byId(id), `${id} held`)

  const ready = (await app.inject('/readyz')).json() as { products: Record<string, unknown> }
  t.match(ready.products, {
    mode: 'growing',
    source: 'learned',
    size: answer.products.length,
    learned: answer.products.length,
    lastListing: { outcome: 'refused', calls: 1 },
  })
})

t.test('the simulator refuses listing on its switch and lists again when allowed', async (t) => {
  const { simulator } = await buildTestApp(t)
  const list = async () => {
    const res = await fetch(`${simulator.url}/pdo/pdThumbSelSimple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchText: '*', currentPage: 2, pageSize: 100 }),
    })
    return (await res.json()) as { success: boolean; data: Array<{ totalCnt: number; onlSclCd: string }> }
  }
  const allowed = await list()
  t.equal(allowed.data.length, 100, 'a wildcard lists, page by page')
  t.equal(allowed.data[0]?.totalCnt, simulator.data.products.length)
  t.ok(allowed.data.every((row) => typeof row.onlSclCd === 'string'))
  const control = await fetch(`${simulator.url}/__sim/listing`, { method: 'POST', body: JSON.stringify({ listing: 'refuse' }) })
  t.equal(control.status, 200)
  t.same(await list(), { message: null, data: [], extraData: {}, extraString: null, returnCode: null, success: true }, 'nothing found')
  simulator.reset()
  t.equal((await list()).data.length, 100, 'reset allows listing again')
  t.equal((await fetch(`${simulator.url}/__sim/listing`, { method: 'POST', body: '{"listing":"maybe"}' })).status, 400)
})
