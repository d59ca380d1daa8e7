import { z } from 'zod'
import type { ScanLimits } from './service.js'
import type { CacheTtls } from './upstream/cached.js'
import type { UpstreamClientOptions } from './upstream/client.js'

export const SIMULATED = 'simulated'
export const DEFAULT_UPSTREAM = 'https://fapi.daisomall.co.kr'
export const VERSION = '1.0.0'

const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `at least ${min}`).max(max, `at most ${max}`))
    .optional()
    .transform((v) => v ?? fallback)

const url = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }, 'an absolute http(s) URL')
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

const HOUR = 3_600_000
const MINUTE = 60_000

/**
 * Every setting, read from the environment once at start-up. Names and defaults are listed in the
 * README's configuration table; keep the two in step.
 */
const EnvSchema = z.object({
  PORT: int(0, 65_535, 3000),
  HOST: z.string().trim().min(1).optional().default('127.0.0.1'),
  PUBLIC_BASE_URL: url.optional(),
  UPSTREAM_BASE_URL: z
    .union([z.literal(SIMULATED), url])
    .optional()
    .default(DEFAULT_UPSTREAM),
  UPSTREAM_TIMEOUT_MS: int(100, 120_000, 8_000), // 8 s, as the stricter public clients use
  UPSTREAM_RETRIES: int(0, 5, 1),
  UPSTREAM_USER_AGENT: z
    .string()
    .trim()
    .min(1)
    .optional()
    .default(`store-finder/${VERSION} (+https://github.com/store-finder/store-finder; anonymous store and stock lookup)`),
  // The storefront's constant; kept configurable because the storefront can rotate it.
  UPSTREAM_PREAUTH_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 16, 'exactly 16 bytes (AES-128 key)')
    .optional()
    .default('PRE_AUTH_ENC_KEY'),
  UPSTREAM_TOKEN_REUSE_MS: int(0, 60_000, 20_000), // the token lives about 30 s; reuse it for 20 s
  UPSTREAM_MAX_CONCURRENCY: int(1, 256, 16),
  UPSTREAM_MAX_RPS: int(1, 10_000, 50),
  UPSTREAM_QUEUE_LIMIT: int(0, 100_000, 500),
  CIRCUIT_FAILURE_THRESHOLD: int(1, 1_000, 5),
  CIRCUIT_COOLDOWN_MS: int(100, 10 * MINUTE, 30_000),
  CACHE_STORE_TTL_MS: int(0, 7 * 24 * HOUR, 24 * HOUR),
  CACHE_CATALOGUE_TTL_MS: int(0, 24 * HOUR, 10 * MINUTE),
  CACHE_PLACEMENT_TTL_MS: int(0, 24 * HOUR, HOUR),
  CACHE_STOCK_TTL_MS: int(0, HOUR, MINUTE),
  CACHE_MAX_ENTRIES: int(0, 1_000_000, 20_000),
  CACHE_MAX_BYTES: int(1_048_576, 4_294_967_296, 32 * 1_048_576), // 32 MiB of cached answers, estimated
  SCAN_MAX_PAGES: int(1, 50, 5),
  SCAN_DEADLINE_MS: int(1_000, 120_000, 25_000),
  MAX_CONCURRENT_SCANS: int(1, 10_000, 64),
  MAX_OPEN_STREAMS: int(1, 10_000, 100),
  SSE_MAX_LIFETIME_MS: int(1_000, HOUR, 5 * MINUTE),
  SSE_KEEPALIVE_MS: int(100, 10 * MINUTE, 15_000),
  SHUTDOWN_GRACE_MS: int(0, 10 * MINUTE, 10_000),
  RATE_LIMIT_PER_MINUTE: int(0, 1_000_000, 0), // 0 = off; the spec promises no hard quota
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Unset: every instance keeps its cache, budget, token and breaker to itself (one process).
  REDIS_URL: redisUrl.optional(),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).optional().default('store-finder:'),
  REDIS_TIMEOUT_MS: int(10, 10_000, 250),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
})

export type Env = z.input<typeof EnvSchema>

export interface Config {
  port: number
  host: string
  publicBaseUrl: string | undefined
  /** baseUrl is 'simulated' until the runtime starts the simulator. */
  upstream: Omit<UpstreamClientOptions, 'fetch'>
  cache: CacheTtls
  scan: ScanLimits
  streams: { maxOpen: number; sseMaxLifetimeMs: number; sseKeepaliveMs: number }
  shutdownGraceMs: number
  rateLimitPerMinute: number
  allowedHosts: string[]
  /** Shared state for a fleet of instances; undefined: in-process only. */
  redis: { url: string; keyPrefix: string; timeoutMs: number } | undefined
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
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
    cache: {
      storeTtlMs: e.CACHE_STORE_TTL_MS,
      catalogueTtlMs: e.CACHE_CATALOGUE_TTL_MS,
      placementTtlMs: e.CACHE_PLACEMENT_TTL_MS,
      stockTtlMs: e.CACHE_STOCK_TTL_MS,
      maxEntries: e.CACHE_MAX_ENTRIES,
      maxBytes: e.CACHE_MAX_BYTES,
    },
    scan: { maxPages: e.SCAN_MAX_PAGES, deadlineMs: e.SCAN_DEADLINE_MS, maxConcurrent: e.MAX_CONCURRENT_SCANS },
    streams: { maxOpen: e.MAX_OPEN_STREAMS, sseMaxLifetimeMs: e.SSE_MAX_LIFETIME_MS, sseKeepaliveMs: e.SSE_KEEPALIVE_MS },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    allowedHosts: e.ALLOWED_HOSTS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, timeoutMs: e.REDIS_TIMEOUT_MS } : undefined,
    logLevel: e.LOG_LEVEL,
  }
}
