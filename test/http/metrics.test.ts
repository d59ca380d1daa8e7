// What operators see: Prometheus metrics at /metrics (names, counters that move, the token, the port of its
// own), and the log lines for Redis lost and back, a store directory or product index refresh failing and
// recovering, and shutdown, written with the app's logger and never as a raw Node process warning.

import { PassThrough } from 'node:stream'
import t from 'tap'
import { serve } from '../../http/main.js'
import { createLogger, wantsPretty } from '../../http/logger.js'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import type { OpsLog } from '../../src/telemetry.js'
import { buildTestApp, simulator, testEnv } from '../helpers/app.js'
import { startRedis } from '../helpers/redis.js'
import { until } from '../helpers/wait.js'
import { freePort } from '../helpers/ports.js'

/** The value of one sample line (`name{labels} value`), or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3])
  }
  return 0
}

/** An OpsLog that keeps its lines. */
function capturingLog(): OpsLog & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (_fields, message) => void lines.push(`info ${message}`),
    warn: (_fields, message) => void lines.push(`warn ${message}`),
  }
}

t.test('/metrics on the public router: names, and counters that move', async (t) => {
  const { app } = await buildTestApp(t)
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' })
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
    return res.body
  }
  const before = await scrape()
  for (const name of [
    'store_finder_http_requests_total',
    'store_finder_upstream_calls_total',
    'store_finder_upstream_budget_waits_total',
    'store_finder_cache_lookups_total',
    'store_finder_circuit_state',
    'store_finder_index_age_seconds',
  ]) {
    t.match(before, new RegExp(`^# TYPE ${name} `, 'm'), `${name} is exposed`)
  }
  t.equal(sample(before, 'store_finder_circuit_state', { state: 'closed' }), 1, 'the breaker is closed')

  const route = { route: '/api/branches/:code', method: 'GET', status: '200' }
  t.equal((await app.inject({ method: 'GET', url: '/api/branches/11199' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/api/branches/11199' })).statusCode, 200)
  const after = await scrape()
  t.equal(sample(after, 'store_finder_http_requests_total', route) - sample(before, 'store_finder_http_requests_total', route), 2)
  t.ok(
    sample(after, 'store_finder_upstream_calls_total', { step: 'selStr', outcome: 'ok' }) >= 1,
    'the upstream call is counted by step and outcome',
  )
  t.ok(
    sample(after, 'store_finder_cache_lookups_total', { result: 'hit' }) >
      sample(before, 'store_finder_cache_lookups_total', { result: 'hit' }),
    'the second answer was a cache hit',
  )
  t.equal(sample(after, 'store_finder_http_requests_total', { route: '/metrics', status: '200' }), 1, 'the first scrape counted too')
})

t.test('METRICS_TOKEN guards /metrics; METRICS=off removes it', async (t) => {
  const token = 'a-long-metrics-token-0123'
  const { app } = await buildTestApp(t, { env: { METRICS_TOKEN: token } })
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 401)
  t.equal(
    (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode,
    401,
  )
  const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
  t.equal(ok.statusCode, 200)
  t.match(ok.body, /store_finder_upstream_calls_total/)
  const off = await buildTestApp(t, { env: { METRICS: 'off' } })
  t.equal((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404)
})

t.test('the server: metrics on a port of their own, and its log lines from start to shutdown', async (t) => {
  const sim = await simulator(t)
  const logs = new PassThrough()
  let text = ''
  logs.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  const metricsPort = await freePort()
  const server = await serve(
    loadConfig(
      testEnv({ UPSTREAM_BASE_URL: sim.url, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_PORT: String(metricsPort) }),
    ),
    { logDestination: logs },
  )
  let closed = false
  t.teardown(() => (closed ? undefined : server.close()))
  t.equal(server.metricsUrl, `http://127.0.0.1:${metricsPort}/metrics`)
  t.equal((await fetch(`${server.url}/metrics`)).status, 404, 'not on the public port')
  t.equal((await fetch(`${server.url}/api/branches/11199`)).status, 200)
  const metrics = await (await fetch(server.metricsUrl!)).text()
  t.equal(sample(metrics, 'store_finder_http_requests_total', { route: '/api/branches/:code', status: '200' }), 1)
  t.match(metrics, /^store_finder_process_cpu_seconds_total /m, "the server process's own metrics too")
  t.equal((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status, 404)

  await server.close()
  closed = true
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
  const messages = lines.map((l) => l.msg)
  t.ok(
    messages.some((m) => m.startsWith('store-finder ready')),
    'ready',
  )
  t.ok(
    messages.some((m) => m.startsWith('metrics at ')),
    'where the metrics are',
  )
  t.ok(
    messages.some((m) => m.startsWith('shutting down:')),
    'shutdown begins',
  )
  t.equal(messages.at(-1), 'shut down', 'and ends, last')
})

t.test('log lines, not process warnings: the store directory fails a refresh, then recovers', async (t) => {
  const warnings: Error[] = []
  const onWarning = (warning: Error) => warnings.push(warning)
  process.on('warning', onWarning)
  t.teardown(() => void process.off('warning', onWarning))
  const sim = await simulator(t)
  sim.setFault('selStr', { kind: 'http500' })
  const log = capturingLog()
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, STORE_DIRECTORY: 'on' })), { log })
  t.teardown(() => runtime.close())
  await runtime.directory!.start()
  t.match(log.lines, [/^warn store directory: refresh failed \(1 in a row\)/])
  sim.reset()
  // The backoff holds an ordinary refresh back for a minute after a failure; this one is asked for.
  await runtime.directory!.refresh(0, { force: true })
  t.match(log.lines[1], /^info store directory: refresh recovered after 1 failed attempt/)
  t.equal(log.lines.length, 2)
  await new Promise((resolve) => setImmediate(resolve))
  t.same(
    warnings.map((w) => w.name),
    [],
    'no raw Node warning',
  )
})

t.test('the product index is a held list in /metrics, and logs a failed refresh and its recovery', async (t) => {
  const sim = await simulator(t)
  sim.setFault('pdThumbSelSimple', { kind: 'http500' })
  const log = capturingLog()
  const runtime = await createRuntime(
    loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, PRODUCT_INDEX: 'on', UPSTREAM_TIMEOUT_MS: '20000' })),
    {
      log,
    },
  )
  t.teardown(() => runtime.close())
  const index = runtime.products!
  await until('the first listing tried', () => index.status().lastRefreshAt !== null, { timeoutMs: 60_000, intervalMs: 20 })
  t.match(log.lines, [/^warn product index: refresh failed \(1 in a row\)/])
  sim.reset()
  await index.refresh(0)
  t.match(log.lines[1], /^info product index: refresh recovered after 1 failed attempt/)
  t.equal(log.lines.length, 2)

  const { app, simulator: listed } = await buildTestApp(t, { env: { PRODUCT_INDEX: 'on', UPSTREAM_TIMEOUT_MS: '20000' } })
  const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body
  await until('the held product index', async () => sample(await scrape(), 'store_finder_index_size', { index: 'products' }) > 0, {
    timeoutMs: 60_000,
    intervalMs: 50,
  })
  const body = await scrape()
  t.equal(sample(body, 'store_finder_index_size', { index: 'products' }), listed.data.products.length, 'its size: the whole catalogue')
  t.match(body, /^store_finder_index_age_seconds\{index="products"\} /m, 'its age')
})

