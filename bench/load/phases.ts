// The load run's phases: the mixed load, the deliberate overload burst, and the service's shutdown.

import { mulberry32 } from '../../simulator/data.js'
import type { Child } from '../lib/proc.js'
import { CLIENTS, MAX_OPEN_STREAMS, SECONDS, SEED } from './options.js'
import { stopChild, type LogStats } from './processes.js'
import { failureOf, get, OPS, streamSearchPath, type Failure, type Sample } from './workload.js'

/** CLIENTS clients, each looping over the weighted mix for SECONDS; every request is a sample. */
export async function mixedLoad(base: string): Promise<Sample[]> {
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

export interface BurstResult {
  held: number
  refused: Array<{ kind: string; status: number; code: string; retryAfter: string | null }>
  recovered: boolean
  problems: string[]
}

/** Fills the open-stream cap with MCP event streams, then asks for more streams: each must be 503 with Retry-After. */
export async function overloadBurst(base: string): Promise<BurstResult> {
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
    ...Array.from({ length: 10 }, () => ({ kind: 'NDJSON search', url: `${base}${streamSearchPath()}`, headers: {} })),
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
    if (r.status !== 503 || !r.retryAfter)
      problems.push(`${r.kind} over the cap answered ${r.status} ${r.code}, Retry-After ${r.retryAfter}`)
  }
  for (const controller of controllers) controller.abort()
  // The cap frees as the server sees the connections close.
  let recovered = false
  for (let i = 0; i < 50 && !recovered; i++) {
    const ready = (await (await get(`${base}/readyz`)).json()) as { openStreams?: number }
    if (ready.openStreams === 0) {
      const res = await get(`${base}${streamSearchPath()}`)
      const text = await res.text()
      recovered = res.status === 200 && /"type":"result"/.test(text)
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  if (!recovered) problems.push('streams did not work again after the burst')
  return { held, refused, recovered, problems }
}

/** The burst's outcome as printed: streams held, answers over the cap, recovery, first problems. */
export function burstLines(burst: BurstResult): string[] {
  const codes = new Map<string, number>()
  for (const r of burst.refused) codes.set(`${r.status} ${r.code}`, (codes.get(`${r.status} ${r.code}`) ?? 0) + 1)
  return [
    `  held ${burst.held}/${MAX_OPEN_STREAMS}; over the cap: ${[...codes.entries()].map(([k, n]) => `${k} ×${n}`).join(', ')}; Retry-After on ${burst.refused.filter((r) => r.retryAfter).length}/${burst.refused.length}`,
    `  streams work again afterwards: ${burst.recovered ? 'yes' : 'NO'}`,
    ...burst.problems.slice(0, 5).map((problem) => `  ✖ ${problem}`),
  ]
}

/** SIGTERM to the service (it must drain and exit 0), then the simulator; the service's log by level. */
export async function shutdown(service: Child, simulator: Child, logs: LogStats): Promise<{ exitCode: number | null; lines: string[] }> {
  const exitCode = await stopChild(service)
  await stopChild(simulator)
  const levels = logs.byLevel
  return {
    exitCode,
    lines: [
      `service log: ${levels.get(50) ?? 0} error, ${levels.get(40) ?? 0} warn, ${levels.get(30) ?? 0} info lines; exit code after SIGTERM: ${exitCode}`,
      ...logs.examples.slice(0, 3).map((example) => `  e.g. ${example}`),
    ],
  }
}
