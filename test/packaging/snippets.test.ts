import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { launchOf, stdioSetups, tarballSpec } from '../../http/docs/hosts.js'
import { probeStdio } from '../../scripts/mcp-client.js'
import { toolDefinitions } from '../../tools/index.js'
import { ROOT } from '../helpers/process.js'

/*
 * Every documented local host snippet, as a host runs it: the packed tarball (packed once here, its
 * absolute path where the snippet says /absolute/path/to/…), started from another directory with only the
 * environment hosts pass on. One exception to "only": npx installs into a cache of this run's own
 * (npm_config_cache), so a tarball from an earlier run is never reused and nothing is left behind.
 */

const work = mkdtempSync(join(tmpdir(), 'store-finder-snippets-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
const elsewhere = join(work, 'host-cwd')
mkdirSync(elsewhere)

// dist/ must be current (what the tarball ships); npm pack's own lifecycle would edit package.json in
// the checkout (clean-package) while other tests read it, so it is skipped here and the smoke run covers it.
execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
})
const tarball = join(work, packed.trim().split('\n').pop()!)
const expected = toolDefinitions.map((tool) => tool.name)

for (const setup of stdioSetups(tarballSpec(tarball))) {
  t.test(`${setup.host}: the snippet as written starts the server and lists the tools`, async (t) => {
    const launch = launchOf(setup)
    if (launch.transport !== 'stdio') throw new Error('a local snippet')
    t.match(launch.args, ['-y', `file:${tarball}`, 'mcp'])
    const result = await probeStdio({
      command: launch.command,
      args: launch.args,
      cwd: elsewhere,
      env: { UPSTREAM_BASE_URL: 'simulated', npm_config_cache: join(work, 'npm-cache'), npm_config_update_notifier: 'false' },
    })
    t.same(result.tools, expected)
    t.match(result.sample, /"stores"/, 'a tool answers')
  })
}
