import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { writeCopy } from '../../src/kept/copy.js'
import { STORE_COPY } from '../../src/stores/row.js'
import type { UpstreamStore } from '../../src/upstream/port.js'
import { buildTestApp, simulator } from '../helpers/app.js'
import type { Simulator } from '../../simulator/server.js'
import { until } from '../helpers/wait.js'

// The store directory against the simulator's listing faults (simulator/faults.ts): a short list, an
// under-reported count, rows without coordinates and a changed shape never replace the held list; disk
// copies of another shape, garbled or from the future are ignored and rebuilt; a stale copy answers and
// says its age; an unknown store code is learnt. /readyz says why each time.

const temp = async (t: Test) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-sanity-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function service(t: Test, sim: Simulator, cacheDir: string, extra: Record<string, string> = {}) {
  const ctx = await buildTestApp(t, {
    simulator: sim,
    env: { STORE_DIRECTORY: 'on', STORE_DIRECTORY_CACHE_DIR: cacheDir, UPSTREAM_TIMEOUT_MS: '10000', ...extra },
  })
  await ctx.runtime.directory!.start()
  const readyz = async () => (await ctx.app.inject('/readyz')).json().directory
  return { ...ctx, directory: ctx.runtime.directory!, readyz }
}

const copyFile = async (dir: string) =>
  join(
    dir,
    (await readdir(dir)).find((f) => f.endsWith('.json'))!,
  )

t.test('a list that is short, under-counted, unplaced or of another shape never replaces the held one', async (t) => {
  const sim = await simulator(t)
  const { directory, readyz, app } = await service(t, sim, await temp(t))
  const held = directory.size
  t.ok(held >= 1_400, `${held} stores held`)

  sim.setFault('selStr', { kind: 'shortList', stores: 12 })
  await directory.refresh(0, { force: true })
  t.equal(directory.size, held, 'a dozen stores that say they are all there do not replace the chain')
  t.equal(directory.status.lastCrawl?.outcome, 'refused')
  const status = await readyz()
  t.match(status.problem, new RegExp(`kept the held list of ${held} stores.*12 rows, below 90 % of the ${held} held`))
  const near = await app.inject('/api/branches/search?keyword=해운대')
  t.ok(near.json().length > 0, 'searches keep answering from the held list')

  sim.setFault('selStr', { kind: 'noCoordinates', every: 5 })
  await directory.refresh(0, { force: true })
  t.equal(directory.size, held, 'a fifth of the rows without coordinates: refused')
  t.match(directory.status.lastCrawl?.detail, /without coordinates/)

  sim.setFault('selStr', { kind: 'shapeDrift', variant: 'renamedField' })
  await directory.refresh(0, { force: true })
  t.equal(directory.size, held, 'a changed shape fails the crawl')
  t.equal(directory.status.lastCrawl?.outcome, 'failed')

  sim.setFault('selStr', { kind: 'noCoordinates', every: 100 })
  await directory.refresh(0, { force: true })
  t.equal(directory.status.lastCrawl?.outcome, 'ok', 'a few rows without coordinates are left out, the list taken')
  t.equal(directory.size, held - Math.floor(held / 100))
  t.match(directory.status.lastCrawl?.detail, /rows refused: \d+ without coordinates/)
  t.equal(directory.status.problem, null, 'a taken list clears the problem')
})

t.test('an under-reported count does not stop the crawl: pages are read until a short one', async (t) => {
  const sim = await simulator(t)
  sim.setFault('selStr', { kind: 'underCount', share: 0.5 })
  const { directory } = await service(t, sim, 'off')
  const real = sim.data.stores.length
  t.equal(directory.size, real, `all ${real} stores, though the upstream says ${Math.floor(real / 2)}`)
  t.equal(directory.status.lastCrawl?.calls, Math.ceil(real / 100), 'no page more than the list has')
})

