// A stand-in for the retail chain's front-office API ("fapi"), speaking its wire protocol as documented in
// /work/shared/upstream-protocol.md: same paths (at the root and under /api), same envelopes, same JSON
// types as sent, the anonymous pre-auth handshake, and the ways it has been seen or feared to fail.
// Built on node:http alone so that it behaves like a foreign server, not like our own Fastify stack.

import { createServer, STATUS_CODES } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { createSimulatorData, haversineKm, STORE_FLAG_KEYS } from './data.js'
import type { SimProduct, SimStore, SimulatorData } from './data.js'
import { edgeErrorPage, FaultController, isSimEndpoint, parseFault, SIM_ENDPOINTS, storefrontPage, whitelabelPage } from './faults.js'
import type { SimEndpoint, SimFault, SimFaultRule } from './faults.js'
import { PreAuthority, SIMULATOR_PREAUTH_KEY } from './preauth.js'
import type { PreAuthFailure } from './preauth.js'

export type { SimEndpoint, SimFault, SimFaultKind, SimFaultRule } from './faults.js'
export { SIM_ENDPOINTS, SIM_FAULT_KINDS } from './faults.js'
export type { SimProduct, SimStore, SimulatorData } from './data.js'
export { createSimulatorData } from './data.js'
export { SIMULATOR_PREAUTH_KEY, encryptBearer, decryptBearer } from './preauth.js'

export interface SimulatorOptions {
  port?: number /* 0 = random */
  host?: string /* default 127.0.0.1 */
  latencyMs?: number /* default 0, per call */
  tokenTtlMs?: number /* default 30_000 */
  seed?: number
  /** 16-character AES key for bearers; default SIMULATOR_PREAUTH_KEY. */
  preauthKey?: string
}

export interface SimRequestRecord {
  endpoint: SimEndpoint
  body: unknown
  headers: Record<string, string | string[] | undefined>
  /** Extension: why the pre-auth check rejected this call, when it did. */
  authFailure?: PreAuthFailure
}

export interface SimStats {
  calls: Record<SimEndpoint, number>
  total: number
  inFlight: number
  maxInFlight: number
  /** Most requests that arrived within any one second (a sliding window) since the last reset. */
  peakPerSecond: number
  requests: SimRequestRecord[] /* last 500 */
}

export interface Simulator {
  url: string // e.g. 'http://127.0.0.1:41234' (no trailing slash)
  data: SimulatorData
  stats(): SimStats
  resetStats(): void
  setFault(endpoint: SimEndpoint | '*', rule: SimFaultRule | SimFault | null): void
  setLatency(endpoint: SimEndpoint | '*', ms: number): void
  reset(): void // clear faults, latencies back to options.latencyMs, stats
  issuedTokens(): number // how many /auth/request tokens were issued
  close(): Promise<void> // closes server and destroys open sockets (hung requests too)
}

const DEFAULT_TOKEN_TTL_MS = 30_000 // about 30 s upstream (finder, pyskill)
const DEFAULT_PAGE_SIZE = 10 // unknown upstream default; clients that omit pageSize get a short list
const PRODUCT_PAGE_SIZE_CAP = 100
const MAX_BODY_BYTES = 1_048_576 // 1 MiB, far above any real request
const REQUEST_LOG_LIMIT = 500

interface Route {
  endpoint: SimEndpoint
  method: 'GET' | 'POST'
}

const ROUTES = new Map<string, Route>([
  ['/ms/msg/selStr', { endpoint: 'selStr', method: 'POST' }],
  ['/pdo/pdThumbSelSimple', { endpoint: 'pdThumbSelSimple', method: 'POST' }],
  ['/auth/request', { endpoint: 'authRequest', method: 'GET' }],
  ['/pd/pdh/selStrPkupStck', { endpoint: 'selStrPkupStck', method: 'POST' }],
  ['/pdo/selIntPdStDispInfo', { endpoint: 'selIntPdStDispInfo', method: 'POST' }],
  ['/pdo/selOfflStrStck', { endpoint: 'selOfflStrStck', method: 'POST' }],
  ['/pdo/selPdStDispInfo', { endpoint: 'selPdStDispInfo', method: 'POST' }],
])

