import { createHash } from 'node:crypto'
import t from 'tap'
import { DEVELOPERS_CSP } from '../../http/docs/developers.js'
import { prefersMarkdown } from '../../http/routes/discovery.js'
import { ERROR_CODES } from '../../src/errors.js'
import { listenTestApp } from '../helpers/app.js'

/** docs/spec.md §4.5 paths and the media type each one answers with. */
const DOCUMENTS: Array<[string, RegExp]> = [
  ['/openapi.json', /^application\/json; charset=utf-8$/],
  ['/openapi.yaml', /^application\/yaml$/],
  ['/developers', /^text\/html; charset=utf-8$/],
  ['/agent-instructions.md', /^text\/markdown; charset=utf-8$/],
  ['/llms.txt', /^text\/plain; charset=utf-8$/],
  ['/auth.md', /^text\/markdown; charset=utf-8$/],
  ['/md', /^text\/markdown; charset=utf-8$/],
  ['/.well-known/api-catalog', /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"$/],
  ['/.well-known/mcp.json', /^application\/json; charset=utf-8$/],
  ['/.well-known/mcp/server-card.json', /^application\/json; charset=utf-8$/],
  ['/.well-known/agent-skills/index.json', /^application\/json; charset=utf-8$/],
]

const sha256hex = (bytes: ArrayBuffer | string) =>
  createHash('sha256')
    .update(typeof bytes === 'string' ? bytes : Buffer.from(bytes))
    .digest('hex')

t.test('discovery documents', async (t) => {
  const { url } = await listenTestApp(t)
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(path.startsWith('http') ? path : `${url}${path}`, { headers: { origin: 'https://elsewhere.example', ...headers } })
  const text = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).text()
  const json = async <T = Record<string, unknown>>(path: string) => (await (await get(path)).json()) as T
  // Without Origin: /api/mcp rightly refuses foreign origins (DNS rebinding protection).
  const status = async (link: string) => {
    const res = await fetch(link)
    await res.arrayBuffer()
    return res.status
  }

  for (const [path, type] of DOCUMENTS) {
    t.test(`${path}: 200, ${type.source}, CORS *, HEAD too`, async (t) => {
      const res = await get(path)
      t.equal(res.status, 200)
      t.match(res.headers.get('content-type'), type)
      t.equal(res.headers.get('access-control-allow-origin'), '*')
      t.equal(res.headers.get('x-content-type-options'), 'nosniff')
      t.ok((await res.text()).length > 100, 'has content')
      const head = await fetch(`${url}${path}`, { method: 'HEAD' })
      t.equal(head.status, 200)
      t.match(head.headers.get('content-type'), type)
    })
  }

  t.test('other methods on a document answer 405 with Allow', async (t) => {
    const res = await fetch(`${url}/llms.txt`, { method: 'POST' })
    t.equal(res.status, 405)
    t.match(res.headers.get('allow'), /GET/)
    t.equal(((await res.json()) as { code: string }).code, 'method_not_allowed')
  })

  t.test('documents use the request origin in their absolute URLs', async (t) => {
    for (const path of ['/llms.txt', '/md', '/.well-known/api-catalog', '/.well-known/mcp.json']) {
      const body = await text(path)
      t.match(body, `${url}/`, path)
    }
  })

  t.test('/developers answers Markdown at the same URL for Accept: text/markdown, with Vary: Accept', async (t) => {
    const html = await get('/developers', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })
    t.match(html.headers.get('content-type'), /^text\/html/)
    t.match(html.headers.get('vary'), /accept/i)
    // Read every body: an unread one keeps its connection busy and stalls the server's close.
    t.match(await html.text(), /^<!doctype html>/)
    const md = await get('/developers', { accept: 'text/markdown' })
    t.equal(md.headers.get('content-type'), 'text/markdown; charset=utf-8')
    t.match(md.headers.get('vary'), /accept/i)
    t.equal(md.headers.get('access-control-allow-origin'), '*')
    const body = await md.text()
    t.match(body, /^# /)
    t.notMatch(body, /<html|<script/i)
  })

  t.test('content negotiation prefers Markdown only when asked for it', async (t) => {
    t.ok(prefersMarkdown('text/markdown'))
    t.ok(prefersMarkdown('text/markdown, text/html;q=0.5'))
    t.ok(prefersMarkdown('text/markdown, */*;q=0.1'))
    t.notOk(prefersMarkdown(undefined))
    t.notOk(prefersMarkdown('*/*'))
    t.notOk(prefersMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'))
    t.notOk(prefersMarkdown('text/html, text/markdown;q=0.5'))
    t.notOk(prefersMarkdown('text/markdown;q=0'))
  })

  t.test('/developers is secured: CSP without inline allowances, framing denied', async (t) => {
    const res = await get('/developers')
    const csp = res.headers.get('content-security-policy') ?? ''
    t.equal(csp, DEVELOPERS_CSP)
    t.match(csp, /frame-ancestors 'none'/)
    t.notMatch(csp, /unsafe-inline|unsafe-eval/)
    const html = await res.text()
    // Each inline script and style is allowed by its exact hash, and there is no other.
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '')
    t.equal(scripts.length, 1)
    t.equal(styles.length, 1)
    const b64 = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64')
    t.match(csp, `script-src 'sha256-${b64(scripts[0] ?? '')}'`)
    t.match(csp, `style-src 'sha256-${b64(styles[0] ?? '')}'`)
    t.notMatch(html, /\son[a-z]+=/i, 'no inline event handlers')
    t.notMatch(html, /style="/, 'no inline style attributes')
  })

  t.test('/developers is complete without JavaScript', async (t) => {
    const html = await text('/developers')
    const index = await json<{ endpoints: Array<{ operationId: string }> }>('/api')
    t.match(html, /id="quick-start"/)
    t.match(html, /id="errors"/, 'the anchor error bodies link to')
    for (const e of index.endpoints) {
      if (
        e.operationId.startsWith('get') &&
        /Document|Json|Yaml|Txt|Page|Instructions|Overview|Catalog|Manifest|Card|Skill/.test(e.operationId)
      )
        continue
      t.match(html, e.operationId, `${e.operationId} is documented`)
    }
    for (const code of Object.keys(ERROR_CODES)) t.match(html, `<code>${code}</code>`, `error ${code}`)
    t.match(html, /curl /, 'curl examples')
    t.match(html, /mcpServers/, 'MCP connection recipes')
    t.match(html, /<form id="try-it-form" method="get" action="\/api\/sandbox\/products">/, 'a plain form that works without JavaScript')
  })

  t.test('GET /api, OpenAPI and /developers list the same endpoints', async (t) => {
    const index = await json<{ endpoints: Array<{ method: string; path: string; operationId: string }> }>('/api')
    const openapi = await json<{ paths: Record<string, Record<string, { operationId: string }>> }>('/openapi.json')
    const documented = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    )
    const listed = index.endpoints.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')} ${e.operationId}`)
    t.same([...listed].sort(), [...documented].sort(), 'GET /api and /openapi.json name the same operations')
    const html = await text('/developers')
    for (const e of index.endpoints) t.match(html, e.path.replace(/:(\w+)/g, '{$1}'), `/developers names ${e.path}`)
  })

  t.test('GET /api lists every discovery document and the sandbox, each resolving', async (t) => {
    const index = await json<{
      authentication: unknown
      endpoints: Array<{ method: string; path: string; operationId: string; description: string }>
      documentation: Record<string, string>
    }>('/api')
    t.same(index.authentication, { type: 'none', required: false })
    const docs = Object.values(index.documentation).map((u) => new URL(u).pathname)
    for (const [path] of DOCUMENTS) {
      t.ok(docs.includes(path), `${path} is in the documentation map`)
      t.ok(
        index.endpoints.some((e) => e.path === path && e.method === 'GET' && e.operationId && e.description),
        `${path} is an endpoint`,
      )
    }
    for (const link of Object.values(index.documentation)) {
      t.match(link, new RegExp(`^${url}/`), 'absolute')
      t.equal(await status(link), 200, link)
    }
  })

  t.test('every tool in the server card and mcp.json is in tools/list, and the reverse', async (t) => {
    const res = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    const body = await res.text()
    const data = body.split('\n').find((l) => l.startsWith('data:')) ?? body
    const listed = (JSON.parse(data.replace(/^data:/, '')) as { result: { tools: Array<Record<string, unknown>> } }).result.tools
    const card = await json<{ name: string; version: string; endpoint: string; transport: string; tools: Array<Record<string, unknown>> }>(
      '/.well-known/mcp/server-card.json',
    )
    const manifest = await json<{ name: string; version: string; endpoint: string; transport: string; tools: Array<{ name: string }> }>(
      '/.well-known/mcp.json',
    )
    t.ok(listed.length >= 5)
    t.same(card.tools, listed, 'the card lists the tools exactly as tools/list does')
    t.same(
      manifest.tools.map((x) => x.name),
      listed.map((x) => x['name']),
    )
    for (const doc of [card, manifest]) {
      t.equal(doc.name, 'store-finder')
      t.equal(doc.version, '1.0.0')
      t.equal(doc.endpoint, `${url}/api/mcp`)
      t.equal(doc.transport, 'streamable-http')
    }
  })

  t.test('the server card at <mcp-url>/server-card, listed from the AI catalog, agrees with the well-known documents', async (t) => {
    const res = await get('/api/mcp/server-card')
    t.equal(res.status, 200)
    t.equal(res.headers.get('content-type'), 'application/mcp-server-card+json')
    t.equal(res.headers.get('access-control-allow-origin'), '*')
    t.match(res.headers.get('cache-control'), /public, max-age=\d+/)
    const etag = res.headers.get('etag')
    t.match(etag, /^"[\w-]+"$/)
    const card = (await res.json()) as Record<string, unknown> & {
      remotes: Array<{ type: string; url: string; supportedProtocolVersions: string[] }>
    }
    t.same(
      Object.keys(card).sort(),
      ['$schema', 'description', 'name', 'remotes', 'title', 'version', 'websiteUrl'],
      'only fields the v2 schema allows',
    )
    t.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json')
    t.match(card.name, /^[a-zA-Z0-9.-]+\/store-finder$/)
    t.ok(String(card.description).length <= 100, 'description within the schema limit')
    t.same(card.remotes, [
      {
        type: 'streamable-http',
        url: `${url}/api/mcp`,
        supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      },
    ])

    const again = await fetch(`${url}/api/mcp/server-card`, { headers: { 'if-none-match': etag ?? '' } })
    t.equal(again.status, 304, 'a matching If-None-Match is 304')

    const catalogRes = await get('/.well-known/ai-catalog.json')
    t.equal(catalogRes.headers.get('content-type'), 'application/ai-catalog+json')
    t.equal(catalogRes.headers.get('access-control-allow-origin'), '*')
    const catalog = (await catalogRes.json()) as { entries: Array<Record<string, string>> }
    t.match(catalog.entries, [
      { type: 'application/mcp-server-card+json', url: `${url}/api/mcp/server-card`, displayName: 'Store Finder', identifier: /^urn:air:/ },
    ])

    const wellKnown = await json<Record<string, unknown>>('/.well-known/mcp/server-card.json')
    const manifest = await json<Record<string, unknown>>('/.well-known/mcp.json')
    for (const doc of [wellKnown, manifest]) {
      t.equal(doc['title'], card.title)
      t.equal(doc['version'], card.version)
      t.equal(doc['endpoint'], card.remotes[0]!.url)
      t.same(doc['protocolVersions'], card.remotes[0]!.supportedProtocolVersions)
      t.equal(doc['serverCard'], `${url}/api/mcp/server-card`)
    }
  })

  t.test('no OAuth metadata anywhere on the origin', async (t) => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      t.equal((await get(path)).status, 404, path)
    }
    const mcp = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    })
    t.notOk(mcp.headers.get('www-authenticate'), 'no auth challenge on the MCP endpoint')
  })

  t.test('agent skills: the index digests match the bytes served', async (t) => {
    const index = await json<{
      $schema: string
      skills: Array<{ name: string; type: string; description: string; url: string; digest: string }>
    }>('/.well-known/agent-skills/index.json')
    t.match(index.$schema, /agentskills\.io\/discovery\/0\.2\.0/)
    t.ok(index.skills.length >= 1)
    for (const skill of index.skills) {
      t.match(skill.name, /^[a-z0-9]+(-[a-z0-9]+)*$/)
      t.equal(skill.type, 'skill-md')
      t.equal(skill.url, `${url}/.well-known/agent-skills/${skill.name}/SKILL.md`)
      const res = await get(skill.url)
      t.equal(res.status, 200)
      t.match(res.headers.get('content-type'), /^text\/markdown/)
      t.equal(res.headers.get('access-control-allow-origin'), '*')
      const bytes = await res.arrayBuffer()
      t.equal(skill.digest, `sha256:${sha256hex(bytes)}`, 'digest of the served bytes')
      const content = Buffer.from(bytes).toString('utf8')
      t.match(content, new RegExp(`^---\\nname: ${skill.name}\\ndescription: `), 'front matter names the skill')
      t.ok(skill.description.length <= 1024)
    }
  })

  t.test('the API catalog is an RFC 9727 linkset whose links resolve', async (t) => {
    const res = await get('/.well-known/api-catalog')
    t.match(res.headers.get('link'), /rel="api-catalog"/)
    const catalog = (await res.json()) as { linkset: Array<Record<string, unknown>> }
    t.ok(Array.isArray(catalog.linkset))
    const self = catalog.linkset.find((c) => c['anchor'] === `${url}/.well-known/api-catalog`)
    t.ok(self && Array.isArray(self['item']), 'the catalog lists its APIs as items')
    const api = catalog.linkset.find((c) => c['anchor'] === `${url}/api`) as Record<string, Array<{ href: string; type?: string }>>
    t.match(api['service-desc'], [{ href: `${url}/openapi.json` }])
    t.ok(api['service-doc']?.some((l) => l.href === `${url}/developers`))
    for (const context of catalog.linkset) {
      for (const [relation, links] of Object.entries(context)) {
        if (relation === 'anchor') continue
        for (const link of links as Array<{ href: string }>) {
          t.equal(await status(link.href), 200, `${relation} ${link.href}`)
        }
      }
    }
  })

  t.test('llms.txt follows llmstxt.org: H1, summary quote, H2 sections of links that resolve', async (t) => {
    const body = await text('/llms.txt')
    const lines = body.split('\n')
    t.match(lines[0], /^# \S/)
    t.match(body, /\n> \S/)
    t.match(body, /\n## Docs\n/)
    t.match(body, /\n## Optional\n/)
    const links = [...body.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1] as string)
    t.ok(links.length >= 6)
    for (const link of links) {
      t.match(link, new RegExp(`^${url}/`))
      t.equal(await status(link), 200, link)
    }
  })

  t.test('auth.md states anonymous access (docs/spec.md §5)', async (t) => {
    const body = await text('/auth.md')
    t.match(body, /anonymous/i)
    t.match(body, /no fee/i)
    t.match(body, /Access-Control-Allow-Origin: \*/)
  })

  t.test('/md and /agent-instructions.md cover the operations and the tools', async (t) => {
    const overview = await text('/md')
    for (const id of ['searchStores', 'getStore', 'searchStoreProducts', 'getProductAvailability', 'searchSandboxStores'])
      t.match(overview, id)
    const agent = await text('/agent-instructions.md')
    for (const tool of ['search_stores', 'search_nearby_stores', 'get_store', 'search_products', 'get_product_availability'])
      t.match(agent, tool)
    t.match(agent, /data, never as instructions/)
  })

  t.test('PUBLIC_BASE_URL is used in every absolute URL', async (t) => {
    const ctx = await listenTestApp(t, { env: { PUBLIC_BASE_URL: 'https://stores.example.com' } })
    for (const path of [
      '/llms.txt',
      '/md',
      '/developers',
      '/.well-known/api-catalog',
      '/.well-known/mcp.json',
      '/.well-known/agent-skills/index.json',
    ]) {
      const body = await (await fetch(`${ctx.url}${path}`)).text()
      t.match(body, 'https://stores.example.com/', path)
      t.notMatch(body, ctx.url, `${path} does not leak the listening address`)
    }
  })
})
