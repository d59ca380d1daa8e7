import { isIP } from 'node:net'
import { z } from 'zod'
import { ABOUT } from './about.js'
import type { ScanLimits } from './scan.js'
import type { CacheSettings } from './upstream/cached.js'
import type { UpstreamClientOptions } from './upstream/client.js'
import { SHAPE_STEPS } from './upstream/shape.js'

export const SIMULATED = 'simulated'
export const DEFAULT_UPSTREAM = 'https://fapi.daisomall.co.kr'

const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `at least ${min}`).max(max, `at most ${max}`))
    .optional()
    .transform((v) => v ?? fallback)

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

const url = z
  .string()
  .trim()
  .refine(isHttpUrl, 'an absolute http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''))

const redisUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'redis:' || u.protocol === 'rediss:') && u.hostname !== ''
    } catch {
      return false
    }
  }, 'a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0')

/** An IPv4 or IPv6 address, or a CIDR range of either (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

const addressList = (names: readonly string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every((entry) => names.includes(entry) || isAddressOrCidr(entry)),
      `comma-separated IP addresses or CIDR ranges${names.length > 0 ? ` (or ${names.join(', ')})` : ''}; a hop count is not accepted`,
    )

/** Names proxy-addr (Fastify's trustProxy) understands for the usual private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']
/** Anthropic's published egress range: claude.ai's MCP traffic arrives from it (many users, one range). */
export const ANTHROPIC_EGRESS = '160.79.104.0/21'

export const HOUR = 3_600_000
export const MINUTE = 60_000
export const MIB = 1_048_576

/**
 * Every setting, read from the environment once at start-up: its name, what it allows, its default and
 * (in `.describe()`) its meaning. This is the one source of docs/operations.md's configuration table
 * (configurationTable in src/config-table.ts; `npm run docs` writes it, test/habits/docs-in-sync.test.ts checks it).
 */
