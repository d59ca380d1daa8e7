// The weighted mix of operations each load client loops over, and the checks every answer must pass.

import { createSimulatorData } from '../../simulator/data.js'
import { query } from '../lib/http.js'
import { REQUEST_TIMEOUT_MS } from './options.js'

const data = createSimulatorData()
const STORE_KEYWORDS = ['강남', '서울', '부산', '역', '명동', '대구', '인천', '수원', '광주', '제주', '대전'].filter((k) =>
  data.stores.some((s) => s.name.includes(k) || s.address.includes(k)),
)
export const PRODUCT_KEYWORDS = [
  '수납',
  '텀블러',
  '건전지',
  '컵',
  '수세미',
  '펜',
  '노트',
  '바구니',
  '케이블',
  '화분',
  '테이프',
  '충전',
].filter((k) => data.searchProducts(k).length > 0)
/** The stores product searches run at (a neighbourhood's worth, so caches warm as they would). */
export const SCAN_STORES = data.stores.slice(0, 12).map((s) => s.code)
const LOOKUP_STORES = data.stores.slice(0, 60).map((s) => s.code)
/** Products with stock somewhere among SCAN_STORES, for availability. */
const AVAILABILITY_PAIRS = data.products
  .slice(0, 400)
  .flatMap((p) =>
    SCAN_STORES.filter((code) => data.stockOf(code, p.pdNo) > 0)
      .slice(0, 1)
      .map((code) => ({ productId: p.pdNo, code })),
  )
  .slice(0, 80)
const CITIES: Array<[number, number]> = [
  [37.4979, 127.0276],
  [37.5665, 126.978],
  [35.1796, 129.0756],
  [35.8714, 128.6014],
  [37.4563, 126.7052],
  [36.3504, 127.3845],
]
const TOOLS = ['search_stores', 'search_nearby_stores', 'get_store', 'search_products', 'get_product_availability'] as const

/** The NDJSON product search the overload burst sends over the cap, and again to see streams work after it. */
export const streamSearchPath = (): string =>
  `/api/products?${query({ branchCode: SCAN_STORES[0]!, keyword: PRODUCT_KEYWORDS[0]!, stream: 1 })}`

export interface Failure {
  status: number
  code: string
}
export interface Sample {
  route: string
  ms: number
  failure?: Failure
}
export type Rng = () => number
export type Recorder = (route: string, started: number, failure?: Failure) => void
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!

class Failed extends Error {
  constructor(readonly failure: Failure) {
    super(`${failure.status} ${failure.code}`)
  }
}

export async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
}

/** The code of an error answer (Error shape, JSON-RPC error or anything else). */
export async function failureOf(res: Response): Promise<Failure> {
  const text = await res.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { code?: unknown; error?: { code?: unknown } }
    if (typeof body.code === 'string') return { status: res.status, code: body.code }
    if (body.error && typeof body.error === 'object') return { status: res.status, code: `jsonrpc ${String(body.error.code)}` }
  } catch {
    // not JSON
  }
  return { status: res.status, code: 'not-json' }
}

