import t from 'tap'
import { ErrorEventSchema, ErrorSchema, ProgressEventSchema, ResultEventSchema } from '../../src/schemas.js'
import type { Simulator } from '../../simulator/server.js'
import { listenTestApp } from '../helpers/app.js'
import { until, within } from '../helpers/wait.js'

/*
 * The NDJSON stream of searchStoreProducts (docs/spec.md §6), read over a real socket the way a client reads
 * it: chunk by chunk. Ordering is asserted by arrival (which read delivered a line, what the simulator
 * had answered by then), never by elapsed time.
 */

interface Arrival {
  line: string
  event: { type: string } & Record<string, unknown>
  /** Index of the read() that delivered the line's last byte. */
  chunk: number
  /** Simulator calls answered or under way when the line arrived. */
  upstreamCalls: number
}

async function readLines(res: Response, simulator: Simulator): Promise<Arrival[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const arrivals: Arrival[] = []
  let buffered = ''
  for (let chunk = 0; ; chunk++) {
    const { done, value } = await within('the next chunk of the NDJSON stream', reader.read())
    if (done) break
    buffered += decoder.decode(value, { stream: true })
    let newline = buffered.indexOf('\n')
    while (newline >= 0) {
      const line = buffered.slice(0, newline)
      buffered = buffered.slice(newline + 1)
      const arrival = { line, event: JSON.parse(line) as Arrival['event'], chunk, upstreamCalls: simulator.stats().total }
      arrivals.push(arrival)
      newline = buffered.indexOf('\n')
    }
  }
  if (buffered !== '') throw new Error(`the stream ended inside a line: ${JSON.stringify(buffered)}`)
  return arrivals
}

const q = encodeURIComponent('수납')

