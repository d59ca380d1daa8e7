// Fuzz properties shared by the bounded run in the test suite (fuzz.test.ts) and the long run
// (`npm run fuzz` → run.ts). Random query strings, path segments, headers (Accept, Content-Type,
// Origin, Host) and JSON-RPC bodies go to every route through app.inject() (router, hooks and handlers;
// the service's upstream is the built-in simulator, so valid-looking input reaches real upstream paths).
//
// Invariants, for every request:
//   1. no 5xx caused by input (the simulator is healthy, so every 5xx is caused by input), including a
//      terminal NDJSON `error` event, an MCP tool result with isError, or a JSON-RPC internal error;
//   2. every non-2xx answer is the Error shape, whose `status` is the HTTP status and whose `code`
//      belongs to that status; on POST /api/mcp it is a JSON-RPC error instead;
//   3. no unhandled rejection (or uncaught exception) while the request runs;
//   4. no hang: every request answers within HANG_MS.
// No tests in this file (tap lists it as "no tests found").

import { connect } from 'node:net'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES, type ErrorCode } from '../../src/errors.js'
import { ErrorSchema } from '../../src/schemas.js'
import { buildTestApp } from '../helpers/app.js'

// --- the target ----------------------------------------------------------------------------------------

/** Settings for the fuzzed app on top of the test defaults (test/helpers/app.ts testEnv). */
export const FUZZ_ENV: Record<string, string> = {
  // A GET /api/mcp event stream is open until its lifetime ends; keep that short.
  SSE_MAX_LIFETIME_MS: '1000',
  SSE_KEEPALIVE_MS: '400',
  // The simulator is healthy: generous bounds, so a busy machine never turns a slow answer into a 5xx.
  UPSTREAM_TIMEOUT_MS: '5000',
  SCAN_DEADLINE_MS: '20000',
  // Our own upstream budget is not under test here; the default 50 calls/s would only slow the run.
  UPSTREAM_MAX_RPS: '10000',
  UPSTREAM_MAX_CONCURRENCY: '64',
}

/** A liveness bound, far above every bound the configuration sets (20 s scan deadline, 1 s SSE lifetime, 2 × 5 s upstream attempts). */
export const HANG_MS = 45_000

/**
 * light-my-request gives a streaming reply a socket without setNoDelay(); the MCP GET event stream calls it
 * before sending, and the TypeError leaves the response open (see the `todo` test in fuzz.test.ts).
 * Real sockets have it, so this shim only lets inject() reach the streaming code the way a real
 * connection does; once the service guards the call (http/ndjson.ts already does) it does nothing.
 */
export function shimInjectSockets(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    const socket = reply.raw.socket as (NonNullable<typeof reply.raw.socket> & { setNoDelay?: unknown }) | null
    if (socket && typeof socket.setNoDelay !== 'function') {
      Object.defineProperty(socket, 'setNoDelay', { value: () => socket, configurable: true })
    }
  })
}

export interface FuzzTarget {
  app: FastifyInstance
  /** The same app listening on loopback, for the requests inject() cannot express. */
  url: string
  close(): Promise<void>
}

/** The app on a fresh in-process simulator, with the inject shim, also listening; close() stops both. */
export async function startTarget(env: Record<string, string> = {}): Promise<FuzzTarget> {
  const teardowns: Array<() => unknown> = []
  const ctx = await buildTestApp({ teardown: (fn) => teardowns.push(fn) }, { env: { ...FUZZ_ENV, ...env } })
  shimInjectSockets(ctx.app)
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  return {
    app: ctx.app,
    url,
    async close() {
      for (const fn of teardowns.reverse()) await fn()
    },
  }
}

// --- requests ------------------------------------------------------------------------------------------

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'

