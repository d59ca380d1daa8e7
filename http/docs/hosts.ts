/*
 * Copy-paste MCP set-up for each desktop host, once: /developers, the README and the packaging smoke
 * test (scripts/smoke-pack.ts, which runs every snippet's command from the packed tarball) all read it.
 */

/** The npm package; a scoped name nobody else can publish under. */
export const PACKAGE_NAME = '@store-finder/store-finder'
export const SERVER_KEY = 'store-finder'

export type Launch = { transport: 'stdio'; command: string; args: string[] } | { transport: 'http'; url: string }

export interface HostSetup {
  host: 'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code'
  transport: 'stdio' | 'http'
  /** Where the snippet goes, in a few words. */
  where: string
  language: 'json' | 'sh' | 'text'
  snippet: string
  /** What the host ends up running or connecting to; the smoke test does exactly this. */
  launch: Launch
}

/** Pretty JSON with short arrays on one line, as people write these files. */
const json = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_m, items: string) => `[${items.split(/,\s+/).join(', ')}]`)
const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`)

/** Local (stdio) set-ups: the host starts `store-finder mcp` itself through npx. */
export function stdioSetups(packageSpec: string = PACKAGE_NAME): HostSetup[] {
  const command = 'npx'
  const args = ['-y', packageSpec, 'mcp']
  const launch: Launch = { transport: 'stdio', command, args }
  const server = { command, args }
  return [
    {
      host: 'Claude Desktop',
      transport: 'stdio',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config), or open the .mcpb bundle for a one-click install',
      language: 'json',
      snippet: json({ mcpServers: { [SERVER_KEY]: server } }),
      launch,
    },
    {
      host: 'Claude Code',
      transport: 'stdio',
      where: 'a terminal',
      language: 'sh',
      snippet: `claude mcp add ${SERVER_KEY} -- ${[command, ...args].map(shellQuote).join(' ')}`,
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
      snippet: `claude mcp add --transport http ${SERVER_KEY} ${shellQuote(endpoint)}`,
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
      where: 'Settings → Connectors → Add custom connector (needs a public https:// address of this server)',
      language: 'text',
      snippet: endpoint,
      launch,
    },
  ]
}

/** The set-ups as Markdown, for the guide and the README. */
export function hostSetupMarkdown(endpoint: string, heading = '###'): string {
  const block = (s: HostSetup) => [`**${s.host}**, in ${s.where}:`, '', '```' + s.language, s.snippet, '```', ''].join('\n')
  return [
    `${heading} Local (stdio): Claude Desktop, Claude Code, Cursor, VS Code`,
    '',
    "The host starts `store-finder mcp` itself (Node.js 20 or later); it calls the chain's service directly, no server of yours needed.",
    '',
    ...stdioSetups().map(block),
    `${heading} Remote (HTTP): Claude Code, Cursor, VS Code, Claude Desktop connectors`,
    '',
    `For this server's Streamable HTTP endpoint ${'`'}${endpoint}${'`'}:`,
    '',
    ...httpSetups(endpoint).map(block),
  ].join('\n')
}
