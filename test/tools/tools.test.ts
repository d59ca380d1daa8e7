import t from 'tap'
import type { Client } from '@modelcontextprotocol/client'
import { InMemoryTransport } from '@modelcontextprotocol/server'
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import type { StoreService } from '../../src/service.js'
import { CAPABILITIES, createMcpServer, INSTRUCTIONS } from '../../tools/server.js'
import { PROMPT_NAMES } from '../../tools/prompts.js'
import { TRUST_META_KEY } from '../../tools/advertise.js'
import { toolDefinitions } from '../../tools/index.js'
import { simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'
import { until, within } from '../helpers/wait.js'
import { serviceFor } from '../helpers/service.js'

const DOCS = 'https://stores.example/developers#errors'

/** A real SDK client on an in-memory transport to a server for `service`; `sent` records every message the server sends. */
async function connect(t: Parameters<typeof connectInMemory>[0], service: StoreService, documentationUrl: string | null = DOCS) {
  const server = createMcpServer(service, { documentationUrl: documentationUrl ?? undefined })
  return connectInMemory(t, server, { name: 'test' })
}

const ToolsWire = z.object({ tools: z.array(z.looseObject({ name: z.string() })) })

interface ErrorText {
  error: string
  code: string
  message: string
  hint: string
  status: number
  documentation?: string
  detail?: string
}

function errorOf(result: Awaited<ReturnType<Client['callTool']>>): ErrorText {
  const content = result.content as Array<{ type: string; text: string }>
  if (result.isError !== true || content.length !== 1 || content[0]?.type !== 'text') {
    throw new Error(`expected an isError result with one text block, got ${JSON.stringify(result)}`)
  }
  return JSON.parse(content[0].text) as ErrorText
}

function structuredOf(result: Awaited<ReturnType<Client['callTool']>>): Record<string, unknown> {
  if (result.isError) throw new Error(`unexpected tool error: ${JSON.stringify(result.content)}`)
  const content = result.content as Array<{ type: string; text: string }>
  const structured = result.structuredContent as Record<string, unknown>
  // This client speaks 2025-11-25, which has structuredContent: the text block is the tool's reading of
  // the answer, not a JSON copy (test/tools/answers.test.ts checks its facts, and older clients' JSON).
  const rendered = toolDefinitions.flatMap((tool) => {
    try {
      return [tool.render(structured as never)]
    } catch {
      return [] // another tool's shape
    }
  })
  if (!rendered.includes(content[0]?.text ?? '')) throw new Error('the text block is not a reading of structuredContent')
  return structured
}

t.test('MCP tools over an in-memory transport', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  const { client, sent } = await connect(t, runtime.service)
  t.beforeEach(() => {
    sim.reset()
    runtime.upstream.clear()
    runtime.client.preauth.clear()
  })

  t.test('initialize reports name, version, title, instructions and capabilities', async (t) => {
    t.match(client.getServerVersion(), { name: 'store-finder', version: '1.0.0', title: 'Store Finder' })
    t.same(client.getServerCapabilities(), CAPABILITIES)
    t.same(CAPABILITIES, {
      tools: { listChanged: false },
      prompts: { listChanged: false },
      resources: { listChanged: false },
      completions: {},
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      logging: {},
    })
    const instructions = client.getInstructions() ?? ''
    t.equal(instructions, INSTRUCTIONS)
    const order = ['search_stores', 'search_products', 'get_product_availability'].map((name) => instructions.indexOf(name))
    t.ok(order.every((i) => i >= 0) && order[0]! < order[1]! && order[1]! < order[2]!, 'recommended order is stated')
    for (const code of ['missing_parameter', 'invalid_parameter', 'not_found', 'upstream_error', 'internal_error']) {
      t.match(instructions, code, `instructions explain ${code}`)
    }
  })

  t.test('tools/list has every tool with titles, descriptions and every annotation', async (t) => {
    // A raw request: the SDK's typed listTools() strips annotations it does not know.
    const { tools } = await client.request({ method: 'tools/list' }, ToolsWire)
    t.same(
      tools.map((tool) => tool.name),
      [
        'search_stores',
        'search_nearby_stores',
        'get_store',
        'search_products',
        'get_product_availability',
        'search_catalogue',
        'find_product_nearby',
      ],
    )
    for (const tool of tools) t.match(tool.description, /Daiso \(다이소\)/, `${tool.name} names the chain`)
    for (const tool of tools) {
      t.type(tool.title, 'string', `${tool.name} has a title`)
      t.ok(String(tool.description).length > 100, `${tool.name} has a description written for a model`)
      t.same(
        tool.annotations,
        {
          title: tool.title,
          readOnlyHint: true,
          openWorldHint: true,
          untrustedContentHint: true,
        },
        `${tool.name} annotations`,
      )
      t.match(tool.outputSchema, { type: 'object', properties: Object }, `${tool.name} has an output schema`)
    }
  })

  t.test('input schemas advertise types, limits, defaults, required fields and descriptions', async (t) => {
    const { tools } = await client.request({ method: 'tools/list' }, ToolsWire)
    const schema = (name: string) =>
      tools.find((tool) => tool.name === name)?.inputSchema as {
        type: string
        properties: Record<string, { type: string; description?: string; default?: unknown; minimum?: number; maximum?: number }>
        required?: string[]
        additionalProperties: boolean
      }
    const expected: Record<string, { properties: string[]; required: string[] }> = {
      search_stores: { properties: ['keyword', 'near', 'facility', 'currentPage', 'pageSize'], required: ['keyword'] },
      // A point, or a place in words (near): neither is required alone.
      search_nearby_stores: {
        properties: ['latitude', 'longitude', 'near', 'facility', 'openNow', 'currentPage', 'pageSize'],
        required: [],
      },
      get_store: { properties: ['branchCode'], required: ['branchCode'] },
      search_products: { properties: ['branchCode', 'keyword', 'currentPage', 'includeImages'], required: ['branchCode', 'keyword'] },
      get_product_availability: { properties: ['productId', 'branchCode'], required: ['productId', 'branchCode'] },
    }
    for (const [name, want] of Object.entries(expected)) {
      const s = schema(name)
      t.equal(s.type, 'object', `${name} input is an object`)
      t.same(Object.keys(s.properties), want.properties, `${name} properties`)
      t.same([...(s.required ?? [])].sort(), [...want.required].sort(), `${name} required`)
      t.equal(s.additionalProperties, false, `${name} rejects unknown arguments`)
      for (const [prop, def] of Object.entries(s.properties)) {
        t.ok(def.description && def.description.length > 10, `${name}.${prop} is described`)
      }
    }
    const stores = schema('search_stores').properties
    t.match(stores.currentPage, { type: 'integer', default: 1, minimum: 1 })
    t.match(stores.pageSize, { type: 'integer', default: 10, minimum: 1, maximum: 10 })
    t.match(schema('search_nearby_stores').properties.pageSize, { default: 10, maximum: 10 })
    t.match(schema('search_nearby_stores').properties.latitude, { type: 'number', minimum: 32.8, maximum: 38.9 })
    t.match(schema('search_products').properties.currentPage, { type: 'integer', default: 1 })
    t.match(schema('get_store').properties.branchCode, { type: 'string', pattern: String })
  })

  t.test('toolDefinitions match what tools/list advertises', async (t) => {
    const { tools } = await client.request({ method: 'tools/list' }, ToolsWire)
    t.same(
      toolDefinitions.map((d) => [d.name, d.title, d.description]),
      tools.map((tool) => [tool.name, tool.title, tool.description]),
    )
  })

  t.test('search_stores returns a page of stores', async (t) => {
    const page = structuredOf(await client.callTool({ name: 'search_stores', arguments: { keyword: '강남', pageSize: 3 } })) as {
      stores: Array<{ code: string }>
      hasMore: boolean
      nextPage: number
    }
    t.equal(page.stores.length, 3)
    t.equal(page.hasMore, true, 'a full page may have more')
    t.equal(page.nextPage, 2)
    // `facilities` is additive.
    t.same(Object.keys(page.stores[0]!).sort(), ['address', 'closeTime', 'code', 'facilities', 'lat', 'lng', 'name', 'openNow', 'openTime'])
  })

  t.test('search_stores applies the defaults (page 1, 10 stores)', async (t) => {
    const page = structuredOf(await client.callTool({ name: 'search_stores', arguments: { keyword: '서울' } })) as {
      stores: unknown[]
      nextPage: number
    }
    t.equal(page.stores.length, 10)
    t.equal(page.nextPage, 2)
  })

  t.test('search_stores with near: the stores the keyword names, around the place, nearest first', async (t) => {
    const page = structuredOf(
      await client.callTool({ name: 'search_stores', arguments: { keyword: '터미널', near: '동대구역', pageSize: 5 } }),
    ) as { stores: Array<{ name: string; address: string; distanceKm: number }>; place: { name: string; kind: string } }
    t.match(page.place, { name: '동대구역', kind: 'station' })
    t.equal(page.stores.length, 5)
    t.ok(
      page.stores.every((s) => s.name.includes('터미널')),
      'every one a 터미널 store',
    )
    t.ok(
      page.stores.every((s, i) => i === 0 || s.distanceKm >= page.stores[i - 1]!.distanceKm),
      'nearest first',
    )
    t.match(page.stores[0]?.address, /^대구/, 'the nearest in Daegu')
    const unknown = await client.callTool({ name: 'search_stores', arguments: { keyword: '터미널', near: '아틀란티스' } })
    t.equal(unknown.isError, true)
    t.match(errorOf(unknown).message, /near.*names no place/)
  })

  t.test('search_nearby_stores returns the nearest store first', async (t) => {
    const page = structuredOf(
      await client.callTool({ name: 'search_nearby_stores', arguments: { latitude: 37.497175, longitude: 127.027926, pageSize: 5 } }),
    ) as { stores: Array<{ code: string }> }
    t.equal(page.stores.length, 5)
    t.equal(page.stores[0]?.code, '11199')
  })

  t.test('get_store returns one store', async (t) => {
    const store = structuredOf(await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } }))
    t.match(store, { code: '11199', name: '강남역점', openTime: /^\d{2}:\d{2}$/ })
  })

  t.test('search_products returns in-stock products with floor and zone', async (t) => {
    const result = structuredOf(
      await client.callTool({ name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } }),
    ) as { products: Array<{ stock: number; stairNo: number }>; hasMore: boolean; nextPage: number }
    t.ok(result.products.length > 0)
    t.ok(result.products.every((p) => p.stock >= 1 && Number.isInteger(p.stairNo)))
    t.type(result.hasMore, 'boolean')
    t.type(result.nextPage, 'number')
  })

  t.test('get_product_availability returns stock here and nearby', async (t) => {
    const found = structuredOf(await client.callTool({ name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } })) as {
      products: Array<{ id: string; stock: number }>
    }
    const product = found.products[0]!
    const availability = structuredOf(
      await client.callTool({ name: 'get_product_availability', arguments: { productId: product.id, branchCode: '11199' } }),
    ) as { stock: number; otherBranches: Array<{ stock: number; distanceKm: number | null }> }
    t.equal(availability.stock, product.stock)
    t.ok(availability.otherBranches.every((b) => b.stock >= 1))
  })

  t.test('a code sent as a number and a number sent as a string are taken as meant', async (t) => {
    const store = structuredOf(await client.callTool({ name: 'get_store', arguments: { branchCode: 11199 } }))
    t.match(store, { code: '11199' })
    const page = structuredOf(await client.callTool({ name: 'search_stores', arguments: { keyword: '강남', pageSize: '2' } })) as {
      stores: unknown[]
    }
    t.equal(page.stores.length, 2)
  })

  t.test('a missing argument is missing_parameter with our hint', async (t) => {
    const error = errorOf(await client.callTool({ name: 'search_stores', arguments: {} }))
    t.same(error, {
      error: "필수 입력값 'keyword'이(가) 없습니다.",
      code: 'missing_parameter',
      message: "Missing required parameter 'keyword'.",
      hint: 'Send keyword: an address, neighbourhood or store name such as 강남.',
      status: 400,
      documentation: DOCS,
    })
  })

  t.test('calls without arguments at all are missing_parameter too', async (t) => {
    const error = errorOf(await client.callTool({ name: 'get_product_availability' }))
    t.match(error, { code: 'missing_parameter', message: /productId|branchCode/ })
  })

  const invalid: Array<[string, string, Record<string, unknown>, RegExp, RegExp]> = [
    ['pageSize above 10', 'search_stores', { keyword: '강남', pageSize: 11 }, /'pageSize': must be between 1 and 10/, /1 to 10/],
    ['a keyword that is not a string', 'search_stores', { keyword: ['강남'] }, /'keyword': expected string/, /keyword/],
    ['a pageSize that is not a number', 'search_stores', { keyword: '강남', pageSize: 'ten' }, /'pageSize': expected number/, /1 to 10/],
    [
      'coordinates on search_stores',
      'search_stores',
      { keyword: '강남', latitude: 37.5 },
      /'latitude': is not a known parameter/,
      /search_nearby_stores/,
    ],
    [
      'a latitude out of range',
      'search_nearby_stores',
      { latitude: 91, longitude: 127 },
      /'latitude': must be a point in Korea \(latitude 32\.8 to 38\.9, longitude 124\.5 to 132\)/,
      /latitude/,
    ],
    [
      'a branchCode that is not a store code',
      'get_store',
      { branchCode: 'abc' },
      /'branchCode': must be a 5-digit store code/,
      /search_stores/,
    ],
    [
      'a currentPage of 0',
      'search_products',
      { branchCode: '11199', keyword: '컵', currentPage: 0 },
      /'currentPage': must be at least 1/,
      /nextPage/,
    ],
    ['a malformed product id', 'get_product_availability', { productId: 'x!', branchCode: '11199' }, /'productId'/, /search_products/],
  ]
  for (const [what, name, args, message, hint] of invalid) {
    t.test(`${what} is invalid_parameter`, async (t) => {
      const error = errorOf(await client.callTool({ name, arguments: args }))
      t.match(error, { code: 'invalid_parameter', status: 400, message, hint })
      t.equal(sim.stats().total, 0, 'the upstream was not called')
    })
  }

  t.test('an unknown store is not_found', async (t) => {
    t.equal(sim.data.storeByCode('99999'), undefined)
    const error = errorOf(await client.callTool({ name: 'get_store', arguments: { branchCode: '99999' } }))
    t.match(error, { code: 'not_found', status: 404, message: /99999/, hint: /search_stores/ })
  })

  t.test('an unknown product is not_found', async (t) => {
    t.equal(sim.data.productByNo('9999999'), undefined)
    const error = errorOf(
      await client.callTool({ name: 'get_product_availability', arguments: { productId: '9999999', branchCode: '11199' } }),
    )
    t.match(error, { code: 'not_found', status: 404, message: /9999999/, hint: /search_products/ })
  })

  t.test('products at an unknown store is invalid_parameter naming branchCode', async (t) => {
    const error = errorOf(await client.callTool({ name: 'search_products', arguments: { branchCode: '99999', keyword: '컵' } }))
    t.match(error, { code: 'invalid_parameter', message: /branchCode/, hint: /search_stores/ })
  })

  t.test('an upstream failure on a store tool is upstream_error (502), not an empty page', async (t) => {
    sim.setFault('selStr', { kind: 'http500' })
    const error = errorOf(await client.callTool({ name: 'search_stores', arguments: { keyword: '강남' } }))
    t.match(error, { code: 'upstream_error', status: 502, hint: /Retry/, detail: /^stores: / })
  })

  t.test('an upstream failure on a product tool is internal_error (500), not an empty list', async (t) => {
    sim.setFault('pdThumbSelSimple', { kind: 'http500' })
    const error = errorOf(await client.callTool({ name: 'search_products', arguments: { branchCode: '11199', keyword: '컵' } }))
    t.match(error, { code: 'internal_error', status: 500, message: /upstream/ })
  })

  t.test('search_products sends increasing progress when the caller asks for it', async (t) => {
    const updates: Array<{ progress: number; total?: number; message?: string }> = []
    const result = structuredOf(
      await client.callTool(
        { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
        {
          onprogress: (p: { progress: number; total?: number; message?: string }) => updates.push(p),
        },
      ),
    )
    t.ok(Array.isArray(result.products))
    t.ok(updates.length >= 2, 'at least a start and an end')
    for (let i = 1; i < updates.length; i++) t.ok(updates[i]!.progress > updates[i - 1]!.progress, 'progress only increases')
    t.equal(updates.at(-1)?.progress, 100)
    t.ok(updates.every((u) => u.total === 100))
    t.match(updates[0]?.message, /^0 of 10 found, \d+ scanned on page 1$/)
  })

  t.test('successful results carry the trust label in _meta; error results do not need it', async (t) => {
    const ok = await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } })
    t.same(ok._meta?.[TRUST_META_KEY], { untrustedContent: true, source: "the retail chain's public web service" })
    t.match(INSTRUCTIONS, TRUST_META_KEY, 'the instructions say so')
  })

  t.test('tools/list carries no safe-integer bounds, only real ones', async (t) => {
    const raw = JSON.stringify(await client.request({ method: 'tools/list' }, ToolsWire))
    t.notMatch(raw, String(Number.MAX_SAFE_INTEGER))
    t.match(raw, '"maximum":10', 'pageSize keeps its real bound')
  })

  t.test('the two prompts frame the journeys and complete store names', async (t) => {
    const { prompts } = await client.listPrompts()
    t.same(
      prompts.map((p) => p.name),
      [...PROMPT_NAMES],
    )
    t.match(prompts[0], {
      title: String,
      description: String,
      arguments: [
        { name: 'store', required: true },
        { name: 'product', required: true },
      ],
    })
    const got = await client.getPrompt({ name: 'find_product_at_store', arguments: { store: '강남역점', product: '텀블러' } })
    const text = (got.messages[0]?.content as { text: string }).text
    t.match(text, /search_stores with keyword "강남역점"/)
    t.match(text, /search_products/)
    const byCode = await client.getPrompt({ name: 'find_product_at_store', arguments: { store: '11199', product: '텀블러' } })
    t.match((byCode.messages[0]?.content as { text: string }).text, /"11199" is a store code/)
    const near = await client.getPrompt({ name: 'find_store_with_product', arguments: { place: '홍대입구', product: '건전지' } })
    t.match((near.messages[0]?.content as { text: string }).text, /find_product_nearby/, 'the one- or two-call path')

    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'find_product_at_store' },
      argument: { name: 'store', value: '강남' },
    })
    t.ok(completion.completion.values.length > 0 && completion.completion.values.length <= 10, 'some store names, at most 10')
    t.ok(completion.completion.values.includes('강남역점'))
    const empty = await client.complete({
      ref: { type: 'ref/prompt', name: 'find_store_with_product' },
      argument: { name: 'place', value: '' },
    })
    t.same(empty.completion.values, [], 'nothing typed, nothing suggested')
  })

  t.test('a completion whose store search fails is an error, not an empty list', async (t) => {
    sim.setFault('selStr', { kind: 'http500' })
    await t.rejects(
      client.complete({ ref: { type: 'ref/prompt', name: 'find_product_at_store' }, argument: { name: 'store', value: '부산' } }),
    )
  })

  t.test('no progress notifications without a progress token', async (t) => {
    sent.length = 0
    await client.callTool({ name: 'search_products', arguments: { branchCode: '11199', keyword: '컵' } })
    t.notOk(
      sent.some((m) => 'method' in m && m.method === 'notifications/progress'),
      'nothing but the response was sent',
    )
  })
})