export interface FuzzRequest {
  method: Method
  url: string
  headers: Record<string, string>
  payload?: string
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates become U+FFFD, as a browser would send them). */
export function pct(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

const STORE_CODES = ['11199', '10528', '10962', '99999', '00000', '1119', '111990', '1119a']
const PRODUCT_IDS = ['1047618', '1049275', '9999999', 'B202503122133', '123', 'abc', '0000', 'Z1234567890123456']
const KEYWORDS = [
  '수납',
  '강남',
  '텀블러',
  '건전지',
  '명동',
  'a',
  '1',
  '서울',
  '%',
  '&',
  '=',
  '+',
  '*',
  '"',
  "'",
  '\\',
  '<script>',
  '../..',
]
const NUMBERS = [
  '1',
  '0',
  '-1',
  '2',
  '5',
  '10',
  '11',
  '100',
  '1000',
  '1001',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '37.4979',
  '127.0276',
  '90',
  '-90',
  '90.0001',
  '180',
  '-180.5',
  ' 5 ',
  '+3',
  '.5',
  '5.',
  '00001',
  '9007199254740993',
]
const SPECIAL = [
  '',
  ' ',
  '  ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '1',
  '\u0000',
  '\t',
  '\u200b',
  '\ufeff',
  'x'.repeat(100),
  'x'.repeat(101),
  '가'.repeat(101),
]

/** A value a caller might put anywhere: realistic values, edge cases and random text. */
const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STORE_CODES, ...PRODUCT_IDS, ...KEYWORDS, ...NUMBERS, ...SPECIAL) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 130 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
)

/** Raw (unencoded) text that is still a legal request-target: printable ASCII without space and '#'. */
const rawText: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom(...'abcXYZ019-._~%!$&\'()*+,;=:@/?[]{}|^`"<>\\'.split('')),
  maxLength: 12,
})

const QUERY_KEYS = [
  'keyword',
  'curLttd',
  'curLitd',
  'currentPage',
  'pageSize',
  'branchCode',
  'branchCd',
  'stream',
  'productId',
  'code',
  'id',
]

const queryKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'keyword[]', 'keyword[a]', 'a.b', '', 'KEYWORD', 'branchcode') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
)

type Pair = { key: string; value: string; raw: boolean; bare: boolean }

/** A query string: up to 7 pairs, repeated keys allowed, encoded properly or sent raw, sometimes a bare key. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.record<Pair>({
      key: queryKey,
      value: fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: rawText }),
      raw: fc.boolean(),
      bare: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
    { maxLength: 7 },
  )
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs
          .map(({ key, value: v, raw, bare }) => {
            const k = pct(key)
            if (bare) return k
            return `${k}=${raw && /^[\x21-\x7e]*$/.test(v) && !v.includes('#') ? v : pct(v)}`
          })
          .join('&')}`,
  )

/** Every route the service answers, as a caller would write it. */
export const ROUTES = [
  '/api',
  '/api/branches/search',
  '/api/branches/11199',
  '/api/products',
  '/api/products/1047618',
  '/api/products/9999999',
  '/api/mcp',
  '/api/sandbox',
  '/api/sandbox/branches/search',
  '/api/sandbox/branches/11199',
  '/api/sandbox/products',
  '/api/health/upstream',
  '/healthz',
  '/readyz',
  '/openapi.json',
  '/openapi.yaml',
  '/developers',
  '/agent-instructions.md',
  '/llms.txt',
  '/auth.md',
  '/md',
  '/.well-known/api-catalog',
  '/.well-known/mcp.json',
  '/.well-known/mcp/server-card.json',
  '/.well-known/agent-skills/index.json',
] as const

/** Realistic queries per route, so the header and method properties reach the handlers and not only validation. */
const GOOD_QUERIES: Record<string, string[]> = {
  '/api/branches/search': ['?keyword=%EA%B0%95%EB%82%A8&pageSize=3', '?curLttd=37.5&curLitd=127.0'],
  '/api/products': ['?branchCode=11199&keyword=%EC%88%98%EB%82%A9', '?branchCode=10528&keyword=%ED%85%80%EB%B8%94%EB%9F%AC&stream=1'],
  '/api/products/1047618': ['?branchCode=11199'],
  '/api/products/9999999': ['?branchCode=11199'],
  '/api/sandbox/branches/search': ['?keyword=%EA%B0%95%EB%82%A8'],
  '/api/sandbox/products': ['?branchCode=11199&keyword=%EC%88%98%EB%82%A9'],
}

