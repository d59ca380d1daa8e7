// The Redis-backed pieces one by one, against a real redis-server of the test's own: the shared cache
// with cross-instance coalescing, the fleet budget (concurrency, rate, give-up bound), the fleet's
// pre-auth token, the fleet's breaker, and what each does when Redis goes away.

import t from 'tap'
import { UpstreamBudget } from '../../src/upstream/budget.js'
import { CachedUpstream } from '../../src/upstream/cached.js'
import { CircuitBreaker } from '../../src/upstream/circuit.js'
import { stockKey } from '../../src/upstream/port.js'
import { UpstreamError } from '../../src/upstream/errors.js'
import { PreAuthSession } from '../../src/upstream/preauth.js'
import { RedisBudget } from '../../src/upstream/fleet/budget.js'
import { RedisCacheStore } from '../../src/upstream/fleet/cache-store.js'
import { RedisCircuit } from '../../src/upstream/fleet/circuit.js'
import { FleetRedis, redactRedisUrl } from '../../src/upstream/fleet/redis.js'
import { RedisTokens } from '../../src/upstream/fleet/tokens.js'
import { LONG_TTL as TTL, countingUpstream, plainStore as store } from '../helpers/fake-upstream.js'
import { startRedis, type TestRedis } from '../helpers/redis.js'
import { until } from '../helpers/wait.js'

async function connect(t: { teardown(fn: () => unknown): void }, redis: TestRedis, prefix: string, timeoutMs = 3_000): Promise<FleetRedis> {
  const shared = await FleetRedis.connect({ url: redis.url, keyPrefix: prefix, timeoutMs, heartbeatMs: 100 })
  t.teardown(() => shared.close())
  return shared
}

/** Matches an UpstreamError of this kind. */
const kind = (k: string) => ({ name: 'UpstreamError', kind: k }) as unknown as Error

/** Redis round trips and its own heartbeats: a bound of 15 s, checked every 20 ms. */
const REDIS_WAIT = { timeoutMs: 15_000, intervalMs: 20 }

t.test('redactRedisUrl hides the password', async (t) => {
  t.equal(redactRedisUrl('redis://u:pw@h:1/2'), 'redis://u:***@h:1/2')
  t.equal(redactRedisUrl('redis://h:6379'), 'redis://h:6379')
  t.equal(redactRedisUrl('not a url'), 'redis://(unparseable)')
})

