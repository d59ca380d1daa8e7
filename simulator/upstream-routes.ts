// Routing of upstream requests: path and method, body, counting, faults and latency, the auth check, answering.

import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { SimulatorData } from './data.js'
import { pdThumbSelSimple, type CatalogueListing, selIntPdStDispInfo, selStr, selStrPkupStck } from './endpoints.js'
import { applyDrift, type SimDrift } from './drift.js'
import { edgeErrorPage, listingFault, storefrontPage, whitelabelPage } from './faults.js'
import type { ListingFault } from './faults.js'
import type { FaultController, SimEndpoint, SimFault } from './faults.js'
import type { PreAuthority } from './preauth.js'
import { isRecord, parseJson, readBody, send, serialised, springError, springTimestamp, UNAUTHORIZED_BODY } from './reply.js'
import type { Reply } from './reply.js'
import type { SimRequestRecord } from './types.js'

export interface Route {
  endpoint: SimEndpoint
  method: 'GET' | 'POST'
}

/** What the upstream routes share with the server: the data, faults, pre-auth, and the counters kept there. */
export interface UpstreamContext {
  data: SimulatorData
  faults: FaultController
  auth: PreAuthority
  /** Counts a call as it arrives; the returned function counts it out when its connection closes. */
  countArrival(route: Route, record: SimRequestRecord): () => void
  /** Counts an issued pre-auth token; returns how many were issued since the last reset. */
  countToken(): number
  /** A field renamed in one endpoint's replies (SIMULATOR_DRIFT). */
  drift?: SimDrift
  /** Whether an empty or wildcard catalogue search lists the whole catalogue (SIMULATOR_CATALOGUE_LISTING). */
  listing(): CatalogueListing
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
    return {
      status: 200,
      headers: reply.headers,
      text: full.slice(0, Math.max(1, Math.floor(full.length * 0.6))),
      contentType: 'application/json',
    }
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
      return {
        status,
        headers: { 'CF-RAY': `${randomBytes(8).toString('hex')}-ICN` },
        text: edgeErrorPage(status, randomBytes(8).toString('hex')),
        contentType: 'text/html; charset=UTF-8',
      }
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
      return {
        status: 200,
        headers: {},
        text: '',
        contentType: endpoint === 'authRequest' ? 'text/plain;charset=UTF-8' : 'application/json',
      }
    default:
      return null
  }
}

// --- routing and answering ----------------------------------------------------------------------

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

/** Any request outside /__sim/: unknown paths get the upstream's HTML 404s, a wrong method its 405. */
export async function routeUpstream(ctx: UpstreamContext, req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
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
  return handleUpstream(ctx, req, res, route, path)
}

async function handleUpstream(ctx: UpstreamContext, req: IncomingMessage, res: ServerResponse, route: Route, path: string): Promise<void> {
  // A call's latency runs from its arrival to its answer, the simulator's own work included, as a real
  // upstream's round trip does: reading the body and building a 520-row reply used to come on top of it.
  const arrived = performance.now()
  // Calls that reach the simulator together are stamped together, as a real upstream's many threads would
  // take them: the work on each comes after every arrived call is stamped, not before the next one is read.
  // Done in turn, one process's 0.3 ms a call put 4.5 ms between the first and the last of 15 placements.
  await new Promise<void>((resolve) => setImmediate(resolve))
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
  const countOut = ctx.countArrival(route, record)
  const closed = new AbortController()
  res.once('close', () => {
    countOut()
    // Only a connection closed before the answer cuts a wait short; aborting after every answer built a
    // DOMException (a stack trace) per call, a tenth of the simulator's CPU in a cold nearby answer.
    if (!res.writableEnded) closed.abort()
  })

  const fault = ctx.faults.take(route.endpoint)
  const reply = fault?.kind === 'hang' || fault?.kind === 'reset' ? null : replyTo(ctx, route, fault, req.headers, parsed, path, record)
  const latency = ctx.faults.latencyOf(route.endpoint)
  if (!(await wait(latency - (performance.now() - arrived), closed.signal))) return

  if (fault?.kind === 'hang') return // answered only by close(), or never
  if (fault?.kind === 'reset' || reply === null) {
    req.socket.destroy()
    return
  }
  send(res, reply)
}

/** The answer to one call, a fault's in its place where one is set. */
function replyTo(
  ctx: UpstreamContext,
  route: Route,
  fault: SimFault | null,
  headers: IncomingHttpHeaders,
  parsed: { ok: true; value: unknown } | { ok: false } | null,
  path: string,
  record: SimRequestRecord,
): Reply {
  const replaced = fault === null ? null : replacingReply(route.endpoint, fault, path)
  if (replaced !== null) return replaced
  let reply = answer(ctx, route.endpoint, headers, parsed, path, record, listingFault(fault))
  if (fault !== null) reply = shapeReply(route.endpoint, fault, reply)
  return serialised(applyDrift(ctx.drift, route.endpoint, reply))
}

function checkAuth(ctx: UpstreamContext, headers: IncomingHttpHeaders, record: SimRequestRecord): Reply | null {
  const result = ctx.auth.check({
    authorization: firstHeader(headers['authorization']),
    uid: firstHeader(headers['x-dm-uid']),
    userAgent: firstHeader(headers['user-agent']),
  })
  if (result.ok) return null
  record.authFailure = result.reason
  return { status: 401, headers: {}, json: UNAUTHORIZED_BODY }
}

function answer(
  ctx: UpstreamContext,
  endpoint: SimEndpoint,
  headers: IncomingHttpHeaders,
  parsed: { ok: true; value: unknown } | { ok: false } | null,
  path: string,
  record: SimRequestRecord,
  listing?: ListingFault,
): Reply {
  switch (endpoint) {
    case 'authRequest': {
      const { token, uid } = ctx.auth.issue(firstHeader(headers['user-agent']))
      // Some responses end with a newline; clients are expected to trim.
      const text = ctx.countToken() % 3 === 0 ? `${token}\n` : token
      return { status: 200, headers: { 'X-DM-UID': uid, 'Cache-Control': 'no-store' }, text, contentType: 'text/plain;charset=UTF-8' }
    }
    case 'selOfflStrStck':
    case 'selPdStDispInfo':
      // Broken upstream since ~2026-09: 500 for any body.
      return springError(500, path)
    case 'selStrPkupStck':
    case 'selIntPdStDispInfo': {
      // The security filter runs before the body is bound, so auth failures win over bad bodies.
      const denied = checkAuth(ctx, headers, record)
      if (denied !== null) return denied
      if (parsed === null || !parsed.ok) return springError(400, path)
      return endpoint === 'selStrPkupStck' ? selStrPkupStck(ctx.data, parsed.value, path) : selIntPdStDispInfo(ctx.data, parsed.value, path)
    }
    case 'selStr':
    case 'pdThumbSelSimple':
      if (parsed === null || !parsed.ok) return springError(400, path)
      return endpoint === 'selStr'
        ? selStr(ctx.data, parsed.value, path, listing)
        : pdThumbSelSimple(ctx.data, parsed.value, path, ctx.listing())
  }
}
