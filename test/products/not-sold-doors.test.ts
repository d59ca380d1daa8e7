import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { connectHttp } from '../helpers/mcp-client.js'
import { until } from '../helpers/wait.js'

// "Not sold" told apart from "try another word" on the doors where the hint surfaces: REST (`hint`), MCP
// (`hint` in structuredContent, and the text reading), with the product index the runtime builds over the
// simulator. The CLI's note: test/cli/cli.test.ts. The rules themselves: test/products/sections.test.ts.

const INDEX_ON = { PRODUCT_INDEX: 'on', UPSTREAM_TIMEOUT_MS: '20000' }
const SECTION = /names a section of the Daiso catalogue \(문구\) rather than a product: search for the product itself, such as /
const NOT_SOLD = /the chain most likely does not sell it/

/** The app with the product index the runtime builds over the simulator, once its first listing is in. */
async function indexedApp(t: Parameters<typeof listenTestApp>[0]) {
  const started = await listenTestApp(t, { env: INDEX_ON })
  const index = started.runtime.products
  if (!index) throw new Error('PRODUCT_INDEX=on gives the runtime an index')
  await until('the first listing', () => index.usable(), { timeoutMs: 60_000, intervalMs: 20 })
  return started
}

/** What the REST tests read of an answer. */
interface RestAnswer {
  note?: string
  hint?: string
  products?: unknown[]
  stores?: unknown[]
  keywords?: Array<{ keyword?: string; notSold?: boolean }>
}

/** GET a path of the app; its JSON answer. */
const restOf = (app: { inject: (path: string) => Promise<{ json: () => unknown }> }) => async (path: string) =>
  (await app.inject(path)).json() as RestAnswer

t.test('REST and MCP: a section name suggests product words; a thing the chain lacks is not sold', async (t) => {
  const { app, url } = await indexedApp(t)

  const rest = restOf(app)
  const stationery = await rest(`/api/catalogue?keyword=${encodeURIComponent('문구류')}`)
  t.match(stationery.hint, SECTION, 'REST catalogue: section')
  t.notMatch(stationery.hint, NOT_SOLD)
  const inStore = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('문구류')}`)
  t.match(inStore.hint, SECTION, 'REST in-store: section')
  t.notOk(inStore.keywords?.[0]?.notSold)
  const painkiller = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('진통제')}`)
  t.match(painkiller.hint, NOT_SOLD, 'REST in-store: not sold')
  t.equal(painkiller.keywords?.[0]?.notSold, true)
  const nearby = await rest(`/api/products/nearby?keyword=painkiller&curLttd=37.4979&curLitd=127.0276`)
  t.match(nearby.hint, NOT_SOLD, 'REST nearby: not sold')

  const { client } = await connectHttp(t, url, { name: 'not-sold' })
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args })
    t.notOk(result.isError, `${name}: answered`)
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? ''
    return { hint: (result.structuredContent as { hint?: string }).hint, text }
  }
  const mcpSection = await call('find_product_nearby', { keyword: 'stationery', latitude: 37.4979, longitude: 127.0276 })
  t.match(mcpSection.hint, /'stationery'.*section .*\(문구\)/, 'MCP nearby: section')
  t.match(mcpSection.text, /Hint: .*section .*\(문구\)/, 'MCP text reading carries it')
  const mcpCatalogue = await call('search_catalogue', { keyword: '문구류' })
  t.match(mcpCatalogue.hint, SECTION, 'MCP catalogue: section')
  const mcpNotSold = await call('search_catalogue', { keyword: '진통제' })
  t.match(mcpNotSold.hint, NOT_SOLD, 'MCP catalogue: not sold')
  t.notMatch(mcpNotSold.hint, /section/)
})

