/*
 * `npm run bundle`: the one-click Claude Desktop bundle (.mcpb), built with the official mcpb tool.
 * The bundle holds exactly what the npm tarball ships (compiled dist/ and the launcher) plus its
 * production dependencies, installed from the lockfile, and the manifest written from the tools.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE } from '../http/docs/hosts.js'
import { buildManifest, readPackageJson } from './mcpb-manifest.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
const mcpb = join(root, 'node_modules', '.bin', 'mcpb')

const pkg = readPackageJson()
const work = mkdtempSync(join(tmpdir(), 'store-finder-bundle-'))
try {
  // npm pack runs `prepare` (the build), so the bundle is built from the same files as the tarball.
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', work], root).trim().split('\n').pop()!
  run('tar', ['-xzf', join(work, tarball), '-C', work], root)
  const dir = join(work, 'package')
  cpSync(join(root, 'package-lock.json'), join(dir, 'package-lock.json'))
  run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], dir)
  rmSync(join(dir, 'package-lock.json'))
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(buildManifest(pkg), null, 2)}\n`)
  process.stdout.write(run(mcpb, ['validate', join(dir, 'manifest.json')], root))

  // Where the documents say it lands (http/docs/hosts.ts).
  const file = join(root, BUNDLE.file)
  mkdirSync(dirname(file), { recursive: true })
  process.stdout.write(run(mcpb, ['pack', dir, file], root))
  const mb = (statSync(file).size / 1_048_576).toFixed(1)
  process.stdout.write(`\n${file}: ${mb} MB (${readdirSync(join(dir, 'node_modules')).length} top-level dependencies)\n`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
