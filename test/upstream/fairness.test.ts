import t from 'tap'
import PQueue from 'p-queue'
import { clientSignal, type ClientKey } from '../../src/client-context.js'
import { UpstreamBudget } from '../../src/upstream/budget.js'
import { FairQueue, SHARED_GROUP_MAX_WEIGHT } from '../../src/upstream/fair-queue.js'
import { ClientKeys } from '../../http/client.js'

// Two clients, one bursting: the other's call must be served in turn, not after the whole burst. Counted
// in calls started before it (deterministic); the milliseconds are printed as figures, never asserted.

const BURST = 40
const CALL_MS = 10
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const alice: ClientKey = { group: '198.51.100.7', member: '198.51.100.7', shared: false }
const bob: ClientKey = { group: '203.0.113.9', member: '203.0.113.9', shared: false }

/** Alice sends BURST calls at once, then Bob one; how many of Alice's start before Bob's, and Bob's wait. */
async function scenario(run: (client: ClientKey, task: () => Promise<void>) => Promise<void>) {
  const order: string[] = []
  const burst = Array.from({ length: BURST }, () =>
    run(alice, async () => {
      order.push('alice')
      await sleep(CALL_MS)
    }),
  )
  const asked = performance.now()
  let waitedMs = 0
  const bobsCall = run(bob, async () => {
    waitedMs = performance.now() - asked
    order.push('bob')
    await sleep(CALL_MS)
  })
  await Promise.all([...burst, bobsCall])
  return { before: order.indexOf('bob'), waitedMs }
}

t.test('one client bursting, another served in turn (and the figures without fairness)', async (t) => {
  const budget = new UpstreamBudget({ concurrency: 2, perSecond: 1_000, queueLimit: 1_000 })
  const fair = await scenario((client, task) => budget.run('selStr', task, clientSignal(client)))

  const fifo = new PQueue({ concurrency: 2 }) // the budget before: first come, first served
  const unfair = await scenario((_client, task) => fifo.add(task))

  t.ok(fair.before <= 2 + 1, `Bob's call starts after at most concurrency + 1 of Alice's (${fair.before})`)
  t.equal(unfair.before, BURST, 'first come first served: Bob waits for the whole burst')
  t.comment(
    `figures: ${BURST} calls of ${CALL_MS} ms from Alice, concurrency 2; Bob's call waited ${fair.waitedMs.toFixed(0)} ms ` +
      `(${fair.before} of Alice's calls first) with fairness, ${unfair.waitedMs.toFixed(0)} ms (${unfair.before} first) without`,
  )
})

t.test('the fair queue takes turns by group, then by member; a shared egress group gets more turns', async (t) => {
  const queue = new FairQueue()
  const served: string[] = []
  const task = (name: string) => async () => {
    served.push(name)
  }
  const egress = (member: string): ClientKey => ({ group: '160.79.104.0/21', member, shared: true })
  for (let i = 0; i < 3; i += 1) queue.enqueue(task(`a${i}`), { client: alice })
  for (const m of ['u1', 'u2', 'u3']) for (let i = 0; i < 2; i += 1) queue.enqueue(task(`${m}.${i}`), { client: egress(m) })
  queue.enqueue(task('b0'), { client: bob })
  t.equal(queue.size, 10)
  for (let run = queue.dequeue(); run; run = queue.dequeue()) await run()
  t.same(served, ['a0', 'u1.0', 'u2.0', 'u3.0', 'b0', 'a1', 'u1.1', 'u2.1', 'u3.1', 'a2'])
  t.equal(queue.size, 0)
  t.ok(SHARED_GROUP_MAX_WEIGHT >= 3)
})

t.test('a removed (aborted) call leaves the queue', async (t) => {
  const queue = new FairQueue()
  const one = async () => {}
  const two = async () => {}
  queue.enqueue(one, { client: alice })
  queue.enqueue(two, { client: bob })
  queue.remove(one)
  t.equal(queue.size, 1)
  t.equal(queue.dequeue(), two)
  t.equal(queue.dequeue(), undefined)
})

t.test('client keys: address, shared egress range, openai/subject with the address as backstop', async (t) => {
  const keys = new ClientKeys(['160.79.104.0/21'])
  t.same(keys.keyOf('198.51.100.7', undefined), { group: '198.51.100.7', member: '198.51.100.7', shared: false })
  t.same(keys.keyOf('160.79.105.20', undefined), { group: '160.79.104.0/21', member: '160.79.105.20', shared: true })
  t.same(keys.keyOf('::ffff:160.79.111.255', 'user-1'), { group: '160.79.104.0/21', member: 'subject:user-1', shared: true })
  t.same(keys.keyOf('160.79.112.1', undefined).shared, false, 'just outside the /21')
  // Elsewhere a subject splits the address's turn but the group stays the address: rotating subjects earns nothing.
  t.same(keys.keyOf('198.51.100.7', 'user-2'), { group: '198.51.100.7', member: 'subject:user-2', shared: false })
  t.equal(keys.keyOf('198.51.100.7', 'x'.repeat(500)).member, '198.51.100.7', 'an absurd subject is ignored')
})
