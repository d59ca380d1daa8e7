import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchContext } from './context.js'
import { fetchJson, newAgent } from './http.js'

/**
 * The cold processes reuse a pre-auth token for 1 s instead of 20 s, so that the token the warm-up
 * request fetched has expired when the measured request starts: the measured request pays the
 * handshake as a truly cold one does. One request takes well under a second, so nothing else changes.
 */
const TOKEN_REUSE_MS = 1_000

export interface ColdRun<T> {
  wallMs: number
  /** Upstream calls of the measured request alone (the simulator's counters are reset before it). */
  calls: number
  callsByEndpoint: Record<string, number>
  answer: T
  /** The warm-up: the first request of the new process (other store or place, other keyword). */
  warmUpMs: number
}

/**
 * One cold request on a fresh service process (empty caches). The process first answers one warm-up
 * request that shares no cache entry with the measured one, so the measured request sees a JIT-warm
 * process (as in production) but empty caches and an expired pre-auth token for everything it touches.
 */
export async function coldRequest<T>(
  ctx: BenchContext,
  label: string,
  warmUpPath: string,
  path: string,
  latencyMs: number,
  options: { env?: Record<string, string> } = {},
): Promise<ColdRun<T>> {
  const service = await ctx.startService(label, { UPSTREAM_TOKEN_REUSE_MS: String(TOKEN_REUSE_MS), ...options.env })
  try {
    const agent = newAgent()
    if (options.env?.['STORE_DIRECTORY'] === 'on') await directoryBuilt(service.url)
    await ctx.simulator.control.prepare(latencyMs)
    const warm = await fetchJson<unknown>(`${service.url}${warmUpPath}`, { agent })
    if (warm.status !== 200) throw new Error(`warm-up ${warmUpPath} answered ${warm.status}: ${JSON.stringify(warm.json).slice(0, 300)}`)
    await sleep(TOKEN_REUSE_MS + 200)
    await ctx.simulator.control.prepare(latencyMs)
    const answer = await fetchJson<T>(`${service.url}${path}`, { agent })
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`)
    const stats = await ctx.simulator.control.stats()
    agent.destroy()
    return {
      wallMs: answer.ms,
      calls: stats.total,
      callsByEndpoint: Object.fromEntries(Object.entries(stats.calls).filter(([, n]) => n > 0)),
      answer: answer.json,
      warmUpMs: warm.ms,
    }
  } finally {
    await service.stop()
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