const route = fc.constantFrom(...ROUTES)

const routeWithGoodQuery: fc.Arbitrary<string> = route.chain((path) => {
  const good = GOOD_QUERIES[path]
  return good ? fc.constantFrom(...good.map((q) => `${path}${q}`), path) : fc.constant(path)
})

const SEGMENT_SPECIALS = [
  '..',
  '.',
  '%',
  '%zz',
  '%00',
  '%2F',
  '%2e%2e',
  '%5C',
  ';',
  '~',
  '@',
  ':',
  '*',
  '%20',
  '%E2%80%AE',
  '%FF',
  '%C0%AE',
  'search',
  'mcp',
  'index.html',
  '',
]
const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STORE_CODES, ...PRODUCT_IDS, ...SEGMENT_SPECIALS) },
  { weight: 2, arbitrary: value.map(pct) },
  { weight: 1, arbitrary: rawText.map((s) => s.replace(/[?]/g, '')) },
  { weight: 1, arbitrary: fc.constant('9'.repeat(201)) },
)
const PREFIXES = [
  '',
  '/api',
  '/api/branches',
  '/api/products',
  '/api/sandbox',
  '/api/sandbox/branches',
  '/api/mcp',
  '/.well-known',
  '/.well-known/agent-skills',
  '/api/health',
]

export const method: fc.Arbitrary<Method> = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS')

const MEDIA = [
  'application/json',
  'application/x-ndjson',
  'text/event-stream',
  'text/markdown',
  'text/html',
  'text/plain',
  'application/yaml',
  'application/linkset+json',
  '*/*',
  'application/*',
  'image/png',
  'application/json;q=0',
  'text/markdown;q=0.9, */*;q=0.1',
  'application/json, text/event-stream',
  'application/x-ndjson;q=0.5, application/json',
  'garbage',
  '',
  ';;;',
  'a/b/c',
]
export const accept: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MEDIA) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...MEDIA), { minLength: 1, maxLength: 3 }).map((list) => list.join(', ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
)
export const contentType: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/jsonx',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/*',
      '',
      'garbage',
      'application/json;',
      'text/event-stream',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
)
export const origin: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'http://localhost',
      'http://localhost:3000',
      'http://127.0.0.1:5173',
      'https://evil.example',
      'null',
      '',
      'file://',
      'http://[::1]:8080',
      'chrome-extension://abc',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      'http://user@localhost',
    ),
  },
  { weight: 1, arbitrary: fc.webUrl() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
)
export const host: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'localhost',
      'localhost:3000',
      '127.0.0.1',
      '127.0.0.1:80',
      '[::1]',
      '[::1]:3000',
      'example.com',
      'evil.example:8443',
      '',
      'localhost:99999',
      'localhost:abc',
      'user@localhost',
      'http://localhost',
      '[::1',
      '...',
      '%41',
      'LOCALHOST',
      '127.1',
      '0x7f.1',
    ),
  },
  { weight: 1, arbitrary: fc.domain() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
)

/** Header values a real HTTP/1.1 parser lets through: printable ASCII and space, no leading/trailing space. */
const headerSafe = (text: string): string => text.replace(/[^\x20-\x7e]/g, '').trim()

/** Present about half the time (shrinks to absent). */
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
/** Present about one time in five (shrinks to absent). */
const rarely = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })

/** Builds the header object, leaving out the ones not chosen. */
function headersOf(h: {
  accept?: string | undefined
  contentType?: string | undefined
  origin?: string | undefined
  host?: string | undefined
}) {
  const out: Record<string, string> = {}
  if (h.accept !== undefined) out['accept'] = headerSafe(h.accept)
  if (h.contentType !== undefined) out['content-type'] = headerSafe(h.contentType)
  if (h.origin !== undefined) out['origin'] = headerSafe(h.origin)
  if (h.host !== undefined) out['host'] = headerSafe(h.host)
  return out
}

