#!/usr/bin/env node
import { VERSION } from '../src/config.js'

const USAGE = `store-finder ${VERSION}

Usage:
  store-finder [serve]     Run the HTTP service (REST, NDJSON, MCP at /api/mcp, sandbox, documents)
  store-finder mcp         Serve the MCP tools over stdio (for desktop MCP hosts)
  store-finder simulator   Run the upstream simulator alone
  store-finder --version | --help

Configuration comes from environment variables (see the README), e.g.
  UPSTREAM_BASE_URL=simulated store-finder mcp
`

const command = process.argv[2] ?? 'serve'
switch (command) {
  case 'serve':
    await (await import('../http/main.js')).main()
    break
  case 'mcp':
    await (await import('../tools/stdio.js')).main()
    break
  case 'simulator':
    await (await import('../src/upstream/simulator/main.js')).main()
    break
  case '--version':
  case '-v':
    process.stdout.write(`${VERSION}\n`)
    break
  case '--help':
  case '-h':
  case 'help':
    process.stdout.write(USAGE)
    break
  default:
    process.stderr.write(`store-finder: unknown command '${command}'\n\n${USAGE}`)
    process.exit(2)
}
