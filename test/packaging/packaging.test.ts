import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb'
import t from 'tap'
import { existsSync } from 'node:fs'
import {
  BUNDLE,
  PACKAGE_NAME,
  TARBALL,
  TARBALL_PLACEHOLDER,
  hostSetupMarkdown,
  httpSetups,
  launchOf,
  stdioSetups,
} from '../../http/docs/hosts.js'
import { buildManifest, MANIFEST_VERSION } from '../../scripts/mcpb-manifest.js'
import { VERSION } from '../../src/about.js'
import { DEFAULT_UPSTREAM, SIMULATED, loadConfig } from '../../src/config.js'
import { toolDefinitions } from '../../tools/index.js'

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  name: string
  version: string
  mcpName: string
  bin: Record<string, string>
  files: string[]
  license: string
  repository?: { type: string; url: string }
  scripts: Record<string, string>
  'clean-package'?: { remove: string[] }
}

t.test('one package name everywhere, and one version', async (t) => {
  t.equal(pkg.name, PACKAGE_NAME)
  t.equal(pkg.version, VERSION, 'package.json and src/config.ts agree')
  t.same(Object.keys(pkg.bin), ['store-finder'], 'the bin keeps its name')
  t.equal(pkg.bin['store-finder'], 'bin/run.js', 'the launcher exists before any build')
  t.notOk(
    pkg.files.some((f) => /fixtures|\.ts$/.test(f) && !f.startsWith('!')),
    'no raw TypeScript shipped',
  )
  t.ok(pkg.files.includes('!dist/**/*.map'), 'no source maps shipped')
  const readme = read('README.md')
  t.match(readme, PACKAGE_NAME, 'the README names the package')
  t.notMatch(readme, /npx store-finder\b/, 'no snippet runs an unscoped name someone else could own')
})

t.test('local snippets work as written today (the tarball), and the registry form is labelled once published', async (t) => {
  t.equal(TARBALL, `store-finder-store-finder-${pkg.version}.tgz`, 'the name npm pack gives the tarball')
  for (const setup of stdioSetups()) {
    t.match(setup.snippet, `file:${TARBALL_PLACEHOLDER}`, `${setup.host}: the tarball, as npx needs it (file: and an absolute path)`)
    t.notMatch(setup.snippet, `"${PACKAGE_NAME}"`, `${setup.host}: not the unpublished package`)
    t.same(launchOf(setup), setup.launch, `${setup.host}: the snippet's text says what the host runs`)
  }
  for (const setup of stdioSetups(PACKAGE_NAME)) t.match(launchOf(setup), { args: ['-y', PACKAGE_NAME, 'mcp'] }, setup.host)
  const markdown = hostSetupMarkdown('http://localhost:3000/api/mcp')
  t.match(
    markdown,
    /Once published on the npm registry, each snippet names the package instead: `"args": \["-y", "@store-finder\/store-finder", "mcp"\]`/,
  )
  t.match(markdown, `\`${BUNDLE.command}\` in a checkout writes \`${BUNDLE.file}\``, 'the bundle: its command and where it lands')
  t.equal(BUNDLE.file, `dist-bundle/store-finder-${pkg.version}.mcpb`)
  const claudeCode = stdioSetups().find((s) => s.language === 'sh')!
  t.equal(markdown.split(claudeCode.snippet).length - 1, 1, 'each snippet once')
})

