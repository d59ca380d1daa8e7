import t, { type Test } from 'tap'
import type { Client } from '@modelcontextprotocol/client'
import { getToolUiResourceUri, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge'
import { EXTENSION_ID, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server'
import { z } from 'zod'
import { loadConfig } from '../../../src/config.js'
import { createRuntime } from '../../../src/runtime.js'
import { APP_VIEW_MIME_TYPE, APP_VIEW_URI, UI_EXTENSION_ID } from '../../../tools/app/meta.js'
import { toolDefinitions } from '../../../tools/index.js'
import { capabilities, createMcpServer } from '../../../tools/server.js'
import { listenTestApp, simulator, testEnv } from '../../helpers/app.js'
import { connectHttp, connectInMemory, connectStdio, type Era } from '../../helpers/mcp-client.js'

/*
 * The MCP Apps view as a host finds it: the extension in the server's capabilities, the tool's
 * _meta.ui.resourceUri (read with ext-apps' own host helper), a listed resource of the apps media type,
 * and resources/read giving a self-contained HTML document. In memory, over HTTP and over stdio, in
 * both protocol generations.
 */

const ERAS: Era[] = ['legacy', 'modern']
/** The tools whose results the view renders. */
const WITH_VIEW = ['search_nearby_stores', 'find_product_nearby']
const ToolsWire = z.object({ tools: z.array(z.looseObject({ name: z.string(), _meta: z.record(z.string(), z.unknown()).optional() })) })

/** Everything a host checks before it renders the view, asserted on one connected client. */
async function hostFindsTheView(t: Test, client: Client, where: string) {
  const extensions = (client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions
  t.same(extensions?.[UI_EXTENSION_ID], { mimeTypes: [APP_VIEW_MIME_TYPE] }, `${where}: the capabilities declare the extension`)

  // Raw: the SDK's typed listTools() keeps _meta, but the raw list is what a host sees.
  const { tools } = await client.request({ method: 'tools/list' }, ToolsWire)
  for (const tool of tools) {
    const viewed = WITH_VIEW.includes(tool.name)
    t.equal(
      getToolUiResourceUri(tool),
      viewed ? APP_VIEW_URI : undefined,
      `${where}: ${tool.name} ${viewed ? 'links the view' : 'has no view'} (ext-apps' host helper)`,
    )
    if (viewed) t.equal(tool._meta?.[RESOURCE_URI_META_KEY], APP_VIEW_URI, `${where}: ${tool.name}: and in the flat key older hosts read`)
  }

  const { resources } = await client.listResources()
  const listed = resources.find((resource) => resource.uri === APP_VIEW_URI)
  t.match(listed, { uri: APP_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, name: String, description: String }, `${where}: resources/list has it`)

  const read = await client.readResource({ uri: APP_VIEW_URI })
  t.equal(read.contents.length, 1)
  const content = read.contents[0] as { uri: string; mimeType: string; text: string; _meta?: Record<string, unknown> }
  t.equal(content.uri, APP_VIEW_URI)
  t.equal(content.mimeType, RESOURCE_MIME_TYPE, `${where}: resources/read gives the apps media type`)
  t.match(content.text, /^<!doctype html>/i, `${where}: an HTML document`)
  t.notOk((content._meta?.['ui'] as { csp?: unknown } | undefined)?.csp, 'no csp: the spec default (no other origin) applies')
  return content.text
}

t.test("our constants are ext-apps' own", async (t) => {
  t.equal(APP_VIEW_MIME_TYPE, RESOURCE_MIME_TYPE)
  t.equal(UI_EXTENSION_ID, EXTENSION_ID)
  t.match(APP_VIEW_URI, /^ui:\/\/store-finder\/[\w-]+-v\d+\.html$/, 'a versioned ui:// URI')
})

t.test('both generations declare the extension', async (t) => {
  for (const era of ERAS) {
    t.same(capabilities(era).extensions?.[UI_EXTENSION_ID], { mimeTypes: [APP_VIEW_MIME_TYPE] }, era)
    t.same(capabilities(era).resources, { listChanged: false }, `${era}: resources, never changing`)
  }
})

t.test('in memory (an initialize-era client on a server object)', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  {
    const { client } = await connectInMemory(t, createMcpServer(runtime.service), { era: 'legacy' })
    const html = await hostFindsTheView(t, client, 'in memory')
    // Self-contained: inline script and style only, nothing fetched, nothing evaluated from a string.
    t.notMatch(html, /<script[^>]*\ssrc=|<link\b|@import|url\(/i, 'no external script, stylesheet or URL in CSS')
    t.notMatch(html, /\bnew Function\b|\beval\(/, 'no eval (the default content policy forbids it)')
    const origins = new Set([...html.matchAll(/https?:\/\/[a-z0-9.-]+/gi)].map((m) => m[0]))
    t.same(
      [...origins].sort(),
      ['http://www.w3.org', 'https://map.kakao.com', 'https://map.naver.com'],
      'the only addresses are the SVG namespace and the two map links',
    )
    t.ok(Buffer.byteLength(html) < 40_000, `small (${Buffer.byteLength(html)} bytes)`)
  }
})

t.test('over Streamable HTTP, both generations, beside the skill', async (t) => {
  const { url } = await listenTestApp(t)
  for (const era of ERAS) {
    const { client } = await connectHttp(t, url, { name: 'app-resource-test', era })
    await hostFindsTheView(t, client, `HTTP, ${era}`)
    const { resources } = await client.listResources()
    t.ok(
      resources.some((resource) => resource.uri.startsWith('skill://')),
      'the skill is still listed',
    )
  }
  const info = (await (await fetch(`${url}/api/mcp`)).json()) as { capabilities: { extensions?: Record<string, unknown> } }
  t.ok(info.capabilities.extensions?.[UI_EXTENSION_ID], 'GET /api/mcp shows the extension')
})

t.test('over stdio, both generations', async (t) => {
  for (const era of ERAS) {
    const { client } = await connectStdio(t, { name: 'app-stdio-test', era, env: { UPSTREAM_BASE_URL: 'simulated', PUBLIC_BASE_URL: '' } })
    await hostFindsTheView(t, client, `stdio, ${era}`)
  }
})

t.test('the link lives on the tool, not on results; descriptions promise no view', async (t) => {
  const { url } = await listenTestApp(t)
  const { client } = await connectHttp(t, url, { name: 'app-result-test', era: 'legacy' })
  const args = { keyword: '수납', branchCode: '11199' }
  // A plain call takes the fast path; one with a progress token goes through the SDK.
  const fast = await client.callTool({ name: 'find_product_nearby', arguments: args })
  const sdk = await client.callTool({ name: 'find_product_nearby', arguments: args }, { onprogress: () => {} })
  for (const [path, result] of [
    ['fast path', fast],
    ['SDK path', sdk],
  ] as const) {
    t.notOk(result.isError, `${path}: answered`)
    t.notOk((result._meta as Record<string, unknown> | undefined)?.['ui'], `${path}: no _meta.ui on the result`)
    const text = (result.content as { type: string; text: string }[]).find((block) => block.type === 'text')?.text ?? ''
    t.ok(text.length > 0, `${path}: a text answer for hosts without the view`)
    t.same(
      (result.content as { type: string }[]).map((block) => block.type),
      ['text'],
      `${path}: text only (nothing a host without MCP Apps cannot show)`,
    )
  }
  for (const tool of toolDefinitions) {
    t.notMatch(tool.description, /\b(map|view|widget|UI)\b/i, `${tool.name}'s description promises no map or view`)
  }
})

t.test('the view names every facility, in English and in Korean', async (t) => {
  const { FACILITIES } = await import('../../../src/stores/facilities.js')
  const { wordsFor } = await import('../../../tools/app/view/words.js')
  for (const locale of ['en-US', 'ko-KR']) {
    const words = wordsFor(locale)
    for (const facility of FACILITIES) t.ok(words.facilities[facility], `${locale} names ${facility}`)
  }
})
