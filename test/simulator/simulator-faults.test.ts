// Fault modes, latency, stats and the /__sim control routes of the upstream simulator.
import t from 'tap'
import { startSimulator, encryptBearer } from '../../simulator/server.js'
import type { SimEndpoint, SimFault, Simulator } from '../../simulator/server.js'
import { until } from '../helpers/wait.js'

const UA = 'simulator-faults-test'

const sim: Simulator = await startSimulator({ port: 0 })
t.teardown(() => sim.close())
t.afterEach(() => sim.reset())

type Json = Record<string, unknown>

function post(path: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(sim.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': UA, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  })
}

const selStr = (signal?: AbortSignal): Promise<Response> => post('/ms/msg/selStr', { keyword: '강남', pageSize: 3 }, {}, signal)
const search = (): Promise<Response> => post('/pdo/pdThumbSelSimple', { searchText: '수세미', currentPage: 1, pageSize: 5 })

async function authHeaders(): Promise<Record<string, string>> {
  const res = await fetch(sim.url + '/auth/request', { headers: { 'user-agent': UA } })
  const token = (await res.text()).trim()
  return { authorization: `Bearer ${encryptBearer(token)}`, 'x-dm-uid': res.headers.get('x-dm-uid') ?? '' }
}

const STOCK_PAIRS = [
  { pdNo: '1049275', strCd: '10224' },
  { pdNo: '1019373', strCd: '11199' },
  { pdNo: '1031244', strCd: '11199' },
]

async function stock(): Promise<Response> {
  return post('/pd/pdh/selStrPkupStck', STOCK_PAIRS, await authHeaders())
}

const control = async (path: string, body?: unknown): Promise<Response> =>
  fetch(
    sim.url + path,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )

t.test('http500 answers a Spring default error JSON', async (t) => {
  sim.setFault('selStr', { kind: 'http500' })
  const res = await selStr()
  t.equal(res.status, 500)
  t.match(res.headers.get('content-type'), /application\/json/)
  t.match(await res.json(), { status: 500, error: 'Internal Server Error', path: '/ms/msg/selStr', timestamp: String })
})

t.test('html answers a long edge error page with scripts, 502 by default', async (t) => {
  sim.setFault('pdThumbSelSimple', { kind: 'html' })
  const res = await search()
  t.equal(res.status, 502)
  t.match(res.headers.get('content-type'), /^text\/html/)
  const text = await res.text()
  t.ok(text.length > 2000)
  t.match(text, /<script>/)
  t.match(text, /502: Bad gateway/)
  sim.setFault('pdThumbSelSimple', { kind: 'html', status: 522 })
  const custom = await search()
  t.equal(custom.status, 522)
  await custom.text()
})

t.test('unauthorized answers 401 or 403 with the Unauthorized body on any endpoint', async (t) => {
  sim.setFault('selStr', { kind: 'unauthorized' })
  const res = await selStr()
  t.equal(res.status, 401)
  t.same(await res.json(), { success: false, message: 'Unauthorized' })
  sim.setFault('authRequest', { kind: 'unauthorized', status: 403 })
  const auth = await fetch(sim.url + '/auth/request')
  t.equal(auth.status, 403)
  t.equal(auth.headers.get('x-dm-uid'), null)
  t.same(await auth.json(), { success: false, message: 'Unauthorized' })
})

t.test('unauthorizedBody sends the Unauthorized body with HTTP 200', async (t) => {
  sim.setFault('selStrPkupStck', { kind: 'unauthorizedBody' })
  const res = await stock()
  t.equal(res.status, 200)
  t.same(await res.json(), { success: false, message: 'Unauthorized' })
})

t.test('successFalse sends a logical failure with a Korean message', async (t) => {
  sim.setFault('pdThumbSelSimple', { kind: 'successFalse' })
  const res = await search()
  t.equal(res.status, 200)
  t.same(await res.json(), { message: '현재 구매할 수 없는 상품입니다.', data: null, success: false })
  sim.setFault('pdThumbSelSimple', { kind: 'successFalse', message: '잠시 후 다시 시도해 주세요.' })
  t.match(await (await search()).json(), { message: '잠시 후 다시 시도해 주세요.', success: false })
})

t.test('hang never answers; the client giving up frees the call', async (t) => {
  sim.setFault('selStr', { kind: 'hang' })
  const aborter = new AbortController()
  const pending = selStr(aborter.signal)
  await until('one call in flight at the simulator', () => sim.stats().inFlight === 1)
  aborter.abort()
  await t.rejects(pending, { name: 'AbortError' })
  await until('no call in flight at the simulator', () => sim.stats().inFlight === 0)
  t.equal(sim.stats().calls.selStr, 1)
})

t.test('close() ends hung requests too', async (t) => {
  const own = await startSimulator({ port: 0 })
  own.setFault('*', { kind: 'hang' })
  const pending = fetch(own.url + '/auth/request')
  await until('one call in flight at the simulator', () => own.stats().inFlight === 1)
  await own.close()
  await t.rejects(pending)
  await own.close() // idempotent
})

t.test('malformedJson sends a truncated JSON body with status 200', async (t) => {
  sim.setFault('pdThumbSelSimple', { kind: 'malformedJson' })
  const res = await search()
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /application\/json/)
  const text = await res.text()
  t.ok(text.startsWith('{"message":null,"data":['))
  t.throws(() => JSON.parse(text))
  sim.setFault('authRequest', { kind: 'malformedJson' })
  const auth = await fetch(sim.url + '/auth/request')
  t.equal((await auth.text()).split('.').length < 3, true, 'token cut short')
})

