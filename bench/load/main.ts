// `npm run load`: LOAD_CLIENTS concurrent clients (default 50) for LOAD_SECONDS (default 60) against the
// service as a child process (`store-finder serve`), its upstream the simulator in another child. Each
// client loops over a weighted mix of every door: store search (keyword and nearby), store lookup,
// product search (JSON, and NDJSON read to the end), availability, MCP (initialize, then tools/call,
// stateless) and the API index. Every answer is checked, not only its status. Then a deliberate overload
// burst fills the open-stream cap (MAX_OPEN_STREAMS) and checks that further streams get 503 with
// Retry-After and that the service recovers.
//
// Reports requests, errors by status and code, p50/p90/p99 latency per route and overall, and whether the
// only errors were the deliberate 503s; exits 1 otherwise (or when the service does not shut down cleanly).
//
//   LOAD_SECONDS=10 LOAD_CLIENTS=20 npm run load     a short run
//   LOAD_UPSTREAM_LATENCY_MS=50 npm run load         a slower upstream (default 20 ms per call)
//   LOAD_BURST=0 npm run load                        no overload burst
//   LOAD_REPORT=load.json npm run load               also write the figures as JSON
//   Service settings (UPSTREAM_MAX_RPS, CACHE_*, MAX_*, …) set in the environment are passed to the service.
//
// Layout: options.ts (settings), processes.ts (children), workload.ts (operations and answer checks),
// phases.ts (load, burst, shutdown), stats.ts (figures and table); child processes come from bench/lib/.

import { writeFileSync } from 'node:fs'
import { stopAll } from '../lib/proc.js'
import { BURST, CLIENTS, LATENCY_MS, MAX_OPEN_STREAMS, passedOn, REPORT, SECONDS } from './options.js'
import { burstLines, mixedLoad, overloadBurst, shutdown, type BurstResult } from './phases.js'
import { rssMb, startService, startSimulator } from './processes.js'
import { reportLines, summarise } from './stats.js'

const out = (line = '') => process.stdout.write(`${line}\n`)

async function main(): Promise<number> {
  out(`store-finder load: ${CLIENTS} clients × ${SECONDS} s, mixed routes; upstream: simulator, ${LATENCY_MS} ms per call`)
  if (Object.keys(passedOn).length > 0)
    out(
      `service settings from the environment: ${Object.entries(passedOn)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    )
  const sim = await startSimulator()
  const service = await startService(sim.url)
  const pid = service.child.proc.pid
  out(`simulator ${sim.url}; service ${service.url} (pid ${pid}, RSS ${rssMb(pid) ?? '?'} MB at start)`)
  out()

  const startedAt = Date.now()
  const samples = await mixedLoad(service.url)
  const elapsed = (Date.now() - startedAt) / 1000
  const rssAfterLoad = rssMb(pid)
  const summary = summarise(samples)
  for (const line of reportLines(summary, elapsed, rssAfterLoad)) out(line)
  const { rows, overall, failures, byStatus } = summary

  let burst: BurstResult | undefined
  if (BURST) {
    out()
    out(
      `deliberate overload: ${MAX_OPEN_STREAMS} MCP event streams held open (MAX_OPEN_STREAMS), then 10 NDJSON searches and 10 more event streams`,
    )
    burst = await overloadBurst(service.url)
    for (const line of burstLines(burst)) out(line)
  }

  const { exitCode, lines } = await shutdown(service.child, sim.child, service.logs)
  out()
  for (const line of lines) out(line)

  const burstOk = !burst || (burst.problems.length === 0 && burst.held === MAX_OPEN_STREAMS)
  const pass = failures.length === 0 && burstOk && exitCode === 0
  out()
  out(
    pass
      ? `PASS: no errors under load${burst ? `; the only errors were the ${burst.refused.length} deliberate 503s` : ''}; clean shutdown`
      : `FAIL: ${failures.length} errors under load${burstOk ? '' : '; the overload burst did not behave'}${exitCode === 0 ? '' : `; exit code ${exitCode}`}`,
  )

  if (REPORT) {
    writeFileSync(
      REPORT,
      `${JSON.stringify(
        {
          clients: CLIENTS,
          seconds: SECONDS,
          upstreamLatencyMs: LATENCY_MS,
          serviceSettings: passedOn,
          requests: overall.requests,
          requestsPerSecond: Math.round(overall.requests / elapsed),
          routes: rows,
          overall,
          errorsByStatus: Object.fromEntries(byStatus),
          burst,
          rssMb: rssAfterLoad,
          serviceExitCode: exitCode,
          pass,
        },
        null,
        2,
      )}\n`,
    )
    out(`figures written to ${REPORT}`)
  }
  return pass ? 0 : 1
}

process.once('SIGINT', () => {
  void stopAll().then(() => process.exit(130))
})

try {
  process.exitCode = await main()
} catch (error) {
  process.stderr.write(`load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  await stopAll()
  process.exitCode = 1
}
