/*
 * Copy-paste MCP set-up for each desktop host, once: /developers, docs/mcp.md (`npm run docs`) and the
 * packaging checks (scripts/smoke-pack.ts, test/packaging/snippets.test.ts, which parse every snippet and
 * run it from another directory in a host's environment) all read it.
 */
import { VERSION } from '../../src/about.js'

import { ABOUT } from '../../src/about.js'
import { shellWord } from './shell.js'

/** The npm package; a scoped name nobody else can publish under. */
export const PACKAGE_NAME = ABOUT.packageName
export const SERVER_KEY = ABOUT.name

/** What `npm pack` names the tarball: the scope's `@` dropped, its `/` made `-`, then the version. */
export const TARBALL = `${PACKAGE_NAME.slice(1).replace('/', '-')}-${VERSION}.tgz`
/** Where a person's own tarball goes in the snippets, until the package is on the npm registry. */
export const TARBALL_PLACEHOLDER = `/absolute/path/to/${TARBALL}`
/**
 * npx's spec for a tarball on disk: `file:` and an absolute path. A bare path is taken for a command to
 * run ("Permission denied"), and a relative one depends on the directory the host starts in.
 */
export const tarballSpec = (absolutePath: string): string => `file:${absolutePath}`
/** The one-click Claude Desktop bundle: the command that builds it and where it lands in the checkout. */
export const BUNDLE = { command: 'npm run bundle', file: `dist-bundle/store-finder-${VERSION}.mcpb` } as const

export type Launch = { transport: 'stdio'; command: string; args: string[] } | { transport: 'http'; url: string }

export interface HostSetup {
  host: 'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code'
  transport: 'stdio' | 'http'
  /** Where the snippet goes, in a few words. */
  where: string
  language: 'json' | 'sh' | 'text'
  snippet: string
  /** What the host ends up running or connecting to; `launchOf(snippet)` reads the same from the text. */
  launch: Launch
}

/** Pretty JSON with short arrays on one line, as people write these files. */
const json = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_m, items: string) => `[${items.split(/,\s+/).join(', ')}]`)

/**
 * Local (stdio) set-ups: the host starts `store-finder mcp` itself through npx. By default from the
 * packed tarball (what works today); `stdioSetups(PACKAGE_NAME)` once the package is published.
 */
export function stdioSetups(packageSpec: string = tarballSpec(TARBALL_PLACEHOLDER)): HostSetup[] {
  const command = 'npx'
  const args = ['-y', packageSpec, 'mcp']
  const launch: Launch = { transport: 'stdio', command, args }
  const server = { command, args }
  return [
    {
      host: 'Claude Desktop',
      transport: 'stdio',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
      language: 'json',
      snippet: json({ mcpServers: { [SERVER_KEY]: server } }),
      launch,
    },
    {
      host: 'Claude Code',
      transport: 'stdio',
      where: 'a terminal',
      language: 'sh',
      snippet: `claude mcp add ${SERVER_KEY} -- ${[command, ...args].map(shellWord).join(' ')}`,
      launch,
    },
    {
      host: 'Cursor',
      transport: 'stdio',
      where: '.cursor/mcp.json in the project, or ~/.cursor/mcp.json',
      language: 'json',
      snippet: json({ mcpServers: { [SERVER_KEY]: server } }),
      launch,
    },
    {
      host: 'VS Code',
      transport: 'stdio',
      where: '.vscode/mcp.json in the workspace',
      language: 'json',
      snippet: json({ servers: { [SERVER_KEY]: { type: 'stdio', ...server } } }),
      launch,
    },
  ]
}

/**
 * Remote (Streamable HTTP) set-ups for a running server. Claude Desktop takes remote servers only as
 * custom connectors in its settings (not in claude_desktop_config.json), and only at a public HTTPS URL.
 */