t.test('rateLimited answers 429 with Retry-After', async (t) => {
  sim.setFault('selStr', { kind: 'rateLimited' })
  const res = await selStr()
  t.equal(res.status, 429)
  t.equal(res.headers.get('retry-after'), '1')
  t.match(await res.json(), { status: 429, error: 'Too Many Requests' })
  sim.setFault('selStr', { kind: 'rateLimited', retryAfterSeconds: 7 })
  const custom = await selStr()
  t.equal(custom.headers.get('retry-after'), '7')
  await custom.text()
})

t.test('reset destroys the connection without a response', async (t) => {
  sim.setFault('selStr', { kind: 'reset' })
  await t.rejects(selStr(), TypeError)
  await until('no call in flight at the simulator', () => sim.stats().inFlight === 0)
})

t.test('shapeDrift renames a field or puts a word where a number belongs', async (t) => {
  sim.setFault('selStrPkupStck', { kind: 'shapeDrift', variant: 'renamedField' })
  const renamed = ((await (await stock()).json()) as Json)['data'] as Json[]
  t.ok(renamed.length > 0)
  t.ok(renamed.every((r) => 'stock' in r && !('stck' in r)))
  t.same(Object.keys(renamed[0] ?? {}), ['pdNo', 'strCd', 'sleStsCd', 'stock'], 'renamed key keeps its position')

  sim.setFault('selStrPkupStck', { kind: 'shapeDrift', variant: 'wordForNumber' })
  const worded = ((await (await stock()).json()) as Json)['data'] as Json[]
  t.ok(worded.every((r) => r['stck'] === '많음'))

  sim.setFault('pdThumbSelSimple', { kind: 'shapeDrift', variant: 'wordForNumber' })
  const prices = ((await (await search()).json()) as Json)['data'] as Json[]
  t.ok(prices.length > 0 && prices.every((r) => r['pdPrc'] === '무료'))

  sim.setFault('selStr', { kind: 'shapeDrift', variant: 'wordForNumber' })
  const stores = ((await (await selStr()).json()) as Json)['data'] as Json[]
  t.ok(stores.length > 0 && stores.every((r) => r['strLttd'] === '서울'))

  sim.setFault('selStr', { kind: 'shapeDrift', variant: 'renamedField' })
  const renamedStores = ((await (await selStr()).json()) as Json)['data'] as Json[]
  t.ok(renamedStores.every((r) => typeof r['storeCd'] === 'string' && !('strCd' in r)))

  sim.setFault('selIntPdStDispInfo', { kind: 'shapeDrift', variant: 'renamedField' })
  const placement = await post('/pdo/selIntPdStDispInfo', { pdNo: '1049275', strCd: '10224' }, await authHeaders())
  t.same(((await placement.json()) as Json)['data'], [{ zoneNo: '60', floorNo: '2', storeErp: '04224' }])

  sim.setFault('authRequest', { kind: 'shapeDrift', variant: 'renamedField' })
  const auth = await fetch(sim.url + '/auth/request')
  t.equal(auth.headers.get('x-dm-uid'), null)
  t.ok(auth.headers.get('x-dm-user-id'))
  await auth.text()
})

t.test('emptyData answers success with an empty list', async (t) => {
  sim.setFault('selStr', { kind: 'emptyData' })
  const body = (await (await selStr()).json()) as Json
  t.match(body, { success: true, data: [] })
  t.same(body['data'], [])
})

t.test('omitRows leaves every requested stock row out', async (t) => {
  sim.setFault('selStrPkupStck', { kind: 'omitRows' })
  const body = (await (await stock()).json()) as Json
  t.equal(body['success'], true)
  t.same(body['data'], [])
  sim.setFault('selStr', { kind: 'omitRows' })
  t.equal((((await (await selStr()).json()) as Json)['data'] as unknown[]).length, 3, 'not a stock endpoint: unchanged')
})

