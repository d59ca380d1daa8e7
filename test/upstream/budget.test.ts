import t from 'tap'
import { UpstreamBudget } from '../../src/upstream/budget.js'
import { CircuitBreaker } from '../../src/upstream/circuit.js'
import { UpstreamError } from '../../src/upstream/errors.js'

const tick = () => new Promise((r) => setImmediate(r))

t.test('the budget never runs more than its concurrency at once', async (t) => {
  const budget = new UpstreamBudget({ concurrency: 3, perSecond: 1_000, queueLimit: 100 })
  let running = 0
  let peak = 0
  await Promise.all(
    Array.from({ length: 20 }, () =>
      budget.run('x', async () => {
        running += 1
        peak = Math.max(peak, running)
        await tick()
        running -= 1
      }),
    ),
  )
  t.equal(peak, 3)
  t.equal(budget.stats.maxRunning, 3)
  t.equal(budget.stats.started, 20)
})

t.test('a full queue refuses at once with overloaded and a Retry-After', async (t) => {
  const budget = new UpstreamBudget({ concurrency: 1, perSecond: 1_000, queueLimit: 2 })
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const held = [budget.run('x', () => gate), budget.run('x', () => gate), budget.run('x', () => gate)]
  await tick()
  const refused = await budget.run('selStr', async () => 'never').catch((e: unknown) => e)
  t.ok(refused instanceof UpstreamError)
  t.equal((refused as UpstreamError).kind, 'overloaded')
  t.equal((refused as UpstreamError).retryAfterSeconds, 1)
  t.equal(budget.stats.rejected, 1)
  release()
  await Promise.all(held)
})

t.test('a queued call whose caller leaves is dropped as aborted', async (t) => {
  const budget = new UpstreamBudget({ concurrency: 1, perSecond: 1_000, queueLimit: 10 })
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const first = budget.run('x', () => gate)
  const controller = new AbortController()
  let ran = false
  const second = budget.run(
    'x',
    async () => {
      ran = true
    },
    controller.signal,
  )
  controller.abort(new Error('gone'))
  const error = await second.catch((e: unknown) => e)
  t.equal((error as UpstreamError).kind, 'aborted')
  release()
  await first
  t.notOk(ran, 'the dropped call never ran')
})

const fault = () => new UpstreamError('http', 'selStr', 'HTTP 500', { status: 500 })

t.test('the breaker opens after consecutive faults, fails fast, then probes and closes', async (t) => {
  let now = 0
  const breaker = new CircuitBreaker(3, 10_000, () => now)
  for (let i = 0; i < 3; i++) await t.rejects(breaker.run('selStr', () => Promise.reject(fault())))
  t.equal(breaker.state, 'open')
  let called = false
  const fast = await breaker.run('selStr', async () => ((called = true), 1)).catch((e: unknown) => e)
  t.notOk(called, 'no upstream call while open')
  t.equal((fast as UpstreamError).kind, 'circuit_open')
  t.equal((fast as UpstreamError).retryAfterSeconds, 10)
  now = 4_000
  t.equal(breaker.snapshot.retryAfterSeconds, 6)
  now = 10_000
  t.equal(breaker.state, 'half_open')
  t.equal(await breaker.run('selStr', async () => 'ok'), 'ok')
  t.equal(breaker.state, 'closed')
})

t.test('a failed probe opens the breaker again', async (t) => {
  let now = 0
  const breaker = new CircuitBreaker(1, 1_000, () => now)
  await t.rejects(breaker.run('x', () => Promise.reject(fault())))
  now = 1_000
  await t.rejects(breaker.run('x', () => Promise.reject(fault())))
  t.equal(breaker.state, 'open')
  t.equal(breaker.snapshot.opens, 2)
})

t.test('only one probe at a time while half-open', async (t) => {
  let now = 0
  const breaker = new CircuitBreaker(1, 1_000, () => now)
  await t.rejects(breaker.run('x', () => Promise.reject(fault())))
  now = 1_000
  let release: () => void = () => {}
  const probe = breaker.run('x', () => new Promise<void>((r) => (release = r)))
  const second = await breaker.run('x', async () => 'no').catch((e: unknown) => e)
  t.equal((second as UpstreamError).kind, 'circuit_open')
  release()
  await probe
  t.equal(breaker.state, 'closed')
})

t.test('logical rejections, aborts and our own overload do not count as upstream faults', async (t) => {
  const breaker = new CircuitBreaker(1, 1_000)
  await t.rejects(breaker.run('x', () => Promise.reject(new UpstreamError('rejected', 'x', 'no such product'))))
  await t.rejects(breaker.run('x', () => Promise.reject(new UpstreamError('aborted', 'x', 'gone'))))
  await t.rejects(breaker.run('x', () => Promise.reject(new UpstreamError('overloaded', 'x', 'full'))))
  await t.rejects(breaker.run('x', () => Promise.reject(new Error('plain bug'))))
  t.equal(breaker.state, 'closed')
})

t.test('a success resets the count of consecutive faults', async (t) => {
  const breaker = new CircuitBreaker(2, 1_000)
  await t.rejects(breaker.run('x', () => Promise.reject(fault())))
  await breaker.run('x', async () => 1)
  await t.rejects(breaker.run('x', () => Promise.reject(fault())))
  t.equal(breaker.state, 'closed')
})