t.test('cancelling a search_products call aborts the upstream scan', async (t) => {
  const { fakeUpstream } = await import('../helpers/fake-upstream.js')
  let abortedUpstream!: () => void
  const upstreamAborted = new Promise<void>((resolve) => (abortedUpstream = resolve))
  const upstream = fakeUpstream()
  // The catalogue hangs until the scan's signal aborts it.
  upstream.searchCatalogue = (_query, signal) =>
    new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        abortedUpstream()
        reject(signal.reason as Error)
      })
    })
  const service = serviceFor(upstream)
  const { client } = await connect(t, service)

  const controller = new AbortController()
  let started!: () => void
  const firstProgress = new Promise<void>((resolve) => (started = resolve))
  const call = client.callTool(
    { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
    {
      signal: controller.signal,
      onprogress: () => started(),
    },
  )
  await within('the first progress notification', firstProgress)
  t.equal(service.activeScans, 1, 'the scan is running')
  controller.abort(new Error('the user changed their mind'))
  await t.rejects(call, /changed their mind/)
  await within('the upstream call to be aborted', upstreamAborted)
  t.pass('notifications/cancelled reached the upstream call')
  await until('the scan slot to be released', () => service.activeScans === 0, { intervalMs: 1 })
  t.equal(service.activeScans, 0, 'the scan slot is released')
})