t.test('undisclosed reports stck "0" for every row', async (t) => {
  sim.setFault('selStrPkupStck', { kind: 'undisclosed' })
  const rows = ((await (await stock()).json()) as Json)['data'] as Json[]
  t.equal(rows.length, STOCK_PAIRS.length)
  t.ok(rows.every((r) => r['stck'] === '0'))
})

t.test('emptyBody answers 200 with nothing, and auth/request without its header', async (t) => {
  sim.setFault('authRequest', { kind: 'emptyBody' })
  const auth = await fetch(sim.url + '/auth/request')
  t.equal(auth.status, 200)
  t.equal(auth.headers.get('x-dm-uid'), null)
  t.equal(await auth.text(), '')
  t.equal(sim.issuedTokens(), 0)
  sim.setFault('selStr', { kind: 'emptyBody' })
  const res = await selStr()
  t.equal(res.status, 200)
  t.equal(await res.text(), '')
})

t.test('missingUidHeader sends a token without X-DM-UID', async (t) => {
  sim.setFault('authRequest', { kind: 'missingUidHeader' })
  const res = await fetch(sim.url + '/auth/request')
  t.equal(res.status, 200)
  t.equal(res.headers.get('x-dm-uid'), null)
  t.equal((await res.text()).trim().split('.').length, 3)
  sim.setFault('selStr', { kind: 'missingUidHeader' })
  t.equal((await selStr()).status, 200, 'ignored elsewhere')
})

t.test('a rule with times applies to the next N calls, then clears', async (t) => {
  sim.setFault('selStr', { fault: { kind: 'http500' }, times: 2 })
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) {
    const res = await selStr()
    statuses.push(res.status)
    await res.text()
  }
  t.same(statuses, [500, 500, 200, 200])
})

t.test("an endpoint's own rule beats the '*' rule, and null clears", async (t) => {
  sim.setFault('*', { kind: 'http500' })
  sim.setFault('selStr', { kind: 'rateLimited' })
  const [a, b] = await Promise.all([selStr(), search()])
  t.equal(a.status, 429)
  t.equal(b.status, 500)
  await Promise.all([a.text(), b.text()])
  sim.setFault('selStr', null)
  const c = await selStr()
  t.equal(c.status, 500, "falls back to '*'")
  await c.text()
  sim.setFault('*', null)
  const d = await selStr()
  t.equal(d.status, 200)
  await d.text()
  t.throws(() => sim.setFault('selStr', { fault: { kind: 'hang' }, times: -1 }), RangeError)
  sim.setFault('selStr', { fault: { kind: 'hang' }, times: 0 })
  const e = await selStr()
  t.equal(e.status, 200, 'times 0 sets nothing')
  await e.text()
})

t.test('latency holds responses back and counts concurrent calls', async (t) => {
  sim.setLatency('selStr', 60_000)
  const aborters = Array.from({ length: 5 }, () => new AbortController())
  const pending = aborters.map((a) => selStr(a.signal).catch((error: unknown) => error))
  await until('five calls in flight at the simulator', () => sim.stats().inFlight === 5)
  t.equal(sim.stats().maxInFlight, 5)
  const quick = await search()
  t.equal(quick.status, 200, 'other endpoints are not delayed')
  await quick.text()
  for (const a of aborters) a.abort()
  const outcomes = await Promise.all(pending)
  t.ok(outcomes.every((o) => o instanceof Error && o.name === 'AbortError'))
  await until('no call in flight at the simulator', () => sim.stats().inFlight === 0)
  t.equal(sim.stats().maxInFlight, 6)
})

t.test('a short latency still answers normally; reset restores the default', async (t) => {
  sim.setLatency('*', 5)
  const res = await selStr()
  t.equal(res.status, 200)
  t.equal((((await res.json()) as Json)['data'] as unknown[]).length, 3)
  t.throws(() => sim.setLatency('selStr', -1), RangeError)
  sim.reset()
  const slow = await startSimulator({ port: 0, latencyMs: 5 })
  t.teardown(() => slow.close())
  const answered = await fetch(slow.url + '/auth/request')
  t.equal(answered.status, 200)
  await answered.text()
})

