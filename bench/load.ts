// `npm run load`: LOAD_CLIENTS concurrent clients (default 50) for LOAD_SECONDS (default 60) against the
// service as a child process (`store-finder serve`), its upstream the simulator in another child. Each
// client loops over a weighted mix of every door: store search (keyword and nearby), store lookup,
// product search (JSON, and NDJSON read to the end), availability, MCP (initialize, then tools/call,
// stateless) and the API index. Every answer is checked, not only its status. Then a deliberate overload
// burst fills the open-stream cap (MAX_OPEN_STREAMS) and checks that further streams get 503 with
// Retry-After and that the service recovers.
//
// Reports requests, errors by status and code, p50/p90/p99 latency per route and overall, and whether the
// only errors were the deliberate 503s; exits 1 otherwise (or when the service does not shut down cleanly).
//
//   LOAD_SECONDS=10 LOAD_CLIENTS=20 npm run load     a short run
//   LOAD_UPSTREAM_LATENCY_MS=50 npm run load         a slower upstream (default 20 ms per call)
//   LOAD_BURST=0 npm run load                        no overload burst
//   LOAD_REPORT=load.json npm run load               also write the figures as JSON
//   Service settings (UPSTREAM_MAX_RPS, CACHE_*, MAX_*, …) set in the environment are passed to the service.

import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createSimulatorData, mulberry32 } from '../src/upstream/simulator/data.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = (line = '') => process.stdout.write(`${line}\n`)

// --- options -------------------------------------------------------------------------------------------

function intVar(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    process.stderr.write(`load: ${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})\n`)
    process.exit(2)
  }
  return Number(raw)
}

const SECONDS = intVar('LOAD_SECONDS', 60, 1, 3600)
const CLIENTS = intVar('LOAD_CLIENTS', 50, 1, 1000)
const LATENCY_MS = intVar('LOAD_UPSTREAM_LATENCY_MS', 20, 0, 5000)
const BURST = intVar('LOAD_BURST', 1, 0, 1) === 1
const SEED = intVar('LOAD_SEED', 1, 0, 2 ** 31)
const REPORT = process.env['LOAD_REPORT']?.trim() || undefined
/** Per-request bound: a request slower than this is counted as an error ("timeout"), never waited on forever. */
const REQUEST_TIMEOUT_MS = 60_000

// Service settings: the script owns these; every other service variable in the environment is passed on.
const OWNED = new Set(['PORT', 'HOST', 'UPSTREAM_BASE_URL', 'LOG_LEVEL', 'PUBLIC_BASE_URL'])
const SERVICE_VAR = /^(PORT|HOST|PUBLIC_BASE_URL|ALLOWED_HOSTS|UPSTREAM_.*|CIRCUIT_.*|CACHE_.*|SCAN_.*|MAX_.*|SSE_.*|SHUTDOWN_.*|RATE_LIMIT_.*|LOG_LEVEL|SIMULATOR_.*)$/
const baseEnv: NodeJS.ProcessEnv = {}
const passedOn: Record<string, string> = {}
for (const [key, value] of Object.entries(process.env)) {
  if (!SERVICE_VAR.test(key)) baseEnv[key] = value
  else if (!OWNED.has(key) && !key.startsWith('SIMULATOR_') && value !== undefined) passedOn[key] = value
}
const MAX_OPEN_STREAMS = Number(passedOn['MAX_OPEN_STREAMS'] ?? 100)

// --- child processes -----------------------------------------------------------------------------------

class Child {
  readonly exited: Promise<number | null>
  #code: number | null | undefined
  readonly tail: string[] = []

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        this.#code = code ?? (signal ? null : 0)
        resolve(this.#code)
      })
      proc.once('error', (error) => {
        this.tail.push(`spawn error: ${error.message}`)
        this.#code = null
        resolve(null)
      })
    })
  }

  get running(): boolean {
    return this.#code === undefined
  }

  keep(line: string): void {
    this.tail.push(line.length > 300 ? `${line.slice(0, 300)}…` : line)
    if (this.tail.length > 30) this.tail.shift()
  }

  /** SIGTERM (the service shuts down gracefully), then SIGKILL after `graceMs`; resolves with the exit code. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (!this.running) return this.exited
    this.proc.kill('SIGTERM')
    let timer: NodeJS.Timeout | undefined
    const killed = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)))
    const result = await Promise.race([this.exited, killed])
    clearTimeout(timer)
    if (result === 'timeout') {
      this.proc.kill('SIGKILL')
      await this.exited
      return null
    }
    return result
  }
}

/** Calls `onLine` for every line of a stream. */
function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let buffer = ''
  stream?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, nl))
      buffer = buffer.slice(nl + 1)
    }
  })
}

