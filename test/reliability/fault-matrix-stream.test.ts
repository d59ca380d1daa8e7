// Fault matrix, NDJSON door: the streamed product search × every upstream fault on every endpoint it
// depends on, over a real socket. The HTTP status is 200 (the head is sent before the scan starts), so
// the failure must arrive as exactly one terminal `error` event: zero or more `progress` lines, then the
// error, then the end of the stream. After recovery the same stream ends in the healthy `result`.

import t from 'tap'
import { ErrorEventSchema, ProgressEventSchema } from '../../src/schemas.js'
import type { SimEndpoint, SimFault } from '../../simulator/server.js'
import { PINNED_NOW, listenTestApp } from '../helpers/app.js'
import {
  INPUT,
  LANES,
  LanePool,
  MATRIX_ENV,
  PRODUCT_FAILURE,
  PRODUCT_SEARCH_DEPENDS,
  type TapTest,
  answered,
  checkErrorBody,
  checkFaultReached,
  coldStart,
  faultsFor,
  watchRejections,
  withoutAsOf,
} from './matrix.js'

type Lane = Awaited<ReturnType<typeof listenTestApp>>

const QUERY = `branchCode=${INPUT.branchCode}&keyword=${encodeURIComponent(INPUT.productKeyword)}`

interface Streamed {
  status: number
  contentType: string
  text: string
  events: Array<Record<string, unknown>>
}

/** Streams the search to the end, either with stream=1 or with Accept: application/x-ndjson. */
async function stream(lane: Lane, how: 'query' | 'accept'): Promise<Streamed> {
  const url = how === 'query' ? `${lane.url}/api/products?${QUERY}&stream=1` : `${lane.url}/api/products?${QUERY}`
  return answered(
    (async () => {
      const res = await fetch(url, how === 'accept' ? { headers: { accept: 'application/x-ndjson' } } : {})
      const text = await res.text()
      const lines = text.split('\n')
      const events = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>)
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, events }
    })(),
    `stream ${url}`,
  )
}

/** A well-formed NDJSON stream: progress lines, then exactly one terminal event of the given type, last. */
function checkStream(t: TapTest, s: Streamed, terminal: 'result' | 'error'): Record<string, unknown> {
  t.equal(s.status, 200, 'status 200 (the head goes out before the scan)')
  t.match(s.contentType, /^application\/x-ndjson/, 'NDJSON')
  t.ok(s.text.endsWith('\n'), 'every line ends with a newline')
  const last = s.events.at(-1) ?? {}
  const terminals = s.events.filter((e) => e['type'] === 'result' || e['type'] === 'error')
  t.equal(terminals.length, 1, 'exactly one terminal event')
  t.equal(last['type'], terminal, `the last event is ${terminal}`)
  const before = s.events.slice(0, -1)
  t.ok(
    before.every((e) => ProgressEventSchema.safeParse(e).success),
    'every event before it is a well-formed progress event',
  )
  return last
}

t.test('fault matrix: NDJSON stream', async (t) => {
  const rejections = watchRejections()
  t.teardown(() => rejections.stop())
  const lanes: Lane[] = []
  for (let i = 0; i < LANES; i++) lanes.push(await listenTestApp(t, { env: MATRIX_ENV, now: PINNED_NOW }))
  const pool = new LanePool(lanes)
  /** A hang waits out the upstream timeout: each hang case gets a lane of its own, so they all wait at once. */
  const laneFor =
    (t: TapTest, fault: SimFault) =>
    (run: (lane: Lane) => Promise<void>): Promise<void> =>
      fault.kind === 'hang' ? listenTestApp(t, { env: MATRIX_ENV, now: PINNED_NOW }).then(run) : pool.use(run)

  const first = lanes[0]!
  await coldStart(first.simulator, first.runtime)
  const healthy = checkStream(t, await stream(first, 'query'), 'result')
  t.ok((healthy['products'] as unknown[]).length > 0, 'the healthy search finds products')

  await t.test('cases', async (t) => {
    t.jobs = 64 // the pool still runs at most LANES pooled cases at a time
    let n = 0
    for (const endpoint of PRODUCT_SEARCH_DEPENDS) {
      for (const { name, fault } of faultsFor(endpoint)) {
        // Alternate the two ways of asking for the stream, so both meet every endpoint.
        const how = n++ % 2 === 0 ? 'query' : 'accept'
        t.test(`searchStoreProducts (NDJSON, ${how === 'query' ? 'stream=1' : 'Accept'}) × ${endpoint}: ${name} → one error event`, (t) =>
          laneFor(
            t,
            fault,
          )(async (lane) => {
            await coldStart(lane.simulator, lane.runtime)
            lane.simulator.setFault(endpoint, fault)
            const s = await stream(lane, how)
            const last = checkStream(t, s, 'error')
            t.ok(ErrorEventSchema.safeParse(last).success, 'the error event has the spec shape')
            const { type: _type, ...body } = last
            checkErrorBody(t, body, PRODUCT_FAILURE, endpoint)
            if (fault.kind === 'hang') t.match(last, { detail: /timeout|deadline/ }, 'the timeout ended the hang')
            checkFaultReached(t, lane.simulator, endpoint, fault)
            t.equal(lane.app.openStreams.count, 0, 'the stream was released')

            lane.simulator.reset()
            const again = checkStream(t, await stream(lane, how), 'result')
            t.same(withoutAsOf(again), withoutAsOf(healthy), 'after recovery: the healthy result (nothing cached from the failure)')
          }),
        )
      }
    }
  })

  t.test('still serving after the whole matrix', async (t) => {
    for (const lane of lanes) {
      await coldStart(lane.simulator, lane.runtime)
      t.equal((await fetch(`${lane.url}/healthz`)).status, 200)
      t.same(withoutAsOf(checkStream(t, await stream(lane, 'query'), 'result')), withoutAsOf(healthy))
    }
    t.same(rejections.seen, [], 'no unhandled rejections')
  })
})

t.test('a hang past the scan deadline ends the stream with one error event', async (t) => {
  const endpoints: SimEndpoint[] = ['selStrPkupStck', 'authRequest']
  await t.test('cases', async (t) => {
    t.jobs = endpoints.length
    for (const endpoint of endpoints) {
      t.test(`${endpoint} hangs`, async (t) => {
        // An upstream timeout far beyond the watchdog: only the 1 s scan deadline can end this stream.
        const lane = await listenTestApp(t, {
          now: PINNED_NOW,
          env: { ...MATRIX_ENV, UPSTREAM_TIMEOUT_MS: '120000', SCAN_DEADLINE_MS: '1000' },
        })
        lane.simulator.setFault(endpoint, { kind: 'hang' })
        const last = checkStream(t, await stream(lane, 'query'), 'error')
        t.match(last, { code: 'internal_error', status: 500, message: /did not finish within 1 s/ })
      })
    }
  })
})