const smallBody: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '{"jsonrpc":"2.0"}', 'a=1&b=2', '\u0000'),
)

// --- JSON-RPC --------------------------------------------------------------------------------------------

export const TOOL_NAMES = ['search_stores', 'search_nearby_stores', 'get_store', 'search_products', 'get_product_availability'] as const
const TOOL_ARG_NAMES = ['keyword', 'latitude', 'longitude', 'currentPage', 'pageSize', 'branchCode', 'productId']
const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '1999-01-01', '', 'latest']

const argValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      ...STORE_CODES,
      ...PRODUCT_IDS,
      ...KEYWORDS,
      1,
      2,
      10,
      11,
      0,
      -1,
      37.5,
      127.0,
      90.5,
      -180,
      1.5,
      1000,
      1001,
    ),
  },
  { weight: 2, arbitrary: value },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, [], {}, Number.MAX_SAFE_INTEGER, 1e308) },
)

/** tools/call params: mostly a known tool with plausible, wrong or extra arguments. */
const toolCallParams: fc.Arbitrary<unknown> = fc.record(
  {
    name: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOOL_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }),
    arguments: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...TOOL_ARG_NAMES), fc.string({ maxLength: 8 })), argValue, { maxKeys: 4 }),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ),
    _meta: fc.record(
      {
        progressToken: fc.oneof(
          { weight: 3, arbitrary: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['name'] },
)

const initializeParams: fc.Arbitrary<unknown> = fc.record(
  {
    protocolVersion: fc.oneof(fc.constantFrom(...PROTOCOL_VERSIONS), fc.string({ maxLength: 12 })),
    capabilities: fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })),
    clientInfo: fc.oneof(
      fc.record({ name: fc.string({ maxLength: 10 }), version: fc.string({ maxLength: 5 }) }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: [] },
)

const RPC_METHODS = [
  'initialize',
  'tools/list',
  'tools/call',
  'tools/call',
  'tools/call',
  'ping',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'logging/setLevel',
  'resources/list',
  'resources/read',
  'prompts/list',
  'completion/complete',
  'sampling/createMessage',
  '',
]

const rpcMessage: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      jsonrpc: fc.oneof(
        { weight: 8, arbitrary: fc.constant<unknown>('2.0') },
        { weight: 1, arbitrary: fc.constantFrom<unknown>('1.0', 2, null, '2.00') },
      ),
      id: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: -5, max: 1_000_000 }) },
        { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1.5, true, {}, [], -0, 2 ** 53 + 1) },
      ),
      method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...RPC_METHODS) }, { weight: 1, arbitrary: fc.string({ maxLength: 16 }) }),
    },
    { requiredKeys: ['jsonrpc', 'method'] },
  )
  .chain((message) => {
    const params =
      message.method === 'tools/call'
        ? toolCallParams
        : message.method === 'initialize'
          ? initializeParams
          : fc.oneof(
              { weight: 3, arbitrary: fc.constant(undefined) },
              { weight: 3, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
            )
    return params.map((p) => (p === undefined ? message : { ...message, params: p }))
  })

/** 300 KiB: over the MCP body limit (256 KiB). */
const OVERSIZED = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(300 * 1024) } })

const rpcBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: rpcMessage.map((m) => JSON.stringify(m)) },
  { weight: 2, arbitrary: fc.array(rpcMessage, { maxLength: 3 }).map((batch) => JSON.stringify(batch)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '[',
      '{"jsonrpc":"2.0","method":"ping","id":1',
      '\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"__proto__":{"x":1}}',
    ),
  },
  { weight: 1, arbitrary: fc.constant(OVERSIZED) },
)

// --- the properties -----------------------------------------------------------------------------------

export interface PropertyDef {
  name: string
  description: string
  arbitrary: fc.Arbitrary<FuzzRequest>
}

