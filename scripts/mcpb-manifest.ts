import { readFileSync } from 'node:fs'
import { DEFAULT_UPSTREAM, SIMULATED } from '../src/config.js'
import { SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE } from '../tools/server.js'
import { toolDefinitions } from '../tools/index.js'

/**
 * The Claude Desktop bundle's manifest, written from the package and the tool definitions so it
 * cannot drift from what tools/list says.
 *
 * manifest_version 0.3: everything this bundle uses (a node server, tools, compatibility) is in it, and
 * it is understood by every loader since 0.3 appeared, the one Claude Desktop embeds (@anthropic-ai/mcpb)
 * included. 0.4 only adds the experimental `uv` server type for Python, which a Node server has no use
 * for, and a desktop build whose loader predates 0.4 cannot validate a 0.4 manifest. 0.2, what
 * `mcpb init` still writes, would also do, but lacks icons and localization should we want them.
 */
export const MANIFEST_VERSION = '0.3'

interface PackageJson {
  name: string
  version: string
  license: string
  description: string
}

export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as PackageJson
}

export function buildManifest(pkg: PackageJson = readPackageJson()) {
  return {
    manifest_version: MANIFEST_VERSION,
    name: SERVER_NAME,
    display_name: `${SERVER_TITLE}: 다이소 (Daiso) Korea`,
    version: pkg.version,
    description: '다이소 (Daiso) Korea: find stores, what a store has in stock (price, floor, zone), and nearby stores that have it.',
    long_description: `${SERVER_DESCRIPTION}\n\nRuns locally (\`store-finder mcp\` over stdio) and calls the chain's public web service directly. No account or key. npm package: ${pkg.name}.`,
    author: { name: 'store-finder contributors' },
    license: pkg.license,
    keywords: ['daiso', '다이소', 'korea', 'store finder', 'stock', 'mcp'],
    server: {
      type: 'node' as const,
      entry_point: 'bin/run.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/bin/run.js', 'mcp'],
        // Hosts show stderr as the server's log; info lines there are noise to a desktop user.
        env: { LOG_LEVEL: 'warn', UPSTREAM_BASE_URL: '${user_config.upstream}' },
      },
    },
    // The one setting a desktop user may want: offline, against the built-in simulator (sample data).
    // A string, not a switch: it is UPSTREAM_BASE_URL as is, so the host's settings page and the docs say the same.
    user_config: {
      upstream: {
        type: 'string' as const,
        title: "The chain's service (or simulated, to work offline)",
        description: `Where store and stock answers come from. Leave ${DEFAULT_UPSTREAM} for the live service; type ${SIMULATED} to use the built-in simulator instead (offline, sample data, no calls to the chain).`,
        required: false,
        default: DEFAULT_UPSTREAM,
      },
    },
    tools: toolDefinitions.map((tool) => ({ name: tool.name, description: tool.title })),
    tools_generated: false,
    compatibility: {
      platforms: ['darwin' as const, 'win32' as const, 'linux' as const],
      runtimes: { node: '>=20.0.0' },
    },
  }
}
