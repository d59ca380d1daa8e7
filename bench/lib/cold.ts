import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchContext } from './context.js'
import { fetchJson, newAgent } from './http.js'

/**
 * The cold processes reuse a pre-auth token for 1 s instead of 20 s, so that the token the warm-up
 * request fetched has expired when the measured request starts: the measured request pays the
 * handshake as a truly cold one does. One request takes well under a second, so nothing else changes.
 */
const TOKEN_REUSE_MS = 1_000

/**
 * The cold processes' per-second upstream budget. At the default (50 calls in any second) the warm-up
 * questions, 18 calls each, wait for the budget: 60 of them took 21 s per cold sample. The measured
 * question makes 18 calls a second after the last warm-up, so it never waits under either limit.
 */
const WARM_UP_CALLS_PER_SECOND = 10_000

export interface ColdRun<T> {
  wallMs: number
  /** Upstream calls of the measured request alone (the simulator's counters are reset before it). */
  calls: number
  callsByEndpoint: Record<string, number>
  answer: T
  /** The first warm-up request of the new process (other store or place, other keyword), at the bench's latency. */
  warmUpMs: number
}

/**
 * Warm-up questions per fresh process before the measured one. One request leaves most of the service's
 * code (node:http's client above all) to V8's interpreter and baseline code, which a production process
 * that has answered others is long past; the cold figure should measure an empty cache, not an
 * unoptimised process. Measured for the cold nearby answer at 50 ms (medians of 6 fresh processes):
 * 12 questions 164.3–166.4 ms, 40 162.5–164.9 ms, 60 159.2–159.5 ms, 100 158.4–161.5 ms, 160 160.1–162.1 ms,
 * so 60 is where the figure stops moving (about 1,000 upstream calls, 2 s per cold sample).
 */
export const WARM_UP_QUESTIONS = 60

/** Warm-up keywords match at least this many products, so each asks a full stock batch (99 keywords do). */
export const WARM_UP_MIN_MATCHES = 20

/**
 * One cold request on a fresh service process (empty caches). The process first answers warm-up
 * requests that share no cache entry with the measured one, so the measured request sees a JIT-warm
 * process (as in production) but empty caches and an expired pre-auth token for everything it touches.
 * The first warm-up runs at the bench's latency (its time is reported); the others at 0 ms, since the
 * JIT does not care how long the upstream took.
 */
export async function coldRequest<T>(
  ctx: BenchContext,
  label: string,
  warmUpPaths: readonly string[],
  path: string,
  latencyMs: number,
  options: { env?: Record<string, string> } = {},
): Promise<ColdRun<T>> {
  const service = await ctx.startService(label, {
    UPSTREAM_TOKEN_REUSE_MS: String(TOKEN_REUSE_MS),
    UPSTREAM_MAX_RPS: String(WARM_UP_CALLS_PER_SECOND),
    ...options.env,
  })
  try {
    const agent = newAgent()
    if (options.env?.['STORE_DIRECTORY'] === 'on') await directoryBuilt(service.url)
    if (options.env?.['PRODUCT_INDEX'] === 'on') await productIndexBuilt(service.url)
    let warmUpMs = 0
    for (const [i, warmUpPath] of warmUpPaths.entries()) {
      await ctx.simulator.control.prepare(i === 0 ? latencyMs : 0)
      const warm = await fetchJson<unknown>(`${service.url}${warmUpPath}`, { agent })
      if (warm.status !== 200) throw new Error(`warm-up ${warmUpPath} answered ${warm.status}: ${JSON.stringify(warm.json).slice(0, 300)}`)
      if (i === 0) warmUpMs = warm.ms
    }
    const measured = await measuredQuestion<T>(ctx, `${service.url}${path}`, agent, latencyMs)
    agent.destroy()
    return {
      ...measured,
      warmUpMs,
    }
  } finally {
    await service.stop()
  }
}

/**
 * The measured question of a warmed-up process: a pause past the token's reuse, the bench's latency set (the
 * simulator's counters reset), one request timed, and the upstream calls it made.
 */
export async function measuredQuestion<T>(
  ctx: BenchContext,
  url: string,
  agent: ReturnType<typeof newAgent>,
  latencyMs: number,
): Promise<Omit<ColdRun<T>, 'warmUpMs'>> {
  await sleep(TOKEN_REUSE_MS + 200)
  await ctx.simulator.control.prepare(latencyMs)
  const answer = await fetchJson<T>(url, { agent })
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`)
  const stats = await ctx.simulator.control.stats()
  return {
    wallMs: answer.ms,
    calls: stats.total,
    callsByEndpoint: Object.fromEntries(Object.entries(stats.calls).filter(([, n]) => n > 0)),
    answer: answer.json,
  }
}

/** Waits until the service's store directory is built (its start-up crawl), as it is in production. */
async function directoryBuilt(serviceUrl: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { json } = await fetchJson<{ directory?: { state?: string } }>(`${serviceUrl}/readyz`)
    if (json.directory?.state === 'ready') return
    await sleep(100)
  }
  throw new Error('the store directory was not built within 30 s')
}

/** Waits until the service's product index has made its first listing (or found out it may not list). */
export async function productIndexBuilt(serviceUrl: string): Promise<ProductIndexReadiness> {
  for (let i = 0; i < 600; i++) {
    const { json } = await fetchJson<{ products?: ProductIndexReadiness }>(`${serviceUrl}/readyz`)
    const products = json.products
    if (products && products.lastRefreshAt !== null) {
      if (products.lastRefreshError !== null) throw new Error(`the product index failed to build: ${products.lastRefreshError}`)
      return products
    }
    await sleep(100)
  }
  throw new Error('the product index was not built within 60 s')
}

/** The product index as /readyz reports it (src/products/index.ts, CatalogueIndexStatus). */
export interface ProductIndexReadiness {
  size: number
  mode: string
  lastRefreshAt: string | null
  lastRefreshError: string | null
  lastListing: { outcome: string; calls: number; durationMs: number; products: number; total: number | null } | null
}