function waitFor<T>(child: Child, what: string, found: Promise<T>, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${child.name}: no "${what}" within ${timeoutMs} ms\n${child.tail.join('\n')}`)), timeoutMs)
    child.exited.then((code) => reject(new Error(`${child.name} exited (${code}) before "${what}"\n${child.tail.join('\n')}`)))
    found.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      reject,
    )
  })
}

const children: Child[] = []

async function startSimulator(): Promise<{ child: Child; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/upstream/simulator/main.ts')], {
    cwd: ROOT,
    env: { ...baseEnv, SIMULATOR_PORT: '0', SIMULATOR_HOST: '127.0.0.1', SIMULATOR_LATENCY_MS: String(LATENCY_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const child = new Child('simulator', proc)
  children.push(child)
  const url = new Promise<string>((resolve) => {
    lines(proc.stderr, (line) => {
      child.keep(line)
      const match = /simulator listening on (http:\/\/\S+)/.exec(line)
      if (match?.[1]) resolve(match[1])
    })
  })
  lines(proc.stdout, (line) => child.keep(line))
  return { child, url: await waitFor(child, 'simulator listening on', url) }
}

interface LogStats {
  byLevel: Map<number, number>
  examples: string[]
}

async function startService(upstream: string): Promise<{ child: Child; url: string; logs: LogStats }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bin/store-finder.ts'), 'serve'], {
    cwd: ROOT,
    env: { ...baseEnv, ...passedOn, PORT: '0', HOST: '127.0.0.1', UPSTREAM_BASE_URL: upstream, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const child = new Child('service', proc)
  children.push(child)
  const logs: LogStats = { byLevel: new Map(), examples: [] }
  const url = new Promise<string>((resolve) => {
    lines(proc.stdout, (line) => {
      let entry: { level?: number; msg?: string } | undefined
      try {
        entry = JSON.parse(line) as { level?: number; msg?: string }
      } catch {
        child.keep(line)
        return
      }
      const level = entry.level ?? 0
      logs.byLevel.set(level, (logs.byLevel.get(level) ?? 0) + 1)
      if (level >= 40 && logs.examples.length < 5) logs.examples.push(line.slice(0, 400))
      const match = /Server listening at (http:\/\/\S+)/.exec(entry.msg ?? '')
      if (match?.[1]) resolve(match[1])
    })
  })
  lines(proc.stderr, (line) => child.keep(line))
  return { child, url: await waitFor(child, 'Server listening at', url), logs }
}

function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match?.[1] ? Math.round(Number(match[1]) / 1024) : null
  } catch {
    return null
  }
}

// --- the workload --------------------------------------------------------------------------------------

const data = createSimulatorData()
const STORE_KEYWORDS = ['강남', '서울', '부산', '역', '명동', '대구', '인천', '수원', '광주', '제주', '대전'].filter((k) =>
  data.stores.some((s) => s.name.includes(k) || s.address.includes(k)),
)
const PRODUCT_KEYWORDS = ['수납', '텀블러', '건전지', '컵', '수세미', '펜', '노트', '바구니', '케이블', '화분', '테이프', '충전'].filter(
  (k) => data.searchProducts(k).length > 0,
)
/** The stores product searches run at (a neighbourhood's worth, so caches warm as they would). */
const SCAN_STORES = data.stores.slice(0, 12).map((s) => s.code)
const LOOKUP_STORES = data.stores.slice(0, 60).map((s) => s.code)
/** Products with stock somewhere among SCAN_STORES, for availability. */
const AVAILABILITY_PAIRS = data.products
  .slice(0, 400)
  .flatMap((p) => SCAN_STORES.filter((code) => data.stockOf(code, p.pdNo) > 0).slice(0, 1).map((code) => ({ productId: p.pdNo, code })))
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

interface Failure {
  status: number
  code: string
}
interface Sample {
  route: string
  ms: number
  failure?: Failure
}
type Rng = () => number
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!

class Failed extends Error {
  constructor(readonly failure: Failure) {
    super(`${failure.status} ${failure.code}`)
  }
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
}

/** The code of an error answer (Error shape, JSON-RPC error or anything else). */
async function failureOf(res: Response): Promise<Failure> {
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

interface Op {
  name: string
  weight: number
  run(base: string, rng: Rng, record: (route: string, started: number, failure?: Failure) => void): Promise<void>
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

const OPS: Op[] = [
  single('store search (keyword)', 15, async (base, rng) => {
    const res = await get(`${base}/api/branches/search?keyword=${encodeURIComponent(pick(rng, STORE_KEYWORDS))}&pageSize=${1 + Math.floor(rng() * 10)}&currentPage=${1 + Math.floor(rng() * 2)}`)
    await expectJson(res, Array.isArray, 'a store list')
  }),
  single('store search (nearby)', 10, async (base, rng) => {
    const [lat, lng] = pick(rng, CITIES)
    const res = await get(`${base}/api/branches/search?curLttd=${(lat + (rng() - 0.5) / 10).toFixed(4)}&curLitd=${(lng + (rng() - 0.5) / 10).toFixed(4)}&pageSize=5`)
    await expectJson(res, (b) => Array.isArray(b) && b.length > 0, 'a non-empty store list')
  }),
  single('store lookup', 15, async (base, rng) => {
    const code = pick(rng, LOOKUP_STORES)
    const res = await get(`${base}/api/branches/${code}`)
    await expectJson(res, (b) => isObject(b) && b['code'] === code, 'the store asked for')
  }),
  single('product search (JSON)', 15, async (base, rng) => {
    const res = await get(`${base}/api/products?branchCode=${pick(rng, SCAN_STORES)}&keyword=${encodeURIComponent(pick(rng, PRODUCT_KEYWORDS))}`)
    await expectJson(res, (b) => isObject(b) && Array.isArray(b['products']) && typeof b['hasMore'] === 'boolean', 'a ProductSearchResult')
  }),
  single('product search (NDJSON)', 10, async (base, rng) => {
    const res = await get(`${base}/api/products?branchCode=${pick(rng, SCAN_STORES)}&keyword=${encodeURIComponent(pick(rng, PRODUCT_KEYWORDS))}&stream=1`)
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
    const res = await get(`${base}/api/products/${productId}?branchCode=${code}`)
    await expectJson(res, (b) => isObject(b) && Number.isInteger(b['stock']) && Array.isArray(b['otherBranches']), 'a ProductAvailability')
  }),
  single('API index', 5, async (base) => {
    await expectJson(await get(`${base}/api`), (b) => isObject(b) && Array.isArray(b['endpoints']), 'the API index')
  }),
  {
    // Stateless MCP as a host without a session would do it: initialize, then the call on a new request.
    name: 'MCP',
    weight: 10,
    async run(base, rng, record) {
      let started = performance.now()
      try {
        const init = await rpcMessages(
          await fetch(`${base}/api/mcp`, {
            method: 'POST',
            headers: MCP_HEADERS,
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'load', version: '1.0.0' } } }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
        )
        const result = init.at(-1)?.['result']
        if (!isObject(result) || result['protocolVersion'] !== PROTOCOL_VERSION) throw new Failed({ status: 200, code: 'bad initialize result' })
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
    },
  },
]

// --- statistics ----------------------------------------------------------------------------------------

/** Nearest-rank percentile of a sorted sample. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!
}

interface RouteFigures {
  route: string
  requests: number
  errors: number
  p50: number
  p90: number
  p99: number
  max: number
}

function figures(route: string, samples: readonly Sample[]): RouteFigures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b)
  const r1 = (v: number) => Math.round(v * 10) / 10
  return {
    route,
    requests: samples.length,
    errors: samples.filter((s) => s.failure).length,
    p50: r1(percentile(ms, 50)),
    p90: r1(percentile(ms, 90)),
    p99: r1(percentile(ms, 99)),
    max: r1(ms.at(-1) ?? Number.NaN),
  }
}

function table(rows: RouteFigures[]): string[] {
  const header = ['route', 'requests', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms']
  const body = rows.map((r) => [r.route, String(r.requests), String(r.errors), String(r.p50), String(r.p90), String(r.p99), String(r.max)])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)))
  const fmt = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [fmt(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(fmt)]
}

// --- the phases ----------------------------------------------------------------------------------------

async function mixedLoad(base: string): Promise<Sample[]> {
  const samples: Sample[] = []
  const totalWeight = OPS.reduce((sum, op) => sum + op.weight, 0)
  const end = Date.now() + SECONDS * 1000
  const record = (route: string, started: number, failure?: Failure) => {
    samples.push(failure ? { route, ms: performance.now() - started, failure } : { route, ms: performance.now() - started })
  }
  const progress = setInterval(() => {
    const errors = samples.filter((s) => s.failure).length
    process.stderr.write(`  … ${samples.length} requests, ${errors} errors, ${Math.max(0, Math.round((end - Date.now()) / 1000))} s left\n`)
  }, 10_000)
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const rng = mulberry32(SEED * 1000 + i)
      while (Date.now() < end) {
        let roll = rng() * totalWeight
        const op = OPS.find((o) => (roll -= o.weight) < 0) ?? OPS[0]!
        await op.run(base, rng, record)
      }
    }),
  )
  clearInterval(progress)
  return samples
}

interface BurstResult {
  held: number
  refused: Array<{ kind: string; status: number; code: string; retryAfter: string | null }>
  recovered: boolean
  problems: string[]
}

/** Fills the open-stream cap with MCP event streams, then asks for more streams: each must be 503 with Retry-After. */
async function overloadBurst(base: string): Promise<BurstResult> {
  const problems: string[] = []
  const controllers: AbortController[] = []
  const heldOpen = await Promise.all(
    Array.from({ length: MAX_OPEN_STREAMS }, async () => {
      const controller = new AbortController()
      controllers.push(controller)
      try {
        const res = await fetch(`${base}/api/mcp`, { headers: { accept: 'text/event-stream' }, signal: controller.signal })
        if (res.status !== 200) {
          problems.push(`holding stream answered ${res.status}`)
          await res.body?.cancel()
          return false
        }
        return true
      } catch (error) {
        problems.push(`holding stream failed: ${error instanceof Error ? error.message : String(error)}`)
        return false
      }
    }),
  )
  const held = heldOpen.filter(Boolean).length
  const extra = [
    ...Array.from({ length: 10 }, () => ({ kind: 'NDJSON search', url: `${base}/api/products?branchCode=${SCAN_STORES[0]}&keyword=${encodeURIComponent(PRODUCT_KEYWORDS[0]!)}&stream=1`, headers: {} })),
    ...Array.from({ length: 10 }, () => ({ kind: 'MCP event stream', url: `${base}/api/mcp`, headers: { accept: 'text/event-stream' } })),
  ]
  const refused = await Promise.all(
    extra.map(async ({ kind, url, headers }) => {
      const res = await get(url, headers)
      const failure = res.status === 200 ? { status: 200, code: 'not refused' } : await failureOf(res)
      if (res.status === 200) await res.body?.cancel()
      return { kind, status: res.status, code: failure.code, retryAfter: res.headers.get('retry-after') }
    }),
  )
  for (const r of refused) {
    if (r.status !== 503 || !r.retryAfter) problems.push(`${r.kind} over the cap answered ${r.status} ${r.code}, Retry-After ${r.retryAfter}`)
  }
  for (const controller of controllers) controller.abort()
  // The cap frees as the server sees the connections close.
  let recovered = false
  for (let i = 0; i < 50 && !recovered; i++) {
    const ready = (await (await get(`${base}/readyz`)).json()) as { openStreams?: number }
    if (ready.openStreams === 0) {
      const res = await get(`${base}/api/products?branchCode=${SCAN_STORES[0]}&keyword=${encodeURIComponent(PRODUCT_KEYWORDS[0]!)}&stream=1`)
      const text = await res.text()
      recovered = res.status === 200 && /"type":"result"/.test(text)
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  if (!recovered) problems.push('streams did not work again after the burst')
  return { held, refused, recovered, problems }
}

// --- main ----------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  out(`store-finder load: ${CLIENTS} clients × ${SECONDS} s, mixed routes; upstream: simulator, ${LATENCY_MS} ms per call`)
  if (Object.keys(passedOn).length > 0) out(`service settings from the environment: ${Object.entries(passedOn).map(([k, v]) => `${k}=${v}`).join(' ')}`)
  const sim = await startSimulator()
  const service = await startService(sim.url)
  const pid = service.child.proc.pid
  out(`simulator ${sim.url}; service ${service.url} (pid ${pid}, RSS ${rssMb(pid) ?? '?'} MB at start)`)
  out()

  const startedAt = Date.now()
  const samples = await mixedLoad(service.url)
  const elapsed = (Date.now() - startedAt) / 1000
  const rssAfterLoad = rssMb(pid)

  const routes = [...new Set(samples.map((s) => s.route))].sort()
  const rows = routes.map((route) => figures(route, samples.filter((s) => s.route === route)))
  const overall = figures('overall', samples)
  for (const line of table([...rows, overall])) out(line)
  out()
  out(`${overall.requests} requests in ${elapsed.toFixed(1)} s (${Math.round(overall.requests / elapsed)} req/s); service RSS ${rssAfterLoad ?? '?'} MB`)

  const failures = samples.filter((s): s is Sample & { failure: Failure } => s.failure !== undefined)
  const byStatus = new Map<string, number>()
  for (const f of failures) {
    const key = `${f.failure.status} ${f.failure.code}`
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1)
  }
  out(
    failures.length === 0
      ? 'errors: none'
      : `errors by status and code: ${[...byStatus.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')}`,
  )
  for (const route of routes) {
    const routeFailures = failures.filter((f) => f.route === route)
    if (routeFailures.length > 0) out(`  ${route}: ${routeFailures.length} errors, e.g. ${routeFailures[0]!.failure.status} ${routeFailures[0]!.failure.code}`)
  }

  let burst: BurstResult | undefined
  if (BURST) {
    out()
    out(`deliberate overload: ${MAX_OPEN_STREAMS} MCP event streams held open (MAX_OPEN_STREAMS), then 10 NDJSON searches and 10 more event streams`)
    burst = await overloadBurst(service.url)
    const codes = new Map<string, number>()
    for (const r of burst.refused) codes.set(`${r.status} ${r.code}`, (codes.get(`${r.status} ${r.code}`) ?? 0) + 1)
    out(`  held ${burst.held}/${MAX_OPEN_STREAMS}; over the cap: ${[...codes.entries()].map(([k, n]) => `${k} ×${n}`).join(', ')}; Retry-After on ${burst.refused.filter((r) => r.retryAfter).length}/${burst.refused.length}`)
    out(`  streams work again afterwards: ${burst.recovered ? 'yes' : 'NO'}`)
    for (const problem of burst.problems.slice(0, 5)) out(`  ✖ ${problem}`)
  }

  const exitCode = await service.child.stop()
  await sim.child.stop()
  const levels = service.logs.byLevel
  out()
  out(`service log: ${levels.get(50) ?? 0} error, ${levels.get(40) ?? 0} warn, ${levels.get(30) ?? 0} info lines; exit code after SIGTERM: ${exitCode}`)
  for (const example of service.logs.examples.slice(0, 3)) out(`  e.g. ${example}`)

  const burstOk = !burst || (burst.problems.length === 0 && burst.held === MAX_OPEN_STREAMS)
  const pass = failures.length === 0 && burstOk && exitCode === 0
  out()
  out(
    pass
      ? `PASS: no errors under load${burst ? `; the only errors were the ${burst.refused.length} deliberate 503s` : ''}; clean shutdown`
      : `FAIL: ${failures.length} errors under load${burstOk ? '' : '; the overload burst did not behave'}${exitCode === 0 ? '' : `; exit code ${exitCode}`}`,
  )

  if (REPORT) {
    writeFileSync(
      REPORT,
      `${JSON.stringify(
        {
          clients: CLIENTS,
          seconds: SECONDS,
          upstreamLatencyMs: LATENCY_MS,
          serviceSettings: passedOn,
          requests: overall.requests,
          requestsPerSecond: Math.round(overall.requests / elapsed),
          routes: rows,
          overall,
          errorsByStatus: Object.fromEntries(byStatus),
          burst,
          rssMb: rssAfterLoad,
          serviceExitCode: exitCode,
          pass,
        },
        null,
        2,
      )}\n`,
    )
    out(`figures written to ${REPORT}`)
  }
  return pass ? 0 : 1
}

const stopChildren = async () => {
  await Promise.all(children.map((child) => child.stop(3_000)))
}
process.once('SIGINT', () => {
  void stopChildren().then(() => process.exit(130))
})

try {
  process.exitCode = await main()
} catch (error) {
  process.stderr.write(`load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  await stopChildren()
  process.exitCode = 1
}
