import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { connectHttp } from '../helpers/mcp-client.js'
import { ndjsonEvents } from '../helpers/ndjson.js'

t.test('one query through REST, NDJSON and MCP gives the same products', async (t) => {
  const { url, app, runtime } = await listenTestApp(t)
  const { client } = await connectHttp(t, url, { name: 'parity' })
  const query = { branchCode: '11199', keyword: '수납', currentPage: 1 }
  const qs = `branchCode=${query.branchCode}&keyword=${encodeURIComponent(query.keyword)}&currentPage=${query.currentPage}`

  // Each door starts from a cold cache, so each one really scans the upstream.
  runtime.upstream.clear()
  const rest = await app.inject({ method: 'GET', url: `/api/products?${qs}` })
  t.equal(rest.statusCode, 200)

  runtime.upstream.clear()
  const ndjson = await fetch(`${url}/api/products?${qs}`, { headers: { accept: 'application/x-ndjson' } })
  t.match(ndjson.headers.get('content-type'), /application\/x-ndjson/)
  const events = ndjsonEvents(await ndjson.text())
  const { type, ...streamed } = events.at(-1)!
  t.equal(type, 'result')

  runtime.upstream.clear()
  const mcp = await client.callTool({ name: 'search_products', arguments: query })
  t.notOk(mcp.isError)

  // Each door read the stock afresh (the cache was cleared), so each says its own `asOf`.
  const { asOf: restAsOf, ...fromRest } = rest.json() as { products: unknown[]; asOf: string }
  const asOfLess = ({ asOf, ...rest }: Record<string, unknown>) => {
    t.ok(Date.parse(String(asOf)) > 0, 'says when the stock was read')
    return rest
  }
  t.ok(Date.parse(restAsOf) > 0)
  t.ok(fromRest.products.length > 0, 'the query finds products')
  t.same(asOfLess(streamed), fromRest, 'NDJSON result event = REST body')
  // MCP leaves image URLs out unless asked (includeImages); the rest is the REST body.
  const imageless = {
    ...fromRest,
    products: fromRest.products.map((p) => {
      const { image: _image, ...rest } = p as Record<string, unknown>
      return rest
    }),
  }
  t.same(asOfLess((mcp.structuredContent ?? {}) as Record<string, unknown>), imageless, 'MCP structuredContent = REST body without images')
  runtime.upstream.clear()
  const withImages = await client.callTool({ name: 'search_products', arguments: { ...query, includeImages: true } })
  t.same(asOfLess((withImages.structuredContent ?? {}) as Record<string, unknown>), fromRest, 'with includeImages: the REST body')
  t.match((mcp.content as Array<{ text: string }>)[0]!.text, /^\d+ in stock/, 'the text block reads the answer (2025-06-18 and later)')
})

t.test("one failure through REST and MCP carries the same error, hints in each door's words", async (t) => {
  const { url, app } = await listenTestApp(t)
  const { client } = await connectHttp(t, url, { name: 'parity' })
  const host = new URL(url).host

  const restMissing = await app.inject({ method: 'GET', url: '/api/branches/99999', headers: { host } })
  const mcpMissing = await client.callTool({ name: 'get_store', arguments: { branchCode: '99999' } })
  t.equal(mcpMissing.isError, true)
  // The same error, each hint in its own door's words (the domain writes `{searchStores}`; each door names it).
  const sameButHint = (mcp: Record<string, unknown>, rest: Record<string, unknown>, label: string, restName: RegExp, mcpName: RegExp) => {
    t.same({ ...mcp, hint: undefined }, { ...rest, hint: undefined }, label)
    t.match(rest['hint'], restName)
    t.match(mcp['hint'], mcpName)
  }
  sameButHint(
    JSON.parse((mcpMissing.content as Array<{ text: string }>)[0]!.text),
    restMissing.json(),
    'not_found',
    /GET \/api\/branches\/search/,
    /search_stores/,
  )

  const restUnknownProduct = await app.inject({ method: 'GET', url: '/api/products/9999999?branchCode=11199', headers: { host } })
  const mcpUnknownProduct = await client.callTool({
    name: 'get_product_availability',
    arguments: { productId: '9999999', branchCode: '11199' },
  })
  sameButHint(
    JSON.parse((mcpUnknownProduct.content as Array<{ text: string }>)[0]!.text),
    restUnknownProduct.json(),
    'unknown product',
    /GET \/api\/products or GET \/api\/catalogue/,
    /search_products or search_catalogue/,
  )
})