export const EnvSchema = z.object({
  PORT: int(0, 65_535, 3000).describe('Listening port.'),
  HOST: z
    .string()
    .trim()
    .min(1, 'an address of this machine, such as 127.0.0.1 or 0.0.0.0')
    .optional()
    .default('127.0.0.1')
    .describe('Listening address. Use `0.0.0.0` behind a proxy, with `PUBLIC_BASE_URL` or `ALLOWED_HOSTS` set.'),
  PUBLIC_BASE_URL: url
    .optional()
    .describe(
      'Absolute base for URLs in documents and errors, e.g. `https://stores.example.com`. Its host name is also accepted by `/api/mcp`.',
    ),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe('Comma-separated extra host names `/api/mcp` accepts (DNS-rebinding protection); `*` turns the check off.'),
  // One refinement rather than a union, so a bad value is told the expected form (a union only says "Invalid input").
  UPSTREAM_BASE_URL: z
    .string()
    .trim()
    .refine(
      (v) => v === SIMULATED || isHttpUrl(v),
      `\`${SIMULATED}\` (the built-in simulator) or an absolute http(s) URL such as ${DEFAULT_UPSTREAM}`,
    )
    .transform((v) => (v === SIMULATED ? v : v.replace(/\/+$/, '')))
    .optional()
    .default(DEFAULT_UPSTREAM)
    .describe(
      'The upstream. `simulated` starts the built-in simulator in-process and uses it. The storefront form `https://www.daisomall.co.kr/api` works too.',
    ),
  SIMULATOR_CATALOGUE_LISTING: z
    .enum(['allow', 'refuse'])
    .optional()
    .default('allow')
    .describe(
      'Only with `UPSTREAM_BASE_URL=simulated`: `refuse` makes the simulator answer an empty catalogue search with nothing, as an upstream that does not list its catalogue would, so the product index grows from catalogue answers instead (docs/upstream.md).',
    ),
  UPSTREAM_KEEP_TOKEN_FRESH: z
    .enum(['on', 'off'])
    .optional()
    .default('on')
    .describe(
      '`on`: a server fetches the pre-auth token at start and renews it before it expires, also while idle (one handshake per token lifetime for a fleet sharing `REDIS_URL`), so no question waits for the handshake. `off`: the token is fetched when a question first needs it. One-shot CLI commands never keep it.',
    ),
  // A rehearsal of the chain changing its API without notice (docs/operations.md, "Upstream drift").
  SIMULATOR_DRIFT: z
    .string()
    .trim()
    .regex(
      new RegExp(`^(${SHAPE_STEPS.join('|')}):[\\w.-]+->[\\w.-]+$`),
      `<step>:<field>-><new name> with a step of ${SHAPE_STEPS.join(', ')}, e.g. placement:storeErp->storeCode`,
    )
    .optional()
    .describe(
      "Only with `UPSTREAM_BASE_URL=simulated`: the simulator renames one field in one step's replies, e.g. `placement:storeErp->storeCode`, so `store-finder doctor` and `/api/health/upstream` can be seen reporting drift.",
    ),
  // Read by simulator/main.ts (the simulator run alone); listed here so the configuration table names it.
  SIMULATOR_PORT: int(0, 65_535, 4010).describe(
    'Only for the simulator run alone (`store-finder simulator`, `npm run simulator`): its listening port. The simulator `UPSTREAM_BASE_URL=simulated` starts in-process takes a free port instead.',
  ),
  // 8 s, as the stricter public clients use
  UPSTREAM_TIMEOUT_MS: int(100, 120_000, 8_000).describe('Per-attempt upstream timeout.'),
  UPSTREAM_RETRIES: int(0, 5, 1).describe(
    'Retries for transient failures (network errors, 408/429/5xx/522/524; 429 and 503 honour `Retry-After` up to 5 s).',
  ),
  UPSTREAM_USER_AGENT: z
    .string()
    .trim()
    .min(1, 'a User-Agent string, e.g. store-finder/1.0.0 (+https://example.com)')
    .optional()
    .default(`${ABOUT.name}/${ABOUT.version} (+${ABOUT.repository}; anonymous store and stock lookup)`)
    .describe('Identifies the service to the upstream. The pre-auth token is bound to it.'),
  // The storefront's constant; kept configurable because the storefront can rotate it.
  UPSTREAM_PREAUTH_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 16, 'exactly 16 bytes (AES-128 key)')
    .optional()
    .default('PRE_AUTH_ENC_KEY')
    .describe("The storefront's 16-byte AES key for the pre-auth bearer."),
  // The token lives about 30 s; reuse it for 20 s.
  UPSTREAM_TOKEN_REUSE_MS: int(0, 60_000, 20_000).describe(
    'How long one pre-auth token is reused (never past the expiry its JWT states, less 5 s).',
  ),
  // 48: a cold nearby answer reads 20 to 45 placements in one round (small, cached for a day); side by
  // side they fit one round trip, and with the other calls of that answer stay within UPSTREAM_MAX_RPS.
  UPSTREAM_MAX_CONCURRENCY: int(1, 256, 48).describe(
    'Upstream calls in flight at once, across all requests (across the whole fleet with `REDIS_URL`).',
  ),
  UPSTREAM_MAX_RPS: int(1, 10_000, 50).describe('Upstream calls in any rolling second (across the whole fleet with `REDIS_URL`).'),
  UPSTREAM_QUEUE_LIMIT: int(0, 100_000, 500).describe(
    'Upstream calls allowed to wait; beyond it requests fail fast with 503 `overloaded`.',
  ),
  CIRCUIT_FAILURE_THRESHOLD: int(1, 1_000, 5).describe('Consecutive upstream failures that open the circuit breaker.'),
  CIRCUIT_COOLDOWN_MS: int(100, 10 * MINUTE, 30_000).describe('How long the open breaker fails fast before one probe call.'),
  CACHE_STORE_TTL_MS: int(0, 7 * 24 * HOUR, 24 * HOUR).describe('Store records and store search pages.'),
  CACHE_CATALOGUE_TTL_MS: int(0, 24 * HOUR, 10 * MINUTE).describe('Catalogue search pages.'),
  CACHE_PLACEMENT_TTL_MS: int(0, 7 * 24 * HOUR, 24 * HOUR).describe('Floor and zone.'),
  CACHE_STOCK_TTL_MS: int(0, HOUR, MINUTE).describe('Stock per product and store.'),
  CACHE_MAX_ENTRIES: int(0, 1_000_000, 20_000).describe('Entries in the LRU cache (all kinds together).'),
  // 32 MiB of cached answers, estimated
  CACHE_MAX_BYTES: int(1_048_576, 4_294_967_296, 32 * MIB).describe(
    'Estimated size of the LRU cache; the least recently used answers go first.',
  ),
  STORE_DIRECTORY: z
    .enum(['on', 'off'])
    .optional()
    .default('on')
    .describe(
      "`on`: keep the chain's whole store list in memory (crawled at start, daily, and when an unknown store code is asked for) and answer store searches from it. `off`: every store search asks the upstream.",
    ),
  STORE_DIRECTORY_REFRESH_MS: int(MINUTE, 7 * 24 * HOUR, 24 * HOUR).describe('Age after which the store list is crawled again.'),
  PRODUCT_INDEX: z
    .enum(['on', 'off'])
    .optional()
    .default('on')
    .describe(
      "`on`: keep the chain's catalogue in memory (listed at start where the upstream allows it, else grown from catalogue answers; docs/upstream.md), shared through `REDIS_URL` and kept on disk beside the store list. `off`: none is kept.",
    ),
  PRODUCT_INDEX_REFRESH_MS: int(MINUTE, 7 * 24 * HOUR, 6 * HOUR).describe(
    'Age after which the catalogue is listed again (or, where the upstream does not list, asked again whether it does).',
  ),
  STORE_DIRECTORY_CACHE_DIR: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Where the store list is kept on disk for the next start and for one-shot commands; `off` keeps none. Default: the platform cache directory (`~/.cache/store-finder` on Linux).',
    ),
  SCAN_MAX_PAGES: int(1, 50, 5).describe('Catalogue pages (of 50) one product search may scan.'),
  SCAN_DEADLINE_MS: int(1_000, 120_000, 25_000).describe('Hard bound on one product search or availability request.'),
  MAX_CONCURRENT_SCANS: int(1, 10_000, 64).describe('Product searches running at once; more get 503 `overloaded`.'),
  MAX_OPEN_STREAMS: int(1, 10_000, 100).describe('Open NDJSON and MCP SSE streams.'),
  MAX_STREAMS_PER_CLIENT: int(1, 10_000, 4).describe(
    'Open NDJSON and MCP SSE streams one client (see `TRUST_PROXY`) may hold, so no client can take them all; more get 503 `overloaded`.',
  ),
  HEADERS_TIMEOUT_MS: int(1_000, 10 * MINUTE, 10_000).describe(
    "How long a client may take to send a request's headers; then 408 `request_timeout` and the connection closes.",
  ),
  REQUEST_TIMEOUT_MS: int(1_000, 10 * MINUTE, 30_000).describe(
    'How long a client may take to send a whole request (headers and body); then 408 `request_timeout` and the connection closes.',
  ),
  KEEP_ALIVE_TIMEOUT_MS: int(1_000, 10 * MINUTE, 10_000).describe(
    "How long an idle keep-alive connection stays open between requests. Keep a proxy's own idle timeout towards the service below it.",
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(addressList(PROXY_RANGE_NAMES))
    .describe(
      'Comma-separated addresses or CIDR ranges of the proxies in front of the service (or `loopback`, `linklocal`, `uniquelocal`). `X-Forwarded-For` is believed only from these, so the rate limit, stream cap and upstream fair share see the real client. Unset: the peer address is the client.',
    ),
  SHARED_EGRESS_RANGES: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? ANTHROPIC_EGRESS : v.trim() === 'none' ? '' : v))
    .pipe(addressList([]))
    .describe(
      "Comma-separated CIDR ranges from which many users arrive through one AI host (default: Anthropic's `160.79.104.0/21`): the upstream fair share treats each range as one larger group, and within it a caller's `openai/subject` or address where known. `none` turns it off.",
    ),
  SSE_MAX_LIFETIME_MS: int(1_000, HOUR, 5 * MINUTE).describe('Lifetime of a `GET /api/mcp` SSE stream.'),
  SSE_KEEPALIVE_MS: int(100, 10 * MINUTE, 15_000).describe('Keep-alive comment interval on that stream.'),
  SHUTDOWN_GRACE_MS: int(0, 10 * MINUTE, 10_000).describe('How long shutdown waits for in-flight requests.'),
  // 0 = off; the spec promises no hard quota
  RATE_LIMIT_PER_MINUTE: int(0, 1_000_000, 0).describe(
    'Optional per-client rate limit (counted for the whole fleet with `REDIS_URL`): REST requests a minute (then 429 `rate_limited`), and separately MCP `tools/call`s a minute (then a tool error with `retryAfterSeconds`; listing, prompts and pings are free).',
  ),
  // Unset: every instance keeps its cache, budget, token and breaker to itself (one process).
  REDIS_URL: redisUrl
    .optional()
    .describe(
      '`redis://` or `rediss://` URL of a Redis 7 (or Valkey) shared by every instance: cache, upstream budget, pre-auth token, breaker and rate limit become fleet-wide. Unset: each process keeps them to itself. See [Running several instances](operations.md#running-several-instances-redis).',
    ),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .min(1, '1 to 100 characters, e.g. store-finder:')
    .max(100, '1 to 100 characters, e.g. store-finder:')
    .optional()
    .default('store-finder:')
    .describe('Prefix of every key, so several deployments can share one Redis.'),
  REDIS_TIMEOUT_MS: int(10, 10_000, 250).describe('Bound on each Redis command; a Redis slower than this counts as lost.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional()
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs go to stdout (stderr for stdio MCP).'),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { error: 'one of auto, json, pretty' })
    .optional()
    .default('auto')
    .describe(
      '`json`: one JSON object a line (for log collectors). `pretty`: coloured, readable lines (pino-pretty). `auto`: pretty when stdout is a terminal, JSON otherwise.',
    ),
  METRICS: z
    .enum(['on', 'off'])
    .optional()
    .default('on')
    .describe('`on`: Prometheus metrics at `/metrics` (docs/operations.md#metrics). `off`: no metrics endpoint.'),
  METRICS_PORT: int(0, 65_535, 0).describe(
    'A port of its own for `/metrics` on `METRICS_HOST`, off the public router (which then has no `/metrics`). `0`: `/metrics` on the public port.',
  ),
  METRICS_HOST: z
    .string()
    .trim()
    .min(1, 'an address of this machine, such as 127.0.0.1')
    .optional()
    .default('127.0.0.1')
    .describe(
      'Listening address of the metrics port (`METRICS_PORT`); loopback by default, for a scraper on the same host or network namespace.',
    ),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'at least 16 characters')
    .optional()
    .describe('When set, `/metrics` answers only requests with `Authorization: Bearer <token>` (401 otherwise), wherever it is served.'),
})

