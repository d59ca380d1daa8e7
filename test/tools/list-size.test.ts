import t from 'tap'
import { z } from 'zod'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { createMcpServer } from '../../tools/server.js'
import { simulator, testEnv } from '../helpers/app.js'
import { connectInMemory } from '../helpers/mcp-client.js'

/**
 * tools/list goes to every connection and sits in the model's context for the whole conversation:
 * the whole tool set, as sent, stays within 13 KB. It was 22 KB, then 12,169 B within a 12 KB bound; this
 * round's parameters and fields (near and place, openNow, facility and limit on nearby, includeImages,
 * shopping lists, unplaced stock) brought it to about 13.0 KB with every schema as small as it can be
 * declared. The aim is 12 KB again: that bound is not met yet, and this one keeps it from growing. A size,
 * not a timing.
 */
const LIMIT_BYTES = 13 * 1024

const ToolsWire = z.object({ tools: z.array(z.looseObject({ name: z.string(), outputSchema: z.unknown() })) })

t.test('tools/list, every tool with its output schema, is at most 13 KB', async (t) => {
  const sim = await simulator(t)
  const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url })))
  t.teardown(() => runtime.close())
  const { client } = await connectInMemory(t, createMcpServer(runtime.service), { name: 'size' })
  const result = await client.request({ method: 'tools/list' }, ToolsWire)
  const bytes = Buffer.byteLength(JSON.stringify(result), 'utf8')
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