t.test('a failing refresh backs off: one crawl, then none until the backoff ends', async (t) => {
  const sim = await simulator(t)
  sim.setFault('selStr', { kind: 'http500' })
  const { directory, readyz } = await service(t, sim, 'off')
  t.equal(directory.ready, false)
  const calls = sim.stats().calls.selStr
  for (let i = 0; i < 20; i++) await directory.refresh()
  t.equal(sim.stats().calls.selStr, calls, 'twenty refreshes asked for during the backoff cost no call')
  const status = await readyz()
  t.equal(status.failures, 1)
  t.equal(status.crawlsLastHour, 1)
  t.match(status.problem, /no store list held \(backing off after 1 failed refreshes; next crawl at /)
  t.ok(Date.parse(status.nextRefreshAt) - Date.now() > 50_000, 'the next try is about a minute away')
})

async function primedCopy(t: Test, sim: Simulator): Promise<{ dir: string; file: string; text: string }> {
  const dir = await temp(t)
  const first = await service(t, sim, dir)
  await first.app.close()
  await first.runtime.close()
  const file = await copyFile(dir)
  return { dir, file, text: await readFile(file, 'utf8') }
}

t.test('a disk copy of another shape, garbled, truncated or from the future is ignored and rebuilt', async (t) => {
  const sim = await simulator(t)
  const { dir, file, text } = await primedCopy(t, sim)
  const parsed = JSON.parse(text) as { rows: UpstreamStore[]; savedAt: number; meta: { total: number } }
  const variants: Array<[string, string, RegExp]> = [
    ['the old format', JSON.stringify({ format: 1, builtAt: Date.now(), total: 3, stores: [{ code: 1 }] }), /not a kept copy/],
    ['rows of another shape', text.replace(/"lat":/g, '"latitude":'), /another shape \(row 0: lat: /],
    ['truncated', text.slice(0, text.length - 500), /not JSON \(truncated or garbled/],
    ['garbled', `\u0000${text.slice(1)}`, /not JSON/],
    ['dated in the future', writeCopy(STORE_COPY, { ...parsed, savedAt: Date.now() + 86_400_000 }), /dated in the future/],
  ]
  for (const [what, content, reason] of variants) {
    await writeFile(file, content)
    sim.resetStats()
    const { directory, readyz, app, runtime } = await service(t, sim, dir)
    t.equal(directory.status.source, 'crawl', `${what}: rebuilt by a crawl`)
    t.ok(sim.stats().calls.selStr > 0)
    t.match((await readyz()).refusedCopies, [new RegExp(`^disk: ${reason.source}`)], `${what}: /readyz says why`)
    t.equal((await app.inject('/api/branches/search?keyword=강남')).statusCode, 200)
    t.match(JSON.parse(await readFile(file, 'utf8')), { format: 'store-directory', version: 2 }, `${what}: the copy is rewritten`)
    await app.close()
    await runtime.close()
  }
})

t.test('when no fresh list can be had, a stale copy answers and says its age', async (t) => {
  const sim = await simulator(t)
  const { dir, file, text } = await primedCopy(t, sim)
  const parsed = JSON.parse(text) as { rows: UpstreamStore[]; meta: { total: number } }
  await writeFile(file, writeCopy(STORE_COPY, { ...parsed, savedAt: Date.now() - 36 * 3_600_000 }))
  sim.setFault('selStr', { kind: 'http500' })
  const { directory, readyz, app } = await service(t, sim, dir)
  t.equal(directory.ready, true, 'the day-and-a-half-old copy is kept')
  const status = await readyz()
  t.equal(status.stale, true)
  t.ok(status.ageSeconds >= 36 * 3_600)
  t.match(status.problem, /kept the held list of \d+ stores, 36 h old/)
  const res = await app.inject('/api/branches/search?keyword=강남')
  t.equal(res.statusCode, 200, 'answered, not a 502')
  t.ok(res.json().length > 0)
  t.match(res.headers['search-hint'], /from a list 36 hours old/, 'the answer says its age')
  sim.setFault('selStr', null)
  await directory.refresh(0, { force: true })
  t.equal((await readyz()).stale, false, 'replaced only by a fresh list')
  t.notOk((await app.inject('/api/branches/search?keyword=강남')).headers['search-hint'], 'and then says nothing')
})

t.test('a store code the directory lacks is learnt, and then found by keyword', async (t) => {
  const sim = await simulator(t)
  const { dir, file, text } = await primedCopy(t, sim)
  const parsed = JSON.parse(text) as { rows: UpstreamStore[]; savedAt: number; meta: { total: number } }
  const missing = parsed.rows.find((s) => s.name === '잠실역점') ?? parsed.rows[0]!
  await writeFile(file, writeCopy(STORE_COPY, { ...parsed, rows: parsed.rows.filter((s) => s.code !== missing.code) }))
  const { directory, app } = await service(t, sim, dir)
  const name = missing.name.replace(/점$/, '')
  const before = (await app.inject(`/api/branches/search?keyword=${encodeURIComponent(name)}`)).json() as Array<{ code: string }>
  t.notOk(
    before.some((s) => s.code === missing.code),
    'not in the list yet',
  )
  t.equal((await app.inject(`/api/branches/${missing.code}`)).statusCode, 200, "the upstream's code look-up answers")
  const after = (await app.inject(`/api/branches/search?keyword=${encodeURIComponent(name)}`)).json() as Array<{ code: string }>
  t.ok(
    after.some((s) => s.code === missing.code),
    'found by keyword at once',
  )
  t.ok(directory.byCode(missing.code))
  const kept = async () => {
    const text = await readFile(file, 'utf8').catch(() => '{"rows":[]}')
    return (JSON.parse(text) as { rows: UpstreamStore[] }).rows.some((s) => s.code === missing.code)
  }
  await until('the disk copy to hold the learnt store', kept)
  t.ok(await kept(), 'and kept in the disk copy for the next process')
  await directory.refresh() // joins the crawl the unknown code started
  t.equal(directory.status.crawls, 1, 'the unknown code started a crawl')
})
