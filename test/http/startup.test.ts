import { createServer } from 'node:net'
import t, { type Test } from 'tap'
import { buildTestApp, simulator as startSim } from '../helpers/app.js'
import { spawnStoreFinder } from '../helpers/process.js'

/** Runs `store-finder serve` until `done` matches its output (then SIGTERM) or it exits; always bounded. */
async function run(t: Test, env: Record<string, string>, done: RegExp) {
  const proc = spawnStoreFinder(t, 'serve', { LOG_LEVEL: 'info', ...env })
  const check = () => {
    if (done.test(proc.stdout() + proc.stderr())) proc.child.kill('SIGTERM')
  }
  proc.child.stdout.on('data', check)
  proc.child.stderr.on('data', check)
  const code = await proc.exit(`store-finder serve to print ${String(done)} or exit`)
  return { code, stdout: proc.stdout(), stderr: proc.stderr() }
}

t.test('a busy port is one line on stderr and exit 1, not a stack trace', async (t) => {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  t.teardown(() => blocker.close())
  const port = (blocker.address() as { port: number }).port
  const { code, stderr } = await run(t, { PORT: String(port), UPSTREAM_BASE_URL: 'simulated' }, /$^/)
  t.equal(code, 1)
  t.equal(stderr.trim().split('\n').length, 1, stderr)
  t.match(stderr, new RegExp(`store-finder: port ${port} on 127\\.0\\.0\\.1 is already in use.*PORT=`))
})

t.test('the start-up log names the API, /developers and /api/mcp', async (t) => {
  const sim = await startSim(t)
  const { stdout } = await run(t, { PORT: '0', UPSTREAM_BASE_URL: sim.url }, /store-finder ready/)
  t.match(
    stdout,
    /store-finder ready: API http:\/\/127\.0\.0\.1:\d+\/api · docs http:\/\/127\.0\.0\.1:\d+\/developers · MCP http:\/\/127\.0\.0\.1:\d+\/api\/mcp/,
  )
})

t.test('an unreachable upstream is one warning at start-up; the server still serves', async (t) => {
  const { stdout } = await run(t, { PORT: '0', UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_RETRIES: '0' }, /cannot be reached/)
  const warning = stdout.split('\n').find((line) => line.includes('cannot be reached'))
  t.ok(warning)
  t.match(JSON.parse(warning!), { level: 40, msg: /^the upstream at http:\/\/127\.0\.0\.1:9 cannot be reached \(network/ })
})

t.test('a bad configuration is one line', async (t) => {
  const proc = spawnStoreFinder(t, 'serve', { PORT: 'eighty', SCAN_MAX_PAGES: '0' })
  const code = await proc.exit('store-finder serve to exit on bad variables')
  const stderr = proc.stderr()
  t.equal(code, 2)
  t.equal(stderr.trim().split('\n').length, 1, stderr)
  t.match(stderr, /PORT="eighty": expected a whole number.*; SCAN_MAX_PAGES="0": expected at least 1/)
})

t.test('GET / sends browsers to /developers and API clients to /api', async (t) => {
  const { app } = await buildTestApp(t)
  const browser = await app.inject({ url: '/', headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } })
  t.equal(browser.statusCode, 302)
  t.equal(browser.headers.location, '/developers')
  t.match(browser.headers.vary, /accept/i)
  for (const accept of ['*/*', 'application/json', undefined]) {
    const client = await app.inject({ url: '/', headers: accept ? { accept } : {} })
    t.equal(client.statusCode, 302, String(accept))
    t.equal(client.headers.location, '/api', String(accept))
  }
})