async function expectJson(res: Response, check: (body: unknown) => boolean, what: string): Promise<void> {
  if (res.status !== 200) throw new Failed(await failureOf(res))
  const body = (await res.json()) as unknown
  if (!check(body)) throw new Failed({ status: 200, code: `bad body: ${what}` })
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The JSON-RPC messages of an MCP answer (SSE or JSON). */
async function rpcMessages(res: Response): Promise<Array<Record<string, unknown>>> {
  if (res.status !== 200) throw new Failed(await failureOf(res))
  const text = await res.text()
  if (/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5).trim()) as Record<string, unknown>)
  }
  const body = JSON.parse(text) as unknown
  return (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const PROTOCOL_VERSION = '2025-06-18'

export interface Op {
  name: string
  weight: number
  run(base: string, rng: Rng, record: Recorder): Promise<void>
}

/** A single-request operation: times it and records the outcome under `name`. */
const single = (name: string, weight: number, request: (base: string, rng: Rng) => Promise<void>): Op => ({
  name,
  weight,
  async run(base, rng, record) {
    const started = performance.now()
    try {
      await request(base, rng)
      record(name, started)
    } catch (error) {
      record(name, started, failureFrom(error))
    }
  },
})

function failureFrom(error: unknown): Failure {
  if (error instanceof Failed) return error.failure
  const name = error instanceof Error ? error.name : ''
  if (name === 'TimeoutError' || name === 'AbortError') return { status: 0, code: 'timeout' }
  const cause = (error as { cause?: { code?: string } })?.cause?.code
  return { status: 0, code: cause ? `network ${cause}` : `client ${error instanceof Error ? error.message.slice(0, 80) : String(error)}` }
}

/** Stateless MCP as a host without a session would do it: initialize, then the call on a new request. */
async function mcp(base: string, rng: Rng, record: Recorder): Promise<void> {
  let started = performance.now()
  try {
    const init = await rpcMessages(
      await fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'load', version: '1.0.0' } },
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    )
    const result = init.at(-1)?.['result']
    if (!isObject(result) || result['protocolVersion'] !== PROTOCOL_VERSION)
      throw new Failed({ status: 200, code: 'bad initialize result' })
    record('MCP initialize', started)
  } catch (error) {
    record('MCP initialize', started, failureFrom(error))
    return
  }
  const tool = pick(rng, TOOLS)
  const pair = pick(rng, AVAILABILITY_PAIRS)
  const [lat, lng] = pick(rng, CITIES)
  const args: Record<string, unknown> =
    tool === 'search_stores'
      ? { keyword: pick(rng, STORE_KEYWORDS), pageSize: 5 }
      : tool === 'search_nearby_stores'
        ? { latitude: lat, longitude: lng, pageSize: 5 }
        : tool === 'get_store'
          ? { branchCode: pick(rng, LOOKUP_STORES) }
          : tool === 'search_products'
            ? { branchCode: pick(rng, SCAN_STORES), keyword: pick(rng, PRODUCT_KEYWORDS) }
            : { productId: pair.productId, branchCode: pair.code }
  const route = `MCP tools/call ${tool}`
  started = performance.now()
  try {
    const messages = await rpcMessages(
      await fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'mcp-protocol-version': PROTOCOL_VERSION },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: tool, arguments: args } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    )
    const last = messages.at(-1) ?? {}
    if (isObject(last['error'])) throw new Failed({ status: 200, code: `jsonrpc ${String(last['error']['code'])}` })
    const result = last['result']
    if (!isObject(result)) throw new Failed({ status: 200, code: 'no tools/call result' })
    if (result['isError'] === true) {
      const text = (result['content'] as Array<{ text?: string }> | undefined)?.[0]?.text ?? '{}'
      const body = JSON.parse(text) as { status?: number; code?: string }
      throw new Failed({ status: body.status ?? 0, code: `tool error ${body.code ?? '?'}` })
    }
    if (!isObject(result['structuredContent'])) throw new Failed({ status: 200, code: 'no structuredContent' })
    record(route, started)
  } catch (error) {
    record(route, started, failureFrom(error))
  }
}

export const OPS: Op[] = [
  single('store search (keyword)', 15, async (base, rng) => {
    const res = await get(
      `${base}/api/branches/search?${query({ keyword: pick(rng, STORE_KEYWORDS), pageSize: 1 + Math.floor(rng() * 10), currentPage: 1 + Math.floor(rng() * 2) })}`,
    )
    await expectJson(res, Array.isArray, 'a store list')
  }),
  single('store search (nearby)', 10, async (base, rng) => {
    const [lat, lng] = pick(rng, CITIES)
    const res = await get(
      `${base}/api/branches/search?${query({ curLttd: (lat + (rng() - 0.5) / 10).toFixed(4), curLitd: (lng + (rng() - 0.5) / 10).toFixed(4), pageSize: 5 })}`,
    )
    await expectJson(res, (b) => Array.isArray(b) && b.length > 0, 'a non-empty store list')
  }),
  single('store lookup', 15, async (base, rng) => {
    const code = pick(rng, LOOKUP_STORES)
    const res = await get(`${base}/api/branches/${code}`)
    await expectJson(res, (b) => isObject(b) && b['code'] === code, 'the store asked for')
  }),
  single('product search (JSON)', 15, async (base, rng) => {
    const res = await get(`${base}/api/products?${query({ branchCode: pick(rng, SCAN_STORES), keyword: pick(rng, PRODUCT_KEYWORDS) })}`)
    await expectJson(res, (b) => isObject(b) && Array.isArray(b['products']) && typeof b['hasMore'] === 'boolean', 'a ProductSearchResult')
  }),
  single('product search (NDJSON)', 10, async (base, rng) => {
    const res = await get(
      `${base}/api/products?${query({ branchCode: pick(rng, SCAN_STORES), keyword: pick(rng, PRODUCT_KEYWORDS), stream: 1 })}`,
    )
    if (res.status !== 200) throw new Failed(await failureOf(res))
    const events = (await res.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const terminal = events.filter((e) => e['type'] === 'result' || e['type'] === 'error')
    const last = events.at(-1)
    if (terminal.length !== 1 || last !== terminal[0]) throw new Failed({ status: 200, code: 'bad stream: not exactly one terminal event' })
    if (last?.['type'] === 'error') throw new Failed({ status: Number(last['status'] ?? 0), code: `stream error ${String(last['code'])}` })
  }),
  single('availability', 20, async (base, rng) => {
    const { productId, code } = pick(rng, AVAILABILITY_PAIRS)
    const res = await get(`${base}/api/products/${productId}?${query({ branchCode: code })}`)
    await expectJson(res, (b) => isObject(b) && Number.isInteger(b['stock']) && Array.isArray(b['otherBranches']), 'a ProductAvailability')
  }),
  single('API index', 5, async (base) => {
    await expectJson(await get(`${base}/api`), (b) => isObject(b) && Array.isArray(b['endpoints']), 'the API index')
  }),
  { name: 'MCP', weight: 10, run: mcp },
]
