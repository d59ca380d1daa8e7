// The standalone simulator process (npm run simulator): environment validation, startup line, shutdown.
import t from 'tap'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { simulatorOptionsFromEnv, SimulatorConfigError } from '../../simulator/main.js'
import { until, within } from '../helpers/wait.js'

const MAIN = fileURLToPath(new URL('../../simulator/main.ts', import.meta.url))
/** Starting a tsx process on a loaded machine can take seconds; a liveness bound, not a timing. */
const START_BOUND_MS = 60_000

t.test('defaults: port 4010 on 127.0.0.1 without latency', async (t) => {
  t.same(simulatorOptionsFromEnv({}), { port: 4010, host: '127.0.0.1', latencyMs: 0 })
  t.same(simulatorOptionsFromEnv({ SIMULATOR_PORT: '0', SIMULATOR_HOST: ' 0.0.0.0 ', SIMULATOR_LATENCY_MS: '250', SIMULATOR_SEED: '7' }), {
    port: 0,
    host: '0.0.0.0',
    latencyMs: 250,
    seed: 7,
  })
  t.same(simulatorOptionsFromEnv({ SIMULATOR_PORT: '', SIMULATOR_SEED: ' ' }), { port: 4010, host: '127.0.0.1', latencyMs: 0 })
  t.match(simulatorOptionsFromEnv({ SIMULATOR_DRIFT: ' placement:storeErp->storeCode ' }), { drift: 'placement:storeErp->storeCode' })
})

t.test('a bad value is an error naming the variable', async (t) => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ SIMULATOR_PORT: 'abc' }, /SIMULATOR_PORT/],
    [{ SIMULATOR_PORT: '70000' }, /SIMULATOR_PORT/],
    [{ SIMULATOR_PORT: '-1' }, /SIMULATOR_PORT/],
    [{ SIMULATOR_LATENCY_MS: '1.5' }, /SIMULATOR_LATENCY_MS/],
    [{ SIMULATOR_HOST: '  ' }, /SIMULATOR_HOST/],
    [{ SIMULATOR_SEED: 'x' }, /SIMULATOR_SEED/],
    [{ SIMULATOR_DRIFT: 'stck->stock' }, /SIMULATOR_DRIFT/],
    [{ SIMULATOR_DRIFT: 'nowhere:a->b' }, /SIMULATOR_DRIFT/],
    [{ SIMULATOR_DRIFT: 'stock:a->a' }, /SIMULATOR_DRIFT/],
  ]
  for (const [env, message] of cases) {
    t.throws(() => simulatorOptionsFromEnv(env), SimulatorConfigError, JSON.stringify(env))
    t.throws(() => simulatorOptionsFromEnv(env), message)
  }
})

function run(env: Record<string, string>): { child: ReturnType<typeof spawn>; stderr: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stderr: () => stderr, exit }
}

t.test('the process prints its URL on stderr, serves, and exits cleanly on SIGTERM', async (t) => {
  const proc = run({ SIMULATOR_PORT: '0' })
  t.teardown(() => {
    if (proc.child.exitCode === null) proc.child.kill('SIGKILL')
  })
  await until(
    'the simulator to print its URL',
    () => {
      if (proc.child.exitCode !== null) throw new Error(`exited early: ${proc.stderr()}`)
      return /listening on http:\/\/[^\s]+/.test(proc.stderr())
    },
    { timeoutMs: START_BOUND_MS, intervalMs: 20 },
  )
  const url = /listening on (http:\/\/\S+)/.exec(proc.stderr())?.[1] ?? ''
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
  const res = await fetch(url + '/__sim/stats')
  t.match(await res.json(), { total: 0 })
  proc.child.kill('SIGTERM')
  t.equal(await within('the simulator to exit after SIGTERM', proc.exit, { timeoutMs: START_BOUND_MS }), 0)
})

t.test('the process exits 1 with a message on a bad variable', async (t) => {
  const proc = run({ SIMULATOR_LATENCY_MS: 'slow' })
  t.equal(await within('the simulator to exit on a bad variable', proc.exit, { timeoutMs: START_BOUND_MS }), 1)
  t.match(proc.stderr(), /SIMULATOR_LATENCY_MS/)
})
