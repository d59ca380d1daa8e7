import t from 'tap'
import { buildApp } from '../../http/app.js'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { describeNetworkFailure } from '../../src/upstream/errors.js'
import { testEnv } from '../helpers/app.js'
import { connectHttp, connectStdio } from '../helpers/mcp-client.js'
import { runCli } from '../helpers/cli.js'
import { freePort } from '../helpers/ports.js'

/*
 * A person offline (or behind a firewall) must learn from every door what failed and how to try the
 * service anyway: the built-in simulator (UPSTREAM_BASE_URL=simulated; the CLI's --simulated).
 */

const refused = `http://127.0.0.1:${await freePort()}`
// RFC 2606: .invalid never resolves, so this is a DNS failure on any machine, online or not.
const unresolvable = 'http://store-finder-upstream.invalid'

for (const [what, upstream, cause] of [
  ['connection refused', refused, /connection was refused \(ECONNREFUSED\)/],
  ['DNS failure', unresolvable, /host name does not resolve \(DNS (ENOTFOUND|EAI_AGAIN)\)/],
] as const) {
  t.test(`${what}: REST and MCP over HTTP name the cause and the offline option`, async (t) => {
    const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: upstream, UPSTREAM_RETRIES: '0' })))
    const app = await buildApp({ runtime })
    t.teardown(async () => {
      await app.close()
      await runtime.close()
    })

    const res = await app.inject({ url: `/api/branches/search?keyword=${encodeURIComponent('강남')}` })
    t.equal(res.statusCode, 502)
    const body = res.json<{ code: string; message: string; hint: string; detail: string }>()
    t.equal(body.code, 'upstream_error')
    t.match(body.message, cause, 'the message names the cause')
    t.match(body.hint, /UPSTREAM_BASE_URL=simulated/, 'the hint names the way to try offline')
    t.match(body.hint, /\/api\/sandbox/, 'and the sandbox')
    t.notMatch(body.hint, /\{[A-Za-z]+\}/, 'no placeholder left')

    const products = await app.inject({ url: `/api/products?branchCode=11199&keyword=${encodeURIComponent('수납')}` })
    t.equal(products.statusCode, 500, 'a product operation, as the spec maps it')
    t.match(products.json<{ hint: string }>().hint, /UPSTREAM_BASE_URL=simulated/)

    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const { client } = await connectHttp(t, url, { name: 'offline-test' })
    const result = await client.callTool({ name: 'search_stores', arguments: { keyword: '강남' } })
    t.equal(result.isError, true)
    const mcp = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { message: string; hint: string }
    t.match(mcp.message, cause)
    t.match(mcp.hint, /restart the server with UPSTREAM_BASE_URL=simulated/)
  })
}

t.test('the health route reports the real cause while the breaker is open, and the start-up warning says how to go offline', async (t) => {
  const runtime = await createRuntime(
    loadConfig(testEnv({ UPSTREAM_BASE_URL: unresolvable, UPSTREAM_RETRIES: '0', CIRCUIT_FAILURE_THRESHOLD: '1' })),
  )
  const app = await buildApp({ runtime })
  t.teardown(async () => {
    await app.close()
    await runtime.close()
  })
  const problem = await runtime.startupProblem()
  t.match(problem, /cannot be reached \(network: its host name does not resolve/)
  t.match(problem, /To try the service offline, \{offlineOption\}/, 'domain text; each door speaks it')
  t.equal(runtime.client.circuit.state, 'open', 'one failure opened the breaker')

  const open = await app.inject({ url: `/api/branches/search?keyword=${encodeURIComponent('강남')}` })
  t.equal(open.statusCode, 503)
  const failingFast = open.json<{ code: string; hint: string; detail: string }>()
  t.equal(failingFast.code, 'upstream_unavailable')
  t.match(failingFast.detail, /last: stores: its host name does not resolve/, 'the cause, not only "failing fast"')
  t.match(failingFast.hint, /UPSTREAM_BASE_URL=simulated/)

  const health = await app.inject({ url: '/api/health/upstream' })
  t.equal(health.statusCode, 503)
  const report = health.json<{ hint: string; steps: Array<{ step: string; ok: boolean; detail?: string }> }>()
  t.ok(report.steps.length > 0)
  for (const step of report.steps) {
    t.equal(step.ok, false, step.step)
    t.notMatch(step.detail, /^circuit_open/, `${step.step}: not "circuit_open"`)
  }
  t.match(report.steps[0]?.detail, /^network: its host name does not resolve/)
  t.match(report.hint, /UPSTREAM_BASE_URL=simulated/)
  t.notOk('unreachable' in report, 'the internal flag is not part of the response')
})

t.test('MCP over stdio: the warnings and the error result name the cause and the host-config way offline', async (t) => {
  const { client, stderr } = await connectStdio(t, {
    name: 'offline-stdio',
    env: { UPSTREAM_BASE_URL: refused, UPSTREAM_RETRIES: '0', LOG_LEVEL: 'info' },
  })
  const result = await client.callTool({ name: 'search_stores', arguments: { keyword: '강남' } })
  t.equal(result.isError, true)
  const body = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { message: string; hint: string }
  t.match(body.message, /ECONNREFUSED/)
  t.match(body.hint, /"env": \{"UPSTREAM_BASE_URL": "simulated"\}/)
  await client.close()
  t.match(
    stderr(),
    /warn: the upstream at .* cannot be reached \(network: the connection was refused \(ECONNREFUSED\)\).*UPSTREAM_BASE_URL/,
  )
  t.match(stderr(), /warn: search_stores failed: upstream_error: .*ECONNREFUSED.*"UPSTREAM_BASE_URL": "simulated"/)
})

t.test('the CLI: exit 4, the cause and --simulated', async (t) => {
  for (const upstream of [refused, unresolvable]) {
    const { code, stderr } = await runCli(['stores', '강남'], { UPSTREAM_BASE_URL: upstream, UPSTREAM_RETRIES: '0', LOG_LEVEL: 'silent' })
    t.equal(code, 4)
    t.match(stderr, /could not be reached: (the connection was refused|its host name does not resolve)/)
    t.match(stderr, /hint: .*add --simulated/)
  }
})

t.test('TLS and route failures are unreachable too; other network errors are not', async (t) => {
  t.match(describeNetworkFailure('CERT_HAS_EXPIRED'), { unreachable: 'tls', detail: /TLS handshake failed \(CERT_HAS_EXPIRED\)/ })
  t.match(describeNetworkFailure('ERR_TLS_CERT_ALTNAME_INVALID'), { unreachable: 'tls' })
  t.match(describeNetworkFailure('DEPTH_ZERO_SELF_SIGNED_CERT'), { unreachable: 'tls' })
  t.match(describeNetworkFailure('EHOSTUNREACH'), { unreachable: 'route' })
  t.same(describeNetworkFailure('ECONNRESET'), { detail: 'network error ECONNRESET' }, 'a reset is not "offline"')
  t.same(describeNetworkFailure(undefined), { detail: 'network error' })
})
