import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { connectHttp } from '../helpers/mcp-client.js'

// One store keyword through REST and MCP, with the store directory on: the same stores, and the word no
// store has named by each door in its own way (REST header, MCP hint).

t.test('REST and MCP answer a store keyword alike from the directory, and both say which word was left out', async (t) => {
  const { url, app, runtime, simulator } = await listenTestApp(t, { env: { STORE_DIRECTORY: 'on' } })
  await runtime.directory!.start()
  simulator.resetStats()
  const keyword = '잠실 불꽃놀이 다이소 어디야'
  const rest = await app.inject(`/api/branches/search?keyword=${encodeURIComponent(keyword)}&pageSize=5`)
  t.equal(rest.statusCode, 200)
  t.equal(decodeURIComponent(String(rest.headers['search-ignored'])), '불꽃놀이')
  const { client } = await connectHttp(t, url, { name: 'directory-parity' })
  const mcp = await client.callTool({ name: 'search_stores', arguments: { keyword, pageSize: 5 } })
  const page = mcp.structuredContent as { stores: Array<{ code: string }>; hint?: string }
  t.same(
    page.stores.map((s) => s.code),
    (rest.json() as Array<{ code: string }>).map((s) => s.code),
    'the same stores in the same order',
  )
  t.match(page.hint, /Ignored '불꽃놀이'/)
  const near = await client.callTool({
    name: 'search_nearby_stores',
    arguments: { latitude: 37.4979, longitude: 127.0276, facility: 'elevator' },
  })
  const nearPage = near.structuredContent as { stores: Array<{ facilities?: string[] }> }
  t.ok(nearPage.stores.length > 0 && nearPage.stores.every((s) => s.facilities?.includes('elevator')), 'MCP facility filter')
  t.equal(simulator.stats().calls.selStr, 0, 'no upstream store search')
})
