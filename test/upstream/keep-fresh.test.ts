// The pre-auth token kept fresh in the background: renewed before it expires, also while
// idle, one handshake per token lifetime for a fleet sharing one token; a server fetches it and opens its
// connections at start, so its first question makes no handshake. A clock and timers of the test's own for
// the renewal rules; the simulator, counting handshakes, for the runtime.

import t, { type Test } from 'tap'
import { PreAuthSession, type FleetToken, type FleetTokens, type SetTimer } from '../../src/upstream/preauth.js'
import { buildTestApp } from '../helpers/app.js'
import { until } from '../helpers/wait.js'

const KEY = '0123456789abcdef'
const REUSE_MS = 20_000
const MARGIN_MS = 5_000

/** A clock that moves only when told, and the timers that run on it. */
function testClock() {
  let now = 1_800_000_000_000
  const timers = new Set<{ at: number; run: () => void }>()
  const setTimer: SetTimer = (run, ms) => {
    const timer = { at: now + ms, run }
    timers.add(timer)
    return () => timers.delete(timer)
  }
  return {
    now: () => now,
    setTimer,
    pending: () => timers.size,
    /** When the next timer is due. */
    nextAt: () => Math.min(...[...timers].map((timer) => timer.at)),
    /** Moves the clock to the next timer and runs it (and any other due then). */
    next() {
      const due = Math.min(...[...timers].map((timer) => timer.at))
      now = Math.max(now, due)
      for (const timer of [...timers]) {
        if (timer.at <= now) {
          timers.delete(timer)
          timer.run()
        }
      }
    },
  }
}

