import t from 'tap'
import type { SimFault } from '../../simulator/server.js'
import { PINNED_NOW, buildTestApp } from '../helpers/app.js'
import { FAULTS, MATRIX_ENV, answered, watchRejections } from './matrix.js'

// The refresh faults: every fault of the matrix, and the listing faults (a short list, an under-reported
// count, rows without coordinates), set on the store list while a directory is held. The held list is
// never replaced by a wrong one, /readyz says why it was kept, and store searches keep answering from it.

const LISTING: ReadonlyArray<{ name: string; fault: SimFault; taken: boolean }> = [
  { name: 'a short list (12 stores)', fault: { kind: 'shortList', stores: 12 }, taken: false },
  { name: 'a short list (80 % of the stores)', fault: { kind: 'shortList', stores: 1_174 }, taken: false },
  { name: 'a count under-reporting the pages', fault: { kind: 'underCount', share: 0.3 }, taken: true },
  { name: 'a fifth of the rows without coordinates', fault: { kind: 'noCoordinates', every: 5 }, taken: false },
  { name: 'an empty list', fault: { kind: 'emptyData' }, taken: false },
]

t.test('fault matrix: the store list refresh', async (t) => {
  const rejections = watchRejections()
  t.teardown(() => rejections.stop())
  const { app, simulator, runtime } = await buildTestApp(t, { now: PINNED_NOW, env: { ...MATRIX_ENV, STORE_DIRECTORY: 'on' } })
  const directory = runtime.directory!
  await directory.start()
  const held = directory.size
  t.ok(held >= 1_400, `${held} stores held`)
  const cases = [...FAULTS.map((f) => ({ ...f, taken: false })), ...LISTING]
  for (const { name, fault, taken } of cases) {
    await t.test(`refresh × ${name} → ${taken ? 'the whole list taken' : 'the held list kept, and said'}`, async (t) => {
      simulator.reset()
      simulator.setFault('selStr', fault)
      await answered(directory.refresh(0, { force: true }), `a refresh under ${name}`)
      simulator.setFault('selStr', null)
      t.equal(directory.size, held, taken ? 'every store read' : 'still the held list')
      const status = (await app.inject('/readyz')).json().directory
      if (taken) {
        t.equal(status.problem, null)
        t.equal(status.lastCrawl.outcome, 'ok')
      } else {
        t.match(status.problem, new RegExp(`^kept the held list of ${held} stores`), 'said in /readyz')
        t.not(status.lastCrawl.outcome, 'ok')
      }
      const calls = simulator.stats().calls.selStr
      const res = await app.inject('/api/branches/search?keyword=강남')
      t.equal(res.statusCode, 200)
      t.ok((res.json() as unknown[]).length > 0, 'store searches answer from the held list')
      t.equal(simulator.stats().calls.selStr, calls, 'with no upstream call')
    })
  }
  t.same(rejections.seen, [], 'no unhandled rejection')
})