t.test('log lines: Redis lost, then back', async (t) => {
  const redis = await startRedis(t)
  const sim = await simulator(t)
  const log = capturingLog()
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '1000' })), {
    log,
  })
  t.teardown(() => runtime.close())
  t.same(log.lines, [], 'nothing to say while Redis answers')
  redis.pause()
  await until('the loss to be logged', () => log.lines.length >= 1)
  redis.resume()
  await until('the return to be logged', () => log.lines.length >= 2)
  t.match(log.lines, [new RegExp(`^warn Redis lost \\(redis://127\\.0\\.0\\.1:${redis.port}\\)`), /^info Redis is back/])
})

t.test('logs: readable on a terminal, JSON otherwise', async (t) => {
  t.equal(wantsPretty('auto', { isTTY: true }), true)
  t.equal(wantsPretty('auto', { isTTY: false }), false)
  t.equal(wantsPretty('auto', {}), false)
  t.equal(wantsPretty('pretty', {}), true)
  t.equal(wantsPretty('json', { isTTY: true }), false)
  const write = (format: 'json' | 'pretty') => {
    const out = new PassThrough()
    let text = ''
    out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    createLogger({ logLevel: 'info', logFormat: format }, out).info({ redis: 'redis://h:1' }, 'Redis is back')
    return text
  }
  t.match(JSON.parse(write('json')), { level: 30, msg: 'Redis is back', redis: 'redis://h:1' })
  const pretty = write('pretty')
  t.match(pretty, /INFO.*Redis is back/)
  t.throws(() => JSON.parse(pretty), 'not JSON')
})
