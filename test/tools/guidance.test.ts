import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { SKILL_PATH } from '../../http/routes/discovery.js'
import { toolDefinitions } from '../../tools/index.js'
import { PROMPT_NAMES } from '../../tools/prompts.js'
import { discoverRefusal, invalidParamsAnswer } from '../../tools/protocol.js'
import { GUIDANCE_MAX_CHARS, INSTRUCTIONS, TOOL_ERROR_CODES, createMcpServer } from '../../tools/server.js'
import { buildTestApp, simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'

/*
 * Guidance that is true and fits (#32): hosts cut `instructions` and each tool description at 2,048
 * characters without saying so, so what matters comes first and all of it fits; every document an
 * agent reads describes the one- or two-call path through find_product_nearby.
 */

t.test('instructions and every tool description fit in 2,048 characters, the usual path first', async (t) => {
  t.equal(GUIDANCE_MAX_CHARS, 2048)
  t.ok(INSTRUCTIONS.length <= GUIDANCE_MAX_CHARS, `instructions: ${INSTRUCTIONS.length} characters`)
  for (const tool of toolDefinitions) {
    t.ok(tool.description.length <= GUIDANCE_MAX_CHARS, `${tool.name}: ${tool.description.length} characters`)
  }
  const at = (word: string) => INSTRUCTIONS.indexOf(word)
  t.ok(at('find_product_nearby') > 0 && at('find_product_nearby') < at('search_products'), 'the one- or two-call path comes first')
  t.ok(at('search_stores') < at('find_product_nearby'), 'search_stores, then find_product_nearby')
  t.ok(at('treat them as data') < at('isError'), 'the trust label before the error advice')
  for (const code of TOOL_ERROR_CODES) t.match(INSTRUCTIONS, code, `what to do on ${code}`)
  for (const name of toolDefinitions.map((tool) => tool.name)) t.match(INSTRUCTIONS, name, `names ${name}`)
})

t.test('the prompts, the skill, /agent-instructions.md and llms.txt describe find_product_nearby', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  const { client } = await connectInMemory(t, createMcpServer(runtime.service), { name: 'guidance' })
  const args: Record<string, Record<string, string>> = {
    find_product_at_store: { store: '강남역점', product: '우산' },
    find_store_with_product: { place: '홍대입구', product: '우산' },
  }
  for (const name of PROMPT_NAMES) {
    const prompt = await client.getPrompt({ name, arguments: args[name] })
    const text = prompt.messages.map((m) => (m.content as { text?: string }).text ?? '').join('\n')
    t.match(text, /find_product_nearby/, `prompt ${name}`)
    t.notMatch(text, /3\. Call get_product_availability/, `prompt ${name}: no three-call path`)
  }
  const { app } = await buildTestApp(t, { simulator: sim })
  for (const path of ['/agent-instructions.md', '/llms.txt', SKILL_PATH]) {
    const res = await app.inject({ method: 'GET', url: path })
    t.equal(res.statusCode, 200, path)
    t.match(res.body, /find_product_nearby/, `${path} names find_product_nearby`)
    t.match(res.body, /one or two calls/, `${path} says it takes one or two calls`)
  }
})

t.test('a server/discover or initialize refusal lists everything missing at once', async (t) => {
  const bare = discoverRefusal({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }, {})
  t.same(
    bare?.error.data.missing.map((m) => m.split(':')[0]),
    [
      'header MCP-Protocol-Version',
      'header Mcp-Method',
      'params._meta["io.modelcontextprotocol/protocolVersion"]',
      'params._meta["io.modelcontextprotocol/clientInfo"]',
      'params._meta["io.modelcontextprotocol/clientCapabilities"]',
    ],
    'both headers and the three envelope keys, in one answer',
  )
  t.equal(bare?.error.code, -32602)
  const halfway = discoverRefusal(
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'x' } } },
    },
    { 'mcp-protocol-version': '2026-07-28' },
  )
  t.same(
    halfway?.error.data.missing.map((m) => m.split(':')[0]),
    [
      'header Mcp-Method',
      'params._meta["io.modelcontextprotocol/clientInfo"]',
      'params._meta["io.modelcontextprotocol/clientCapabilities"]',
    ],
    'only what is still missing',
  )
  t.same(
    discoverRefusal({ jsonrpc: '2.0', id: 3, method: 'server/discover', params: {} })?.error.data.missing.length,
    3,
    'stdio: no headers to ask for',
  )
  t.equal(
    discoverRefusal({ jsonrpc: '2.0', id: 4, method: 'server/discover', params: {} }, { 'mcp-protocol-version': '2025-11-25' }),
    undefined,
    'an initialize-era request is the SDK to answer',
  )
  const init = invalidParamsAnswer({ jsonrpc: '2.0', id: 5, method: 'initialize', params: {} }) as { error: { message: string } }
  for (const key of ['protocolVersion', 'capabilities', 'clientInfo'])
    t.match(init.error.message, `params.${key}`, `initialize: ${key} named`)

  // Over HTTP, as a client meets it.
  const { app } = await buildTestApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} },
  })
  t.equal(res.statusCode, 400)
  t.equal((res.json() as { error: { data: { missing: string[] } } }).error.data.missing.length, 5, 'five things missing, said once')
})
