import t from 'tap'
import { request as httpRequest } from 'node:http'
import { LIST_TTL_MS, PROTOCOL_VERSION as LATEST_PROTOCOL_VERSION } from '../../tools/protocol.js'
import { CAPABILITIES } from '../../tools/server.js'
import { toolDefinitions } from '../../tools/index.js'
import { z } from 'zod'
import { hostPolicy } from '../../http/host-policy.js'
import { answerFastToolCall } from '../../tools/fast-path.js'
import { createMcpHttpHandler } from '../../tools/transports/http.js'
import { buildTestApp, listenTestApp } from '../helpers/app.js'
import { MODERN, connectHttp } from '../helpers/mcp-client.js'
import { readToEnd, until, within } from '../helpers/wait.js'

const ACCEPT = 'application/json, text/event-stream'
const TOOL_NAMES = toolDefinitions.map((tool) => tool.name)

/** The 2026-07-28 envelope a modern client puts on every request. */
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

/** A 2026-07-28 request with its headers: Mcp-Method always, Mcp-Name for tools/call and prompts/get. */
function modern(method: string, params: Record<string, unknown> = {}, name?: string) {
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN, 'mcp-method': method }
  if (name !== undefined) headers['mcp-name'] = name
  return { body: { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }, headers }
}

const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
})

