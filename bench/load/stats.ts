// Figures of a load run: latency percentiles per route and overall, the printed table, errors by status and code.

import { percentile, round } from '../lib/stats.js'
import type { Failure, Sample } from './workload.js'

export interface RouteFigures {
  route: string
  requests: number
  errors: number
  p50: number
  p90: number
  p99: number
  max: number
}

function figures(route: string, samples: readonly Sample[]): RouteFigures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b)
  return {
    route,
    requests: samples.length,
    errors: samples.filter((s) => s.failure).length,
    p50: round(percentile(ms, 50)),
    p90: round(percentile(ms, 90)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1) ?? Number.NaN),
  }
}

export function table(rows: RouteFigures[]): string[] {
  const header = ['route', 'requests', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms']
  const body = rows.map((r) => [r.route, String(r.requests), String(r.errors), String(r.p50), String(r.p90), String(r.p99), String(r.max)])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)))
  const fmt = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [fmt(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(fmt)]
}

export interface LoadSummary {
  routes: string[]
  rows: RouteFigures[]
  overall: RouteFigures
  failures: Array<Sample & { failure: Failure }>
  /** "status code" → count, most frequent first. */
  byStatus: Map<string, number>
}

export function summarise(samples: readonly Sample[]): LoadSummary {
  const routes = [...new Set(samples.map((s) => s.route))].sort()
  const rows = routes.map((route) =>
    figures(
      route,
      samples.filter((s) => s.route === route),
    ),
  )
  const failures = samples.filter((s): s is Sample & { failure: Failure } => s.failure !== undefined)
  const byStatus = new Map<string, number>()
  for (const f of failures) {
    const key = `${f.failure.status} ${f.failure.code}`
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1)
  }
  return { routes, rows, overall: figures('overall', samples), failures, byStatus }
}

/** The table, the rate, and the errors (by status and code, then a first example per route). */
export function reportLines(summary: LoadSummary, elapsedS: number, rss: number | null): string[] {
  const { routes, rows, overall, failures, byStatus } = summary
  const lines = [...table([...rows, overall]), '']
  lines.push(
    `${overall.requests} requests in ${elapsedS.toFixed(1)} s (${Math.round(overall.requests / elapsedS)} req/s); service RSS ${rss ?? '?'} MB`,
  )
  lines.push(
    failures.length === 0
      ? 'errors: none'
      : `errors by status and code: ${[...byStatus.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')}`,
  )
  for (const route of routes) {
    const routeFailures = failures.filter((f) => f.route === route)
    if (routeFailures.length > 0)
      lines.push(`  ${route}: ${routeFailures.length} errors, e.g. ${routeFailures[0]!.failure.status} ${routeFailures[0]!.failure.code}`)
  }
  return lines
}
