// The bounded fuzz run of the test suite: every property of properties.ts, FUZZ_SUITE_RUNS inputs each
// (default 200) with a fixed seed, so the suite is deterministic. `npm run fuzz` runs the same
// properties with many more inputs and a fresh seed. Violations already reported to the lead are
// tolerated by the properties and pinned down one by one in the `todo` tests below.

import { connect } from 'node:net'
import t from 'tap'
import fc from 'fast-check'
import { ErrorSchema } from '../../src/schemas.js'
import { buildTestApp, listenTestApp } from '../helpers/app.js'
import {
  FUZZ_ENV,
  PROPERTIES,
  Violation,
  checkAnswer,
  exercise,
  knownViolation,
  render,
  startTarget,
  watchProcess,
  type FuzzRequest,
} from './properties.js'

const SEED = 42
const RUNS = Number(process.env['FUZZ_SUITE_RUNS'] ?? 200)

t.test('fuzz properties (bounded, fixed seed)', async (t) => {
  const watcher = watchProcess()
  t.teardown(() => watcher.stop())
  const target = await startTarget()
  t.teardown(() => target.close())

  for (const def of PROPERTIES) {
    t.test(`${def.name}: ${RUNS} inputs`, async (t) => {
      const known = new Set<string>()
      const details = await fc.check(
        fc.asyncProperty(def.arbitrary, async (request: FuzzRequest) => {
          try {
            await exercise(target, request, watcher)
          } catch (error) {
            const k = knownViolation(request, error)
            if (!k) throw error
            known.add(k.id)
          }
        }),
        { numRuns: RUNS, seed: SEED },
      )
      if (details.failed) {
        const [request] = (details.counterexample ?? []) as [FuzzRequest?]
        const error = details.errorInstance
        t.fail(`${error instanceof Error ? error.message : String(error)}\n  counterexample: ${request ? render(request) : '?'}`)
      } else {
        t.pass(`${details.numRuns} inputs, no new violation${known.size > 0 ? ` (known: ${[...known].join(', ')})` : ''}`)
      }
    })
  }
})

// --- violations the fuzzer found (all fixed), each pinned by its shrunk counterexample ---------------------

/** Runs the invariants on one request; the violation message, or null when it holds. */
async function violationOf(target: Parameters<typeof exercise>[0], request: FuzzRequest, watcher: { take(): unknown[] }) {
  try {
    await exercise(target, request, watcher)
    return null
  } catch (error) {
    if (error instanceof Violation) return error.message
    throw error
  }
}

t.test('violations found by the fuzzer stay fixed, one counterexample each', async (t) => {
  const watcher = watchProcess()
  t.teardown(() => watcher.stop())
  const target = await startTarget()
  t.teardown(() => target.close())

  t.test('a query key named like an Object.prototype member is ignored like any unknown key, not a 500', async (t) => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const request: FuzzRequest = { method: 'GET', url: `/api/products/1047618?branchCode=11199&${key}=x`, headers: {} }
      t.equal(await violationOf(target, request, watcher), null, render(request))
    }
  })

  t.test("a malformed or over-long path segment gets the Error shape, not Fastify's", async (t) => {
    for (const url of ['/api/branches/%zz', `/api/branches/${'9'.repeat(201)}`]) {
      const request: FuzzRequest = { method: 'GET', url, headers: {} }
      t.equal(await violationOf(target, request, watcher), null, render(request))
    }
  })

  t.test('a malformed Host never makes the documentation link an invalid URI', async (t) => {
    for (const host of ['[::1', 'a b', 'localhost:99999', 'localhost:abc']) {
      const request: FuzzRequest = { method: 'GET', url: '/api/branches/99999', headers: { host } }
      t.equal(await violationOf(target, request, watcher), null, render(request))
    }
  })

  t.test('MCP: a request with invalid params is -32602 Invalid params, not an internal error', async (t) => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'loud' } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 42 } },
    ]) {
      const request: FuzzRequest = { method: 'POST', url: '/api/mcp', headers, payload: JSON.stringify(body) }
      t.equal(await violationOf(target, request, watcher), null, render(request))
    }
  })
})

// Requests Node's HTTP parser refuses (oversized headers, broken HTTP) are answered by
// http/hardening.ts's clientErrorHandler; its Error body must carry an absolute documentation URI too.
t.test('the socket-level 400/431 answers carry the Error shape with an absolute documentation URL', async (t) => {
  const { url } = await listenTestApp(t, { env: FUZZ_ENV })
  const { port } = new URL(url)
  for (const raw of [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 'NOT HTTP AT ALL\r\n\r\n']) {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw))
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('close', () => resolve(data))
      socket.on('error', reject)
    })
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])
    const body = text.slice(text.indexOf('\r\n\r\n') + 4)
    const parsed = ErrorSchema.safeParse(JSON.parse(body))
    t.ok(parsed.success, `the Error shape: ${body.slice(0, 160)}`)
    t.match(JSON.parse(body), { status, documentation: /^https?:\/\// })
  }
})

// Not fuzz properties: inject() itself is the trigger. A streaming reply's socket under inject() has no
// setNoDelay(); both streaming doors must guard the call, or the response never ends and its stream slot
// leaks. These run without the properties' shim (shimInjectSockets).

/** inject() without the shim; null when no answer came within the liveness bound. */
async function injectUnshimmed(app: Awaited<ReturnType<typeof buildTestApp>>['app'], request: FuzzRequest) {
  // A liveness bound, not a latency threshold: the scan deadline is 5 s and the SSE lifetime 1 s here.
  const WATCHDOG_MS = 60_000
  let timer: NodeJS.Timeout | undefined
  const answer = await Promise.race([
    app.inject({ method: request.method, url: request.url, headers: request.headers }),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WATCHDOG_MS))),
  ])
  clearTimeout(timer)
  return answer === null ? null : { status: answer.statusCode, headers: answer.headers, body: answer.body }
}

t.test('the NDJSON stream answers through inject() and releases its stream slot', async (t) => {
  // A deadline a loaded CI machine cannot hit with a one-page scan against a local simulator.
  const { app } = await buildTestApp(t, { env: { ...FUZZ_ENV, SCAN_DEADLINE_MS: '5000' } })
  const request: FuzzRequest = { method: 'GET', url: '/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9&stream=1', headers: {} }
  const answer = await injectUnshimmed(app, request)
  t.ok(answer, `an answer: ${render(request)}`)
  if (answer) t.doesNotThrow(() => checkAnswer(request, answer), render(request))
  t.equal(app.openStreams.count, 0, 'no stream slot left taken')
})

t.test('the MCP event stream answers through inject() and releases its stream slot', async (t) => {
  const { app } = await buildTestApp(t, { env: FUZZ_ENV })
  const request: FuzzRequest = { method: 'GET', url: '/api/mcp', headers: { accept: 'text/event-stream' } }
  const answer = await injectUnshimmed(app, request)
  t.ok(answer, `an answer (the stream ends after SSE_MAX_LIFETIME_MS, 1 s): ${render(request)}`)
  if (answer) t.doesNotThrow(() => checkAnswer(request, answer), render(request))
  t.equal(app.openStreams.count, 0, 'no stream slot left taken')
})