t.test('NDJSON stream of a product scan', async (t) => {
  // Latency makes each upstream call a separate step, so the scan visibly progresses.
  const { url, simulator, runtime, app } = await listenTestApp(t, { simulatorOptions: { latencyMs: 50 } })
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
    runtime.client.preauth.clear()
  })

  t.test('progress lines arrive before the scan ends, then exactly one result line', async (t) => {
    const res = await fetch(`${url}/api/products?branchCode=11199&keyword=${q}&stream=1`)
    t.equal(res.status, 200)
    t.match(res.headers.get('content-type'), /^application\/x-ndjson/)
    t.match(res.headers.get('vary'), /accept/i)
    const arrivals = await readLines(res, simulator)
    const last = arrivals.at(-1) as Arrival
    const progress = arrivals.slice(0, -1)

    t.ok(progress.length >= 2, 'several progress lines')
    for (const a of progress) ProgressEventSchema.parse(a.event)
    const result = ResultEventSchema.parse(last.event)
    t.ok(result.products.length > 0)
    t.equal(arrivals.filter((a) => a.event.type !== 'progress').length, 1, 'one terminal event')

    const first = progress[0] as Arrival
    t.ok(first.chunk < last.chunk, 'the first progress line came in an earlier read than the result')
    t.ok(first.upstreamCalls < last.upstreamCalls, 'the first progress line came while upstream calls were still to be made')
    const percents = progress.map((a) => a.event['percent'] as number)
    t.same(
      percents,
      [...percents].sort((a, b) => a - b),
      'percent never goes down',
    )
  })

  t.test('Accept: application/x-ndjson streams without stream=1', async (t) => {
    const res = await fetch(`${url}/api/products?branchCode=11199&keyword=${q}`, { headers: { accept: 'application/x-ndjson' } })
    t.match(res.headers.get('content-type'), /^application\/x-ndjson/)
    const arrivals = await readLines(res, simulator)
    t.equal(arrivals.at(-1)?.event.type, 'result')
  })

  t.test('every line is one JSON object with a known type', async (t) => {
    const res = await fetch(`${url}/api/products?branchCode=10528&keyword=${q}&stream=1`)
    const text = await res.text()
    t.ok(text.endsWith('\n'))
    for (const line of text.slice(0, -1).split('\n')) {
      const event = JSON.parse(line) as { type: string }
      t.ok(['progress', 'result', 'error'].includes(event.type), event.type)
    }
  })

  t.test('stream=2 is a JSON 400 before any streaming', async (t) => {
    const res = await fetch(`${url}/api/products?branchCode=11199&keyword=${q}&stream=2`)
    t.equal(res.status, 400)
    t.match(res.headers.get('content-type'), /^application\/json/)
    const body = ErrorSchema.parse(await res.json())
    t.equal(body.code, 'invalid_parameter')
    t.match(body.message, /stream/)
  })

  t.test('a missing branchCode is a JSON 400 before any streaming', async (t) => {
    const res = await fetch(`${url}/api/products?keyword=${q}&stream=1`)
    t.equal(res.status, 400)
    t.match(res.headers.get('content-type'), /^application\/json/)
    const body = ErrorSchema.parse(await res.json())
    t.equal(body.code, 'missing_parameter')
    t.match(body.message, /branchCode/)
  })

  t.test('an upstream failure mid-scan ends the stream with progress, then one error line', async (t) => {
    simulator.setFault('selStrPkupStck', { kind: 'http500' })
    const res = await fetch(`${url}/api/products?branchCode=11199&keyword=${q}&stream=1`)
    t.equal(res.status, 200, 'the headers were already sent')
    const arrivals = await readLines(res, simulator)
    const last = arrivals.at(-1) as Arrival
    t.ok(arrivals.length >= 2)
    for (const a of arrivals.slice(0, -1)) t.equal(a.event.type, 'progress')
    const error = ErrorEventSchema.parse(last.event)
    t.equal(error.code, 'internal_error', 'a product operation reports upstream failures as internal_error')
    t.type(error.error, 'string')
    t.ok(simulator.stats().calls.selStrPkupStck >= 1, 'the stock call was the one that failed')
  })

  t.test('a client that disconnects aborts the scan and its upstream calls', async (t) => {
    // The catalogue call hangs: only the client's disconnect can end it (the upstream timeout is long).
    const ctx = await listenTestApp(t, { env: { UPSTREAM_TIMEOUT_MS: '60000', SCAN_DEADLINE_MS: '60000' } })
    ctx.simulator.setFault('pdThumbSelSimple', { kind: 'hang' })
    const controller = new AbortController()
    const res = await fetch(`${ctx.url}/api/products?branchCode=11199&keyword=${q}&stream=1`, { signal: controller.signal })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const first = await within('the first chunk of the NDJSON stream', reader.read())
    t.match(new TextDecoder().decode(first.value), /^\{"type":"progress"/, 'the stream had started')
    await until(
      'the catalogue call is under way',
      () => ctx.simulator.stats().calls.pdThumbSelSimple > 0 && ctx.simulator.stats().inFlight > 0,
      {
        intervalMs: 10,
      },
    )
    t.pass('the catalogue call is under way')
    controller.abort()
    await reader.cancel().catch(() => {})

    await until('the hung upstream call was cancelled', () => ctx.simulator.stats().inFlight === 0, { intervalMs: 10 })
    t.pass('the hung upstream call was cancelled')
    await until('the stream was released', () => ctx.app.openStreams.count === 0, { intervalMs: 10 })
    t.pass('the stream was released')
    t.equal(ctx.simulator.stats().calls.selStrPkupStck, 0, 'no stock was looked up for a client that left')
    const total = ctx.simulator.stats().total
    // A scan that kept going would make its next call as soon as the hang ended; none may follow.
    ctx.simulator.setFault('pdThumbSelSimple', null)
    await fetch(`${ctx.url}/api/sandbox`).then((r) => r.arrayBuffer())
    t.equal(ctx.simulator.stats().total, total, 'no upstream call after the disconnect')
  })

  t.test('no stream is left open', async (t) => {
    t.equal(app.openStreams.count, 0)
  })
})
