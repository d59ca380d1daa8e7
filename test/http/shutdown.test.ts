import t, { type Test } from 'tap'
import { simulator as startSim } from '../helpers/app.js'
import { PROCESS_BOUND_MS, spawnStoreFinder } from '../helpers/process.js'
import { readToEnd, readUntil, until, within } from '../helpers/wait.js'
import { ndjsonEvents } from '../helpers/ndjson.js'

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/

/** Starts `store-finder serve` as a child process on a free port and resolves with its URL. */
async function serveChild(t: Test, env: Record<string, string>) {
  const proc = spawnStoreFinder(t, 'serve', { PORT: '0', LOG_LEVEL: 'info', ...env })
  await until(
    'store-finder serve to print its URL',
    () => {
      if (proc.child.exitCode !== null) throw new Error(`exited ${proc.child.exitCode}: ${proc.stdout()}`)
      return LISTENING.test(proc.stdout())
    },
    { timeoutMs: PROCESS_BOUND_MS, intervalMs: 20 },
  )
  return { proc, url: LISTENING.exec(proc.stdout())![1]!, output: proc.stdout }
}

t.test('SIGTERM in the middle of a stream: terminal event, in-flight request finished, exit 0', async (t) => {
  const sim = await startSim(t, { latencyMs: 300 })
  const { proc, url, output } = await serveChild(t, { UPSTREAM_BASE_URL: sim.url, SHUTDOWN_GRACE_MS: '5000' })

  const stream = await fetch(`${url}/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9&stream=1`)
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
  let { text } = await readUntil('the first line of the stream', reader, (read) => read.includes('\n'))
  t.match(JSON.parse(text.split('\n')[0]!), { type: 'progress' }, 'the stream is under way')

  // An ordinary request in flight when the signal arrives still gets its answer. The signal waits until the
  // server holds it (its upstream call has reached the simulator) or has answered it (the store list was
  // ready): a fixed pause lost that race on a loaded machine.
  let settled = false
  const inFlight = fetch(`${url}/api/branches/search?keyword=%EB%AA%85%EB%8F%99`).finally(() => {
    settled = true
  })
  await until(
    'the in-flight request to reach the server',
    () => settled || sim.stats().requests.some((r) => JSON.stringify(r.body ?? null).includes('명동')),
    {
      timeoutMs: PROCESS_BOUND_MS,
      intervalMs: 5,
    },
  )
  proc.child.kill('SIGTERM')

  text = await readToEnd('the stream to end after SIGTERM', reader, { text, timeoutMs: PROCESS_BOUND_MS })
  const events = ndjsonEvents<{ type: string; code?: string }>(text)
  const terminal = events.filter((e) => e.type !== 'progress')
  t.equal(terminal.length, 1, 'exactly one terminal event')
  t.match(terminal[0], { type: 'error', code: 'shutting_down' })

  const answered = await within('the in-flight request to be answered', inFlight, { timeoutMs: PROCESS_BOUND_MS })
  t.equal(answered.status, 200, 'the in-flight request finished')
  const code = await proc.exit('the server to exit after SIGTERM')
  t.equal(code, 0, `exit code 0 (${output().slice(-300)})`)
})

t.test('a bad configuration stops start-up with a message naming the variable', async (t) => {
  const proc = spawnStoreFinder(t, 'serve', { PORT: 'eighty' })
  const code = await proc.exit('store-finder serve to exit on a bad variable')
  t.equal(code, 2)
  t.match(proc.stderr(), /PORT="eighty": expected a whole number/)
})