export const PROPERTIES: PropertyDef[] = [
  {
    name: 'query strings',
    description: 'GET every route with random query strings (known and odd keys, repeated keys, raw and encoded values)',
    arbitrary: fc.record({ path: route, query: queryString, accept: optional(accept) }).map(({ path, query, accept: a }) => ({
      method: 'GET',
      url: `${path}${query}`,
      headers: headersOf({ accept: a }),
    })),
  },
  {
    name: 'path segments',
    description: 'every method on random paths under each route prefix (odd encodings, dot segments, long params), with a body sometimes',
    arbitrary: fc
      .record({
        method,
        prefix: fc.constantFrom(...PREFIXES),
        segments: fc.array(segment, { minLength: 0, maxLength: 3 }),
        trailingSlash: fc.boolean(),
        query: optional(queryString).map((q) => q ?? ''),
        contentType: optional(contentType),
        body: optional(smallBody),
      })
      .map(({ method: m, prefix, segments, trailingSlash, query, contentType: ct, body }) => {
        const path = `${prefix}/${segments.join('/')}${trailingSlash && segments.length > 0 ? '/' : ''}`.replace(/^\/\//, '/')
        const request: FuzzRequest = { method: m, url: `${path}${query}`, headers: headersOf({ contentType: ct }) }
        if (body !== undefined && m !== 'GET' && m !== 'HEAD') request.payload = body
        return request
      }),
  },
  {
    name: 'headers',
    description: 'real requests to every route with random Accept, Content-Type, Origin and Host (and a body on POST)',
    arbitrary: fc
      .record({
        method: fc.constantFrom<Method>('GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
        url: routeWithGoodQuery,
        accept: optional(accept),
        contentType: optional(contentType),
        origin: optional(origin),
        host: optional(host),
        body: fc.oneof(smallBody, rpcBody),
        preflight: fc.constantFrom('GET', 'POST', 'DELETE', 'x'),
      })
      .map(({ method: m, url, accept: a, contentType: ct, origin: o, host: h, body, preflight }) => {
        const request: FuzzRequest = { method: m, url, headers: headersOf({ accept: a, contentType: ct, origin: o, host: h }) }
        if (m === 'POST') request.payload = body
        if (m === 'OPTIONS') request.headers['access-control-request-method'] = preflight
        return request
      }),
  },
  {
    name: 'JSON-RPC bodies',
    description: 'POST /api/mcp with random JSON-RPC messages, batches, JSON and non-JSON, and usually correct headers',
    arbitrary: fc
      .record({
        body: rpcBody,
        accept: fc.oneof({ weight: 8, arbitrary: fc.constant('application/json, text/event-stream') }, { weight: 1, arbitrary: accept }),
        contentType: fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentType }),
        version: rarely(fc.oneof(fc.constantFrom(...PROTOCOL_VERSIONS), fc.string({ unit: 'grapheme-ascii', maxLength: 12 }))),
        origin: rarely(fc.constantFrom('http://localhost:6274', 'http://127.0.0.1:3000', 'https://evil.example', 'null')),
        query: rarely(queryString).map((q) => q ?? ''),
      })
      .map(({ body, accept: a, contentType: ct, version, origin: o, query }) => {
        const headers = headersOf({ accept: a, contentType: ct, origin: o })
        if (version !== undefined) headers['mcp-protocol-version'] = headerSafe(version)
        return { method: 'POST', url: `/api/mcp${query}`, headers, payload: body }
      }),
  },
]

// --- the invariants -------------------------------------------------------------------------------------

