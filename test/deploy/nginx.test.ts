// deploy/nginx.conf under Debian's nginx (apt-get install nginx; .ci/run installs it): the file as shipped,
// with only its instance lines and its listen port pointed at this test's loopback, checked with `nginx -t`
// and then run in front of two instances. It must spread requests round-robin, pass NDJSON on line by
// line, and forward the client's address so the instances (TRUST_PROXY=127.0.0.1, nginx's address here)
// see the client, while an X-Forwarded-For the client forged is ignored.

import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp, simulator, type TestContext } from '../helpers/app.js'
import { ROOT } from '../helpers/process.js'
import { until, within } from '../helpers/wait.js'
import { freePort } from '../helpers/ports.js'

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const q = encodeURIComponent('수납')


/** The shipped site file, its instance lines and listen port replaced, inside a main configuration of the test's own. */
function loopbackConfig(site: string, dir: string, listenPort: number, instancePorts: number[]): string {
  const upstream = /upstream store_finder \{[\s\S]*?\n\}/.exec(site)?.[0]
  if (!upstream) throw new Error('deploy/nginx.conf has no "upstream store_finder" block')
  const servers = upstream.match(/^\s*server\s+[^;]+;/gm) ?? []
  if (servers.length === 0) throw new Error('the upstream block names no server')
  let pointed = upstream.replace(/^\s*server\s+[^;]+;\n/gm, '')
  pointed = pointed.replace('upstream store_finder {', `upstream store_finder {\n${instancePorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}`)
  const siteHere = site.replace(upstream, pointed).replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`)
  if (!siteHere.includes(`listen 127.0.0.1:${listenPort};`)) throw new Error('deploy/nginx.conf has no "listen 80;"')
  return [
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    siteHere,
    '}',
    '',
  ].join('\n')
}

/** GET through nginx from a chosen loopback address, so the client's address differs from nginx's. */
function get(port: number, path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.2'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, localAddress }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

t.test('deploy/nginx.conf in front of two instances', async (t) => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: install Debian's nginx (apt-get install -y nginx), as .ci/run does`)
  const sim = await simulator(t)
  const instances: Array<TestContext & { port: number }> = []
  for (const name of ['one', 'two']) {
    const ctx = await buildTestApp(t, { simulator: sim, env: { TRUST_PROXY: '127.0.0.1', UPSTREAM_TIMEOUT_MS: '60000', SCAN_DEADLINE_MS: '60000' } })
    ctx.app.get('/test/whoami', async (request) => ({ instance: name, ip: request.ip }))
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const address = ctx.app.server.address()
    instances.push({ ...ctx, port: typeof address === 'object' && address ? address.port : 0 })
  }

  const dir = mkdtempSync(join(tmpdir(), 'store-finder-nginx-'))
  // Workers drop root for nobody: they must reach the temp paths.
  chmodSync(dir, 0o755)
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, loopbackConfig(readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8'), dir, port, instances.map((i) => i.port)))

  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' })
  t.equal(check.status, 0, `nginx -t accepts it: ${check.stderr.trim()}`)
  t.match(check.stderr, /syntax is ok/)

  const nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  nginx.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')))
  const exited = new Promise((resolve) => nginx.once('exit', resolve))
  t.teardown(async () => {
    nginx.kill('SIGTERM')
    await exited
  })
  await until('nginx to answer', async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${errors}`)
    return (await get(port, '/healthz').catch(() => ({ status: 0 }))).status === 200
  })

  t.test('round-robin over both instances', async (t) => {
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(JSON.parse((await get(port, '/test/whoami')).body) as { instance: string })
    const counts = { one: 0, two: 0 } as Record<string, number>
    for (const a of answers) counts[a.instance]! += 1
    t.same(counts, { one: 3, two: 3 }, 'each instance answered every other request')
  })

  t.test("the client's address is forwarded, a forged X-Forwarded-For ignored", async (t) => {
    t.equal((JSON.parse((await get(port, '/test/whoami')).body) as { ip: string }).ip, '127.0.0.2', 'the instance sees the client, not nginx')
    const forged = JSON.parse((await get(port, '/test/whoami', { 'x-forwarded-for': '203.0.113.7' })).body) as { ip: string }
    t.equal(forged.ip, '127.0.0.2', 'what the client wrote before nginx is not believed')
    const direct = JSON.parse((await get(instances[0]!.port, '/test/whoami', { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.3')).body) as { ip: string }
    t.equal(direct.ip, '127.0.0.3', 'nor from a peer that is not nginx')
  })

  t.test('NDJSON passes line by line: the first line arrives while the scan still waits on the upstream', async (t) => {
    sim.setFault('pdThumbSelSimple', { kind: 'hang' })
    t.teardown(() => sim.setFault('pdThumbSelSimple', null))
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/api/products?branchCode=11199&keyword=${q}&stream=1`, { signal: controller.signal })
    t.equal(res.status, 200)
    t.match(res.headers.get('content-type'), /application\/x-ndjson/)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const first = await within('the first NDJSON line through nginx', reader.read())
    t.match(new TextDecoder().decode(first.value), /^\{"type":"progress"/, 'a progress line, before the scan could end')
    await until('the catalogue call hangs', () => sim.stats().inFlight > 0)
    t.pass('the scan was still waiting when the line arrived')
    controller.abort()
    await reader.cancel().catch(() => {})
  })
})
