// The fleet-wide fair share, against a real redis-server of the test's own: two "instances" in one process
// (each its own Redis connection, RedisBudget and UpstreamBudget over the same keys). A client bursting on
// one instance must not hold back a client on the other for more than a turn or two; a client alone keeps
// the whole budget; a shared-egress group gets a few turns in a row; a caller that is gone stops holding
// its turn; and every key the turns use expires by itself. Counts and orders only, never times.

import t from 'tap'
import { clientSignal, type ClientKey } from '../../src/client-context.js'
import { UpstreamBudget } from '../../src/upstream/budget.js'
import { SHARED_GROUP_MAX_WEIGHT } from '../../src/upstream/fair-queue.js'
import { RedisBudget } from '../../src/upstream/fleet/budget.js'
import { FleetRedis, type BudgetCaller } from '../../src/upstream/fleet/redis.js'
import { burstAndTrickle } from '../../bench/lib/fair-share.js'
import { startRedis } from '../helpers/redis.js'
import { until } from '../helpers/wait.js'

const alice: ClientKey = { group: '198.51.100.7', member: '198.51.100.7', shared: false }
const bob: ClientKey = { group: '203.0.113.9', member: '203.0.113.9', shared: false }
const TURNS = { graceMs: 300, sharedWeight: SHARED_GROUP_MAX_WEIGHT, memoryMs: 10_000 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('fair share across a fleet', async (t) => {
  const redis = await startRedis(t)
  let prefixes = 0
  const fresh = () => `fair${++prefixes}:`
  // A loaded test machine stalls event loops; Redis must not look lost then.
  const connect = async (prefix: string) => {
    const shared = await FleetRedis.connect({ url: redis.url, keyPrefix: prefix, timeoutMs: 3_000, heartbeatMs: 100 })
    t.teardown(() => shared.close())
    return shared
  }
  const instance = async (prefix: string, perSecond: number, concurrency: number) => {
    const fleet = new RedisBudget(await connect(prefix), { perSecond, concurrency, leaseMs: 20_000 })
    return { fleet, budget: new UpstreamBudget({ concurrency, perSecond, queueLimit: 1_000 }, fleet) }
  }

  t.test('a burst on one instance holds back a client on another by a turn or two', async (t) => {
    const prefix = fresh()
    const one = await instance(prefix, 10, 2)
    const two = await instance(prefix, 10, 2)
    const fair = await burstAndTrickle(one.budget, two.budget, { burst: 40, trickle: 3, startAfter: 3, callMs: 20, a: alice, b: bob })
    t.equal(fair.waits.length, 3)
    for (const [i, wait] of fair.waits.entries()) {
      t.ok(wait.burstGrants <= 3, `Bob's call ${i + 1} waited behind ${wait.burstGrants} of Alice's calls (at most 3)`)
    }
    t.ok(fair.order.lastIndexOf('B') < fair.order.length - 20, "Bob's calls were all done well before Alice's burst")
    t.ok(one.fleet.stats.othersTurn > 0, "Alice's pollers were told it was another client's turn")

    // The same without client keys: first come first served between the instances (figures, not asserted:
    // who polls first is chance, and the burst has as many pollers as its instance has slots).
    const fcfsPrefix = fresh()
    const three = await instance(fcfsPrefix, 10, 2)
    const four = await instance(fcfsPrefix, 10, 2)
    const fcfs = await burstAndTrickle(three.budget, four.budget, { burst: 40, trickle: 3, startAfter: 3, callMs: 20 })
    const show = (waits: typeof fair.waits) => waits.map((w) => `${w.burstGrants} (${w.ms.toFixed(0)} ms)`).join(', ')
    t.comment(`figures: Bob's calls waited behind Alice's: ${show(fair.waits)} in turn; ${show(fcfs.waits)} first come first served`)
  })

  t.test('a client alone keeps the whole budget: never told to wait for a turn', async (t) => {
    const prefix = fresh()
    const one = await instance(prefix, 1_000, 4)
    const two = await instance(prefix, 1_000, 4)
    const carol: ClientKey = { group: '192.0.2.1', member: '192.0.2.1', shared: false }
    let done = 0
    const calls = Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? one : two).budget.run('x', async () => void (done += 1), clientSignal(carol)),
    )
    await Promise.all(calls)
    t.equal(done, 60)
    t.equal(one.fleet.stats.othersTurn + two.fleet.stats.othersTurn, 0, 'no attempt refused for another client')
    t.equal(one.fleet.stats.granted + two.fleet.stats.granted, 60, 'one fleet permit per call')
  })

  t.test('the turn order, attempt by attempt', async (t) => {
    const shared = await connect(fresh())
    const limits = { rate: 1_000, windowMs: 1_100, concurrency: 1, leaseMs: 20_000 }
    const caller = (key: ClientKey, id: string): BudgetCaller => ({ id, ...key })
    const attempt = async (who: BudgetCaller) => (await shared.budgetAttempt(limits, who, TURNS))?.[0]
    // Distinct milliseconds between steps, so that "served before" is never a tie.
    const step = () => sleep(3)

    t.equal(await attempt(caller(alice, 'a1')), 0, 'uncontended: granted at once')
    await step()
    t.equal(await attempt(caller(bob, 'b1')), -1, 'Bob waits: the one slot is taken')
    t.equal(await attempt(caller(alice, 'a2')), -1, 'so does Alice')
    shared.releasePermit('a1')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(caller(alice, 'a2')), 0, 'Alice was served before Bob came: her turn comes first')
    await step()
    shared.releasePermit('a2')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(caller(alice, 'a3')), -2, "then it is Bob's turn: Alice's next call is refused")
    t.equal(await attempt(caller(bob, 'b1')), 0, 'and Bob gets the slot')
    await step()
    shared.releasePermit('b1')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(caller(alice, 'a3')), 0, 'Bob waits no more: Alice again')
    shared.releasePermit('a3')

    // The same steps with no client keys (the budget before turns): whoever asks first gets the slot.
    const anonymous = (id: string): BudgetCaller => ({ id, group: '', member: '', shared: false })
    await until('the permit is back', async () => (await attempt(anonymous('n1'))) === 0)
    await step()
    t.equal(await attempt(anonymous('nb1')), -1, "the other client's call waits")
    shared.releasePermit('n1')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(anonymous('n2')), 0, 'and the burst asking first takes the slot')
    await step()
    shared.releasePermit('n2')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(anonymous('n3')), 0, 'again: nothing passes the turn')
    shared.releasePermit('n3')
    t.equal(await attempt(anonymous('nb1')), 0)
    shared.releasePermit('nb1')

    // A shared egress group with three members waiting gets three turns in a row; a plain group one.
    const egress = (member: string): BudgetCaller => ({ id: `e-${member}`, group: '160.79.104.0/21', member, shared: true })
    await until('the permit is back', async () => (await attempt(caller(alice, 'a0'))) === 0)
    await step()
    for (const m of ['u1', 'u2', 'u3']) t.equal(await attempt(egress(m)), -1)
    for (const id of ['a4', 'a5']) t.equal(await attempt(caller(alice, id)), -1)
    const served: string[] = []
    let last = 'a0'
    while (served.length < 5) {
      shared.releasePermit(last)
      await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
      await step()
      for (const who of [caller(alice, 'a4'), caller(alice, 'a5'), egress('u1'), egress('u2'), egress('u3')]) {
        if (served.includes(who.id)) continue
        if ((await attempt(who)) === 0) {
          served.push(who.id)
          last = who.id
          break
        }
      }
    }
    t.same(served, ['a4', 'e-u1', 'e-u2', 'e-u3', 'a5'], "Alice's turn (served before the group came), the group's three, Alice's")
    shared.releasePermit(last)
  })

  t.test('a lost waiting list (a key evicted) cannot freeze the turn order', async (t) => {
    const prefix = fresh()
    const shared = await connect(prefix)
    const limits = { rate: 1_000, windowMs: 1_100, concurrency: 1, leaseMs: 20_000 }
    const turns = { ...TURNS, memoryMs: 200 }
    const attempt = async (who: BudgetCaller) => (await shared.budgetAttempt(limits, who, turns))?.[0]
    t.equal(await attempt({ id: 'c1', group: '192.0.2.1', member: '192.0.2.1', shared: false }), 0)
    await sleep(3)
    t.equal(await attempt({ id: 'b1', ...bob }), -1)
    await sleep(3)
    t.equal(await attempt({ id: 'a1', ...alice }), -1)
    shared.releasePermit('c1')
    await redis.command('DEL', `${prefix}budget:waiting`)
    // Bob's count says he waits, and Alice's callers keep joining (each refreshes the keys' time to live).
    let calls = 0
    let refused = 0
    await until('Alice is granted', async () => {
      const reply = await attempt({ id: `a${++calls}`, ...alice })
      if (reply === -2) refused += 1
      return reply === 0
    })
    t.ok(refused >= 1, `Bob's stale turn held Alice back ${refused} times, not for ever`)
  })

  t.test('a caller that is gone stops holding its turn; every key expires by itself', async (t) => {
    const prefix = fresh()
    const shared = await connect(prefix)
    const limits = { rate: 1_000, windowMs: 1_100, concurrency: 1, leaseMs: 20_000 }
    const attempt = async (who: BudgetCaller) => (await shared.budgetAttempt(limits, who, TURNS))?.[0]
    const a = (id: string): BudgetCaller => ({ id, ...alice })
    const b = (id: string): BudgetCaller => ({ id, ...bob })

    t.equal(await attempt(a('a1')), 0)
    await sleep(3)
    t.equal(await attempt(b('b1')), -1, 'Bob waits, and then his instance dies: he never asks again')
    t.equal(await attempt(a('a2')), -1)
    shared.releasePermit('a1')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(a('a2')), 0, "Alice's turn")
    shared.releasePermit('a2')
    await until('the permit is back', async () => (await shared.run((r) => r.zcard('budget:running'))) === 0)
    t.equal(await attempt(a('a3')), -2, "then Bob's, while he counts as waiting")
    let refused = 0
    await until('Bob no longer counts as waiting (after the grace)', async () => {
      const reply = await attempt(a('a3'))
      if (reply === -2) refused += 1
      return reply === 0
    })
    t.ok(refused >= 1, `refused ${refused} times, then granted`)
    shared.releasePermit('a3')

    // Cancelled: leaves at once, no grace.
    const one = new RedisBudget(shared, { perSecond: 1_000, concurrency: 1, leaseMs: 20_000 })
    const release = await one.acquire('x', undefined, alice)
    const controller = new AbortController()
    const waiting = one.acquire('x', controller.signal, bob)
    await until('Bob is registered as waiting', async () => (await redis.command('ZCARD', `${prefix}budget:waiting`)) === ':1\r\n')
    controller.abort(new Error('gone'))
    await t.rejects(waiting, /gone/)
    await until('Bob left the turn order', async () => (await redis.command('ZCARD', `${prefix}budget:turns`)) === ':0\r\n')
    release?.()

    for (const key of ['waiting', 'turns', 'served', 'counts', 'recent', 'running']) {
      const ttl = await redis.command('PTTL', `${prefix}budget:${key}`)
      const ms = Number(ttl.slice(1))
      // -2: gone already; else a time to live, at most the turn order's memory (2 × the lease here).
      t.ok(ms === -2 || (ms > 0 && ms <= 40_000), `budget:${key} expires by itself (${ttl.trim()})`)
    }
  })
})
