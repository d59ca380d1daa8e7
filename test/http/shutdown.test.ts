import { spawn } from 'node:child_process'
import { once } from 'node:events'
import t, { type Test } from 'tap'
import { simulator as startSim } from '../helpers/app.js'
import { readToEnd, readUntil, within } from '../helpers/wait.js'

/** Starting a tsx process and a grace period of 5 s on a loaded machine: a liveness bound, not a timing. */
const PROCESS_BOUND_MS = 60_000

/** Starts `store-finder serve` as a child process on a free port and resolves with its URL. */
async function serveChild(t: Test, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/store-finder.ts', 'serve'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  let output = ''
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
  })
  const url = await within('store-finder serve to print its URL', listening, { timeoutMs: PROCESS_BOUND_MS })
  return { child, url, output: () => output }
}

t.test('SIGTERM in the middle of a stream: terminal event, in-flight request finished, exit 0', async (t) => {
  const sim = await startSim(t, { latencyMs: 300 })
  const { child, url, output } = await serveChild(t, { UPSTREAM_BASE_URL: sim.url, SHUTDOWN_GRACE_MS: '5000' })

  const stream = await fetch(`${url}/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9&stream=1`)
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
  let { text } = await readUntil('the first line of the stream', reader, (read) => read.includes('\n'))
  t.match(JSON.parse(text.split('\n')[0]!), { type: 'progress' }, 'the stream is under way')

  // An ordinary request in flight when the signal arrives still gets its answer.
  const inFlight = fetch(`${url}/api/branches/search?keyword=%EB%AA%85%EB%8F%99`)
  await new Promise((r) => setTimeout(r, 50))
  child.kill('SIGTERM')

  text = await readToEnd('the stream to end after SIGTERM', reader, { text, timeoutMs: PROCESS_BOUND_MS })
  const events = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; code?: string })
  const terminal = events.filter((e) => e.type !== 'progress')
  t.equal(terminal.length, 1, 'exactly one terminal event')
  t.match(terminal[0], { type: 'error', code: 'shutting_down' })

  const answered = await within('the in-flight request to be answered', inFlight, { timeoutMs: PROCESS_BOUND_MS })
  t.equal(answered.status, 200, 'the in-flight request finished')
  const [code] = await within('the server to exit after SIGTERM', once(child, 'exit'), { timeoutMs: PROCESS_BOUND_MS })
  t.equal(code, 0, `exit code 0 (${output().slice(-300)})`)
})

t.test('a bad configuration stops start-up with a message naming the variable', async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/store-finder.ts', 'serve'], {
    env: { ...process.env, PORT: 'eighty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  const [code] = await within('store-finder serve to exit on a bad variable', once(child, 'exit'), { timeoutMs: PROCESS_BOUND_MS })
  t.equal(code, 2)
  t.match(stderr, /PORT="eighty": expected a whole number/)
})
