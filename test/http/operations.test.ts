import { connect } from 'node:net'
import t from 'tap'
import { buildTestApp, listenTestApp } from '../helpers/app.js'

t.test('health, readiness and the deep upstream check', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t, { env: { CIRCUIT_FAILURE_THRESHOLD: '2', CIRCUIT_COOLDOWN_MS: '60000' } })

  t.test('/healthz answers without touching the upstream', async (t) => {
    const before = simulator.stats().total
    const res = await app.inject('/healthz')
    t.equal(res.statusCode, 200)
    t.match(res.json(), { status: 'ok', version: '1.0.0' })
    t.equal(simulator.stats().total, before)
  })

  t.test('/api/health/upstream probes every step with latency, and caches the answer', async (t) => {
    simulator.resetStats()
    const res = await app.inject('/api/health/upstream')
    t.equal(res.statusCode, 200)
    const body = res.json() as { ok: boolean; steps: Array<{ step: string; ok: boolean; latencyMs: number }> }
    t.equal(body.ok, true)
    t.same(
      body.steps.map((s) => s.step),
      ['store_search', 'catalogue_search', 'preauth', 'stock', 'placement'],
    )
    t.ok(body.steps.every((s) => s.ok && s.latencyMs >= 0))
    const calls = simulator.stats().total
    t.ok(calls >= 5)
    await app.inject('/api/health/upstream')
    t.equal(simulator.stats().total, calls, 'the second check within 30 s made no upstream call')
  })

  t.test('/readyz reports the circuit; an open circuit makes requests fail fast with Retry-After', async (t) => {
    const ready = await app.inject('/readyz')
    t.match(ready.json(), { status: 'ready', circuit: { state: 'closed' }, upstream: { simulated: false } })
    simulator.setFault('selStr', { kind: 'http500' })
    runtime.upstream.clear()
    await app.inject('/api/branches/search?keyword=a1')
    await app.inject('/api/branches/search?keyword=a2')
    const fast = await app.inject('/api/branches/search?keyword=a3')
    t.equal(fast.statusCode, 503)
    t.match(fast.json(), { code: 'upstream_unavailable', status: 503 })
    t.ok(Number(fast.headers['retry-after']) > 0)
    t.match((await app.inject('/readyz')).json(), { status: 'degraded', circuit: { state: 'open' } })
    simulator.reset()
  })
})

t.test('a failing deep check is 503 in the Error shape and names the failing step', async (t) => {
  const { app, simulator } = await buildTestApp(t)
  simulator.setFault('selStrPkupStck', { kind: 'http500' })
  const res = await app.inject('/api/health/upstream')
  t.equal(res.statusCode, 503)
  const body = res.json()
  t.match(body, { code: 'upstream_unavailable', status: 503, message: /stock/ })
  t.match(
    body.steps.find((s: { step: string }) => s.step === 'stock'),
    { ok: false, detail: /http/ },
  )
  t.match(
    body.steps.find((s: { step: string }) => s.step === 'store_search'),
    { ok: true },
  )
})

t.test('request ids: a sane caller id is echoed, anything else is replaced', async (t) => {
  const { app } = await buildTestApp(t)
  t.equal((await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id'], 'abc-123')
  const replaced = (await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\u0001' } })).headers['x-request-id']
  t.match(replaced, /^[0-9a-f-]{36}$/)
})

t.test('security headers are on every response', async (t) => {
  const { app } = await buildTestApp(t)
  for (const url of ['/api', '/api/nope', '/api/branches/search']) {
    const res = await app.inject(url)
    t.equal(res.headers['x-content-type-options'], 'nosniff', url)
    t.equal(res.headers['x-frame-options'], 'DENY', url)
    t.equal(res.headers['access-control-allow-origin'], '*', url)
    t.notOk(res.headers['access-control-allow-credentials'], url)
  }
})

t.test('an over-long URL is a 400 in the Error shape, not a crash', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject(`/api/branches/search?keyword=${'a'.repeat(5000)}`)
  t.equal(res.statusCode, 400)
  t.match(res.json(), { code: 'invalid_parameter', message: /URL is longer/ })
})

t.test('oversized headers and broken HTTP get a JSON answer from the socket', async (t) => {
  const { url } = await listenTestApp(t)
  const { port } = new URL(url)
  const send = (raw: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw))
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
  const big = await send(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
  t.match(big, /^HTTP\/1\.1 431/)
  t.match(big, /"code":"headers_too_large"/)
  t.match(big, /"documentation":"http:\/\/127\.0\.0\.1:\d+\/developers#errors"/, 'an absolute documentation link')
  const broken = await send('NOT HTTP AT ALL\r\n\r\n')
  t.match(broken, /^HTTP\/1\.1 400/)
  t.match(broken, /application\/json/)
})

t.test('optional per-client rate limit: 429 in the Error shape with Retry-After, RateLimit and CORS headers', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '3' } })
  for (let i = 0; i < 3; i++) t.equal((await app.inject('/api/branches/11199')).statusCode, 200)
  const limited = await app.inject({ url: '/api/branches/11199', headers: { origin: 'https://agent.example' } })
  t.equal(limited.statusCode, 429)
  t.match(limited.json(), { code: 'rate_limited', status: 429, hint: /Wait/ })
  t.ok(Number(limited.headers['retry-after']) > 0)
  t.ok(limited.headers['ratelimit-limit'] ?? limited.headers['ratelimit'], 'RateLimit headers')
  t.equal(limited.headers['access-control-allow-origin'], '*')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'health checks are never limited')
})

t.test('rate limiting is off by default', async (t) => {
  const { app } = await buildTestApp(t)
  for (let i = 0; i < 20; i++) t.equal((await app.inject('/api/branches/11199')).statusCode, 200)
})

t.test('a full upstream queue answers 503 overloaded with Retry-After, and the bound is never exceeded', async (t) => {
  const { app, simulator } = await buildTestApp(t, {
    env: { UPSTREAM_MAX_CONCURRENCY: '2', UPSTREAM_QUEUE_LIMIT: '1' },
    simulatorOptions: { latencyMs: 100 },
  })
  const codes = ['10528', '10962', '10224', '10856', '10595', '10087', '11015', '10440']
  const answers = await Promise.all(codes.map((code) => app.inject(`/api/branches/${code}`)))
  const statuses = answers.map((r) => r.statusCode)
  t.ok(statuses.includes(200), 'some were served')
  const refused = answers.filter((r) => r.statusCode === 503)
  t.ok(refused.length > 0, 'some were refused rather than queued without bound')
  for (const r of refused) {
    t.match(r.json(), { code: 'overloaded', status: 503 })
    t.equal(r.headers['retry-after'], '1')
  }
  t.ok(simulator.stats().maxInFlight <= 2, `upstream concurrency stayed within 2 (saw ${simulator.stats().maxInFlight})`)
})
