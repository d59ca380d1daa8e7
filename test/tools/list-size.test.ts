import t from 'tap'
import { z } from 'zod'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { createMcpServer } from '../../tools/server.js'
import { simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'

/**
 * tools/list goes to every connection and sits in the model's context for the whole conversation:
 * the whole tool set, as the JSON-RPC response a client receives, stays within 12 KB (12,288 bytes, #32).
 * It was 22 KB, then 13.0 KB with this round's parameters (near, openNow, facility, limit, includeImages,
 * shopping lists, unplaced stock); shorter descriptions and output schemas that say each shape once (no
 * `type` beside `properties` or `items`) brought it to 11,905 bytes (11.6 KB). A size, not a timing.
 */
const LIMIT_BYTES = 12 * 1024

const ToolsWire = z.object({ tools: z.array(z.looseObject({ name: z.string(), outputSchema: z.unknown() })) })

t.test('tools/list, every tool with its output schema, is at most 12 KB', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  const { client } = await connectInMemory(t, createMcpServer(runtime.service), { name: 'size' })
  const result = await client.request({ method: 'tools/list' }, ToolsWire)
  const bytes = Buffer.byteLength(JSON.stringify({ result, jsonrpc: '2.0', id: 1 }), 'utf8')
  t.comment(`tools/list: ${bytes} bytes for ${result.tools.length} tools`)
  t.ok(bytes <= LIMIT_BYTES, `tools/list is ${bytes} bytes, at most ${LIMIT_BYTES}`)
  for (const tool of result.tools) t.match(tool.outputSchema, { type: 'object' }, `${tool.name} keeps an output schema`)
})

t.test('an output schema says a shape used twice once', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  const { client } = await connectInMemory(t, createMcpServer(runtime.service), { name: 'size' })
  const { tools } = await client.request({ method: 'tools/list' }, ToolsWire)
  const nearby = JSON.stringify(tools.find((tool) => tool.name === 'find_product_nearby')?.outputSchema)
  t.equal(nearby.split('"stock":{').length - 1, 1, 'the item shape of here and stores is written once')
  t.match(nearby, /"\$ref":"#\/definitions\//)
})