t.test('stats count calls per endpoint and keep the recent requests', async (t) => {
  await (await selStr()).text()
  await (await selStr()).text()
  await (await search()).text()
  await (await fetch(sim.url + '/nowhere')).text()
  const stats = sim.stats()
  t.equal(stats.calls.selStr, 2)
  t.equal(stats.calls.pdThumbSelSimple, 1)
  t.equal(stats.calls.authRequest, 0)
  t.equal(stats.total, 3)
  t.equal(stats.inFlight, 0)
  t.equal(stats.maxInFlight, 1)
  t.same(
    stats.requests.map((r) => r.endpoint),
    ['selStr', 'selStr', 'pdThumbSelSimple'],
  )
  t.same(stats.requests[2]?.body, { searchText: '수세미', currentPage: 1, pageSize: 5 })
  t.equal(stats.requests[0]?.headers['user-agent'], UA)
  sim.resetStats()
  t.match(sim.stats(), { total: 0, requests: [], calls: { selStr: 0 } })
})

t.test('stats keep only the last 500 requests', async (t) => {
  const batch = async (n: number): Promise<void> => {
    await Promise.all(Array.from({ length: n }, async () => (await fetch(sim.url + '/auth/request')).text()))
  }
  for (let i = 0; i < 6; i++) await batch(100)
  const stats = sim.stats()
  t.equal(stats.total, 600)
  t.equal(stats.requests.length, 500)
  t.equal(sim.issuedTokens(), 600)
})

t.test('the /__sim control routes drive the same switches over HTTP', async (t) => {
  t.equal((await control('/__sim/faults', { endpoint: 'selStr', fault: { kind: 'http500' }, times: 1 })).status, 200)
  t.equal((await selStr()).status, 500)
  t.equal((await selStr()).status, 200)

  await control('/__sim/faults', { endpoint: '*', fault: { kind: 'unauthorized', status: 403 } })
  t.equal((await search()).status, 403)
  await control('/__sim/faults', { endpoint: '*', fault: null })
  t.equal((await search()).status, 200)

  t.equal((await control('/__sim/latency', { endpoint: 'selStr', ms: 0 })).status, 200)

  const stats = await control('/__sim/stats')
  const json = (await stats.json()) as Json
  t.match(json, { total: 4, calls: { selStr: 2, pdThumbSelSimple: 2 }, inFlight: 0 })
  t.notOk('requests' in json)

  await control('/__sim/faults', { endpoint: 'selStr', fault: { kind: 'hang' } })
  t.equal((await control('/__sim/reset', {})).status, 200)
  t.equal((await selStr()).status, 200, 'reset cleared the fault')
  t.equal(sim.stats().total, 1, 'control routes are not counted')
})

t.test('the /__sim control routes validate their input', async (t) => {
  const bad: Array<[string, unknown]> = [
    ['/__sim/faults', { endpoint: 'nope', fault: { kind: 'http500' } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'nope' } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: 'http500' }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'html', status: 99 } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'unauthorized', status: 500 } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'successFalse', message: 3 } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'rateLimited', retryAfterSeconds: -1 } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'shapeDrift', variant: 'other' } }],
    ['/__sim/faults', { endpoint: 'selStr', fault: { kind: 'http500' }, times: 1.5 }],
    ['/__sim/latency', { endpoint: 'selStr', ms: -5 }],
    ['/__sim/latency', { endpoint: 'selStr' }],
    ['/__sim/faults', [1]],
  ]
  for (const [path, body] of bad) {
    const res = await control(path, body)
    t.equal(res.status, 400, JSON.stringify(body))
    t.type(((await res.json()) as Json)['error'], 'string')
  }
  const notJson = await fetch(sim.url + '/__sim/faults', { method: 'POST', body: '{' })
  t.equal(notJson.status, 400)
  await notJson.text()
  const wrongMethod = await fetch(sim.url + '/__sim/faults')
  t.equal(wrongMethod.status, 405)
  t.equal(wrongMethod.headers.get('allow'), 'POST')
  await wrongMethod.text()
  const unknown = await fetch(sim.url + '/__sim/nothing')
  t.equal(unknown.status, 404)
  await unknown.text()

  const good: Array<SimFault> = [
    { kind: 'html', status: 503 },
    { kind: 'unauthorized', status: 401 },
    { kind: 'successFalse', message: 'x' },
    { kind: 'rateLimited', retryAfterSeconds: 3 },
    { kind: 'shapeDrift', variant: 'renamedField' },
    { kind: 'omitRows' },
  ]
  for (const fault of good)
    t.equal((await control('/__sim/faults', { endpoint: 'selStrPkupStck' satisfies SimEndpoint, fault })).status, 200, fault.kind)
  const defaults = await control('/__sim/faults', { fault: { kind: 'html' } })
  t.equal(defaults.status, 200, "endpoint defaults to '*'")
  t.equal((await control('/__sim/latency', { ms: 1 })).status, 200)
})
