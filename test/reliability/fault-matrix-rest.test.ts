// Fault matrix, REST door: every JSON operation × every upstream fault on every endpoint it depends on.
// Each case: the caller's status and code, the Error shape with a sanitised detail naming the failing
// step, an answer at all (hang included), and — after the simulator recovers — the same request answers
// exactly as before the fault (nothing from the failure was cached). NDJSON and MCP have their own files.

import t from 'tap'
import type { SimEndpoint, SimFault } from '../../simulator/server.js'
import { PINNED_NOW, buildTestApp } from '../helpers/app.js'
import {
  AVAILABILITY_DEPENDS,
  INPUT,
  MATRIX_ENV,
  PRODUCT_FAILURE,
  PRODUCT_SEARCH_DEPENDS,
  STORE_DEPENDS,
  STORE_FAILURE,
  type TapTest,
  LANES,
  LanePool,
  answered,
  checkErrorBody,
  checkFaultReached,
  coldStart,
  faultsFor,
  watchRejections,
  withoutAsOf,
} from './matrix.js'

const q = encodeURIComponent

interface RestOp {
  name: string
  url: string
  depends: readonly SimEndpoint[]
  failure: { status: number; code: string }
}

const OPS: RestOp[] = [
  {
    name: 'searchStores by keyword',
    url: `/api/branches/search?keyword=${q(INPUT.keyword)}&pageSize=5`,
    depends: STORE_DEPENDS,
    failure: STORE_FAILURE,
  },
  {
    name: 'searchStores by coordinates',
    url: `/api/branches/search?curLttd=${INPUT.latitude}&curLitd=${INPUT.longitude}&pageSize=5`,
    depends: STORE_DEPENDS,
    failure: STORE_FAILURE,
  },
  { name: 'getStore', url: `/api/branches/${INPUT.storeCode}`, depends: STORE_DEPENDS, failure: STORE_FAILURE },
  {
    name: 'searchStoreProducts',
    url: `/api/products?branchCode=${INPUT.branchCode}&keyword=${q(INPUT.productKeyword)}`,
    depends: PRODUCT_SEARCH_DEPENDS,
    failure: PRODUCT_FAILURE,
  },
  {
    name: 'getProductAvailability',
    url: `/api/products/${INPUT.productId}?branchCode=${INPUT.branchCode}`,
    depends: AVAILABILITY_DEPENDS,
    failure: PRODUCT_FAILURE,
  },
]

const AVAILABILITY_URL = `/api/products/${INPUT.productId}?branchCode=${INPUT.branchCode}`
const UNKNOWN_PRODUCT_URL = `/api/products/${INPUT.unknownProductId}?branchCode=${INPUT.branchCode}`

type Lane = Awaited<ReturnType<typeof buildTestApp>>
const get = (lane: Lane, url: string) => answered(lane.app.inject({ method: 'GET', url }), `GET ${url}`)