export class Violation extends Error {
  override readonly name = 'Violation'
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/** Collects unhandled rejections and uncaught exceptions for the whole run; `take()` empties it. */
export function watchProcess(): { take(): unknown[]; stop(): void } {
  let seen: unknown[] = []
  const record = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', record)
  process.on('uncaughtException', record)
  return {
    take() {
      const out = seen
      seen = []
      return out
    },
    stop() {
      process.off('unhandledRejection', record)
      process.off('uncaughtException', record)
    },
  }
}

const pathOf = (url: string): string => url.split('?')[0] ?? url

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
const describe = (answer: Answer): string => `${answer.status} ${answer.body.slice(0, 300)}`

function json(answer: Answer, what: string): unknown {
  try {
    return JSON.parse(answer.body) as unknown
  } catch {
    throw new Violation(`${what} is not JSON: ${describe(answer)}`)
  }
}

/** Invariant 2 (REST): the spec's Error shape, consistent with the HTTP status. */
export function checkErrorShape(answer: Answer): void {
  const type = String(answer.headers['content-type'] ?? '')
  if (!/^application\/json/.test(type)) throw new Violation(`non-2xx without a JSON content type (${type}): ${describe(answer)}`)
  const body = json(answer, 'the error body')
  const parsed = ErrorSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Violation(`not the Error shape (${issue?.path.join('.')}: ${issue?.message}): ${describe(answer)}`)
  }
  if (parsed.data.status !== answer.status) throw new Violation(`body status ${parsed.data.status} ≠ HTTP ${answer.status}`)
  const expected = ERROR_CODES[parsed.data.code as ErrorCode].status
  if (expected !== answer.status) throw new Violation(`code ${parsed.data.code} belongs to ${expected}, sent with ${answer.status}`)
}

const ERROR_STATUSES: ReadonlySet<number> = new Set(Object.values(ERROR_CODES).map((entry) => entry.status))

/** A JSON-RPC 2.0 error response. */
function isRpcError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const b = body as Record<string, unknown>
  const error = b['error'] as Record<string, unknown> | undefined
  return (
    b['jsonrpc'] === '2.0' &&
    'id' in b &&
    typeof error === 'object' &&
    error !== null &&
    Number.isInteger(error['code']) &&
    typeof error['message'] === 'string'
  )
}

/** Invariant 1 inside a 200: JSON-RPC messages of an MCP answer (SSE or JSON) carry no internal error and no 5xx tool failure. */
function checkRpcMessages(answer: Answer): void {
  const type = String(answer.headers['content-type'] ?? '')
  let messages: unknown[]
  if (/^text\/event-stream/.test(type)) {
    messages = answer.body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => {
        try {
          return JSON.parse(line.slice(5).trim()) as unknown
        } catch {
          throw new Violation(`an SSE data line is not JSON: ${line.slice(0, 200)}`)
        }
      })
  } else if (/^application\/json/.test(type)) {
    const body = json(answer, 'the JSON-RPC answer')
    messages = Array.isArray(body) ? body : [body]
  } else {
    if (answer.body.length > 0) throw new Violation(`an MCP answer of type ${type}: ${describe(answer)}`)
    return
  }
  for (const message of messages) {
    const m = message as {
      jsonrpc?: unknown
      error?: { code?: unknown; message?: unknown }
      result?: { isError?: unknown; content?: unknown }
    }
    if (m.jsonrpc !== '2.0') throw new Violation(`not a JSON-RPC 2.0 message: ${JSON.stringify(message).slice(0, 300)}`)
    if (m.error && m.error.code === -32603)
      throw new Violation(`JSON-RPC internal error caused by input: ${JSON.stringify(m.error).slice(0, 300)}`)
    if (m.result?.isError === true && Array.isArray(m.result.content)) {
      const text = (m.result.content[0] as { text?: unknown } | undefined)?.text
      let tool: { status?: unknown } | undefined
      try {
        tool = typeof text === 'string' ? (JSON.parse(text) as { status?: unknown }) : undefined
      } catch {
        tool = undefined // the SDK's own words (e.g. an unknown tool); not a 5xx
      }
      if (typeof tool?.status === 'number' && tool.status >= 500) {
        throw new Violation(`tool failure ${tool.status} caused by input: ${String(text).slice(0, 300)}`)
      }
    }
  }
}