t.test('the connector that needs https shows an https address', async (t) => {
  const connector = httpSetups('http://localhost:3000/api/mcp').find((s) => s.host === 'Claude Desktop')!
  t.match(connector.snippet, /^https:\/\//)
  t.equal(
    httpSetups('https://stores.example.com/api/mcp').find((s) => s.host === 'Claude Desktop')!.snippet,
    'https://stores.example.com/api/mcp',
  )
})

t.test('licence, repository, and no install-time script the tarball cannot run', async (t) => {
  t.equal(pkg.license, 'MIT')
  t.match(read('LICENSE'), /^MIT License\n/)
  t.ok(pkg.files.includes('LICENSE'), 'LICENSE is shipped')
  t.match(pkg.repository, { type: 'git', url: /^git\+https:\/\/github\.com\/.+\.git$/ })
  // prepare builds a checkout (npm install); its file is not shipped, so the packed package.json drops it.
  t.ok(existsSync(new URL(`../../${pkg.scripts.prepare!.split(' ')[1]}`, import.meta.url)), 'prepare exists in the checkout')
  t.match(pkg.scripts, { prepack: /clean-package/, postpack: 'clean-package restore' })
  t.ok(pkg['clean-package']?.remove.includes('scripts.prepare'), 'the tarball loses prepare')
  t.notOk(pkg['clean-package']?.remove.includes('scripts.postpack'), 'postpack stays, or the checkout is never restored')
  t.equal(pkg.scripts.prestart, 'node scripts/build-if-stale.mjs', 'npm start builds only when needed')
})

t.test('server.json matches the registry schema and the package', async (t) => {
  const server = JSON.parse(read('server.json')) as {
    $schema: string
    name: string
    version: string
    packages: Array<{
      identifier: string
      version: string
      registryType: string
      transport: { type: string }
      packageArguments: Array<{ value?: string }>
    }>
  }
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }))
  const validate = ajv.compile(JSON.parse(readFileSync(new URL('./server-json.schema.json', import.meta.url), 'utf8')) as object)
  t.ok(validate(server), JSON.stringify(validate.errors))
  t.match(server.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/2025-12-11\/server\.schema\.json$/)
  t.equal(server.name, pkg.mcpName, 'package.json mcpName (the registry checks it) is the server name')
  t.equal(server.version, pkg.version)
  const npm = server.packages.find((p) => p.registryType === 'npm')
  t.equal(npm?.identifier, pkg.name)
  t.equal(npm?.version, pkg.version)
  t.equal(npm?.transport.type, 'stdio')
  t.same(
    npm?.packageArguments.map((a) => a.value),
    ['mcp'],
    'starts the stdio server',
  )

  // The schema rejects what the registry rejects.
  t.notOk(validate({ ...server, name: 'no-slash' }), 'a name without a namespace')
  t.notOk(validate({ ...server, description: 'x'.repeat(101) }), 'a description over 100 characters')
  t.notOk(validate({ ...server, packages: [{ ...npm, version: 'latest' }] }), 'a package version of latest')
})

t.test('the .mcpb manifest passes the mcpb validator and lists every tool', async (t) => {
  const manifest = buildManifest()
  t.equal(manifest.manifest_version, MANIFEST_VERSION)
  const parsed = MANIFEST_SCHEMAS[MANIFEST_VERSION].safeParse(manifest)
  t.ok(parsed.success, parsed.success ? 'valid' : JSON.stringify(parsed.error.issues))
  t.same(
    manifest.tools.map((tool) => tool.name),
    toolDefinitions.map((tool) => tool.name),
  )
  t.equal(manifest.version, pkg.version)
  t.same(manifest.server.mcp_config.args, ['${__dirname}/bin/run.js', 'mcp'])
})

t.test('the .mcpb has a setting for offline use, passed to the server as UPSTREAM_BASE_URL', async (t) => {
  const manifest = buildManifest()
  const setting = manifest.user_config.upstream
  t.match(setting, { type: 'string', required: false, default: DEFAULT_UPSTREAM })
  t.match(setting.description, /type simulated to use the built-in simulator/)
  t.equal(manifest.server.mcp_config.env.UPSTREAM_BASE_URL, '${user_config.upstream}')
  // What the host hands the server once it has put the user's value in: both the default and `simulated` load.
  for (const value of [setting.default, SIMULATED]) {
    const env = { ...manifest.server.mcp_config.env, UPSTREAM_BASE_URL: value }
    t.equal(loadConfig(env).upstream.baseUrl, value, value)
  }
})

t.test('remote set-ups point at the endpoint they are given', async (t) => {
  for (const setup of httpSetups('https://example.test/api/mcp')) {
    t.equal(setup.transport, 'http')
    t.match(setup.snippet, 'https://example.test/api/mcp', setup.host)
  }
})

t.test('the MCP guide carries the same host snippets as /developers', async (t) => {
  const guide = read('docs/mcp.md')
  for (const setup of [...stdioSetups(), ...httpSetups('http://localhost:3000/api/mcp')]) {
    t.ok(guide.includes(setup.snippet), `${setup.host} (${setup.transport})`)
  }
})