t.test('fault matrix: REST', async (t) => {
  const rejections = watchRejections()
  t.teardown(() => rejections.stop())
  const lanes: Lane[] = []
  for (let i = 0; i < LANES; i++) lanes.push(await buildTestApp(t, { env: MATRIX_ENV, now: PINNED_NOW }))
  const pool = new LanePool(lanes)
  const first = lanes[0]!
  /** A hang waits out the upstream timeout: each hang case gets a lane of its own, so they all wait at once. */
  const laneFor =
    (t: TapTest, fault: SimFault) =>
    (run: (lane: Lane) => Promise<void>): Promise<void> =>
      fault.kind === 'hang' ? buildTestApp(t, { env: MATRIX_ENV, now: PINNED_NOW }).then(run) : pool.use(run)

  // What each operation answers when nothing is wrong, from a cold start (every lane's simulator has the same data).
  const baseline = new Map<string, unknown>()
  for (const url of [...OPS.map((op) => op.url), UNKNOWN_PRODUCT_URL]) {
    await coldStart(first.simulator, first.runtime)
    const res = await get(first, url)
    baseline.set(url, { status: res.statusCode, body: res.json() })
  }
  t.match(baseline.get(UNKNOWN_PRODUCT_URL), { status: 404, body: { code: 'not_found' } }, 'the unknown product is 404 when healthy')
  for (const op of OPS) t.match(baseline.get(op.url), { status: 200 }, `${op.name} answers 200 when healthy`)

  /** After the fault is gone the same request, caches untouched, answers exactly as it did before the fault. */
  const recovers = async (t: TapTest, lane: Lane, url: string) => {
    lane.simulator.reset()
    const again = await get(lane, url)
    const healthy = baseline.get(url) as { status: number; body: unknown }
    t.same(
      { status: again.statusCode, body: withoutAsOf(again.json()) },
      { status: healthy.status, body: withoutAsOf(healthy.body) },
      'after recovery: the healthy answer (nothing cached from the failure)',
    )
  }

  // The cases, LANES at a time; the parent waits for all of them before the final checks.
  await t.test('cases', async (t) => {
    t.jobs = 64 // the pool still runs at most LANES pooled cases at a time
    for (const op of OPS) {
      for (const endpoint of op.depends) {
        for (const { name, fault } of faultsFor(endpoint)) {
          t.test(`${op.name} × ${endpoint}: ${name} → ${op.failure.status} ${op.failure.code}`, (t) =>
            laneFor(
              t,
              fault,
            )(async (lane) => {
              await coldStart(lane.simulator, lane.runtime)
              lane.simulator.setFault(endpoint, fault)
              const res = await get(lane, op.url)
              t.equal(res.statusCode, op.failure.status, 'status')
              t.match(res.headers['content-type'], /^application\/json/, 'JSON')
              t.equal(res.headers['cache-control'], 'no-store', 'not cacheable')
              checkErrorBody(t, res.json(), op.failure, endpoint)
              if (fault.kind === 'rateLimited') t.ok(Number(res.headers['retry-after']) > 0, 'Retry-After for an upstream 429')
              if (fault.kind === 'hang') t.match(res.json(), { detail: /timeout|deadline/ }, 'the timeout ended the hang')
              checkFaultReached(t, lane.simulator, endpoint, fault)
              await recovers(t, lane, op.url)
            }),
          )
        }
      }
    }

    // Availability tolerates a placement failure by design: floor and zone are null ("unknown"), the rest is answered.
    for (const { name, fault } of faultsFor('selIntPdStDispInfo')) {
      t.test(`getProductAvailability × selIntPdStDispInfo: ${name} → 200 with null placement`, (t) =>
        laneFor(
          t,
          fault,
        )(async (lane) => {
          await coldStart(lane.simulator, lane.runtime)
          lane.simulator.setFault('selIntPdStDispInfo', fault)
          const res = await get(lane, AVAILABILITY_URL)
          t.equal(res.statusCode, 200)
          const healthy = (baseline.get(AVAILABILITY_URL) as { body: Record<string, unknown> }).body
          t.same(
            withoutAsOf(res.json()),
            withoutAsOf({ ...healthy, stairNo: null, zoneNo: null, floorLabel: null }),
            'stock and nearby stores as usual, placement null',
          )
          t.ok(healthy['stairNo'] !== null, 'the healthy answer has a placement, so null really means "failed"')
          checkFaultReached(t, lane.simulator, 'selIntPdStDispInfo', fault)
          await recovers(t, lane, AVAILABILITY_URL)
        }),
      )
    }

    // An unknown product is told apart from "stock unknown" by a catalogue lookup; when that lookup fails
    // the answer is an error, never a 404 the caller would believe. (Shape drift is left out: the lookup
    // finds no rows, so there is nothing to drift and 404 is right.)
    for (const { name, fault } of faultsFor('pdThumbSelSimple').filter((f) => f.fault.kind !== 'shapeDrift')) {
      t.test(`getProductAvailability (unknown product) × pdThumbSelSimple: ${name} → 500, not 404`, (t) =>
        laneFor(
          t,
          fault,
        )(async (lane) => {
          await coldStart(lane.simulator, lane.runtime)
          lane.simulator.setFault('pdThumbSelSimple', fault)
          const res = await get(lane, UNKNOWN_PRODUCT_URL)
          t.equal(res.statusCode, 500)
          checkErrorBody(t, res.json(), PRODUCT_FAILURE, 'pdThumbSelSimple')
          checkFaultReached(t, lane.simulator, 'pdThumbSelSimple', fault)
          await recovers(t, lane, UNKNOWN_PRODUCT_URL)
        }),
      )
    }

    t.test("the upstream's Retry-After reaches the caller", (t) =>
      pool.use(async (lane) => {
        await coldStart(lane.simulator, lane.runtime)
        lane.simulator.setFault('selStrPkupStck', { kind: 'rateLimited', retryAfterSeconds: 1 })
        const res = await get(lane, AVAILABILITY_URL)
        t.equal(res.statusCode, 500)
        t.equal(res.headers['retry-after'], '1', 'Retry-After as the upstream said')
        t.match(res.json(), { hint: /retry after 1 s/i, detail: /^stock: HTTP 429/ })
        t.ok(lane.simulator.stats().calls.selStrPkupStck >= 2, 'our client waited as told and tried once more')
      }),
    )
  })

  t.test('still serving after the whole matrix', async (t) => {
    for (const lane of lanes) {
      await coldStart(lane.simulator, lane.runtime)
      t.equal((await get(lane, '/healthz')).statusCode, 200)
      t.match((await get(lane, '/readyz')).json(), { status: 'ready' })
      for (const op of OPS) t.equal((await get(lane, op.url)).statusCode, 200, op.name)
    }
    t.same(rejections.seen, [], 'no unhandled rejections')
  })
})

// The scan deadline is a hard bound by construction (an AbortSignal.timeout over every upstream call of
// the request). With an upstream timeout far beyond the watchdog, only the deadline can end a hang.
// One app per case: a hung pre-auth handshake is shared by every caller of its app.
t.test('a hang past the scan deadline: product operations answer when the deadline fires', async (t) => {
  const rejections = watchRejections()
  t.teardown(() => rejections.stop())
  const cases: Array<[string, SimEndpoint]> = [
    [OPS[3]!.url, 'selStr'],
    [OPS[3]!.url, 'selStrPkupStck'],
    [OPS[3]!.url, 'authRequest'],
    [AVAILABILITY_URL, 'selStr'],
    [AVAILABILITY_URL, 'selStrPkupStck'],
    [AVAILABILITY_URL, 'authRequest'],
  ]
  await t.test('cases', async (t) => {
    t.jobs = cases.length
    for (const [url, endpoint] of cases) {
      t.test(`${url} × ${endpoint} hangs`, async (t) => {
        const lane = await buildTestApp(t, {
          now: PINNED_NOW,
          env: { ...MATRIX_ENV, UPSTREAM_TIMEOUT_MS: '120000', SCAN_DEADLINE_MS: '1000' },
        })
        lane.simulator.setFault(endpoint, { kind: 'hang' })
        const res = await get(lane, url)
        t.equal(res.statusCode, 500)
        t.match(res.json(), { code: 'internal_error', message: /did not finish within 1 s/, detail: /deadline|aborted|cancel/ })
        checkErrorBody(t, res.json(), PRODUCT_FAILURE, null)
      })
    }
  })
  t.same(rejections.seen, [], 'no unhandled rejections')
})