t.test('error results omit documentation when no public URL is known (stdio without PUBLIC_BASE_URL)', async (t) => {
  const { fakeUpstream } = await import('../helpers/fake-upstream.js')
  const service = serviceFor(fakeUpstream())
  const { client } = await connect(t, service, null)
  const error = errorOf(await client.callTool({ name: 'get_store', arguments: { branchCode: '99999' } }))
  t.equal(error.code, 'not_found')
  t.notOk('documentation' in error)
})

t.test('a result that breaks the output schema is an internal_error result, not bad data', async (t) => {
  const { fakeUpstream, fakeStore } = await import('../helpers/fake-upstream.js')
  const broken = { ...fakeStore('11199', 0), openTime: 'late' }
  const service = serviceFor(fakeUpstream({ stores: [broken] }))
  const { client } = await connect(t, service)
  const error = errorOf(await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } }))
  t.match(error, { code: 'internal_error', status: 500, message: /get_store result did not match its output schema/ })
})

t.test('upstream calls still running when a call has answered are cancelled', async (t) => {
  const { fakeUpstream } = await import('../helpers/fake-upstream.js')
  const { UpstreamError } = await import('../../src/upstream/errors.js')
  const upstream = fakeUpstream()
  let straggler!: () => void
  const stragglerAborted = new Promise<void>((resolve) => (straggler = resolve))
  let placements = 0
  // The first placement lookup hangs until its signal aborts; the second fails, which fails the scan.
  upstream.getPlacement = (_productId, _storeCode, signal) => {
    placements += 1
    if (placements === 1) {
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => {
          straggler()
          reject(signal.reason as Error)
        }),
      )
    }
    return Promise.reject(new UpstreamError('http', 'selIntPdStDispInfo', 'HTTP 500', { status: 500 }))
  }
  const service = serviceFor(upstream)
  const { client } = await connect(t, service)
  const error = errorOf(await client.callTool({ name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } }))
  t.equal(error.code, 'internal_error')
  await stragglerAborted
  t.pass('the hanging placement lookup was aborted once the call had answered')
})

