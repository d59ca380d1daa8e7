import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { runCli } from '../helpers/cli.js'
import { loadConfig } from '../../src/config.js'
import { UpstreamClient } from '../../src/upstream/client.js'
import { recordRawReplies } from '../../src/upstream/raw-replies.js'
import { REPLY_SCHEMAS } from '../../src/upstream/schemas.js'
import { EXPECTED_SHAPES, SHAPE_STEPS, compareShapes, shapeOf } from '../../src/upstream/shape.js'
import { buildTestApp, simulator, testEnv } from '../helpers/app.js'

// Upstream drift end to end: the simulator renames one field (SIMULATOR_DRIFT), and `store-finder doctor`
// and /api/health/upstream name it, as they would name a field the chain renamed without notice.

const doctor = (args: string[], drift?: string) =>
  runCli(['doctor', ...args], testEnv({ UPSTREAM_BASE_URL: 'simulated', ...(drift ? { SIMULATOR_DRIFT: drift } : {}) }))

interface DoctorJson {
  ok: boolean
  exitCode: number
  steps: Array<{ step: string; ok: boolean; detail?: string; drift: Array<{ change: string; path: string }> }>
}

t.test('doctor against the simulator: every step answers with real content in the recorded shapes, exit 0', async (t) => {
  const { code, stdout } = await doctor([])
  t.equal(code, 0, stdout)
  t.match(stdout, /^ok +store_search .*store 11199/m)
  t.match(stdout, /^ok +stock .*product 1049275 at store 10224: 3 in stock/m)
  t.match(stdout, /^ok +placement .*floor 2, zone 60/m)
  t.match(stdout, /All well/)
  t.notMatch(stdout, /drift:/)

  const json = JSON.parse((await doctor(['--json'])).stdout) as DoctorJson
  t.equal(json.ok, true)
  t.same(
    json.steps.map((s) => [s.step, s.ok, s.drift.length]),
    [
      ['store_search', true, 0],
      ['catalogue_search', true, 0],
      ['preauth', true, 0],
      ['stock', true, 0],
      ['placement', true, 0],
    ],
  )
})

t.test('a renamed stock field: doctor fails and names the missing old path and the added new one', async (t) => {
  const { code, stdout } = await doctor([], 'stock:stck->stock')
  t.not(code, 0)
  t.equal(code, 4, 'the stock step itself failed: no quantity to read')
  t.match(stdout, /^FAIL +stock .*no stock number for product 1049275 at store 10224/m)
  t.match(stdout, /drift: missing data\[\]\.stck \(string\)/)
  t.match(stdout, /drift: added data\[\]\.stock \(string\)/)
  t.match(stdout, /^FAILED: 1 step failed \(stock\); 2 fields drifted/m)
})

t.test('a renamed field nobody reads: every step passes, doctor still exits non-zero (5) and names it', async (t) => {
  const { code, stdout } = await doctor(['--json'], 'placement:storeErp->storeCode')
  t.equal(code, 5)
  const json = JSON.parse(stdout) as DoctorJson
  t.equal(json.ok, false)
  t.ok(json.steps.every((s) => s.ok))
  t.same(json.steps.find((s) => s.step === 'placement')?.drift, [
    { change: 'added', path: 'data[].storeCode', actual: 'string' },
    { change: 'missing', path: 'data[].storeErp', expected: 'string' },
  ])
  t.ok(json.steps.filter((s) => s.step !== 'placement').every((s) => s.drift.length === 0))
})

t.test('a renamed pre-auth header is named as the field it was', async (t) => {
  const { code, stdout } = await doctor([], 'preauth:X-DM-UID->X-DM-USER')
  t.equal(code, 4)
  t.match(stdout, /^FAIL +preauth/m)
  t.match(stdout, /drift: missing headers\.x-dm-uid \(string\)/)
})

t.test('doctor checks the store and product it is given', async (t) => {
  const { code, stdout } = await doctor(['--store', '10224', '--product', '9999999'])
  t.equal(code, 4)
  t.match(stdout, /^FAIL +stock .*no stock number for product 9999999 at store 10224/m)
  t.equal((await doctor(['--store', '10 224'])).code, 2, 'a malformed code is a usage error')
})

