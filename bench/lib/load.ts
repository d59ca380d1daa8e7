import autocannon from 'autocannon'
import { round } from './stats.js'

export interface LoadRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface LoadResult {
  /** Mean requests per second over the measured window. */
  rps: number
  total: number
  non2xx: number
  errors: number
  timeouts: number
  latencyP50Ms: number
  latencyP99Ms: number
  durationS: number
  statusCodes: Record<string, number>
  /** req/s of each slice, when measured in slices (interleavedLoads). */
  sliceRps?: number[]
}

export interface LoadOptions {
  connections: number
  durationS: number
  /** One request for every call, or a sequence each connection cycles through. */
  requests: LoadRequest[]
  /**
   * Rotate the sequence per connection so that the connections do not march in step through the same
   * request (mixed load).
   */
  rotate?: boolean
}

/** Runs autocannon in this process against `baseUrl`. */
export async function runLoad(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const sequence = options.requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body }))
  let nextClient = 0
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationS,
    requests: sequence,
    timeout: 30,
    setupClient: options.rotate
      ? (client) => {
          const shift = (nextClient++ * 7) % sequence.length
          client.setRequests([...sequence.slice(shift), ...sequence.slice(0, shift)])
        }
      : undefined,
  })
  const statusCodes: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0
  return {
    rps: round(result.requests.total / result.duration, 0),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    durationS: result.duration,
    statusCodes,
  }
}

export interface LoadTarget {
  name: string
  baseUrl: string
  options: Omit<LoadOptions, 'durationS'>
}

/**
 * Measures several targets in alternating slices (A B C A B C …) after a warm-up of each, so that a
 * change in background load on a shared machine affects all of them alike. Totals are summed over the
 * slices; latency percentiles are the median of the slices'.
 */
export async function interleavedLoads(
  targets: readonly LoadTarget[],
  plan: { warmS: number; slices: number; sliceS: number },
): Promise<Map<string, LoadResult>> {
  for (const target of targets) await runLoad(target.baseUrl, { ...target.options, durationS: plan.warmS })
  const slices = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]))
  for (let i = 0; i < plan.slices; i++) {
    for (const target of targets)
      slices.get(target.name)?.push(await runLoad(target.baseUrl, { ...target.options, durationS: plan.sliceS }))
  }
  const merged = new Map<string, LoadResult>()
  for (const [name, results] of slices) merged.set(name, mergeResults(results))
  return merged
}

function mergeResults(results: readonly LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => results.reduce((a, r) => a + pick(r), 0)
  const middle = (pick: (r: LoadResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  }
  const statusCodes: Record<string, number> = {}
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n
  const durationS = sum((r) => r.durationS)
  const total = sum((r) => r.total)
  return {
    rps: round(total / durationS, 0),
    total,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    latencyP50Ms: middle((r) => r.latencyP50Ms),
    latencyP99Ms: middle((r) => r.latencyP99Ms),
    durationS: round(durationS, 2),
    statusCodes,
    sliceRps: results.map((r) => r.rps),
  }
}