t.test('requests with invalid params are -32602 with one sentence, on any transport', async (t) => {
  const { invalidParamsAnswer } = await import('../../tools/protocol.js')
  const { screenTransport } = await import('../../tools/transports/stdio.js')
  t.match(invalidParamsAnswer({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }), {
    id: 1,
    error: { code: -32602, message: /^Invalid params for initialize: params\.protocolVersion: / },
  })
  t.match(invalidParamsAnswer({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'loud' } }), {
    error: { code: -32602 },
  })
  t.equal(invalidParamsAnswer({ jsonrpc: '2.0', id: 3, method: 'tools/list' }), undefined, 'a valid request passes')
  t.equal(invalidParamsAnswer({ jsonrpc: '2.0', method: 'notifications/initialized' }), undefined, 'notifications pass')

  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const delivered: unknown[] = []
  const answers: unknown[] = []
  screenTransport(serverSide)
  serverSide.onmessage = (message) => delivered.push(message)
  clientSide.onmessage = (message) => answers.push(message)
  await serverSide.start()
  await clientSide.start()
  await clientSide.send({ jsonrpc: '2.0', id: 9, method: 'initialize', params: {} } as JSONRPCMessage)
  await clientSide.send({ jsonrpc: '2.0', id: 10, method: 'tools/list' } as JSONRPCMessage)
  await new Promise((resolve) => setImmediate(resolve))
  t.match(answers, [{ id: 9, error: { code: -32602 } }], 'answered by the screen')
  t.match(delivered, [{ id: 10, method: 'tools/list' }], 'only the valid request reaches the server')
  await clientSide.close()
})