const STOCK_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set(['selStrPkupStck', 'selOfflStrStck'])

/** Field renames and junk values for the shapeDrift fault, per endpoint. */
const DRIFT: Partial<Record<SimEndpoint, { rename: [from: string, to: string]; word: [field: string, value: string] }>> = {
  selStr: { rename: ['strCd', 'storeCd'], word: ['strLttd', '서울'] },
  pdThumbSelSimple: { rename: ['pdNo', 'productNo'], word: ['pdPrc', '무료'] },
  selStrPkupStck: { rename: ['stck', 'stock'], word: ['stck', '많음'] },
  selIntPdStDispInfo: { rename: ['stairNo', 'floorNo'], word: ['stairNo', '지하'] },
}

// --- responses ----------------------------------------------------------------------------------

interface Reply {
  status: number
  headers: Record<string, string>
  /** Structured JSON body; shaping faults edit it before it is serialised. */
  json?: unknown
  text?: string
  contentType?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Spring Boot writes error timestamps as ISO-8601 with an explicit offset. */
const springTimestamp = (): string => new Date().toISOString().replace('Z', '+00:00')

const springError = (status: number, path: string): Reply => ({
  status,
  headers: {},
  json: { timestamp: springTimestamp(), status, error: STATUS_CODES[status] ?? 'Error', path },
})

const UNAUTHORIZED_BODY = { success: false, message: 'Unauthorized' }

function envelope(data: unknown, message: string | null = null, returnCode: string | null = null): Record<string, unknown> {
  return { message, data, extraData: {}, extraString: null, returnCode, success: true }
}

const ok = (json: unknown): Reply => ({ status: 200, headers: {}, json })

// --- request field coercion (Jackson-like: numeric strings become numbers, junk is a 400) -------

const INVALID = Symbol('invalid')

function readNumber(body: Record<string, unknown>, key: string): number | undefined | typeof INVALID {
  const value = body[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : INVALID
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value)
  return INVALID
}

function readInt(body: Record<string, unknown>, key: string): number | undefined | typeof INVALID {
  const n = readNumber(body, key)
  return typeof n === 'number' ? Math.trunc(n) : n
}

function readString(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

function paging(body: Record<string, unknown>, cap: number | null): { page: number; size: number } | null {
  const page = readInt(body, 'currentPage')
  const size = readInt(body, 'pageSize')
  if (page === INVALID || size === INVALID) return null
  const pageSize = size === undefined || size < 1 ? DEFAULT_PAGE_SIZE : cap === null ? size : Math.min(size, cap)
  return { page: page === undefined || page < 1 ? 1 : page, size: pageSize }
}

// --- endpoint handlers --------------------------------------------------------------------------

function storeRow(store: SimStore, km: number, totalCnt: number, currentPageCnt: number, rnum: number): Record<string, unknown> {
  const flags: Record<string, string> = {}
  for (const key of STORE_FLAG_KEYS) flags[key] = store.flags[key]
  return {
    rgpsId: null,
    regDttm: null,
    mdpsId: null,
    modDttm: null,
    status: null,
    frRgerId: null,
    frRgDtm: null,
    lsUpdrId: null,
    lsUpdtDtm: null,
    totalCnt,
    dataAllTotal: 0,
    currentPageCnt,
    rnum,
    strCd: store.code,
    strNm: store.name,
    strZip: store.zip,
    strAddr: store.address,
    strDtlAddr: store.detailAddress,
    strTno: '1522-4400',
    brchChgrCrryTno: null,
    ...flags,
    opngTime: store.openTime,
    clsngTime: store.closeTime,
    strLitd: store.lng,
    strLttd: store.lat,
    km: km.toFixed(1),
    hldyDt: null,
  }
}

function selStr(data: SimulatorData, body: unknown, path: string): Reply {
  if (!isRecord(body)) return springError(400, path)
  const lat = readNumber(body, 'curLttd')
  const lng = readNumber(body, 'curLitd')
  const pages = paging(body, null)
  if (lat === INVALID || lng === INVALID || pages === null) return springError(400, path)
  const code = readString(body['inclusiveStrCd']).trim()
  const keyword = readString(body['keyword'])
  const pickupOnly = readString(body['pkupYn']) === 'Y'

  // Without coordinates the upstream measures from (0,0): the recorded "13181.1" for 10224 is exactly that.
  const fromLat = lat ?? 0
  const fromLng = lng ?? 0
  const matches = data.stores
    .filter((s) => (code !== '' ? s.code === code : keyword === '' || s.name.includes(keyword) || s.address.includes(keyword)))
    .filter((s) => !pickupOnly || s.pickup)
    .map((store) => ({ store, km: haversineKm(fromLat, fromLng, store.lat, store.lng) }))
    .sort((a, b) => a.km - b.km || (a.store.code < b.store.code ? -1 : 1))
  const offset = (pages.page - 1) * pages.size
  const slice = matches.slice(offset, offset + pages.size)
  return ok(envelope(slice.map((m, i) => storeRow(m.store, m.km, matches.length, slice.length, offset + i + 1))))
}

function productRow(p: SimProduct, totalCnt: number, currentPageCnt: number): Record<string, unknown> {
  return {
    pdNo: p.pdNo,
    pdNm: p.name,
    exhPdNm: p.displayName,
    pdPrc: String(p.price),
    atchFileUrl: p.imagePath,
    totalCnt,
    currentPageCnt,
    onlyPkupYn: p.onlyPickup ? 'Y' : 'N',
    newPdYn: p.isNew ? 'Y' : 'N',
    pkupOrPsblYn: p.pickup ? 'Y' : 'N',
    optPdYn: p.optPdYn,
    sleStsCd: '03',
    onlSclCd: p.categoryCode,
    brndNm: p.brand,
  }
}

function pdThumbSelSimple(data: SimulatorData, body: unknown, path: string): Reply {
  if (!isRecord(body)) return springError(400, path)
  const pages = paging(body, PRODUCT_PAGE_SIZE_CAP)
  if (pages === null) return springError(400, path)
  const hits = data.searchProducts(readString(body['searchText']))
  const offset = (pages.page - 1) * pages.size
  const slice = hits.slice(offset, offset + pages.size)
  return ok(envelope(slice.map((p) => productRow(p, hits.length, slice.length))))
}

function selStrPkupStck(data: SimulatorData, body: unknown, path: string): Reply {
  if (!Array.isArray(body) || !body.every(isRecord)) return springError(400, path)
  const rows: Array<Record<string, string>> = []
  for (const item of body) {
    const pdNo = readString(item['pdNo']).trim()
    const strCd = readString(item['strCd']).trim()
    // Pairs the upstream does not know are silently left out (finder: "다이소가 모르는 상품은 응답에서 빠진다").
    if (data.productByNo(pdNo) === undefined || data.storeByCode(strCd) === undefined) continue
    rows.push({ pdNo, strCd, sleStsCd: '1', stck: String(data.stockOf(strCd, pdNo)) })
  }
  return ok(envelope(rows, 'success', 'success'))
}

function selIntPdStDispInfo(data: SimulatorData, body: unknown, path: string): Reply {
  if (!isRecord(body)) return springError(400, path)
  const pdNo = readString(body['pdNo']).trim()
  const strCd = readString(body['strCd']).trim()
  const placement = data.placementOf(strCd, pdNo)
  const store = data.storeByCode(strCd)
  if (placement === null || store === undefined) return ok(envelope([]))
  return ok(envelope([{ zoneNo: String(placement.zoneNo), stairNo: String(placement.stairNo), storeErp: store.erp }]))
}

// --- shaping faults -----------------------------------------------------------------------------

function shapeReply(endpoint: SimEndpoint, fault: SimFault, reply: Reply): Reply {
  if (endpoint === 'authRequest') {
    if (reply.status !== 200) return reply
    if (fault.kind === 'missingUidHeader') {
      const { 'X-DM-UID': _dropped, ...headers } = reply.headers
      return { ...reply, headers }
    }
    if (fault.kind === 'shapeDrift' && fault.variant === 'renamedField') {
      const { 'X-DM-UID': uid, ...headers } = reply.headers
      return { ...reply, headers: uid === undefined ? headers : { ...headers, 'X-DM-USER-ID': uid } }
    }
    if (fault.kind === 'malformedJson') return { ...reply, text: (reply.text ?? '').slice(0, 40) }
    return reply
  }
  if (fault.kind === 'malformedJson' && reply.json !== undefined) {
    const full = JSON.stringify(reply.json)
    return { status: 200, headers: reply.headers, text: full.slice(0, Math.max(1, Math.floor(full.length * 0.6))), contentType: 'application/json' }
  }
  const json = reply.json
  if (reply.status !== 200 || !isRecord(json) || json['success'] !== true || !Array.isArray(json['data'])) return reply
  const rows = json['data'] as unknown[]
  const withRows = (data: unknown[]): Reply => ({ ...reply, json: { ...json, data } })
  switch (fault.kind) {
    case 'emptyData':
      return withRows([])
    case 'omitRows':
      return STOCK_ENDPOINTS.has(endpoint) ? withRows([]) : reply
    case 'undisclosed':
      return STOCK_ENDPOINTS.has(endpoint) ? withRows(rows.map((r) => (isRecord(r) ? { ...r, stck: '0' } : r))) : reply
    case 'shapeDrift': {
      const drift = DRIFT[endpoint]
      if (drift === undefined) return reply
      return withRows(
        rows.map((row) => {
          if (!isRecord(row)) return row
          if (fault.variant === 'wordForNumber') return { ...row, [drift.word[0]]: drift.word[1] }
          // Rebuild rather than delete so that the renamed key keeps its position.
          return Object.fromEntries(Object.entries(row).map(([k, v]) => [k === drift.rename[0] ? drift.rename[1] : k, v]))
        }),
      )
    }
    default:
      return reply
  }
}

/** Faults that replace the response outright; null when the call should be handled normally. */
function replacingReply(endpoint: SimEndpoint, fault: SimFault, path: string): Reply | null {
  switch (fault.kind) {
    case 'http500':
      return springError(500, path)
    case 'html': {
      const status = fault.status ?? 502
      return { status, headers: { 'CF-RAY': `${randomBytes(8).toString('hex')}-ICN` }, text: edgeErrorPage(status, randomBytes(8).toString('hex')), contentType: 'text/html; charset=UTF-8' }
    }
    case 'unauthorized':
      return { status: fault.status ?? 401, headers: {}, json: UNAUTHORIZED_BODY }
    case 'unauthorizedBody':
      return { status: 200, headers: {}, json: UNAUTHORIZED_BODY }
    case 'successFalse':
      return { status: 200, headers: {}, json: { message: fault.message ?? '현재 구매할 수 없는 상품입니다.', data: null, success: false } }
    case 'rateLimited': {
      const seconds = fault.retryAfterSeconds ?? 1
      return {
        status: 429,
        headers: { 'Retry-After': String(seconds) },
        json: { timestamp: springTimestamp(), status: 429, error: 'Too Many Requests', path },
      }
    }
    case 'emptyBody':
      return { status: 200, headers: {}, text: '', contentType: endpoint === 'authRequest' ? 'text/plain;charset=UTF-8' : 'application/json' }
    default:
      return null
  }
}

// --- the server ---------------------------------------------------------------------------------

function emptyCalls(): Record<SimEndpoint, number> {
  return Object.fromEntries(SIM_ENDPOINTS.map((e) => [e, 0])) as Record<SimEndpoint, number>
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return
  let body: string
  let contentType: string
  if (reply.text !== undefined) {
    body = reply.text
    contentType = reply.contentType ?? 'text/plain;charset=UTF-8'
  } else {
    body = reply.json === undefined ? '' : JSON.stringify(reply.json)
    contentType = reply.contentType ?? 'application/json'
  }
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
  })
  res.end(body)
}

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge }))
    req.on('error', () => resolve(null))
    req.on('aborted', () => resolve(null))
  })
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!signal.aborted)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

const firstHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1'
  const baseLatency = options.latencyMs ?? 0
  const data = createSimulatorData(options.seed)
  const faults = new FaultController(baseLatency)
  const auth = new PreAuthority({ key: options.preauthKey ?? SIMULATOR_PREAUTH_KEY, ttlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS })
  let tokensIssued = 0

  let calls = emptyCalls()
  let total = 0
  let inFlight = 0
  let maxInFlight = 0
  let requests: SimRequestRecord[] = []
  // Arrival times of the last second, oldest first: enough to know the peak rate a client imposed.
  let arrivals: number[] = []
  let peakPerSecond = 0

  const statsSnapshot = (): SimStats => ({ calls: { ...calls }, total, inFlight, maxInFlight, peakPerSecond, requests: [...requests] })
  const resetStats = (): void => {
    calls = emptyCalls()
    total = 0
    maxInFlight = inFlight
    requests = []
    arrivals = []
    peakPerSecond = 0
  }

  async function handleUpstream(req: IncomingMessage, res: ServerResponse, route: Route, path: string): Promise<void> {
    const raw = route.method === 'POST' ? await readBody(req) : { text: '', tooLarge: false }
    if (raw === null || res.destroyed) return
    if (raw.tooLarge) {
      send(res, springError(413, path))
      return
    }
    const parsed = route.method === 'POST' ? parseJson(raw.text) : null

    const record: SimRequestRecord = {
      endpoint: route.endpoint,
      body: parsed === null ? undefined : parsed.ok ? parsed.value : raw.text,
      headers: { ...req.headers },
    }
    calls[route.endpoint]++
    total++
    const now = performance.now()
    arrivals.push(now)
    let expired = 0
    while (expired < arrivals.length && now - arrivals[expired]! >= 1_000) expired++
    if (expired > 0) arrivals = arrivals.slice(expired)
    peakPerSecond = Math.max(peakPerSecond, arrivals.length)
    requests.push(record)
    if (requests.length > REQUEST_LOG_LIMIT) requests.splice(0, requests.length - REQUEST_LOG_LIMIT)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    const closed = new AbortController()
    res.once('close', () => {
      inFlight--
      closed.abort()
    })

    const fault = faults.take(route.endpoint)
    if (!(await wait(faults.latencyOf(route.endpoint), closed.signal))) return

    if (fault?.kind === 'hang') return // answered only by close(), or never
    if (fault?.kind === 'reset') {
      req.socket.destroy()
      return
    }
    const replaced = fault === null ? null : replacingReply(route.endpoint, fault, path)
    if (replaced !== null) {
      send(res, replaced)
      return
    }

    let reply = answer(route.endpoint, req.headers, parsed, path, record)
    if (fault !== null) reply = shapeReply(route.endpoint, fault, reply)
    send(res, reply)
  }

  function checkAuth(headers: IncomingHttpHeaders, record: SimRequestRecord): Reply | null {
    const result = auth.check({
      authorization: firstHeader(headers['authorization']),
      uid: firstHeader(headers['x-dm-uid']),
      userAgent: firstHeader(headers['user-agent']),
    })
    if (result.ok) return null
    record.authFailure = result.reason
    return { status: 401, headers: {}, json: UNAUTHORIZED_BODY }
  }

  function answer(
    endpoint: SimEndpoint,
    headers: IncomingHttpHeaders,
    parsed: { ok: true; value: unknown } | { ok: false } | null,
    path: string,
    record: SimRequestRecord,
  ): Reply {
    switch (endpoint) {
      case 'authRequest': {
        const { token, uid } = auth.issue(firstHeader(headers['user-agent']))
        tokensIssued++
        // Some responses end with a newline; clients are expected to trim.
        const text = tokensIssued % 3 === 0 ? `${token}\n` : token
        return { status: 200, headers: { 'X-DM-UID': uid, 'Cache-Control': 'no-store' }, text, contentType: 'text/plain;charset=UTF-8' }
      }
      case 'selOfflStrStck':
      case 'selPdStDispInfo':
        // Broken upstream since ~2026-09: 500 for any body.
        return springError(500, path)
      case 'selStrPkupStck':
      case 'selIntPdStDispInfo': {
        // The security filter runs before the body is bound, so auth failures win over bad bodies.
        const denied = checkAuth(headers, record)
        if (denied !== null) return denied
        if (parsed === null || !parsed.ok) return springError(400, path)
        return endpoint === 'selStrPkupStck' ? selStrPkupStck(data, parsed.value, path) : selIntPdStDispInfo(data, parsed.value, path)
      }
      case 'selStr':
      case 'pdThumbSelSimple':
        if (parsed === null || !parsed.ok) return springError(400, path)
        return endpoint === 'selStr' ? selStr(data, parsed.value, path) : pdThumbSelSimple(data, parsed.value, path)
    }
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const json = (status: number, body: unknown): void => send(res, { status, headers: {}, json: body })
    const action = path.slice('/__sim/'.length)
    const expected = action === 'stats' ? 'GET' : 'POST'
    if (!['stats', 'faults', 'latency', 'reset'].includes(action)) return json(404, { error: `unknown control route ${path}` })
    if (req.method !== expected) {
      res.setHeader('Allow', expected)
      return json(405, { error: `use ${expected} for ${path}` })
    }
    if (action === 'stats') {
      const { requests: _omitted, ...rest } = statsSnapshot()
      return json(200, rest)
    }
    const raw = await readBody(req)
    if (raw === null) return
    const parsed = raw.text.trim() === '' ? { ok: true as const, value: {} } : parseJson(raw.text)
    if (!parsed.ok || !isRecord(parsed.value)) return json(400, { error: 'body must be a JSON object' })
    const body = parsed.value
    const endpoint = body['endpoint'] ?? '*'
    if (action === 'reset') {
      simulator.reset()
      return json(200, { ok: true })
    }
    if (endpoint !== '*' && !isSimEndpoint(endpoint)) {
      return json(400, { error: `endpoint must be "*" or one of ${SIM_ENDPOINTS.join(', ')}` })
    }
    if (action === 'latency') {
      const ms = body['ms']
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return json(400, { error: 'ms must be a non-negative number' })
      simulator.setLatency(endpoint, ms)
      return json(200, { ok: true })
    }
    if (body['fault'] === null) {
      simulator.setFault(endpoint, null)
      return json(200, { ok: true })
    }
    const fault = parseFault(body['fault'])
    if (typeof fault === 'string') return json(400, { error: fault })
    const times = body['times']
    if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 0)) {
      return json(400, { error: 'times must be a non-negative integer' })
    }
    simulator.setFault(endpoint, times === undefined ? { fault } : { fault, times })
    return json(200, { ok: true })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/'
    const rawPath = url.split('?')[0] ?? '/'
    if (rawPath.startsWith('/__sim/')) return handleControl(req, res, rawPath)
    // www.daisomall.co.kr/api/<path> is the same API as fapi.daisomall.co.kr/<path>.
    const viaStorefront = rawPath === '/api' || rawPath.startsWith('/api/')
    const path = viaStorefront ? rawPath.slice('/api'.length) || '/' : rawPath
    const route = ROUTES.get(path)
    if (route === undefined) {
      req.resume()
      send(res, {
        status: 404,
        headers: {},
        text: viaStorefront ? whitelabelPage(404, new Date().toString()) : storefrontPage(),
        contentType: 'text/html;charset=UTF-8',
      })
      return
    }
    if (req.method !== route.method) {
      req.resume()
      res.setHeader('Allow', route.method)
      send(res, springError(405, path))
      return
    }
    return handleUpstream(req, res, route, path)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the simulator must look like an upstream 500, never hang the client.
      process.emitWarning(`simulator handler failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
      send(res, springError(500, req.url ?? '/'))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostForUrl = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address

  let closing: Promise<void> | null = null
  const simulator: Simulator = {
    url: `http://${hostForUrl}:${address.port}`,
    data,
    stats: statsSnapshot,
    resetStats,
    setFault: (endpoint, rule) => faults.set(endpoint, rule),
    setLatency: (endpoint, ms) => faults.setLatency(endpoint, ms),
    reset: () => {
      faults.reset()
      resetStats()
      tokensIssued = 0
    },
    issuedTokens: () => tokensIssued,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Hung and keep-alive connections would otherwise hold close() open forever.
        server.closeAllConnections()
      })
      return closing
    },
  }
  return simulator
}