t.test('with a real Redis', async (t) => {
  const redis = await startRedis(t)
  let prefixes = 0
  const fresh = () => `t${++prefixes}:`

  t.test('the cache is shared; failures and unknown stock are not', async (t) => {
    const shared = await connect(t, redis, fresh())
    const fake = countingUpstream({ units: 3 })
    const remote = { store: new RedisCacheStore(shared), claimMs: 5_000 }
    const one = new CachedUpstream(fake.upstream, TTL, remote)
    const two = new CachedUpstream(fake.upstream, TTL, remote)

    await one.searchStores({ keyword: '강남', page: 1, pageSize: 5 })
    await until('the write lands', async () => (await remote.store.get(['stores|강남|||1|5']))?.[0] != null, REDIS_WAIT)
    t.same(await two.searchStores({ keyword: '강남', page: 1, pageSize: 5 }), [store('11199'), store('10528')])
    t.equal(fake.calls.searchStores, 1, "the second instance took the first one's answer")
    await until('store entries land', async () => (await remote.store.get(['store|10528']))?.[0] != null, REDIS_WAIT)
    t.same(await two.findStore('10528'), store('10528'), 'stores found by a search are shared one by one')
    t.equal(fake.calls.findStore, undefined)

    t.equal(await one.findStore('99999'), null, '"no such store" is an answer')
    await until('the none lands', async () => (await remote.store.get(['store|99999']))?.[0] != null, REDIS_WAIT)
    t.equal(await two.findStore('99999'), null, 'and is shared')
    t.equal(fake.calls.findStore, 1)

    fake.setFail(true)
    await t.rejects(one.searchCatalogue({ text: 'x', page: 1, pageSize: 5 }))
    fake.setFail(false)
    t.same((await two.searchCatalogue({ text: 'x', page: 1, pageSize: 5 })).total, 1, 'a failure left nothing behind')
    t.equal(fake.calls.searchCatalogue, 2)

    const pairs = [
      { productId: '1', storeCode: 'A' },
      { productId: 'unknown', storeCode: 'A' },
    ]
    await one.getStock(pairs)
    await until('stock lands', async () => (await remote.store.get([`stock|${stockKey('1', 'A')}`]))?.[0] != null, REDIS_WAIT)
    const answer = await two.getStock(pairs)
    t.equal(answer.get(stockKey('1', 'A')), 3)
    t.equal(answer.get(stockKey('unknown', 'A')), null)
    t.equal(fake.pairsAsked(), 3, 'known stock shared; unknown stock asked again')
    t.same((await remote.store.get([`stock|${stockKey('unknown', 'A')}`]))?.[0], null, 'unknown stock is never stored')
  })

  t.test('identical misses on two instances: one upstream call', async (t) => {
    const shared = await connect(t, redis, fresh())
    const fake = countingUpstream({ units: 3 })
    const remote = { store: new RedisCacheStore(shared), claimMs: 5_000 }
    const one = new CachedUpstream(fake.upstream, TTL, remote)
    const two = new CachedUpstream(fake.upstream, TTL, remote)
    const open = fake.hold()
    const first = one.searchCatalogue({ text: '수납', page: 1, pageSize: 5 })
    await until('the first instance asks', () => fake.calls.searchCatalogue === 1, REDIS_WAIT)
    const second = two.searchCatalogue({ text: '수납', page: 1, pageSize: 5 })
    const stockPairs = [
      { productId: '1', storeCode: 'B' },
      { productId: '2', storeCode: 'B' },
    ]
    const stockFirst = one.getStock(stockPairs)
    await until('the first instance asks for stock', () => fake.calls.getStock === 1, REDIS_WAIT)
    const stockSecond = two.getStock([...stockPairs, { productId: '3', storeCode: 'B' }])
    await until('the second instance asks for the pair nobody has', () => fake.calls.getStock === 2, REDIS_WAIT)
    open()
    t.same(await second, await first, 'the waiting instance got the same answer')
    t.equal(fake.calls.searchCatalogue, 1, 'from one upstream call')
    const [a, b] = await Promise.all([stockFirst, stockSecond])
    t.equal(a.get(stockKey('2', 'B')), 3)
    t.equal(b.get(stockKey('2', 'B')), 3)
    t.equal(b.get(stockKey('3', 'B')), 3)
    t.equal(fake.pairsAsked(), 3, 'each pair asked once across the instances')

    // A claim whose owner fails: the waiter asks itself rather than waiting out the claim.
    const close = fake.hold()
    fake.failOnce()
    const failing = one.searchCatalogue({ text: '실패', page: 1, pageSize: 5 })
    failing.catch(() => {})
    await until('the owner asks', () => fake.calls.searchCatalogue === 2, REDIS_WAIT)
    const waiter = two.searchCatalogue({ text: '실패', page: 1, pageSize: 5 })
    close()
    await t.rejects(failing, kind('http'))
    t.equal((await waiter).total, 1, 'the waiter loaded it itself after the owner failed')
    t.equal(fake.calls.searchCatalogue, 3)
  })

  t.test('the fleet budget: concurrency and rate across instances, a bound on waiting', async (t) => {
    const shared = await connect(t, redis, fresh())
    const one = new RedisBudget(shared, { perSecond: 100, concurrency: 2, leaseMs: 5_000 })
    const two = new RedisBudget(shared, { perSecond: 100, concurrency: 2, leaseMs: 5_000 })
    const r1 = await one.acquire('x')
    const r2 = await two.acquire('x')
    t.ok(r1 && r2, 'two permits')
    let third = false
    const waiting = one.acquire('x').then((release) => {
      third = true
      return release
    })
    await new Promise((r) => setTimeout(r, 100))
    t.notOk(third, 'a third waits while two run')
    r1!()
    const r3 = await waiting
    t.ok(r3, 'and gets a permit when one ends')
    r2!()
    r3!()

    const rated = new RedisBudget(shared, { perSecond: 3, concurrency: 10, leaseMs: 5_000 })
    const grants: number[] = []
    for (let i = 0; i < 5; i++) {
      const release = await rated.acquire('x')
      grants.push(Date.now())
      release?.()
    }
    t.ok(grants[3]! - grants[0]! >= 1_000, 'the fourth grant waits for the window (a count, not a timing: it cannot come sooner)')

    // Once a second for this budget; recent grants above already fill its window.
    const tight = new RedisBudget(shared, { perSecond: 1, concurrency: 10, leaseMs: 300 })
    await t.rejects(tight.acquire('selStr'), kind('overloaded'), 'waiting is bounded by the lease')
    const patient = new RedisBudget(shared, { perSecond: 1, concurrency: 10, leaseMs: 5_000 })
    await patient.acquire('x')
    const controller = new AbortController()
    const aborted = patient.acquire('x', controller.signal)
    controller.abort(new Error('gone'))
    await t.rejects(aborted, /gone/, 'the caller leaving ends the wait')

    const budget = new UpstreamBudget({ concurrency: 4, perSecond: 100, queueLimit: 10 }, one)
    t.equal(await budget.run('x', async () => 'done'), 'done', 'UpstreamBudget runs through the fleet budget')
    t.equal(one.fleetSize, shared.fleetSize)
  })

  t.test('the fleet token: one handshake for many instances; a refused token is dropped for all', async (t) => {
    const shared = await connect(t, redis, fresh())
    let handshakes = 0
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const fetchToken = async () => {
      handshakes += 1
      await gate
      return { jwt: `a.b${handshakes}.c`, uid: `uid-${handshakes}` }
    }
    const sessions = [0, 1, 2].map(
      () => new PreAuthSession(fetchToken, 'PRE_AUTH_ENC_KEY', 20_000, Date.now, { tokens: new RedisTokens(shared), claimMs: 5_000 }),
    )
    const first = sessions[0]!.headers()
    await until('the first handshake starts', () => handshakes === 1, REDIS_WAIT)
    const others = Promise.all([sessions[1]!.headers(), sessions[2]!.headers()])
    open()
    const [h0, [h1, h2]] = await Promise.all([first, others])
    t.equal(handshakes, 1, 'one handshake for three instances')
    t.equal(h1['x-dm-uid'], h0['x-dm-uid'])
    t.equal(h2['x-dm-uid'], h0['x-dm-uid'])
    t.same(
      sessions.map((s) => s.tokensFetched),
      [1, 0, 0],
    )

    sessions[1]!.invalidate(h1)
    await until('the refused token is dropped', async () => (await new RedisTokens(shared).get()) === null, REDIS_WAIT)
    const kept = await sessions[2]!.headers()
    t.equal(kept['x-dm-uid'], h0['x-dm-uid'], 'an instance still holding the token locally keeps it until refused')
    sessions[2]!.clear()
    t.equal((await sessions[2]!.headers())['x-dm-uid'], 'uid-2', 'a fresh handshake once the shared one is gone')
  })

  t.test('the fleet breaker: opened anywhere, seen everywhere; one probe', async (t) => {
    const shared = await connect(t, redis, fresh())
    const make = () =>
      new CircuitBreaker(2, 300, Date.now, { store: new RedisCircuit(shared), probeMs: 5_000, usable: () => shared.usable })
    const [a, b] = [make(), make()]
    const fault = () => Promise.reject(new UpstreamError('http', 'selStr', 'HTTP 500'))
    await t.rejects(a.run('selStr', fault))
    await t.rejects(b.run('selStr', fault))
    await t.rejects(
      a.run('selStr', async () => 'ok'),
      kind('circuit_open'),
      'open after two faults on two instances',
    )
    await b.refresh()
    t.equal(b.snapshot.state, 'open')
    t.equal(b.snapshot.opens, 1)
    t.ok(b.snapshot.retryAfterSeconds >= 1)
    await until(
      'half-open',
      async () => {
        await a.refresh()
        return a.state === 'half_open'
      },
      REDIS_WAIT,
    )
    let release: () => void = () => {}
    const probe = a.run('selStr', () => new Promise<string>((resolve) => (release = () => resolve('ok'))))
    await until('the probe is claimed', async () => (await shared.run((r) => r.exists('circuit:probe'))) === 1, REDIS_WAIT)
    await t.rejects(
      b.run('selStr', async () => 'ok'),
      kind('circuit_open'),
      'another instance does not probe meanwhile',
    )
    release()
    t.equal(await probe, 'ok')
    t.equal(await b.run('selStr', async () => 'ok'), 'ok', 'closed for everyone after the probe')
    t.equal(b.snapshot.state, 'closed')

    // A probe that ends without a verdict (the caller left) lets the next call probe.
    await t.rejects(a.run('selStr', fault))
    await t.rejects(a.run('selStr', fault))
    await until(
      'half-open again',
      async () => {
        await b.refresh()
        return b.state === 'half_open'
      },
      REDIS_WAIT,
    )
    await t.rejects(
      b.run('selStr', () => Promise.reject(new UpstreamError('aborted', 'selStr', 'gone'))),
      kind('aborted'),
    )
    t.equal(await a.run('selStr', async () => 'ok'), 'ok', 'the next call probes')
  })

  t.test('Redis lost and back: everything falls back, then resumes', async (t) => {
    const own = await startRedis(t)
    // Long enough that a stalled event loop on a loaded machine is not a loss before the pause.
    const shared = await connect(t, own, 'lost:', 1_000)
    const changes: boolean[] = []
    shared.onChange((usable) => changes.push(usable))
    const fake = countingUpstream({ units: 3 })
    const cache = new CachedUpstream(fake.upstream, TTL, { store: new RedisCacheStore(shared), claimMs: 5_000 })
    const breaker = new CircuitBreaker(1, 60_000, Date.now, {
      store: new RedisCircuit(shared),
      probeMs: 5_000,
      usable: () => shared.usable,
    })
    const budget = new UpstreamBudget(
      { concurrency: 4, perSecond: 100, queueLimit: 10 },
      new RedisBudget(shared, { perSecond: 100, concurrency: 4, leaseMs: 5_000 }),
    )

    own.pause()
    // The first command notices (it times out); the rest skip Redis at once.
    t.same(await cache.searchStores({ keyword: 'a', page: 1, pageSize: 5 }), [store('11199'), store('10528')], 'answers from the upstream')
    await until('Redis is marked lost (its own ping timed out too)', () => !shared.usable, REDIS_WAIT)
    t.equal(shared.status.connected, false)
    t.equal(await budget.run('x', async () => 'local'), 'local', 'the budget runs on the local share')
    await t.rejects(breaker.run('selStr', () => Promise.reject(new UpstreamError('http', 'selStr', 'HTTP 500'))))
    t.equal(breaker.state, 'open', 'the breaker works on this instance alone')
    t.equal(await shared.run(async (r) => r.ping()), undefined, 'operations are skipped while lost')
    own.resume()
    await until('Redis usable again', () => shared.usable, REDIS_WAIT)
    // On a loaded machine one command after the resume may time out again: the status may flap, but it
    // starts with the loss, alternates, and ends usable.
    t.equal(changes[0], false, 'lost first')
    t.equal(changes.at(-1), true, 'then back')
    t.ok(
      changes.every((usable, i) => usable === (i % 2 === 1)),
      `lost and back in turn: ${JSON.stringify(changes)}`,
    )
    t.equal(shared.status.lostSince, null)
    await own.kill()
    await until('a killed Redis is noticed', () => !shared.usable, REDIS_WAIT)
    await own.start()
    await until('and its return', () => shared.usable, REDIS_WAIT)
  })
})
