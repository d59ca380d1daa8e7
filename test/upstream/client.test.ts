import t from 'tap'
import { stockKey } from '../../src/upstream/port.js'
import { UpstreamClient, type UpstreamClientOptions } from '../../src/upstream/client.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import { simulator as startSim } from '../helpers/app.js'

const options = (baseUrl: string, extra: Partial<UpstreamClientOptions> = {}): UpstreamClientOptions => ({
  baseUrl,
  // Sized for a loaded machine; the hang case sets its own short bound (a hang never answers).
  timeoutMs: 10_000,
  retries: 1,
  userAgent: 'store-finder-test/1.0',
  preauthKey: 'PRE_AUTH_ENC_KEY',
  tokenReuseMs: 20_000,
  maxConcurrency: 8,
  maxRps: 1000,
  queueLimit: 100,
  circuitFailureThreshold: 1000,
  circuitCooldownMs: 1000,
  ...extra,
})

const kindOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  return error instanceof UpstreamError ? error : error
}

t.test('the client against the simulator', async (t) => {
  const sim = await startSim(t)
  t.beforeEach(() => sim.reset())

  t.test('store search: typed rows, nearest first with km as a number', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    const stores = await client.searchStores({ latitude: 37.5647, longitude: 126.9766, page: 1, pageSize: 5 })
    t.equal(stores.length, 5)
    t.equal(stores[0]?.code, '10856')
    t.equal(stores[0]?.distanceKm, 0)
    const km = stores.map((s) => s.distanceKm ?? -1)
    t.same(
      km,
      [...km].sort((a, b) => a - b),
    )
    const body = sim.stats().requests.at(-1)?.body as Record<string, unknown>
    t.match(body, { keyword: '', curLttd: 37.5647, curLitd: 126.9766, geolocationAgrYn: 'Y', currentPage: 1, pageSize: 5 })
    t.equal(sim.stats().requests.at(-1)?.headers['user-agent'], 'store-finder-test/1.0')
  })

  t.test('lookup by code uses inclusiveStrCd alone; an unknown code is null', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    t.equal((await client.findStore('10224'))?.name, '강남역2호점')
    t.same(sim.stats().requests.at(-1)?.body, { inclusiveStrCd: '10224' })
    t.equal(await client.findStore('99999'), null)
  })

  t.test('the /api prefix form of the base URL works too', async (t) => {
    const client = new UpstreamClient(options(`${sim.url}/api`))
    t.equal((await client.findStore('11199'))?.name, '강남역점')
  })

  t.test('catalogue search converts prices, images and names', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    const page = await client.searchCatalogue({ text: '수납', page: 1, pageSize: 50 })
    t.equal(page.items.length, 50)
    t.ok((page.total ?? 0) >= 60)
    for (const item of page.items) {
      t.ok(Number.isInteger(item.price))
      t.ok(item.image === null || item.image.startsWith('https://cdn.daisomall.co.kr/'))
    }
  })

  t.test('stock and placement go through the pre-auth handshake; one token serves many calls', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    const product = sim.data.products.find((p) => sim.data.stockOf('11199', p.pdNo) > 0)!
    const [stock, placement] = await Promise.all([
      client.getStock([
        { productId: product.pdNo, storeCode: '11199' },
        { productId: '0000000', storeCode: '11199' },
      ]),
      client.getPlacement(product.pdNo, '11199'),
    ])
    t.equal(stock.get(stockKey(product.pdNo, '11199')), sim.data.stockOf('11199', product.pdNo))
    t.equal(stock.get(stockKey('0000000', '11199')), null, 'an omitted row is unknown, not zero')
    t.same(placement, {
      floor: sim.data.placementOf('11199', product.pdNo)?.stairNo,
      zone: sim.data.placementOf('11199', product.pdNo)?.zoneNo,
    })
    t.equal(sim.issuedTokens(), 1, 'concurrent protected calls shared one handshake')
    const protectedCall = sim.stats().requests.find((r) => r.endpoint === 'selStrPkupStck')!
    t.match(protectedCall.headers.authorization, /^Bearer [A-Za-z0-9+/]{22}==[A-Za-z0-9+/=]+$/)
    t.type(protectedCall.headers['x-dm-uid'], 'string')
  })

  t.test('a token is not used past the expiry its JWT states; a new one is fetched first', async (t) => {
    const shortSim = await startSim(t, { tokenTtlMs: 150 })
    const client = new UpstreamClient(options(shortSim.url, { tokenReuseMs: 60_000 }))
    await client.getPlacement('1049275', '11199')
    await new Promise((r) => setTimeout(r, 250))
    await client.getPlacement('1049275', '11199')
    t.equal(shortSim.issuedTokens(), 2)
    const refused = shortSim.stats().requests.filter((r) => r.authFailure !== undefined)
    t.equal(refused.length, 0, 'never refused: the client did not send an expired token')
  })

  t.test('a token the upstream has expired early is refused once, renewed, and the call succeeds', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    await client.getPlacement('1049275', '11199')
    sim.setFault('selIntPdStDispInfo', { fault: { kind: 'unauthorized', status: 401 }, times: 1 })
    t.ok((await client.getPlacement('1049275', '11199')) !== undefined)
    t.equal(sim.issuedTokens(), 2)
    t.equal(sim.stats().calls.selIntPdStDispInfo, 3)
  })

  t.test('refused even with a fresh token: unauthorized, after exactly two tries', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    sim.setFault('selStrPkupStck', { kind: 'unauthorized', status: 403 })
    const error = await kindOf(client.getStock([{ productId: '1049275', storeCode: '11199' }]))
    t.match(error, { kind: 'unauthorized', status: 403 })
    t.equal(sim.stats().calls.selStrPkupStck, 2)
    t.equal(sim.issuedTokens(), 2)
  })

  t.test('an Unauthorized body with HTTP 200 is also a refusal', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    sim.setFault('selIntPdStDispInfo', { kind: 'unauthorizedBody' })
    t.match(await kindOf(client.getPlacement('1049275', '11199')), { kind: 'unauthorized' })
  })

  const classified = [
    ['http500', { kind: 'http500' }, 'http', 2],
    ['html', { kind: 'html' }, 'http', 2],
    ['html with 200', { kind: 'html', status: 200 }, 'bad_response', 1],
    ['malformedJson', { kind: 'malformedJson' }, 'bad_response', 1],
    ['successFalse', { kind: 'successFalse' }, 'rejected', 1],
    ['reset', { kind: 'reset' }, 'network', 2],
    ['renamedField', { kind: 'shapeDrift', variant: 'renamedField' }, 'bad_response', 1],
    ['wordForNumber', { kind: 'shapeDrift', variant: 'wordForNumber' }, 'bad_response', 1],
    ['emptyBody', { kind: 'emptyBody' }, 'bad_response', 1],
    ['hang', { kind: 'hang' }, 'timeout', 1],
  ] as const
  for (const [name, fault, kind, calls] of classified) {
    t.test(`${name} is classified as ${kind} after ${calls} call(s)`, async (t) => {
      const client = new UpstreamClient(options(sim.url, fault.kind === 'hang' ? { timeoutMs: 500 } : {}))
      sim.setFault('selStr', fault)
      const error = await kindOf(client.searchStores({ keyword: '강남', page: 1, pageSize: 3 }))
      t.ok(error instanceof UpstreamError)
      t.match(error, { kind, endpoint: 'selStr' })
      t.notMatch((error as UpstreamError).detail, /<script|<html/i)
      t.equal(sim.stats().calls.selStr, calls, 'transient failures are retried once, the rest are not')
    })
  }

  t.test('a 429 is retried after Retry-After and then succeeds', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    sim.setFault('selStr', { fault: { kind: 'rateLimited', retryAfterSeconds: 1 }, times: 1 })
    const stores = await client.searchStores({ keyword: '강남', page: 1, pageSize: 3 })
    t.equal(stores.length, 3)
    t.equal(sim.stats().calls.selStr, 2)
  })

  t.test('a 429 that persists is rate_limited with its Retry-After', async (t) => {
    const client = new UpstreamClient(options(sim.url, { retries: 0 }))
    sim.setFault('selStr', { kind: 'rateLimited', retryAfterSeconds: 3 })
    t.match(await kindOf(client.searchStores({ keyword: '강남', page: 1, pageSize: 3 })), {
      kind: 'rate_limited',
      retryAfterSeconds: 3,
    })
  })

  t.test('a refused handshake surfaces as an upstream error on the protected call', async (t) => {
    const client = new UpstreamClient(options(sim.url))
    sim.setFault('authRequest', { kind: 'emptyBody' })
    t.match(await kindOf(client.getPlacement('1049275', '11199')), { kind: 'bad_response', endpoint: 'authRequest' })
    sim.setFault('authRequest', { kind: 'missingUidHeader' })
    t.match(await kindOf(client.getPlacement('1049275', '11199')), { detail: /X-DM-UID/ })
  })

  t.test('an unreachable upstream is a network error', async (t) => {
    const client = new UpstreamClient(options('http://127.0.0.1:9', { retries: 0 }))
    t.match(await kindOf(client.findStore('11199')), { kind: 'network' })
  })

  t.test('the breaker opens after consecutive failures and stops calling the upstream', async (t) => {
    const client = new UpstreamClient(options(sim.url, { circuitFailureThreshold: 2, retries: 0 }))
    sim.setFault('selStr', { kind: 'http500' })
    await kindOf(client.findStore('11199'))
    await kindOf(client.findStore('11199'))
    const calls = sim.stats().calls.selStr
    t.match(await kindOf(client.findStore('11199')), { kind: 'circuit_open' })
    t.equal(sim.stats().calls.selStr, calls, 'failing fast: no call made')
  })

  t.test('a caller that aborts cancels the upstream call', async (t) => {
    const client = new UpstreamClient(options(sim.url, { timeoutMs: 5_000 }))
    sim.setFault('selStr', { kind: 'hang' })
    const controller = new AbortController()
    const pending = kindOf(client.findStore('11199', controller.signal))
    await new Promise((r) => setTimeout(r, 50))
    controller.abort(new Error('gone'))
    t.match(await pending, { kind: 'aborted' })
    await new Promise((r) => setTimeout(r, 50))
    t.equal(sim.stats().inFlight, 0, 'the hung upstream request was closed')
  })

  t.test('the concurrency bound holds at the simulator', async (t) => {
    const client = new UpstreamClient(options(sim.url, { maxConcurrency: 3 }))
    sim.setLatency('*', 20)
    await Promise.all(Array.from({ length: 15 }, (_, i) => client.findStore(String(10000 + i))))
    t.ok(sim.stats().maxInFlight <= 3, `max in flight ${sim.stats().maxInFlight}`)
  })
})
