/*
 * `npm run smoke:pack`: what a new user does, from the packed tarball, with nothing else installed: the
 * CLI commands, `mcp` under every local host snippet exactly as written (the tarball's absolute path where
 * the snippet says /absolute/path/to/…; started from a directory that is not the tarball's, with only the
 * environment a host passes on), `serve` under every remote host snippet, the missing-build message, a
 * host's view of a snippet that cannot start, and the .mcpb bundle (validated, unpacked, started).
 * Slow (it builds, installs and bundles), so it is a script; test/packaging/snippets.test.ts runs the local
 * snippets in `npm test`. Every child process is bounded; any failed check exits non-zero.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE, PACKAGE_NAME, TARBALL_PLACEHOLDER, httpSetups, launchOf, stdioSetups, tarballSpec } from '../http/docs/hosts.js'
import { toolDefinitions } from '../tools/index.js'
import { probeHttp, probeStdio } from './mcp-client.js'
import { readPackageJson } from './mcpb-manifest.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const pkg = readPackageJson()
const expectedTools = toolDefinitions.map((t) => t.name)
let failures = 0

const say = (line: string) => process.stdout.write(`${line}\n`)
function check(ok: boolean, what: string, detail = ''): void {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`)
  if (!ok) failures += 1
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

const work = mkdtempSync(join(tmpdir(), 'store-finder-smoke-'))
const empty = join(work, 'empty')
mkdirSync(empty)
const started = Date.now()
try {
  // 1. Pack: only compiled JavaScript and the launcher.
  say(`$ npm pack`)
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .pop()!
  const files = execFileSync('tar', ['-tzf', join(work, tarball)], { encoding: 'utf8' })
    .trim()
    .split('\n')
  say(`${tarball}: ${kb(statSync(join(work, tarball)).size)}, ${files.length} files`)
  check(!files.some((f) => f.endsWith('.ts') || f.endsWith('.map')), 'no .ts sources or source maps in the tarball')
  check(files.includes('package/bin/run.js') && files.includes('package/dist/bin/store-finder.js'), 'launcher and compiled entry shipped')
  check(!files.some((f) => /^package\/(test|bench|scripts|fixtures)\//.test(f)), 'no tests, benchmarks, scripts or raw fixtures')
  check(files.includes('package/LICENSE'), 'LICENSE shipped')
  const packedManifest = JSON.parse(execFileSync('tar', ['-xzOf', join(work, tarball), 'package/package.json'], { encoding: 'utf8' })) as {
    scripts?: Record<string, string>
  }
  check(
    !['prepare', 'prepack', 'prestart', 'preinstall', 'install', 'postinstall'].some((name) => packedManifest.scripts?.[name]),
    'no lifecycle script in the packed package.json whose file is not shipped',
    Object.keys(packedManifest.scripts ?? {}).join(', '),
  )
  check(!existsSync(join(root, 'package.json.backup')), "the checkout's package.json restored after packing")

  // 2. The CLI, through npx, in an empty directory that is not the tarball's.
  const spec = tarballSpec(join(work, tarball))
  const npx = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync('npx', ['-y', spec, ...args], { cwd: empty, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 180_000 })
    return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '' }
  }
  const cli = (args: string[], expectCode: number, env: Record<string, string> = {}, show = true) => {
    const r = npx(args, env)
    say(`\n$ npx -y ${spec} ${args.join(' ')}   → exit ${r.code}`)
    // npm's own warnings about this machine's npm config are not the package's output.
    if (show)
      say(
        (r.out + r.err)
          .trimEnd()
          .split('\n')
          .filter((l) => !l.startsWith('npm warn'))
          .slice(0, 12)
          .join('\n'),
      )
    check(r.code === expectCode, `exit ${expectCode}`, r.code === expectCode ? '' : r.err.slice(0, 400))
    return r
  }
  const sim = ['--simulated']
  const first = cli(['--version'], 0)
  check(first.out.trim() === pkg.version, 'version')
  const listed = /install-scripts|allowScripts/.test(first.err)
  check(!listed, 'npm lists no install script of ours', listed ? first.err.slice(0, 300) : '')
  check(/stores \[options\] <keyword>/.test(cli(['--help'], 0, {}, false).out), '--help lists the commands')
  check(/Usage: store-finder serve/.test(cli(['serve', '--help'], 0).out), 'serve --help prints help, starts nothing')
  check(/Usage: store-finder mcp/.test(cli(['mcp', '--help'], 0, {}, false).out), 'mcp --help prints help, starts nothing')
  check(/강남/.test(cli([...sim, 'stores', '강남', '-n', '3'], 0).out), 'stores table')
  check(/km/.test(cli([...sim, 'near', '37.4979', '127.0276', '-n', '3'], 0).out), 'near table with distances')
  check(/11199/.test(cli([...sim, 'store', '11199'], 0).out), 'store')
  check(/원/.test(cli([...sim, 'products', '11199', '수납'], 0).out), 'products table')
  check(/in stock|out of stock/.test(cli([...sim, 'availability', '1047618', '11199'], 0).out), 'availability')
  check(
    /Near 홍대입구점 \(10962\)/.test(cli([...sim, 'where', '우산', '--near', '홍대입구역'], 0).out),
    'where: the nearest stores that have it',
  )
  const json = cli([...sim, '--json', 'stores', '강남', '-n', '2'], 0, {}, false)
  check(Array.isArray((JSON.parse(json.out) as { stores: unknown[] }).stores), '--json prints the result as JSON')
  cli([...sim, 'store', 'abc'], 2)
  cli([...sim, 'store', '99999'], 3)
  cli(['stores', '강남'], 4, { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_RETRIES: '0' })
  cli(['stores'], 2)
  cli(['bogus'], 2)

  // 3. Every local host snippet as written, the placeholder replaced by the tarball's absolute path,
  //    from another directory with a host's environment (scripts/mcp-client.ts).
  const elsewhere = join(work, 'host-cwd')
  mkdirSync(elsewhere)
  for (const setup of stdioSetups(spec)) {
    const launch = launchOf(setup)
    if (launch.transport !== 'stdio') continue
    say(`\n# ${setup.host} (stdio), from ${elsewhere}: ${launch.command} ${launch.args.join(' ')}`)
    try {
      const result = await probeStdio({
        command: launch.command,
        args: launch.args,
        cwd: elsewhere,
        env: { UPSTREAM_BASE_URL: 'simulated' },
      })
      check(JSON.stringify(result.tools) === JSON.stringify(expectedTools), `${setup.host} lists the tools`, result.tools.join(', '))
      check(/"stores"/.test(result.sample), `${setup.host} search_stores answers`, result.sample.slice(0, 120))
    } catch (error) {
      check(false, `${setup.host} lists the tools`, error instanceof Error ? error.message : String(error))
    }
  }
  // A snippet whose path is wrong: the host's failure carries npm's own words, not a bare time-out.
  const wrong = stdioSetups(tarballSpec(TARBALL_PLACEHOLDER))[0]!
  const wrongLaunch = launchOf(wrong)
  if (wrongLaunch.transport === 'stdio') {
    const failure = await probeStdio({ command: wrongLaunch.command, args: wrongLaunch.args, cwd: elsewhere, env: {} }).then(
      () => 'started',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    say(`\n# the snippet with its placeholder path left in:\n${failure.split('\n').slice(0, 4).join('\n')}`)
    check(/ENOENT|no such file/i.test(failure), 'a snippet that cannot start fails with the real reason')
  }

  // 4. serve, and every remote host snippet against it.
  say(`\n$ PORT=0 UPSTREAM_BASE_URL=simulated npx -y ${spec} serve`)
  const server = spawn('npx', ['-y', spec, 'serve'], {
    cwd: empty,
    env: { ...process.env, PORT: '0', UPSTREAM_BASE_URL: 'simulated' },
    detached: true,
  })
  try {
    let log = ''
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 120_000)
      const onData = (chunk: Buffer) => {
        log += chunk.toString()
        const match = /store-finder ready: API (http:\/\/[^ ]+)\/api /.exec(log)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(match[1])
        }
      }
      server.stdout.on('data', onData)
      server.stderr.on('data', onData)
      server.once('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)))
    })
    say(log.split('\n').find((l) => l.includes('store-finder ready')) ?? '')
    const api = await fetch(`${base}/api`)
    check(api.status === 200, 'GET /api')
    const developers = await fetch(`${base}/developers`)
    check(developers.status === 200 && /Connect an MCP host/.test(await developers.text()), 'GET /developers')
    const rootPage = await fetch(`${base}/`, { redirect: 'manual', headers: { accept: 'text/html' } })
    check(rootPage.status === 302 && rootPage.headers.get('location') === '/developers', 'GET / from a browser → /developers')
    for (const setup of httpSetups(`${base}/api/mcp`)) {
      if (setup.launch.transport !== 'http') continue
      const result = await probeHttp(setup.launch.url)
      check(JSON.stringify(result.tools) === JSON.stringify(expectedTools), `${setup.host} (HTTP) lists the tools`)
    }
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
  }

  // 5. A checkout without a build says so in one line.
  const bare = join(work, 'bare', 'bin')
  mkdirSync(bare, { recursive: true })
  copyFileSync(join(root, 'bin', 'run.js'), join(bare, 'run.js'))
  const missing = spawnSync(process.execPath, [join(bare, 'run.js'), 'mcp'], { encoding: 'utf8', timeout: 30_000 })
  say(`\n$ node bin/run.js mcp   (no dist/)   → exit ${missing.status}\n${missing.stderr.trim()}`)
  check(
    missing.status === 1 && missing.stderr.trim().split('\n').length === 1 && /npm install/.test(missing.stderr),
    'missing build: one line naming the fix',
  )

  // 5b. `npx -y /path/to/clone mcp` on a clone where `npm install` never ran: one line, not exit 127.
  const clone = join(work, 'clone')
  for (const file of execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).trim().split('\n')) {
    if (!existsSync(join(root, file))) continue
    mkdirSync(dirname(join(clone, file)), { recursive: true })
    copyFileSync(join(root, file), join(clone, file))
  }
  const fromClone = spawnSync('npx', ['-y', clone, 'mcp'], { cwd: empty, encoding: 'utf8', timeout: 120_000, input: '' })
  const cloneErr = fromClone.stderr
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn'))
    .join('\n')
  say(`\n$ npx -y <clone without npm install> mcp   → exit ${fromClone.status}\n${cloneErr}`)
  check(fromClone.status === 1 && /not built .*run `npm install` in/.test(cloneErr), 'an unbuilt clone says how to fix it')

  // 6. The Claude Desktop bundle: build, validate, unpack, start it the way the manifest says.
  say(`\n$ npm run bundle`)
  execFileSync('npm', ['run', '--silent', 'bundle'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 })
  const bundle = join(root, BUNDLE.file)
  say(`${bundle}: ${(statSync(bundle).size / 1_048_576).toFixed(1)} MB`)
  const unpacked = join(work, 'mcpb')
  const mcpb = join(root, 'node_modules', '.bin', 'mcpb')
  execFileSync(mcpb, ['unpack', bundle, unpacked], { stdio: 'ignore', timeout: 120_000 })
  const validated = spawnSync(mcpb, ['validate', join(unpacked, 'manifest.json')], { encoding: 'utf8', timeout: 60_000 })
  check(validated.status === 0, 'mcpb validate', validated.stdout.trim().split('\n').pop())
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as {
    server: { mcp_config: { command: string; args: string[]; env?: Record<string, string> } }
  }
  const config = manifest.server.mcp_config
  const args = config.args.map((a) => a.replace('${__dirname}', unpacked))
  const result = await probeStdio({
    command: config.command === 'node' ? process.execPath : config.command,
    args,
    cwd: work,
    env: { ...config.env, UPSTREAM_BASE_URL: 'simulated' },
  })
  check(JSON.stringify(result.tools) === JSON.stringify(expectedTools), 'the unpacked bundle starts and lists the tools')
} catch (error) {
  check(false, 'smoke run', error instanceof Error ? error.message : String(error))
} finally {
  rmSync(work, { recursive: true, force: true })
}
say(
  `\n${failures === 0 ? 'all checks passed' : `${failures} check(s) failed`} in ${((Date.now() - started) / 1000).toFixed(0)} s (package ${PACKAGE_NAME}@${pkg.version})`,
)
process.exit(failures === 0 ? 0 : 1)