/** POSTs a body and reads the whole answer; SSE answers become their JSON-RPC messages. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  const type = res.headers.get('content-type') ?? ''
  const messages = /text\/event-stream/.test(type)
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
    : /application\/json/.test(type) && text
      ? [JSON.parse(text) as Record<string, unknown>]
      : []
  return { status: res.status, headers: res.headers, text, messages }
}

t.test('MCP over Streamable HTTP at /api/mcp', async (t) => {
  const { url, app, simulator, runtime } = await listenTestApp(t)
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
  })

  t.test('the SDK client initializes, lists the tools and calls one', async (t) => {
    const { client, transport } = await connectHttp(t, url, { name: 'http-test', era: 'legacy' })
    t.match(client.getServerVersion(), { name: 'store-finder', version: '1.0.0', title: 'Store Finder' })
    t.equal(transport.protocolVersion, LATEST_PROTOCOL_VERSION, 'the newest version is negotiated')
    t.match(client.getServerCapabilities(), {
      ...CAPABILITIES,
      resources: { listChanged: false },
      extensions: { 'io.modelcontextprotocol/skills': {} },
    })
    const { tools } = await client.listTools()
    t.same(
      tools.map((tool) => tool.name),
      TOOL_NAMES,
    )
    const result = await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } })
    t.match(result.structuredContent, { code: '11199', name: '강남역점' })
  })

  for (const era of ['legacy', 'modern'] as const) {
    t.test(`a ${era} SDK client lists and calls every tool, the prompts and completion`, async (t) => {
      const { client } = await connectHttp(t, url, { name: 'http-test', era })
      t.equal(client.getProtocolEra(), era)
      const { tools } = await client.listTools()
      t.same(
        tools.map((tool) => tool.name),
        TOOL_NAMES,
      )
      for (const tool of toolDefinitions) {
        const result = await client.callTool({ name: tool.name, arguments: {} })
        t.equal(result.isError, true, `${tool.name} answers (in its own error words: every tool needs an argument)`)
        t.match(JSON.parse((result.content as Array<{ text: string }>)[0]!.text), { code: /^(missing|invalid)_parameter$/ })
      }
      const store = await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } })
      t.match(store.structuredContent, { code: '11199' })
      t.match(store._meta, { 'io.modelcontextprotocol/trust': { untrustedContent: true } })
      const progress: number[] = []
      const products = await client.callTool(
        { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
        { onprogress: (p) => progress.push(p.progress) },
      )
      t.notOk(products.isError)
      t.ok(progress.length >= 1 && progress.every((p, i) => i === 0 || p > progress[i - 1]!), 'increasing progress')
      const { prompts } = await client.listPrompts()
      t.equal(prompts.length, 2)
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'find_product_at_store' },
        argument: { name: 'store', value: '강남' },
      })
      t.ok(completion.completion.values.includes('강남역점'))

      // The agent skill through the Skills extension: the same bytes and digest as /.well-known/agent-skills.
      const index = (await (await fetch(`${url}/.well-known/agent-skills/index.json`)).json()) as {
        skills: Array<{ name: string; digest: string }>
      }
      const Skills = z.looseObject({
        skills: z.array(
          z.looseObject({
            uri: z.string(),
            frontmatter: z.looseObject({ name: z.string() }),
            resources: z.array(z.looseObject({ uri: z.string(), digest: z.string() })),
          }),
        ),
      })
      const listed = await client.request({ method: 'skills/list', params: {} } as never, Skills)
      t.same(
        listed.skills.map((skill) => ({ name: skill.frontmatter.name, digest: skill.resources.find((r) => r.uri === skill.uri)?.digest })),
        index.skills.map((skill) => ({ name: skill.name, digest: skill.digest })),
      )
      const got = await client.request(
        { method: 'skills/get', params: { uri: listed.skills[0]!.uri } } as never,
        z.looseObject({ skill: z.looseObject({ uri: z.string() }) }),
      )
      t.equal(got.skill.uri, listed.skills[0]!.uri)
      const read = await client.readResource({ uri: listed.skills[0]!.uri })
      const served = await (await fetch(`${url}/.well-known/agent-skills/${index.skills[0]!.name}/SKILL.md`)).text()
      t.equal((read.contents[0] as { text: string }).text, served, 'resources/read gives the SKILL.md bytes')
    })
  }

  t.test('2026-07-28: methods the revision removed are 404 method-not-found, whatever their params', async (t) => {
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe']) {
      const { body, headers } = modern(method, method === 'resources/subscribe' ? { uri: 'skill://x' } : {})
      const res = await post(url, body, headers)
      t.equal(res.status, 404, method)
      t.match(res.messages, [{ id: 1, error: { code: -32601 } }], method)
    }
  })

  t.test('2026-07-28: server/discover advertises the revision, capabilities and a cache lifetime', async (t) => {
    const { body, headers } = modern('server/discover')
    const res = await post(url, body, headers)
    t.equal(res.status, 200)
    t.match(res.messages, [
      {
        id: 1,
        result: {
          supportedVersions: [MODERN],
          capabilities: { tools: { listChanged: false }, prompts: {}, completions: {} },
          resultType: 'complete',
          ttlMs: LIST_TTL_MS,
          cacheScope: 'public',
          instructions: String,
        },
      },
    ])
    t.notOk((res.messages[0]?.result as { capabilities: Record<string, unknown> }).capabilities.logging, 'no logging in 2026-07-28')
  })

  t.test('2026-07-28: tools/list is complete, ordered and cacheable; tools/call has resultType', async (t) => {
    const list = modern('tools/list')
    const listed = await post(url, list.body, list.headers)
    const result = listed.messages[0]?.result as {
      tools: Array<{ name: string; annotations: Record<string, unknown> }>
      ttlMs: number
      cacheScope: string
    }
    t.same(
      result.tools.map((tool) => tool.name),
      TOOL_NAMES,
    )
    t.ok(
      result.tools.every((tool) => tool.annotations.untrustedContentHint === true),
      'untrustedContentHint on the wire',
    )
    t.equal(result.ttlMs, LIST_TTL_MS)
    t.equal(result.cacheScope, 'public')
    const call = modern('tools/call', { name: 'get_store', arguments: { branchCode: '11199' } }, 'get_store')
    const called = await post(url, call.body, call.headers)
    t.equal(called.status, 200)
    t.match(called.messages, [{ id: 1, result: { resultType: 'complete', structuredContent: { code: '11199' } } }])
  })

  t.test('the tools/call fast path answers exactly as the SDK does', async (t) => {
    const sdk = createMcpHttpHandler(runtime.service, { publicBaseUrl: undefined })
    t.teardown(() => sdk.close())
    const messagesOf = (type: string, text: string) =>
      /event-stream/.test(type)
        ? text
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => JSON.parse(l.slice(6)) as unknown)
        : [JSON.parse(text) as unknown]
    const cases: Array<{ label: string; body: Record<string, unknown>; headers: Record<string, string> }> = []
    for (const [label, args] of [
      ['found', { branchCode: '11199' }],
      ['not found', { branchCode: '99999' }],
      ['coerced number', { branchCode: 11199 }],
      ['invalid', { branchCode: 'abc' }],
      ['missing', {}],
    ] as const) {
      cases.push({
        label: `legacy ${label}`,
        body: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_store', arguments: args } },
        headers: {},
      })
      cases.push({
        label: `legacy ${label} with a version header`,
        body: { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'get_store', arguments: args } },
        headers: { 'mcp-protocol-version': '2025-06-18' },
      })
      const m = modern('tools/call', { name: 'get_store', arguments: args }, 'get_store')
      cases.push({ label: `modern ${label}`, body: m.body, headers: m.headers })
    }
    const searched = modern('tools/call', { name: 'search_stores', arguments: { keyword: '강남', pageSize: 2 } }, 'search_stores')
    cases.push({ label: 'modern search_stores', body: searched.body, headers: searched.headers })
    for (const c of cases) {
      const headers = { 'content-type': 'application/json', accept: ACCEPT, ...c.headers }
      const fast = await fetch(`${url}/api/mcp`, { method: 'POST', headers, body: JSON.stringify(c.body) })
      const taken = await answerFastToolCall(headers, c.body, runtime.service, new AbortController().signal, '')
      t.ok(taken, `${c.label}: answered by the fast path`)
      const fastType = fast.headers.get('content-type') ?? ''
      const fastMessages = messagesOf(fastType, await fast.text())
      const routed = await sdk.answer(
        { headers, url: `${url}/api/mcp`, body: c.body, signal: new AbortController().signal },
        { fastPath: false },
      )
      if (routed.kind !== 'sdk') throw new Error(`${c.label}: expected the SDK to answer`)
      const slow = await routed.run(new AbortController().signal)
      const slowType = slow.headers.get('content-type') ?? ''
      t.equal(fast.status, slow.status, `${c.label}: status`)
      t.equal(fastType.split(';')[0], slowType.split(';')[0], `${c.label}: media type`)
      t.same(fastMessages, messagesOf(slowType, await slow.text()), `${c.label}: the same JSON-RPC answer`)
    }
  })

  t.test('calls the fast path does not take still reach the SDK', async (t) => {
    const withProgress = await post(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_store', arguments: { branchCode: '11199' }, _meta: { progressToken: 'p' } },
    })
    // Every answer carries the same headers now (one stream head), so the path is asked directly.
    const fastTakes = (body: unknown) =>
      answerFastToolCall({ accept: ACCEPT, 'content-type': 'application/json' }, body, runtime.service, new AbortController().signal, '')
    t.equal(
      await fastTakes({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_store', arguments: { branchCode: '11199' }, _meta: { progressToken: 'p' } },
      }),
      null,
      'a progress token goes to the SDK',
    )
    t.match(withProgress.messages, [{ id: 1, result: { structuredContent: { code: '11199' } } }])
    const unknown = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope', arguments: {} } })
    t.equal(
      await fastTakes({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope', arguments: {} } }),
      null,
      'an unknown tool goes to the SDK',
    )
    t.match(unknown.messages, [{ id: 2, result: { isError: true } }])
    const noAccept = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_store', arguments: { branchCode: '11199' } },
      }),
    })
    t.equal(noAccept.status, 406, 'the SDK refuses a legacy call that does not accept both media types')
  })

  t.test('2026-07-28: an Mcp-Name that disagrees with the body is 400 with -32020', async (t) => {
    const call = modern('tools/call', { name: 'get_store', arguments: { branchCode: '11199' } }, 'search_stores')
    const res = await post(url, call.body, call.headers)
    t.equal(res.status, 400)
    t.match(res.messages, [{ error: { code: -32020 } }])
  })

  t.test('2026-07-28: ping and logging are gone', async (t) => {
    const ping = modern('ping')
    const res = await post(url, ping.body, ping.headers)
    t.match(res.messages, [{ error: { code: -32601 } }])
  })

  t.test('a URL over 4,096 characters is a 4xx JSON-RPC error, not a 500', async (t) => {
    const res = await fetch(`${url}/api/mcp?${'a'.repeat(5000)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    t.equal(res.status, 400)
    t.match(await res.json(), { jsonrpc: '2.0', id: null, error: { code: -32600, message: /longer than 4096/ } })
  })

  t.test('progress notifications reach an HTTP client before the result', async (t) => {
    const { client } = await connectHttp(t, url, { name: 'http-test', era: 'legacy' })
    const progress: number[] = []
    const result = await client.callTool(
      { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
      { onprogress: (p) => progress.push(p.progress) },
    )
    t.notOk(result.isError)
    t.ok(progress.length >= 2)
    t.equal(progress.at(-1), 100)
  })

  t.test('a tool failure is an isError result with the REST error words and a documentation link', async (t) => {
    const { client } = await connectHttp(t, url, { name: 'http-test', era: 'legacy' })
    const result = await client.callTool({ name: 'get_store', arguments: { branchCode: '99999' } })
    t.equal(result.isError, true)
    const body = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, unknown>
    t.match(body, { code: 'not_found', status: 404, documentation: `${url}/developers#errors` })
  })

  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    t.test(`initialize with protocol version ${version} is answered with the same version`, async (t) => {
      const res = await post(url, initialize(version))
      t.equal(res.status, 200)
      t.match(res.headers.get('content-type'), /text\/event-stream/)
      t.match(res.messages, [{ id: 1, result: { protocolVersion: version, serverInfo: { name: 'store-finder' } } }])
    })
  }

  t.test('an unknown protocol version is answered with the newest one', async (t) => {
    const res = await post(url, initialize('1999-01-01'))
    t.match(res.messages, [{ result: { protocolVersion: LATEST_PROTOCOL_VERSION } }])
  })

  t.test('ping answers an empty result', async (t) => {
    const res = await post(url, { jsonrpc: '2.0', id: 'p', method: 'ping' })
    t.same(res.messages, [{ jsonrpc: '2.0', id: 'p', result: {} }])
  })

  t.test('tools/list without a session works on any request (stateless)', async (t) => {
    const res = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' })
    t.equal(res.status, 200)
    t.notOk(res.headers.get('mcp-session-id'), 'no session id is issued')
    const tools = (res.messages[0]?.result as { tools: Array<{ name: string; annotations: Record<string, unknown> }> }).tools
    t.same(
      tools.map((tool) => tool.name),
      TOOL_NAMES,
    )
    t.ok(tools.every((tool) => tool.annotations.untrustedContentHint === true && tool.annotations.readOnlyHint === true))
  })

  t.test('a notification is answered 202 with no body', async (t) => {
    const res = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' })
    t.equal(res.status, 202)
    t.equal(res.text, '')
  })

  t.test('malformed JSON is 400 with a JSON-RPC parse error', async (t) => {
    const res = await post(url, '{"jsonrpc": "2.0", "id": 1, "method": ')
    t.equal(res.status, 400)
    t.same(JSON.parse(res.text), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON.' } })
  })

  t.test('an empty JSON body is 400 with a JSON-RPC parse error', async (t) => {
    const res = await post(url, '')
    t.equal(res.status, 400)
    t.match(JSON.parse(res.text), { jsonrpc: '2.0', error: { code: -32700 } })
  })

  t.test('JSON that is not JSON-RPC is 400 with a JSON-RPC invalid request error', async (t) => {
    for (const body of [{ hello: 'world' }, [], 42, { jsonrpc: '1.0', id: 1, method: 'ping' }]) {
      const res = await post(url, body)
      t.equal(res.status, 400, JSON.stringify(body))
      t.match(JSON.parse(res.text), { jsonrpc: '2.0', id: null, error: { code: -32600, message: /JSON-RPC/ } })
    }
  })

  t.test('a body over 256 KiB is 413 with a JSON-RPC error', async (t) => {
    const res = await post(url, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(300 * 1024) } })
    t.equal(res.status, 413)
    t.match(JSON.parse(res.text), { jsonrpc: '2.0', error: { code: -32000, message: /Payload Too Large/ } })
  })

  t.test('a body that is not application/json is 415 with a JSON-RPC error', async (t) => {
    const res = await post(url, 'ping', { 'content-type': 'text/plain' })
    t.equal(res.status, 415)
    t.match(JSON.parse(res.text), { jsonrpc: '2.0', error: { message: /Content-Type/ } })
  })

  t.test('a POST that does not accept text/event-stream is 406', async (t) => {
    const res = await post(url, initialize('2025-06-18'), { accept: 'application/json' })
    t.equal(res.status, 406)
    t.match(JSON.parse(res.text), { jsonrpc: '2.0', error: { message: /Not Acceptable/ } })
  })

  t.test('responses carry CORS headers that expose the MCP headers', async (t) => {
    const res = await post(url, initialize('2025-06-18'), { origin: 'http://localhost:6274' })
    t.equal(res.headers.get('access-control-allow-origin'), '*')
    t.match(res.headers.get('access-control-expose-headers'), /mcp-session-id/)
    t.match(res.headers.get('access-control-expose-headers'), /mcp-protocol-version/)
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/mcp',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version',
      },
    })
    t.equal(preflight.statusCode, 204)
    t.match(preflight.headers['access-control-allow-headers'], /mcp-protocol-version/)
  })

  t.test('a foreign Host is refused with 403 and a JSON-RPC error (DNS rebinding)', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { host: 'evil.example.com', 'content-type': 'application/json', accept: ACCEPT },
      payload: initialize('2025-06-18'),
    })
    t.equal(res.statusCode, 403)
    t.match(res.json(), { jsonrpc: '2.0', id: null, error: { code: -32000, message: /Host 'evil.example.com'/ } })
    const get = await app.inject({ method: 'GET', url: '/api/mcp', headers: { host: 'evil.example.com:80' } })
    t.equal(get.statusCode, 403, 'GET too')
  })

  t.test('a foreign Origin is refused with 403', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { host: '127.0.0.1:3000', origin: 'https://evil.example.com', 'content-type': 'application/json', accept: ACCEPT },
      payload: initialize('2025-06-18'),
    })
    t.equal(res.statusCode, 403)
    t.match(res.json(), { error: { message: /Origin/ } })
  })

  t.test('GET /api/mcp describes the server with the tools exactly as tools/list sends them', async (t) => {
    const res = await fetch(`${url}/api/mcp`)
    t.equal(res.status, 200)
    const info = (await res.json()) as Record<string, unknown> & { tools: unknown[]; protocolVersions: string[] }
    t.match(info, {
      serverInfo: { name: 'store-finder', version: '1.0.0', title: 'Store Finder', description: String },
      endpoint: `${url}/api/mcp`,
      transport: 'streamable-http',
      protocol: 'JSON-RPC 2.0 over Streamable HTTP',
      protocolVersion: LATEST_PROTOCOL_VERSION,
      manifest: `${url}/api/mcp/server-card`,
      capabilities: { tools: { listChanged: false }, logging: {} },
    })
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) t.ok(info.protocolVersions.includes(version), version)
    const listed = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
    t.same(info.tools, (listed.messages[0]?.result as { tools: unknown[] }).tools)
  })

  t.test('a GET that accepts JSON as much as SSE (an auth probe) gets the JSON document, not a stream', async (t) => {
    const res = await fetch(`${url}/api/mcp`, { headers: { accept: 'application/json, text/event-stream' } })
    t.match(res.headers.get('content-type'), /^application\/json/)
    t.match(await res.json(), { serverInfo: { name: 'store-finder' } })
  })

  t.test('a GET stream with an unsupported MCP-Protocol-Version is 400', async (t) => {
    const res = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream', 'mcp-protocol-version': '1999-01-01' } })
    t.equal(res.status, 400)
    t.match(await res.json(), { jsonrpc: '2.0', error: { message: /unsupported protocol version 1999-01-01/ } })
  })

  t.test('a malformed Host header is refused', async (t) => {
    const res = await app.inject({ method: 'GET', url: '/api/mcp', headers: { host: 'a b' } })
    t.equal(res.statusCode, 403)
    t.match(res.json(), { error: { message: /Host header is missing or malformed/ } })
  })

  t.test('GET /api lists both MCP operations', async (t) => {
    const index = (await app.inject({ method: 'GET', url: '/api' })).json() as {
      endpoints: Array<{ method: string; path: string; operationId: string }>
    }
    t.match(
      index.endpoints.filter((e) => e.path === '/api/mcp'),
      [
        { method: 'GET', operationId: 'getMcpServerInfo' },
        { method: 'POST', operationId: 'callMcp' },
      ],
    )
  })

  t.test('other methods are 405 with Allow', async (t) => {
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/api/mcp' })
      t.equal(res.statusCode, 405, method)
      t.equal(res.headers.allow, 'GET, HEAD, POST, OPTIONS')
    }
  })

  t.test('GET with Accept: text/event-stream opens a stream that the server closes at shutdown', async (t) => {
    const controller = new AbortController()
    t.teardown(() => controller.abort())
    const res = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream' }, signal: controller.signal })
    t.equal(res.status, 200)
    t.match(res.headers.get('content-type'), /^text\/event-stream/)
    t.equal(res.headers.get('access-control-allow-origin'), '*')
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    const first = await reader.read()
    t.match(first.value, /^retry: \d+\n: /, 'a retry hint and a comment open the stream')
    const before = app.openStreams.count
    t.ok(before >= 1, 'the stream counts against the cap')
    // What shutdown does (http/main.ts): every open stream is ended cleanly.
    app.openStreams.endAll('test shutdown')
    await readToEnd('the server to end the stream', reader)
    t.pass('the server ended the stream')
  })

  t.test('cancelling the HTTP request aborts the upstream scan', async (t) => {
    const hung = await listenTestApp(t, { env: { SCAN_DEADLINE_MS: '120000', UPSTREAM_TIMEOUT_MS: '120000' } })
    hung.simulator.setFault('pdThumbSelSimple', { kind: 'hang' })
    const service = hung.runtime.service
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' }, _meta: { progressToken: 1 } },
    })
    const req = httpRequest(`${hung.url}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT } })
    const firstEvent = new Promise<string>((resolve, reject) => {
      req.on('response', (res) => res.once('data', (chunk: Buffer) => resolve(chunk.toString())))
      req.on('error', reject)
    })
    req.end(body)
    t.match(await within('the first event of the tool call', firstEvent), /notifications\/progress/, 'the scan has started')
    t.equal(service.activeScans, 1)
    req.destroy()
    // Only an abort can end the scan: the deadline and upstream timeout are far away and the upstream hangs.
    await until('the scan to stop after the connection closed', () => service.activeScans === 0, { intervalMs: 10 })
    t.equal(service.activeScans, 0, 'the scan stopped when the connection closed')
  })
})

t.test('the server ends a GET stream after its lifetime', async (t) => {
  const { url } = await listenTestApp(t, { env: { SSE_MAX_LIFETIME_MS: '1000', SSE_KEEPALIVE_MS: '100' } })
  const res = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream' } })
  const text = await within('the server to end the stream after its lifetime', res.text()) // resolves only when the server ends it
  t.match(text, /^retry: \d+\n/)
  t.match(text, /: keepalive\n\n/, 'keep-alive comments flow while it is open')
})

t.test('GET streams are capped; the next one is 503 with Retry-After', async (t) => {
  const { url, app } = await listenTestApp(t, { env: { MAX_OPEN_STREAMS: '1' } })
  const controller = new AbortController()
  t.teardown(() => controller.abort())
  const first = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream' }, signal: controller.signal })
  t.equal(first.status, 200)
  const second = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream' } })
  t.equal(second.status, 503)
  t.ok(second.headers.get('retry-after'))
  t.match(await second.json(), { jsonrpc: '2.0', error: { message: /too many open streams/ } })
  t.equal(app.openStreams.count, 1)
})

t.test('closing the app ends open GET streams', async (t) => {
  const ctx = await buildTestApp(t)
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const res = await fetch(`${url}/api/mcp`, { headers: { accept: 'text/event-stream' } })
  const ended = res.text()
  await ctx.app.close()
  t.match(await within('closing the app to end the stream', ended), /^retry:/)
})

t.test('host policy', async (t) => {
  const loopback = hostPolicy({ host: '127.0.0.1', publicBaseUrl: undefined, allowedHosts: [] })
  for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '127.0.0.2', '[::1]:3000', 'LOCALHOST:1']) {
    t.equal(loopback.check(host, undefined), null, `loopback server accepts Host ${host}`)
  }
  for (const host of ['evil.example.com', 'evil.example.com:3000', '192.168.1.5:3000', 'localhost.evil.com']) {
    t.match(loopback.check(host, undefined), /not allowed/, `loopback server refuses Host ${host}`)
  }
  t.match(loopback.check(undefined, undefined), /missing/)
  t.equal(loopback.check('localhost:3000', 'http://localhost:6274'), null, 'a local page may call')
  t.equal(loopback.check('127.0.0.1:3000', 'http://127.0.0.1:3000'), null, 'same origin')
  t.match(loopback.check('localhost:3000', 'https://evil.example.com'), /Origin/)
  t.match(loopback.check('localhost:3000', 'null'), /Origin/)

  const listed = hostPolicy({ host: '127.0.0.1', publicBaseUrl: undefined, allowedHosts: ['mcp.internal:8443', 'https://agent.example'] })
  t.equal(listed.check('mcp.internal', undefined), null, 'ALLOWED_HOSTS names are compared without the port')
  t.equal(listed.check('mcp.internal:9999', 'https://agent.example'), null, 'a listed origin')
  t.match(listed.check('other.internal', undefined), /ALLOWED_HOSTS/)

  const publicServer = hostPolicy({ host: '0.0.0.0', publicBaseUrl: 'https://stores.example.com', allowedHosts: [] })
  t.equal(publicServer.check('stores.example.com', 'https://any-agent.example'), null, 'public: its name, any origin')
  t.equal(publicServer.check('10.0.0.7:3000', undefined), null, 'bound to all interfaces: IP literals')
  t.equal(publicServer.check('localhost:3000', undefined), null)
  t.match(publicServer.check('evil.example.com', undefined), /not allowed/)

  const open = hostPolicy({ host: '0.0.0.0', publicBaseUrl: undefined, allowedHosts: ['*'] })
  t.equal(open.check('anything.example', 'https://else.example'), null, 'ALLOWED_HOSTS=* turns the check off')
})

t.test('ALLOWED_HOSTS reaches the route', async (t) => {
  const { app } = await buildTestApp(t, { env: { ALLOWED_HOSTS: 'mcp.example.org' } })
  const ok = await app.inject({ method: 'GET', url: '/api/mcp', headers: { host: 'mcp.example.org:8080' } })
  t.equal(ok.statusCode, 200)
  t.equal(
    z
      .string()
      .url()
      .safeParse((ok.json() as { endpoint: string }).endpoint).success,
    true,
  )
  const refused = await app.inject({ method: 'GET', url: '/api/mcp', headers: { host: 'other.example.org' } })
  t.equal(refused.statusCode, 403)
})