export type Settings = z.output<typeof EnvSchema>

export type Env = z.input<typeof EnvSchema>

export interface Config {
  port: number
  host: string
  publicBaseUrl: string | undefined
  /** baseUrl is 'simulated' until the runtime starts the simulator. */
  upstream: Omit<UpstreamClientOptions, 'fetch'>
  /** SIMULATOR_DRIFT: a field the simulator renames (simulator/drift.ts); used only when the simulator runs. */
  simulatorDrift: string | undefined
  cache: CacheSettings
  scan: ScanLimits
  /** The store directory (src/stores/); `cacheDir` undefined: the platform's cache directory; null: none. */
  directory: { enabled: boolean; refreshMs: number; cacheDir: string | null | undefined }
  /** The product index (src/products/); its disk copy lives in `directory.cacheDir`. */
  products: { enabled: boolean; refreshMs: number }
  /** Renew the pre-auth token in the background (servers). */
  keepTokenFresh: boolean
  /** SIMULATOR_CATALOGUE_LISTING: whether the in-process simulator lists its catalogue. */
  simulatorListing: 'allow' | 'refuse'
  streams: { maxOpen: number; maxPerClient: number; sseMaxLifetimeMs: number; sseKeepaliveMs: number }
  /** Bounds on a connection (ms): request headers, the whole request, an idle keep-alive. */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number }
  /** Proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr range names); empty: none. */
  trustProxy: string[]
  /** CIDR ranges of shared AI-host egress, each one group in the upstream fair share. */
  sharedEgressRanges: string[]
  shutdownGraceMs: number
  rateLimitPerMinute: number
  allowedHosts: string[]
  /** Shared state for a fleet of instances; undefined: in-process only. */
  redis: { url: string; keyPrefix: string; timeoutMs: number } | undefined
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  logFormat: 'auto' | 'json' | 'pretty'
  /** /metrics: off, on the public router (port 0), or on a port of its own; with an optional bearer token. */
  metrics: { enabled: boolean; port: number; host: string; token: string | undefined }
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** Reads and validates the environment; a bad value names the variable and what it allows. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {}
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key]
    // An empty variable means "not set", as shells and .env files commonly produce it.
    if (value !== undefined && value !== '') relevant[key] = value
  }
  const parsed = EnvSchema.safeParse(relevant)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `  ${name}=${JSON.stringify(relevant[name] ?? '')}: expected ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    upstream: {
      baseUrl: e.UPSTREAM_BASE_URL,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      retries: e.UPSTREAM_RETRIES,
      userAgent: e.UPSTREAM_USER_AGENT,
      preauthKey: e.UPSTREAM_PREAUTH_KEY,
      tokenReuseMs: e.UPSTREAM_TOKEN_REUSE_MS,
      maxConcurrency: e.UPSTREAM_MAX_CONCURRENCY,
      maxRps: e.UPSTREAM_MAX_RPS,
      queueLimit: e.UPSTREAM_QUEUE_LIMIT,
      circuitFailureThreshold: e.CIRCUIT_FAILURE_THRESHOLD,
      circuitCooldownMs: e.CIRCUIT_COOLDOWN_MS,
    },
    simulatorDrift: e.SIMULATOR_DRIFT,
    cache: {
      storeTtlMs: e.CACHE_STORE_TTL_MS,
      catalogueTtlMs: e.CACHE_CATALOGUE_TTL_MS,
      placementTtlMs: e.CACHE_PLACEMENT_TTL_MS,
      stockTtlMs: e.CACHE_STOCK_TTL_MS,
      maxEntries: e.CACHE_MAX_ENTRIES,
      maxBytes: e.CACHE_MAX_BYTES,
    },
    scan: { maxPages: e.SCAN_MAX_PAGES, deadlineMs: e.SCAN_DEADLINE_MS, maxConcurrent: e.MAX_CONCURRENT_SCANS },
    directory: {
      enabled: e.STORE_DIRECTORY === 'on',
      refreshMs: e.STORE_DIRECTORY_REFRESH_MS,
      cacheDir: e.STORE_DIRECTORY_CACHE_DIR === 'off' ? null : e.STORE_DIRECTORY_CACHE_DIR,
    },
    products: { enabled: e.PRODUCT_INDEX === 'on', refreshMs: e.PRODUCT_INDEX_REFRESH_MS },
    keepTokenFresh: e.UPSTREAM_KEEP_TOKEN_FRESH === 'on',
    simulatorListing: e.SIMULATOR_CATALOGUE_LISTING,
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    sharedEgressRanges: e.SHARED_EGRESS_RANGES,
    streams: {
      maxOpen: e.MAX_OPEN_STREAMS,
      maxPerClient: e.MAX_STREAMS_PER_CLIENT,
      sseMaxLifetimeMs: e.SSE_MAX_LIFETIME_MS,
      sseKeepaliveMs: e.SSE_KEEPALIVE_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    allowedHosts: e.ALLOWED_HOSTS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, timeoutMs: e.REDIS_TIMEOUT_MS } : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metrics: { enabled: e.METRICS === 'on', port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
  }
}
