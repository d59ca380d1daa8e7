#!/usr/bin/env node
// The package's entry point, in plain JavaScript so it exists before anything is compiled: a checkout
// without a build must say so in one line, not die with "command not found" (exit 127) behind a
// desktop host that only shows "disconnected".
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/bin/store-finder.js', import.meta.url)
if (!existsSync(entry)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  process.stderr.write(
    `store-finder: not built (${fileURLToPath(entry)} is missing); run \`npm install\` in ${root}, or install the packed tarball instead.\n`,
  )
  process.exit(1)
}
await import(entry.href)
