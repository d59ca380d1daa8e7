// deploy/'s systemd units pass systemd-analyze verify without a warning (an unknown or misspelt key is only
// a warning there, and systemd ignores the line), and the service runs what the compose file runs.

import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { parse } from 'yaml'
import { ROOT } from '../helpers/process.js'

const ANALYZE = '/usr/bin/systemd-analyze'

t.test('the units verify cleanly', async (t) => {
  if (!existsSync(ANALYZE)) throw new Error(`${ANALYZE} not found: Debian's systemd package provides it`)
  const dir = mkdtempSync(join(tmpdir(), 'store-finder-units-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // A template is verified as one of its instances.
  const units = { 'store-finder@3001.service': 'store-finder@.service', 'store-finder-doctor.service': 'store-finder-doctor.service', 'store-finder-doctor.timer': 'store-finder-doctor.timer' }
  for (const [name, file] of Object.entries(units)) copyFileSync(join(ROOT, 'deploy', file), join(dir, name))
  const run = spawnSync(ANALYZE, ['verify', ...Object.keys(units).map((name) => join(dir, name))], { encoding: 'utf8' })
  t.equal(run.status, 0)
  t.equal(run.stderr.trim(), '', 'no warning')
})

t.test('the service starts what the compose file starts', async (t) => {
  const unit = readFileSync(join(ROOT, 'deploy/store-finder@.service'), 'utf8')
  const compose = parse(readFileSync(join(ROOT, 'deploy/compose.yaml'), 'utf8')) as { services: Record<string, { command?: string[] }> }
  const command = compose.services['store-finder']?.command ?? []
  t.match(unit, new RegExp(`^ExecStart=/usr/bin/${command.join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'))
  t.match(unit, /^Environment=PORT=%i /m, 'one instance per port')
})
