import t from 'tap'
import { LeanNearbySchema } from '../../tools/lean.js'
import { shortAddress } from '../../tools/render.js'
import { MODERN } from '../helpers/mcp-client.js'
import { listenTestApp } from '../helpers/app.js'

/*
 * Each answer once (#32): a client whose protocol has structuredContent (2025-06-18 and later) gets the
 * text block as a reading of the answer, not a copy of its JSON, carrying every fact of it; older
 * clients (and a request that names no version, 2025-03-26 by the specification) still get the JSON.
 * Sizes are measured in bytes, never in time.
 */

const ACCEPT = 'application/json, text/event-stream'
/** Time enough for a busy machine: these tests measure bytes, never speed. */
const PATIENT = { env: { UPSTREAM_TIMEOUT_MS: '20000', SCAN_DEADLINE_MS: '60000' } }
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'answers-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

type Result = { content: Array<{ type: string; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean }

/** One tools/call over HTTP as a client of `version` sends it; the result and the whole response's bytes. */
async function call(url: string, version: string | undefined, name: string, args: Record<string, unknown>) {
  const modern = version === MODERN
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT }
  if (version !== undefined) headers['mcp-protocol-version'] = version
  if (modern) Object.assign(headers, { 'mcp-method': 'tools/call', 'mcp-name': name })
  const params = modern ? { name, arguments: args, _meta: envelope } : { name, arguments: args }
  const res = await fetch(`${url}/api/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
  })
  const body = await res.text()
  const json = /event-stream/.test(res.headers.get('content-type') ?? '')
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .at(-1)
    : body
  const message = JSON.parse(json ?? '{}') as { result?: Result }
  if (!message.result) throw new Error(`${name}: no result in ${body.slice(0, 300)}`)
  return { result: message.result, wireBytes: Buffer.byteLength(body, 'utf8') }
}

const bytes = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8')
const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Every fact of a structured answer the text must carry: each string and number in it (addresses as a
 * Korean reader writes them, 서울특별시 → 서울), except the coordinates of each store, which are for
 * maps (the view reads them from structuredContent) and documented as left out of the text.
 */
function facts(value: unknown, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((inner) => facts(inner, key))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, inner]) =>
      (k === 'lat' || k === 'lng') && key !== 'origin' ? [] : facts(inner, k),
    )
  }
  if (typeof value === 'string') return [key === 'address' ? shortAddress(value) : value]
  if (typeof value === 'number') return [String(value)]
  return [] // booleans are words (open, closed, more); checked per tool below
}

t.test('every tool answers once: a reading for structured clients, JSON for older ones', async (t) => {
  const { url, simulator } = await listenTestApp(t, PATIENT)
  const product = simulator.data.searchProducts('수납')[0]
  if (!product) throw new Error('the simulator has no product for 수납')
  const calls: Array<[string, Record<string, unknown>]> = [
    ['search_stores', { keyword: '강남' }],
    ['search_nearby_stores', { latitude: 37.4979, longitude: 127.0276 }],
    ['get_store', { branchCode: '11199' }],
    ['search_products', { branchCode: '11199', keyword: '수납' }],
    ['get_product_availability', { productId: product.pdNo, branchCode: '11199' }],
    ['search_catalogue', { keyword: '우산' }],
    ['find_product_nearby', { keyword: '우산', branchCode: '11199' }],
    ['find_product_nearby', { keyword: '수납', latitude: 37.4979, longitude: 127.0276 }],
  ]
  for (const [name, args] of calls) {
    for (const version of [MODERN, '2025-11-25', '2025-06-18']) {
      const { result } = await call(url, version, name, args)
      t.notOk(result.isError, `${name} ${version}: answered`)
      const text = result.content[0]?.text ?? ''
      const structured = result.structuredContent ?? {}
      t.notOk(isJson(text), `${name} ${version}: the text block is not JSON`)
      const missing = facts(structured).filter((fact) => !text.includes(fact))
      t.same(missing, [], `${name} ${version}: the text carries every fact of the answer`)
      // Every answer, search_catalogue's id-name-price records included, reads in at most 0.6 of its structured bytes.
      t.ok(bytes(text) <= 0.6 * bytes(structured), `${name} ${version}: text ${bytes(text)} B <= 0.6 x ${bytes(structured)} B`)
    }
    for (const version of ['2025-03-26', '2024-11-05', undefined]) {
      const { result } = await call(url, version, name, args)
      t.same(JSON.parse(result.content[0]?.text ?? 'null'), result.structuredContent, `${name} ${version ?? 'no version'}: JSON text`)
    }
  }
})

t.test('open state, hours and shelf are said in words where the answer has them', async (t) => {
  const { url } = await listenTestApp(t, PATIENT)
  const { result } = await call(url, MODERN, 'find_product_nearby', { keyword: '우산', branchCode: '11199', limit: 20 })
  const answer = LeanNearbySchema.parse(result.structuredContent)
  const text = result.content[0]?.text ?? ''
  const lines = text.split('\n')
  for (const store of [answer.here!, ...answer.stores]) {
    const at = lines.findIndex((line) => line.includes(`${store.name} (${store.code})`))
    t.ok(at >= 0, `${store.name}: a line of its own`)
    const line = lines[at] ?? ''
    t.match(
      line,
      store.openNow === true ? /\bopen\b/ : store.openNow === false ? /\bclosed\b/ : /hours unclear/,
      `${store.name}: open state`,
    )
    t.match(line, store.hours, `${store.name}: hours`)
    // Its items on the next line: each product id with its stock and its shelf.
    for (const item of store.items) {
      const shelf = item.floor
        ? `${item.floor}${item.zone !== undefined ? ` zone ${item.zone}` : ''}`
        : item.shelf === 'not_checked'
          ? 'not looked up'
          : 'unknown'
      t.match(lines[at + 1] ?? '', `${item.id} ×${item.stock} `, `${store.name}: ${item.id} with its stock`)
      t.match(lines[at + 1] ?? '', shelf, `${store.name}: ${item.id} with its shelf`)
    }
  }
})

t.test('find_product_nearby for 5 stores and 10 products: at most 5 KB structured, 8 KB on the wire', async (t) => {
  const { url } = await listenTestApp(t, PATIENT)
  for (const version of [MODERN, '2025-11-25']) {
    const { result, wireBytes } = await call(url, version, 'find_product_nearby', {
      keyword: '수납',
      latitude: 37.4979,
      longitude: 127.0276,
    })
    const answer = LeanNearbySchema.parse(result.structuredContent)
    t.equal(answer.products.length, 10, 'precondition: 10 products checked')
    t.equal(answer.stores.length, 5, 'the nearest 5 stores by default')
    t.ok(bytes(answer) <= 5 * 1024, `${version}: structured ${bytes(answer)} B <= 5 KB`)
    t.ok(wireBytes <= 8 * 1024, `${version}: the whole response ${wireBytes} B <= 8 KB, both copies`)
    const json = JSON.stringify(answer)
    t.notMatch(json, /null/, 'no nulls')
    t.notMatch(json, /"productName"|"image"/, 'products named once, no images')
    for (const store of answer.stores) {
      t.ok(Number.isInteger(store.lat * 1e5) || Math.abs(store.lat * 1e5 - Math.round(store.lat * 1e5)) < 1e-6, 'coordinates to 5 decimals')
      for (const item of store.items)
        t.ok(
          answer.products.some((p) => p.id === item.id),
          'each item names a checked product by id',
        )
    }
  }
  const wide = await call(url, MODERN, 'find_product_nearby', { keyword: '수납', latitude: 37.4979, longitude: 127.0276, limit: 20 })
  const more = LeanNearbySchema.parse(wide.result.structuredContent)
  t.ok(more.stores.length > 5 && more.stores.length <= 20, `limit 20: ${more.stores.length} stores`)
  const refused = await call(url, MODERN, 'find_product_nearby', { keyword: '수납', latitude: 37.4979, longitude: 127.0276, limit: 21 })
  t.equal(refused.result.isError, true, 'limit above 20 is refused')
  t.match(refused.result.content[0]?.text, /"code":"invalid_parameter"/)
})

t.test('image URLs only when asked for', async (t) => {
  const { url } = await listenTestApp(t, PATIENT)
  for (const [name, args] of [
    ['search_products', { branchCode: '11199', keyword: '수납' }],
    ['search_catalogue', { keyword: '우산' }],
  ] as const) {
    const plain = await call(url, MODERN, name, args)
    const products = (plain.result.structuredContent?.['products'] ?? []) as Array<Record<string, unknown>>
    t.ok(products.length > 0 && products.every((p) => !('image' in p)), `${name}: no image by default`)
    const withImages = await call(url, MODERN, name, { ...args, includeImages: true })
    const shown = (withImages.result.structuredContent?.['products'] ?? []) as Array<Record<string, unknown>>
    t.ok(
      shown.some((p) => typeof p['image'] === 'string'),
      `${name}: includeImages adds them`,
    )
    t.ok(
      shown.every((p) => p['image'] === undefined || (withImages.result.content[0]?.text ?? '').includes(String(p['image']))),
      `${name}: and the text has them`,
    )
  }
})