t.test('/api/health/upstream: drift that still validates is 200 with the fields named', async (t) => {
  const { app } = await buildTestApp(t, { simulatorOptions: { drift: 'placement:storeErp->storeCode' } })
  const res = await app.inject('/api/health/upstream')
  t.equal(res.statusCode, 200)
  const body = res.json() as DoctorJson
  t.equal(body.ok, true)
  t.same(
    body.steps.find((s) => s.step === 'placement')?.drift.map((d) => `${d.change} ${d.path}`),
    ['added data[].storeCode', 'missing data[].storeErp'],
  )
  t.same(
    body.steps.map((s) => s.drift.length),
    [0, 0, 0, 0, 2],
  )
})

t.test('/api/health/upstream: drift that breaks a step is 503, with the drift on that step', async (t) => {
  const { app } = await buildTestApp(t, { simulatorOptions: { drift: 'stock:stck->stock' } })
  const res = await app.inject('/api/health/upstream')
  t.equal(res.statusCode, 503)
  const stock = (res.json() as DoctorJson).steps.find((s) => s.step === 'stock')
  t.match(stock, { ok: false, detail: /no stock number/ })
  t.same(
    stock?.drift.map((d) => `${d.change} ${d.path}`),
    ['missing data[].stck', 'added data[].stock'],
  )
})

t.test('/api/health/upstream against the plain simulator: no drift on any step', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject('/api/health/upstream')
  t.equal(res.statusCode, 200)
  t.ok((res.json() as DoctorJson).steps.every((s) => Array.isArray(s.drift) && s.drift.length === 0))
})

t.test('raw replies reach the listener of the calls made with its signal, also when they wait in the budget queue', async (t) => {
  const sim = await simulator(t)
  const config = loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, UPSTREAM_MAX_CONCURRENCY: '1' }))
  const client = new UpstreamClient({ ...config.upstream, baseUrl: sim.url })
  const seen: Array<[string, unknown]> = []
  // One slot: the outside call holds it, so the recorded one runs from the queue after it.
  const outside = client.findStore('11199')
  const recorded = new AbortController().signal
  const inside = recordRawReplies(
    recorded,
    (endpoint, raw) => seen.push([endpoint, raw]),
    () => client.findStore('10224', recorded),
  )
  await Promise.all([outside, inside])
  t.equal(seen.length, 1, "only the recorded call's reply")
  t.match(seen[0]?.[1], { data: [{ strCd: '10224' }] })

  seen.length = 0
  await recordRawReplies(
    recorded,
    (endpoint, raw) => seen.push([endpoint, raw]),
    () => client.getStock([{ productId: '1049275', storeCode: '10224' }], recorded),
  )
  t.same(
    seen.map(([, raw]) => Object.keys(shapeOf(raw)).length > 0),
    [true, true],
    'the handshake and the stock reply',
  )
  t.same(compareShapes(EXPECTED_SHAPES.preauth, shapeOf(seen[0]?.[1])), [])
  t.same(compareShapes(EXPECTED_SHAPES.stock, shapeOf(seen[1]?.[1])), [])
})

t.test('a renamed field the schema needs: the step fails and its drift names the field, though zod refused the reply', async (t) => {
  const { app, simulator: sim } = await buildTestApp(t)
  sim.setFault('selStr', { kind: 'shapeDrift', variant: 'renamedField' })
  const res = await app.inject('/api/health/upstream')
  t.equal(res.statusCode, 503)
  const store = (res.json() as DoctorJson).steps.find((s) => s.step === 'store_search')
  t.match(store, { ok: false, detail: /bad_response/ })
  t.same(
    store?.drift.map((d) => `${d.change} ${d.path}`),
    ['added data[].storeCd', 'missing data[].strCd'],
  )
})

t.test('doctor --record writes each raw reply as a sample would hold it, without the pre-auth credentials', async (t) => {
  const dir = t.testdir()
  const { code, stderr } = await doctor(['--record', dir])
  t.equal(code, 0)
  t.match(stderr, /Recorded 5 raw replies/)
  for (const step of SHAPE_STEPS) {
    const reply = JSON.parse(readFileSync(join(dir, `${step}.json`), 'utf8')) as unknown
    t.ok(REPLY_SCHEMAS[step].safeParse(reply).success, `${step} passes the client's schema`)
    t.same(compareShapes(EXPECTED_SHAPES[step], shapeOf(reply)), [], `${step} has the committed shape`)
  }
  const preauth = JSON.parse(readFileSync(join(dir, 'preauth.json'), 'utf8')) as { headers: Record<string, string>; body: string }
  t.equal(preauth.headers['x-dm-uid'], '00000000-0000-4000-8000-000000000000')
  t.notMatch(preauth.body, /^eyJhbGciOiJIUzI1Ni/, 'not the token the simulator issued')
})
