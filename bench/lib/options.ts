import { readFileSync } from 'node:fs'
/** Bench settings, read from BENCH_* environment variables (see bench/README.md). */
export interface BenchOptions {
  /** Simulated upstream latency per call. */
  latencyMs: number
  /** Shorter runs for a quick check (BENCH_QUICK=1). */
  quick: boolean
  /** Scenarios to run (BENCH_ONLY=1,3); null = all. */
  only: ReadonlySet<number> | null
  /** Reuse an existing dist/ instead of running `npm run build` (BENCH_SKIP_BUILD=1). */
  skipBuild: boolean
  /** Exit 1 when a target is missed (BENCH_STRICT=1); by default misses are reported, not fatal. */
  strict: boolean
  /** NODE_OPTIONS for the service processes (BENCH_SERVICE_NODE_OPTIONS), e.g. a heap cap to try. */
  serviceNodeOptions: string | null
  /** Cold repetitions in scenarios 1 and 6. */
  coldReps: number
  /** Sequential cached requests in scenario 2. */
  warmSamples: number
  /** Seconds of each autocannon measurement in scenarios 3 and 4 (after a warm-up). */
  loadSeconds: number
  /** Seconds of each of the three mixed-load runs in scenario 7. */
  soakSeconds: number
}

export const SCENARIO_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const

export class BenchOptionError extends Error {
  override readonly name = 'BenchOptionError'
}

const flag = (value: string | undefined): boolean => value !== undefined && /^(1|true|yes)$/i.test(value.trim())

export function readOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const rawLatency = env['BENCH_LATENCY_MS']?.trim() ?? ''
  let latencyMs = 50
  if (rawLatency !== '') {
    if (!/^\d+$/.test(rawLatency) || Number(rawLatency) < 5 || Number(rawLatency) > 2_000) {
      throw new BenchOptionError(
        `BENCH_LATENCY_MS must be a whole number of milliseconds from 5 to 2000 (got ${JSON.stringify(rawLatency)})`,
      )
    }
    latencyMs = Number(rawLatency)
  }
  const rawOnly = env['BENCH_ONLY']?.trim() ?? ''
  let only: Set<number> | null = null
  if (rawOnly !== '') {
    only = new Set()
    for (const part of rawOnly.split(',')) {
      const id = Number(part.trim())
      if (!(SCENARIO_IDS as readonly number[]).includes(id)) {
        throw new BenchOptionError(
          `BENCH_ONLY must list scenario numbers from ${SCENARIO_IDS.join(', ')}, comma-separated (got ${JSON.stringify(rawOnly)})`,
        )
      }
      only.add(id)
    }
  }
  const quick = flag(env['BENCH_QUICK'])
  return {
    latencyMs,
    quick,
    only,
    skipBuild: flag(env['BENCH_SKIP_BUILD']),
    strict: flag(env['BENCH_STRICT']),
    serviceNodeOptions: env['BENCH_SERVICE_NODE_OPTIONS']?.trim() || startScriptNodeOptions(),
    coldReps: quick ? 3 : 5,
    warmSamples: quick ? 50 : 200,
    loadSeconds: quick ? 3 : 10,
    soakSeconds: quick ? 10 : 60,
  }
}

/** The node flags `npm start` runs the service with, so the bench measures the service as it is run. */
function startScriptNodeOptions(): string | null {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts?: Record<string, string> }
  const flags = (pkg.scripts?.start ?? '').match(/--[\w-]+=\S+/g)
  return flags ? flags.join(' ') : null
}