/** Invariant 1 inside an NDJSON 200: the stream ends in exactly one terminal event, and it is not a 5xx. */
function checkNdjson(answer: Answer): void {
  const lines = answer.body.split('\n').filter((line) => line !== '')
  const events = lines.map((line) => {
    try {
      return JSON.parse(line) as { type?: unknown; status?: unknown; code?: unknown }
    } catch {
      throw new Violation(`an NDJSON line is not JSON: ${line.slice(0, 200)}`)
    }
  })
  const terminal = events.filter((e) => e.type === 'result' || e.type === 'error')
  if (terminal.length !== 1 || events.at(-1) !== terminal[0]) {
    throw new Violation(`the stream does not end in exactly one terminal event: ${answer.body.slice(-300)}`)
  }
  const last = terminal[0]!
  if (last.type === 'error' && typeof last.status === 'number' && last.status >= 500) {
    throw new Violation(`stream error ${String(last.code)} caused by input: ${answer.body.slice(-300)}`)
  }
}

/** Checks one answer against invariants 1 and 2. */
export function checkAnswer(request: FuzzRequest, answer: Answer): void {
  if (answer.status >= 500) throw new Violation(`5xx caused by input: ${describe(answer)}`)
  const isMcp = pathOf(request.url) === '/api/mcp'
  const type = String(answer.headers['content-type'] ?? '')
  if (request.method === 'HEAD') {
    // No body to check; outside /api/mcp (whose refusals are JSON-RPC, 403 included) the status must
    // still be one the error catalogue uses.
    if (!isMcp && answer.status >= 400 && !ERROR_STATUSES.has(answer.status)) {
      throw new Violation(`HEAD answered ${answer.status}, a status outside the error catalogue`)
    }
    return
  }
  if (answer.status >= 400) {
    if (isMcp && request.method === 'POST') {
      if (!isRpcError(json(answer, 'the JSON-RPC error'))) throw new Violation(`not a JSON-RPC error on POST /api/mcp: ${describe(answer)}`)
    } else if (isMcp && /^application\/json/.test(type) && isRpcError(parseOrNull(answer.body))) {
      // GET /api/mcp refusals (Host, Origin, protocol version, stream cap) answer in JSON-RPC too.
    } else {
      checkErrorShape(answer)
    }
    return
  }
  if (isMcp && request.method === 'POST') checkRpcMessages(answer)
  else if (/^application\/x-ndjson/.test(type)) checkNdjson(answer)
  else if (/^application\/(.+\+)?json/.test(type) && answer.body !== '') json(answer, `a ${answer.status} JSON answer`)
}

// --- known violations -------------------------------------------------------------------------------

/**
 * Violations found but not yet fixed: the bounded run in the suite tolerates them so that it keeps
 * guarding everything else, and `npm run fuzz` tallies them separately and still fails on them.
 */
export interface KnownViolation {
  id: string
  where: string
  matches(request: FuzzRequest, violation: Violation): boolean
}

/** Empty: every violation found so far is fixed and pinned by a test in fuzz.test.ts. */
export const KNOWN: KnownViolation[] = []

/** The known violation this is, if any. */
export function knownViolation(request: FuzzRequest, error: unknown): KnownViolation | undefined {
  if (!(error instanceof Violation)) return undefined
  return KNOWN.find((k) => k.matches(request, error))
}

/**
 * inject() parses the URL with WHATWG rules, which turn a backslash into `/` (so `/api\branches\11199`
 * would reach getStore, which a real request does not) and reject some request-targets outright. Those
 * go over a real socket instead.
 */
const needsSocket = (url: string): boolean => url.includes('\\')