/** The fleet's one token, in memory (RedisTokens is the same contract over Redis). */
class MemoryTokens implements FleetTokens {
  token: FleetToken | null = null
  #claimed = false
  async get() {
    return this.token
  }
  put(token: FleetToken) {
    this.token = token
  }
  async claim() {
    if (this.#claimed) return false
    this.#claimed = true
    return true
  }
  release() {
    this.#claimed = false
  }
  drop(jwt: string) {
    if (this.token?.jwt === jwt) this.token = null
  }
}

function handshakes() {
  let count = 0
  return {
    get count() {
      return count
    },
    fetch: async () => {
      count += 1
      return { jwt: `header.payload${count}.signature`, uid: `uid-${count}` }
    },
  }
}

/** A session kept fresh on a test clock, once its first token is in: one renewal is then pending. */
async function freshSession(t: Test, reuseMs: number, marginMs?: number) {
  const clock = testClock()
  const upstream = handshakes()
  const session = new PreAuthSession(upstream.fetch, KEY, reuseMs, clock.now)
  session.keepFresh({ ...(marginMs === undefined ? {} : { marginMs }), setTimer: clock.setTimer })
  t.teardown(() => session.stopKeepingFresh())
  await until('the first token', () => upstream.count === 1 && clock.pending() === 1)
  return { clock, upstream, session }
}

t.test('one process: a token at once, renewed before it expires while idle; a question never waits for one', async (t) => {
  const { clock, upstream, session } = await freshSession(t, REUSE_MS, MARGIN_MS)
  const first = await session.headers()
  t.equal(upstream.count, 1, 'the question took the token fetched at start')

  // Idle for five token lifetimes: the renewals run on their own.
  for (let lifetime = 2; lifetime <= 6; lifetime++) {
    clock.next()
    await until(`renewal ${lifetime}`, () => upstream.count === lifetime && clock.pending() === 1)
  }
  const later = await session.headers()
  t.equal(upstream.count, 6, 'after sitting idle the question still made no handshake')
  t.not(later.authorization, first.authorization, 'it carries the renewed token')
  t.equal(later['x-dm-uid'], 'uid-6')

  session.stopKeepingFresh()
  t.equal(clock.pending(), 0, 'the scheduled renewal is cancelled')
})

t.test('a fleet: one handshake per token lifetime, whoever renews first', async (t) => {
  const clock = testClock()
  const upstream = handshakes()
  const tokens = new MemoryTokens()
  const sessions = [0, 1, 2].map(() => new PreAuthSession(upstream.fetch, KEY, REUSE_MS, clock.now, { tokens, claimMs: 5_000 }))
  for (const session of sessions) {
    session.keepFresh({ marginMs: MARGIN_MS, setTimer: clock.setTimer })
    t.teardown(() => session.stopKeepingFresh())
  }
  await until('every instance holds the first token', () => clock.pending() === 3)
  t.equal(upstream.count, 1, 'three instances started with one handshake')

  for (let lifetime = 2; lifetime <= 5; lifetime++) {
    clock.next()
    await until(`every instance renewed (${lifetime})`, () => clock.pending() === 3)
    t.equal(upstream.count, lifetime, `lifetime ${lifetime}: one handshake for the fleet`)
    const uids = await Promise.all(sessions.map(async (s) => (await s.headers())['x-dm-uid']))
    t.same(uids, [`uid-${lifetime}`, `uid-${lifetime}`, `uid-${lifetime}`], 'all hold the same, new token')
  }
  t.equal(upstream.count, 5)
})

t.test('a failed renewal is tried again with a doubling wait, and the held token is used while it lasts', async (t) => {
  const clock = testClock()
  let fail = false
  const at: number[] = []
  const session = new PreAuthSession(
    async () => {
      at.push(clock.now())
      if (fail) throw new Error('the handshake failed')
      return { jwt: `h.p${at.length}.s`, uid: `u${at.length}` }
    },
    KEY,
    REUSE_MS,
    clock.now,
  )
  session.keepFresh({ marginMs: MARGIN_MS, setTimer: clock.setTimer })
  t.teardown(() => session.stopKeepingFresh())
  await until('the first token', () => at.length === 1 && clock.pending() === 1)
  fail = true
  for (let tries = 2; tries <= 4; tries++) {
    clock.next()
    await until(`try ${tries}`, () => at.length === tries && clock.pending() === 1)
  }
  t.equal(at[1]! - at[0]!, REUSE_MS - MARGIN_MS, 'the renewal came a margin before expiry')
  t.same([at[2]! - at[1]!, at[3]! - at[2]!], [1_000, 2_000], 'failed tries are spaced 1 s, then 2 s')
  t.equal((await session.headers())['x-dm-uid'], 'u1', 'the held token is still used for its last seconds')
  fail = false
  clock.next()
  await until('recovered', () => at.length === 5 && clock.pending() === 1)
  t.equal((await session.headers())['x-dm-uid'], 'u5')
})

t.test('a server over the simulator: token at start, renewed while idle, no handshake in a question', async (t) => {
  // An 8 s token reuse, renewed 2 s before it ends: two renewals take the server past a token's lifetime.
  const { app, simulator, runtime } = await buildTestApp(t, {
    env: { UPSTREAM_KEEP_TOKEN_FRESH: 'on', UPSTREAM_TOKEN_REUSE_MS: '8000', UPSTREAM_TIMEOUT_MS: '10000' },
  })
  await until('the token fetched at start', () => simulator.issuedTokens() >= 1, { timeoutMs: 30_000 })
  t.equal(simulator.stats().calls.authRequest, 1, 'before any question')
  await until('two renewals while idle', () => simulator.issuedTokens() >= 3, { timeoutMs: 60_000, intervalMs: 20 })
  // The renewal just made is good for 8 s; stopping the next one keeps its handshake out of the count below.
  runtime.client.preauth.stopKeepingFresh()
  simulator.resetStats()
  const res = await app.inject('/api/products/nearby?keyword=%EC%9A%B0%EC%82%B0&branchCode=11199')
  t.equal(res.statusCode, 200)
  const calls = simulator.stats().calls
  t.equal(calls.authRequest, 0, 'the question made no handshake')
  t.ok(calls.selStrPkupStck >= 1, 'it did ask for stock, with the token held')
  t.equal(simulator.stats().requests.filter((r) => r.authFailure !== undefined).length, 0, 'and the upstream accepted the renewed token')
})

t.test('a short reuse period (1 s, as the bench sets) is renewed before the token ends, not as it ends', async (t) => {
  const { clock, upstream, session } = await freshSession(t, 1_000)
  const due = clock.nextAt() - clock.now()
  t.ok(due < 1_000, `the renewal is due ${due} ms after the token came, which lasts 1,000 ms (default margin: a quarter)`)
  t.ok(due >= 500, 'and not sooner than half the period: renewals stay at most two a period')
  clock.next()
  await until('the renewal', () => upstream.count === 2 && clock.pending() === 1)
  t.equal((await session.headers())['x-dm-uid'], 'uid-2', 'a question after it takes the renewed token, no handshake of its own')
  t.equal(upstream.count, 2)
})

t.test('a reuse period of a few milliseconds is renewed at most four times a second, not in a loop', async (t) => {
  const { clock } = await freshSession(t, 10)
  t.equal(clock.nextAt() - clock.now(), 250, 'the next renewal waits 250 ms, though the token lasts 10 ms')
})
