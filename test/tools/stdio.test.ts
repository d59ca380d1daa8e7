import t from 'tap'
import { toolDefinitions } from '../../tools/index.js'
import { connectStdio } from '../helpers/mcp-client.js'

for (const era of ['legacy', 'modern'] as const)
  t.test(`store-finder mcp serves the tools over stdio to a ${era} client`, async (t) => {
    const { client, stderr } = await connectStdio(t, {
      name: 'stdio-test',
      era,
      env: { UPSTREAM_BASE_URL: 'simulated', LOG_LEVEL: 'info', PUBLIC_BASE_URL: '' },
    })

    t.equal(client.getProtocolEra(), era)
    t.match(client.getServerVersion(), { name: 'store-finder', version: '1.0.0' })
    const { tools } = await client.listTools()
    t.same(
      tools.map((tool) => tool.name),
      toolDefinitions.map((tool) => tool.name),
    )
    for (const tool of toolDefinitions) {
      const called = await client.callTool({ name: tool.name, arguments: {} })
      // Every tool answers (all need an argument, so in the tools' own error words).
      t.equal(called.isError, true, `${tool.name} answers over stdio`)
    }

    const stores = await client.callTool({ name: 'search_stores', arguments: { keyword: '강남', pageSize: 2 } })
    t.notOk(stores.isError)
    t.match(stores.structuredContent, { stores: [{ code: String }, { code: String }], hasMore: true, nextPage: 2 })

    const progress: number[] = []
    const products = await client.callTool(
      { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
      { onprogress: (p) => progress.push(p.progress) },
    )
    t.notOk(products.isError)
    // Not necessarily the last one: the SDK client handles notifications a microtask late, so one read
    // holding both the 100 % notification and the response drops the notification.
    t.ok(progress.length >= 1, 'progress notifications arrive over stdio')
    t.ok(
      progress.every((p, i) => p >= 0 && p <= 100 && (i === 0 || p > progress[i - 1]!)),
      'increasing, out of 100',
    )

    const missing = await client.callTool({ name: 'get_store', arguments: { branchCode: '99999' } })
    t.equal(missing.isError, true)
    const body = JSON.parse((missing.content as Array<{ text: string }>)[0]!.text) as Record<string, unknown>
    t.match(body, { code: 'not_found', status: 404 })
    t.notOk('documentation' in body, 'no documentation URL without PUBLIC_BASE_URL')

    // Every line on stdout was JSON-RPC (the client would have failed otherwise); logs went to stderr.
    t.match(stderr(), /ready on stdio/)

    await client.close()
    t.match(stderr(), /closing \(stdin (ended|closed)\)/, 'the server shuts down when its stdin ends')
  })
