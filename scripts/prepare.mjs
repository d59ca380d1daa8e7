// `npm install` in a checkout runs `prepare`, which builds dist/. npm also runs it when it installs
// this folder as a dependency (`npx -y /path/to/clone mcp`), where the dev dependencies, the compiler
// among them, are absent: failing there ends npx with a silent exit 127 that a desktop host shows only
// as "disconnected". Skipping instead lets bin/run.js say, on stderr, what to do.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync(new URL('../node_modules/typescript/package.json', import.meta.url))) {
  process.stderr.write('store-finder: not building (TypeScript is not installed here); run `npm install` in this checkout to build it.\n')
  process.exit(0)
}
execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) })