/** Sends the request as raw HTTP/1.1 bytes and reads the answer until the server closes (a raw client, so nothing is "fixed" on the way). */
function overSocket(base: string, request: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(base)
  const headers = Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection' && name !== 'content-length')
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    `host: ${request.headers['host'] ?? `${hostname}:${port}`}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    'connection: close',
    ...(request.payload !== undefined ? [`content-length: ${Buffer.byteLength(request.payload)}`] : []),
  ].join('\r\n')
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    // Write without half-closing, as real clients do: Node's HTTP server aborts a request whose client
    // sends FIN before the answer, so a half-closing client never hears back from a slow route.
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${request.payload ?? ''}`))
    const settle = () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)))
      } catch (error) {
        reject(error)
      }
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      // The MCP SDK answers `Connection: keep-alive` even to `Connection: close`, so a client that
      // waited for the close would wait forever: stop, as real clients do, at the end of the response.
      if (responseComplete(Buffer.concat(chunks))) {
        socket.destroy()
        settle()
      }
    })
    socket.on('error', reject)
    socket.on('close', settle)
  })
}

/** Whether the bytes hold a whole response framed by Content-Length or chunked encoding. */
function responseComplete(raw: Buffer): boolean {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) return false
  const head = raw.subarray(0, split).toString('latin1')
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  if (length) return raw.length - split - 4 >= Number(length[1])
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head))
    return raw.subarray(split + 4).includes('\r\n0\r\n\r\n') || raw.subarray(split + 4).indexOf('0\r\n\r\n') === 0
  return false
}

/** One HTTP/1.1 response (Content-Length, chunked, or until close); anything after it is a violation. */
function parseResponse(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) throw new Violation(`no complete HTTP response: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`)
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
  if (!Number.isInteger(status)) throw new Violation(`not an HTTP status line: ${JSON.stringify(statusLine)}`)
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let rest = raw.subarray(split + 4)
  let body: Buffer
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = []
    for (;;) {
      const eol = rest.indexOf('\r\n')
      const size = eol < 0 ? NaN : parseInt(rest.subarray(0, eol).toString('latin1'), 16)
      if (!Number.isInteger(size)) throw new Violation('a malformed chunked body')
      if (size === 0) {
        const end = rest.indexOf('\r\n\r\n', eol)
        rest = end < 0 ? Buffer.alloc(0) : rest.subarray(end + 4)
        break
      }
      parts.push(rest.subarray(eol + 2, eol + 2 + size))
      rest = rest.subarray(eol + 2 + size + 2)
    }
    body = Buffer.concat(parts)
  } else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    body = rest.subarray(0, length)
    rest = rest.subarray(length)
  } else {
    body = rest
    rest = Buffer.alloc(0)
  }
  if (rest.length > 0) throw new Violation(`more than one response to one request: ${JSON.stringify(rest.toString('utf8').slice(0, 200))}`)
  return { status, headers, body: body.toString('utf8') }
}

/** Sends one request (inject(), or a socket when inject() cannot express it) with a watchdog (invariant 4), then checks invariants 1–3. */
export async function exercise(
  target: Pick<FuzzTarget, 'app' | 'url'>,
  request: FuzzRequest,
  watcher: { take(): unknown[] },
): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Violation(`no answer within ${HANG_MS} ms`)), HANG_MS)
  })
  const send = async (): Promise<Answer> => {
    if (needsSocket(request.url)) return overSocket(target.url, request)
    const res = await target.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    })
    return { status: res.statusCode, headers: res.headers, body: res.body }
  }
  let answer: Answer
  try {
    answer = await Promise.race([send(), hang])
  } finally {
    clearTimeout(timer)
  }
  // Let anything the request left behind settle, so its rejections are pinned on this input.
  await new Promise((resolve) => setImmediate(resolve))
  const stray = watcher.take()
  if (stray.length > 0) {
    const first = stray[0]
    throw new Violation(
      `unhandled rejection or uncaught exception: ${first instanceof Error ? (first.stack ?? first.message) : String(first)}`,
    )
  }
  checkAnswer(request, answer)
  return answer
}

/** A compact, replayable rendering of a request for reports. */
export function render(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${v}`)}`)
    .join('')
  const body =
    request.payload === undefined
      ? ''
      : ` --data ${JSON.stringify(request.payload.length > 300 ? `${request.payload.slice(0, 300)}… (${request.payload.length} chars)` : request.payload)}`
  return `${request.method} ${JSON.stringify(request.url)}${headers}${body}`
}
