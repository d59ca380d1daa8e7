import { mkdtemp, readFile, rm, writeFile, chmod } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { z } from 'zod'
import {
  CLOCK_SKEW_MS,
  DEFAULT_BACKOFF,
  DiskCopy,
  FleetClaim,
  RefreshSchedule,
  judgeList,
  readCopy,
  refusedRows,
  screenRows,
  writeCopy,
  type ClaimState,
  type ClaimStore,
  type CopyKind,
} from '../../src/kept/index.js'

// The index-agnostic pieces of src/kept/ with a toy index (rows {id, x}), as the product index would use them.

const Row = z.object({ id: z.string().min(1), x: z.number() })
type Row = z.output<typeof Row>
const KIND: CopyKind<Row, { total: number }> = { format: 'toy', version: 3, row: Row, meta: z.object({ total: z.number() }) }
const NOW = 1_800_000_000_000

t.test('a copy reads back only in its own format, version and shape, and not from the future', async (t) => {
  const text = writeCopy(KIND, {
    savedAt: NOW - 5_000,
    meta: { total: 2 },
    rows: [
      { id: 'a', x: 1 },
      { id: 'b', x: 2 },
    ],
  })
  const good = readCopy(KIND, text, NOW)
  t.ok(good.ok)
  if (good.ok)
    t.same(good.copy.rows, [
      { id: 'a', x: 1 },
      { id: 'b', x: 2 },
    ])
  const refused = (text: string, now = NOW) => {
    const reading = readCopy(KIND, text, now)
    return reading.ok ? 'taken' : reading.reason
  }
  t.match(refused(text.slice(0, text.length / 2)), /^not JSON \(truncated or garbled/)
  t.match(refused('\u0000\u0001garbage'), /^not JSON/)
  t.match(refused('[1,2,3]'), /^not a kept copy/)
  t.match(refused(JSON.stringify({ format: 1, builtAt: NOW, total: 2, stores: [] })), /^not a kept copy/, 'the old disk format')
  t.match(refused(writeCopy({ ...KIND, format: 'other' }, { savedAt: NOW, meta: { total: 0 }, rows: [] })), /another format \('other'/)
  t.match(refused(writeCopy({ ...KIND, version: 2 }, { savedAt: NOW, meta: { total: 0 }, rows: [] })), /another version \(2, expected 3\)/)
  t.match(refused(text.replace('"x":2', '"x":"two"')), /another shape \(row 1: x: /)
  t.match(refused(text.replace('"total":2', '"total":null')), /another shape \(meta: total: /)
  t.match(refused(text, NOW - 5_000 - CLOCK_SKEW_MS - 1), /dated in the future/)
  t.equal(refused(text, NOW - 5_000 - CLOCK_SKEW_MS + 1), 'taken', 'a clock a little behind is not the future')
})

t.test('rows without a key or a place, and duplicates that disagree, are refused; repeats collapse', async (t) => {
  const rows = [
    { id: 'a', x: 1 },
    { id: '', x: 2 },
    { id: 'b', x: 0 },
    { id: 'a', x: 1 },
    { id: 'a', x: 9 },
    { id: 'c', x: 3 },
  ]
  const screened = screenRows(rows, { keyOf: (r) => r.id || undefined, located: (r) => r.x !== 0, same: (a, b) => a.x === b.x })
  t.same(
    screened.rows.map((r) => r.id),
    ['a', 'c'],
  )
  t.same({ ...screened, rows: undefined }, { rows: undefined, keysSeen: 3, repeated: 1, conflicting: 1, keyless: 1, unlocated: 1 })
  t.equal(refusedRows(screened), 'rows refused: 1 without a key, 1 without coordinates, 1 duplicates that disagree')
})

t.test('a new list must reach 90 % of the list held and of the upstream total', async (t) => {
  t.same(judgeList(1_400, 1_468, 1_468), { ok: true })
  t.same(judgeList(1_322, 1_468, null), { ok: true }, 'exactly 90 %')
  t.match(judgeList(1_321, 1_468, null), { ok: false, reason: /1321 rows, below 90 % of the 1468 held/ })
  t.match(judgeList(12, 1_468, 12), { ok: false }, 'a short list that says it is short is still short')
  t.match(judgeList(500, null, 1_468), { ok: false, reason: /upstream's own total 1468/ })
  t.same(judgeList(1_468, null, 734), { ok: true }, 'an under-reported total is no bar')
  t.match(judgeList(0, null, null), { ok: false, reason: /empty/ })
})

t.test('a failing refresh backs off 1, 3, 9, 27 min, then hourly: five crawls in the first hour, one an hour after', async (t) => {
  let clock = NOW
  const schedule = new RefreshSchedule({ everyMs: 86_400_000, ...DEFAULT_BACKOFF }, () => clock)
  const starts: number[] = []
  // Every minute for six hours something asks for a refresh (a timer, an unknown code, a person); each fails.
  for (let minute = 0; minute < 360; minute++) {
    clock = NOW + minute * 60_000
    if (schedule.allows().ok) {
      schedule.started()
      starts.push(minute)
      schedule.failed()
    }
  }
  t.same(starts.slice(0, 5), [0, 1, 4, 13, 40])
  t.same(starts.slice(5), [100, 160, 220, 280, 340], 'then one an hour')
  t.equal(starts.filter((m) => m < 60).length, 5)
  t.equal(schedule.dueInMs(0), 3_600_000 - (359 - 340) * 60_000, 'the timer waits for the backoff, not the age')
  schedule.succeeded()
  t.equal(schedule.dueInMs(3_600_000), 86_400_000 - 3_600_000, 'after a success: the list reaching its age')
})

t.test('the hourly cap holds whatever asks, even when refreshes succeed', async (t) => {
  let clock = NOW
  const schedule = new RefreshSchedule({ everyMs: 1_000, ...DEFAULT_BACKOFF }, () => clock)
  let started = 0
  for (let second = 0; second < 3_600; second += 10) {
    clock = NOW + second * 1_000
    if (schedule.allows().ok) {
      schedule.started()
      schedule.succeeded()
      started += 1
    }
  }
  t.equal(started, DEFAULT_BACKOFF.perHour)
})

/** A claim store in memory, with the lapse of an unrenewed claim driven by a clock. */
function memoryClaims(now: () => number): ClaimStore {
  let held: { owner: string; until: number; resting: boolean } | null = null
  const live = () => (held && held.until > now() ? held : (held = null))
  return {
    async take(owner, ms) {
      const h = live()
      if (h && h.owner !== owner) return false
      held = { owner, until: now() + ms, resting: false }
      return true
    },
    async renew(owner, ms, resting = false) {
      const h = live()
      if (!h || h.owner !== owner) return false
      held = { owner, until: now() + ms, resting }
      return true
    },
    async release(owner) {
      if (live()?.owner === owner) held = null
    },
    async state(): Promise<ClaimState | null> {
      const h = live()
      return h ? { owner: h.owner, resting: h.resting, msLeft: h.until - now() } : null
    },
  }
}

t.test('a claim is one holder at a time, rests after a failure, goes back on stop, and lapses when its holder dies', async (t) => {
  let clock = NOW
  const store = memoryClaims(() => clock)
  const a = new FleetClaim(store, 'a', 15_000)
  const b = new FleetClaim(store, 'b', 15_000)
  t.equal(await a.take(), true)
  t.equal(await b.take(), false, 'one crawl at a time per fleet')
  await a.rest(60_000)
  t.match(await b.state(), { owner: 'a', resting: true, msLeft: 60_000 })
  t.equal(await b.take(), false, 'the fleet rests with the failed holder')
  t.equal(await a.take(), true, 'the holder itself may crawl again after its backoff')
  await a.stop()
  t.equal(await b.state(), null, 'a stopping holder gives the claim back at once')
  t.equal(await b.take(), true)
  await b.release()
  // A holder that dies (SIGKILL) neither renews nor releases: its claim lapses after its lifetime.
  const dead = new FleetClaim(store, 'dead', 15_000)
  t.equal(await dead.take(), true)
  clock += 14_999
  t.equal(await b.take(), false)
  clock += 1
  t.equal(await b.take(), true, 'replaced within the claim lifetime')
  await b.stop()
  await dead.stop()
})

t.test('a disk copy that cannot be written is said once, until a write succeeds', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-kept-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const told: string[] = []
  const blocker = join(dir, 'not-a-folder')
  await writeFile(blocker, 'x')
  const copy = new DiskCopy(join(blocker, 'copy.json'), (m) => told.push(m))
  t.equal(await copy.write('one'), false)
  t.equal(await copy.write('two'), false)
  t.equal(told.length, 1, 'said once')
  t.match(told[0], /cannot write .*copy\.json \(E[A-Z]+\); the copy is kept in memory only/)
  t.match(copy.writeProblem, /\(E[A-Z]+\)$/)
  t.equal(await copy.read(), undefined)
  const ok = new DiskCopy(join(dir, 'sub', 'copy.json'))
  t.equal(await ok.write('three'), true)
  t.equal(await readFile(ok.file, 'utf8'), 'three')
  t.equal(ok.writeProblem, null)
  if (process.getuid?.() !== 0) {
    await chmod(join(dir, 'sub'), 0o500)
    t.teardown(() => chmod(join(dir, 'sub'), 0o700))
    t.equal(await new DiskCopy(join(dir, 'sub', 'copy.json')).write('y'), false, 'a folder the user cannot write')
  }
})