t.test('REST and MCP: a Japanese word is read and said; one no table reads is "the catalogue is in Korean", not "not sold"', async (t) => {
  const { app, url } = await indexedApp(t)
  const rest = restOf(app)
  const umbrella = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('折りたたみ傘')}`)
  t.ok((umbrella.products ?? []).length > 0, 'REST in-store: 折りたたみ傘 finds products')
  t.match(umbrella.note, /read '折りたたみ傘' as .*우산 \(Japanese\)/i)
  const unread = await rest(`/api/catalogue?keyword=${encodeURIComponent('子供の傘')}`)
  t.match(unread.hint, /The catalogue is in Korean: search for the Korean word \(e\.g\. 우산 for 傘/)
  t.notMatch(unread.hint, NOT_SOLD)
  const nearby = await rest(`/api/products/nearby?keyword=${encodeURIComponent('鎮痛剤')}&curLttd=37.4979&curLitd=127.0276`)
  t.match(nearby.hint, NOT_SOLD, 'a Japanese word the table reads (鎮痛剤: painkiller, 진통제) is known not to be sold')

  const { client } = await connectHttp(t, url, { name: 'japanese' })
  const result = await client.callTool({ name: 'search_catalogue', arguments: { keyword: '電池, 歯ブラシ' } })
  t.notOk(result.isError)
  const text = (result.content as Array<{ text: string }>)[0]?.text ?? ''
  t.match(text, /건전지/, 'MCP: 電池 answers with 건전지')
  t.match(text, /칫솔/, 'MCP: 歯ブラシ answers with 칫솔')
})

t.test('REST and MCP: a question in Korean with particles finds the products, never "not sold"', async (t) => {
  const { app, url } = await indexedApp(t)
  const rest = restOf(app)
  // Before, 우산을 matched nothing literally and the answer said the chain does not sell umbrellas.
  const umbrella = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('우산을 사고 싶어요')}`)
  t.ok((umbrella.products ?? []).length > 0, 'REST in-store: 우산을 finds umbrellas')
  t.match(umbrella.note, /Read '우산을' as 우산/)
  t.notMatch(umbrella.hint ?? '', NOT_SOLD)
  const list = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('우산이랑 건전지가 필요해요')}`)
  t.same(
    (list.keywords ?? []).map((k) => k.keyword),
    ['우산', '건전지가'],
    'REST: two items, the joining particle read as a list, what it is wanted for left out',
  )
  t.ok((list.keywords ?? []).every((k) => !k.notSold))

  const { client } = await connectHttp(t, url, { name: 'particles' })
  const result = await client.callTool({
    name: 'find_product_nearby',
    arguments: { keyword: '건전지가 필요해요', latitude: 37.4979, longitude: 127.0276 },
  })
  t.notOk(result.isError)
  const structured = result.structuredContent as { hint?: string; note?: string; products?: Array<{ name: string }> }
  t.ok(
    (structured.products ?? []).some((p) => p.name.includes('건전지')),
    'MCP nearby: 건전지 products',
  )
  t.match(structured.note, /Read '건전지가' as 건전지/)
  t.notMatch(structured.hint ?? '', NOT_SOLD)
})

t.test('REST and MCP: a describing word beside a thing the chain lacks lists nothing; a word one key off is a question', async (t) => {
  const { app, url } = await indexedApp(t)
  const rest = restOf(app)
  // The simulator's catalogue has no fan: what 휴대용 (portable) alone finds is wet wipes and umbrellas.
  const fan = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('휴대용 선풍기')}`)
  t.same(fan.products, [], 'REST in-store: nothing listed for 휴대용 alone')
  t.match(fan.hint, NOT_SOLD)
  t.match(fan.note, /No product is '선풍기', and '휴대용' only describes a product/)
  // usb and 캠핑 are in no table of describing words, but no product is a usb or a 캠핑: they say which fan.
  const usbFan = await rest(`/api/catalogue?keyword=${encodeURIComponent('usb 선풍기')}`)
  t.same(usbFan.products, [], 'REST catalogue: usb 선풍기 lists no USB cables')
  t.match(usbFan.hint, NOT_SOLD, 'usb 선풍기: not sold')
  const campingFan = await rest(`/api/catalogue?keyword=${encodeURIComponent('캠핑 선풍기')}`)
  t.same(campingFan.products, [], 'REST catalogue: 캠핑 선풍기 lists no camping chairs as if they were fans')
  const umbrellaFan = await rest(`/api/catalogue?keyword=${encodeURIComponent('우산 선풍기')}`)
  t.ok((umbrellaFan.products ?? []).length > 0, '우산 is a thing of its own: umbrellas are listed, 선풍기 named as left out')
  const mini = await rest(`/api/catalogue?keyword=${encodeURIComponent('mini fan')}`)
  t.same(mini.products, [], 'REST catalogue: mini fan lists nothing')
  t.match(mini.hint, NOT_SOLD, 'mini is read (미니) and fan is read (선풍기): known not to be sold, not "search in Korean"')
  const gift = await rest(`/api/catalogue?keyword=${encodeURIComponent('선물 포장지')}`)
  t.ok((gift.products ?? []).length > 0, 'a word in front that names nothing is still left out when the thing is there')
  t.notMatch(gift.note ?? '', /as a list/, '선물 names no product: no list is offered')
  const two = await rest(`/api/catalogue?keyword=${encodeURIComponent('우산 건전지')}`)
  t.match(two.note, /send them as a list \('우산, 건전지'\)/, 'two things typed without a comma: the note offers the list')

  const slip = await rest(`/api/products/nearby?keyword=${encodeURIComponent('우삳')}&curLttd=37.4979&curLitd=127.0276`)
  t.match(slip.hint, /Did you mean 우산\?/, 'REST nearby: 우삳 asks whether 우산 was meant')
  t.notMatch(slip.hint, NOT_SOLD, 'a slip is never "not sold"')
  const inList = await rest(`/api/catalogue?keyword=${encodeURIComponent('3단 우삳')}`)
  t.ok((inList.products ?? []).length > 0)
  t.match(inList.note, /'우삳' is one key away from 우산/)

  const { client } = await connectHttp(t, url, { name: 'describing' })
  const result = await client.callTool({ name: 'search_catalogue', arguments: { keyword: '우삳' } })
  t.notOk(result.isError)
  t.match((result.structuredContent as { hint?: string }).hint, /Did you mean 우산\?/, 'MCP: the same question in hint')
  const portable = await client.callTool({
    name: 'find_product_nearby',
    arguments: { keyword: 'portable fan', latitude: 37.4979, longitude: 127.0276 },
  })
  t.notOk(portable.isError)
  const structured = portable.structuredContent as { hint?: string; stores?: unknown[] }
  t.same(structured.stores ?? [], [], 'MCP nearby: no store listed for "portable" alone')
  t.match(structured.hint, NOT_SOLD)
})

t.test('REST and MCP: a compound is read in parts and said; a known front is "try that word", not "not sold"', async (t) => {
  const { app, url } = await indexedApp(t)
  const rest = restOf(app)
  const tape = await rest(`/api/products/nearby?keyword=${encodeURIComponent('박스테이프')}&curLttd=37.4979&curLitd=127.0276`)
  t.match(tape.note, /No product is named '박스테이프': read it as 박스 \+ 테이프; left out '박스'/, 'REST nearby: the reading')
  t.ok((tape.products?.length ?? 0) > 0, 'and the tapes')
  const jack = await rest(`/api/products?branchCode=11199&keyword=${encodeURIComponent('c타입잭')}`)
  t.match(jack.hint, /product names have 'c타입': search for it alone/, 'REST in-store: the front names have')
  t.notMatch(jack.hint, NOT_SOLD)
  t.notOk(jack.keywords?.[0]?.notSold)

  const { client } = await connectHttp(t, url, { name: 'compound' })
  const result = await client.callTool({ name: 'search_catalogue', arguments: { keyword: 'c타입잭' } })
  t.match((result.structuredContent as { hint?: string }).hint, /product names have 'c타입'/, 'MCP catalogue: the same hint')
})
