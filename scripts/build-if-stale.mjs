// `npm start` (prestart) and `npm pack` (prepack): build dist/ only when it is missing or older than
// what it is built from, so starting twice does not compile twice (a full build takes seconds).
// Plain JavaScript: it runs before anything is compiled.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// What tsconfig.build.json compiles, and the files that configure the compile.
const SOURCES = ['src', 'tools', 'http', 'bin', 'cli', 'fixtures', 'simulator']
const CONFIG = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']
const ENTRY = join(root, 'dist', 'bin', 'store-finder.js')

function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

function why() {
  if (!existsSync(ENTRY)) return 'no build yet'
  const built = statSync(ENTRY).mtimeMs
  const changed = [...SOURCES, ...CONFIG].find((p) => existsSync(join(root, p)) && newest(join(root, p)) > built)
  return changed ? `${changed} changed since the last build` : undefined
}

const reason = why()
if (reason) {
  process.stderr.write(`store-finder: building (${reason})\n`)
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', cwd: root })
} else {
  process.stderr.write('store-finder: build is current\n')
}