export function httpSetups(endpoint: string): HostSetup[] {
  const launch: Launch = { transport: 'http', url: endpoint }
  return [
    {
      host: 'Claude Code',
      transport: 'http',
      where: 'a terminal',
      language: 'sh',
      snippet: `claude mcp add --transport http ${SERVER_KEY} ${shellWord(endpoint)}`,
      launch,
    },
    {
      host: 'Cursor',
      transport: 'http',
      where: '.cursor/mcp.json in the project, or ~/.cursor/mcp.json',
      language: 'json',
      snippet: json({ mcpServers: { [SERVER_KEY]: { url: endpoint } } }),
      launch,
    },
    {
      host: 'VS Code',
      transport: 'http',
      where: '.vscode/mcp.json in the workspace',
      language: 'json',
      snippet: json({ servers: { [SERVER_KEY]: { type: 'http', url: endpoint } } }),
      launch,
    },
    {
      host: 'Claude Desktop',
      transport: 'http',
      where: 'Settings → Connectors → Add custom connector, at a public https:// address of this server',
      language: 'text',
      // Claude Desktop takes only https; a local http address would be refused, so it is not shown as one.
      snippet: endpoint.startsWith('https://') ? endpoint : `https://your-server.example${new URL(endpoint).pathname}`,
      launch,
    },
  ]
}

/**
 * What a host runs for a stdio snippet, read from the snippet's own text (the JSON entry, or the words
 * after `--` in a `claude mcp add` line), so the checks run what a person pastes.
 */
export function launchOf(setup: HostSetup): Launch {
  if (setup.transport === 'http') return setup.launch
  if (setup.language === 'json') {
    const config = JSON.parse(setup.snippet) as Record<string, Record<string, { command: string; args: string[] }>>
    const entry = (config.mcpServers ?? config.servers)?.[SERVER_KEY]
    if (!entry) throw new Error(`${setup.host}: no ${SERVER_KEY} entry in the snippet`)
    return { transport: 'stdio', command: entry.command, args: entry.args }
  }
  const words = [...setup.snippet.split(' -- ')[1]!.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!,
  )
  return { transport: 'stdio', command: words[0]!, args: words.slice(1) }
}

const code = (text: string) => `\`${text}\``

/** How to get a tarball and the bundle today, and the registry form once published: said once, above the snippets. */
export function localIntro(): { today: string; bundle: string; published: string } {
  const published = stdioSetups(PACKAGE_NAME)
  return {
    today: `Until ${code(PACKAGE_NAME)} is on the npm registry, hosts install it from its packed tarball: in a checkout, ${code('npm install && npm pack')} writes ${code(TARBALL)}; put its absolute path (${code(`realpath ${TARBALL}`)}) where the snippets say ${code(TARBALL_PLACEHOLDER)}, keeping ${code('file:')} in front.`,
    bundle: `Claude Desktop, one click: ${code(BUNDLE.command)} in a checkout writes ${code(BUNDLE.file)}; open that file (double-click) and Claude Desktop installs it.`,
    published: `Once published on the npm registry, each snippet names the package instead: ${code(`"args": ["-y", "${PACKAGE_NAME}", "mcp"]`)}, or ${code(published.find((s) => s.language === 'sh')!.snippet)}.`,
  }
}

/** Claude Desktop's entry on one line, as the README shows it (a generated block: `npm run docs`). */
export function oneLineDesktopSnippet(packageSpec?: string): string {
  const launch = launchOf(stdioSetups(packageSpec)[0]!)
  if (launch.transport !== 'stdio') throw new Error('a local snippet')
  const args = launch.args.map((a) => JSON.stringify(a)).join(', ')
  return `{ "mcpServers": { "${SERVER_KEY}": { "command": "${launch.command}", "args": [${args}] } } }`
}

/** The set-ups as Markdown, for docs/mcp.md and the Markdown form of /developers. */
export function hostSetupMarkdown(endpoint: string, heading = '###'): string {
  const block = (s: HostSetup) => [`**${s.host}**, in ${s.where}:`, '', '```' + s.language, s.snippet, '```', ''].join('\n')
  const intro = localIntro()
  return [
    `${heading} Local (stdio): Claude Desktop, Claude Code, Cursor, VS Code`,
    '',
    "The host starts `store-finder mcp` itself (Node.js 20 or later); it calls the chain's service directly, no server of yours needed.",
    '',
    intro.today,
    '',
    intro.bundle,
    '',
    ...stdioSetups().map(block),
    intro.published,
    '',
    `${heading} Remote (HTTP): Claude Code, Cursor, VS Code, Claude Desktop connectors`,
    '',
    `For this server's Streamable HTTP endpoint ${code(endpoint)}:`,
    '',
    ...httpSetups(endpoint).map(block),
  ].join('\n')
}
