// `npm run bench`: starts the upstream simulator (fixed per-call latency) and the service as child
// processes, runs the scenarios with the load generator in this process, prints a table
// and writes bench-results.json. Options: BENCH_LATENCY_MS, BENCH_QUICK, BENCH_ONLY, BENCH_SKIP_BUILD,
// BENCH_STRICT (bench/README.md).

import { existsSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BenchContext, startSimulatorChild, type ScenarioRow } from './lib/context.js'
import { BenchOptionError, readOptions, type BenchOptions } from './lib/options.js'
import { Launcher, runCommand, stopAll } from './lib/proc.js'
import { round } from './lib/stats.js'
import { metText, renderTable } from './lib/table.js'
import { Workload } from './lib/workload.js'
import { answerBytesScenario } from './scenarios/answer-bytes.js'
import { cachedSearchScenario } from './scenarios/cached-search.js'
import { directoryScenario } from './scenarios/directory.js'
import { coldSearchScenario } from './scenarios/cold-search.js'
import { concurrencyScenario } from './scenarios/concurrency.js'
import { mcpHttpScenario } from './scenarios/mcp-http.js'
import { mcpStdioScenario } from './scenarios/mcp-stdio.js'
import { fleetScenario } from './scenarios/fleet.js'
import { ndjsonScenario } from './scenarios/ndjson.js'
import { nearbyScenario } from './scenarios/nearby.js'
import { productIndexScenario } from './scenarios/product-index.js'
import { productSearchScenario } from './scenarios/product-search.js'
import { placesScenario } from './scenarios/places.js'
import { soakScenario } from './scenarios/soak.js'
import { throughputScenario } from './scenarios/throughput.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const RESULTS_FILE = join(ROOT, 'bench-results.json')

const SCENARIOS: Array<{ id: number; title: string; run: (ctx: BenchContext) => Promise<ScenarioRow> }> = [
  { id: 1, title: 'cold in-store product search', run: coldSearchScenario },
  { id: 2, title: 'same query again (cached)', run: cachedSearchScenario },
  { id: 3, title: 'cached store lookup vs bare Fastify', run: throughputScenario },
  { id: 4, title: 'MCP tools/call get_store vs REST', run: mcpHttpScenario },
  { id: 5, title: 'NDJSON time to first progress event', run: ndjsonScenario },
  { id: 6, title: 'store-finder mcp: start → initialize / server/discover', run: mcpStdioScenario },
  { id: 7, title: 'RSS under mixed load', run: soakScenario },
  { id: 8, title: '50 concurrent clients searching products', run: concurrencyScenario },
  { id: 9, title: 'findProductNearby cold and warm', run: nearbyScenario },
  { id: 10, title: 'fleet: 1 vs 3 instances, with and without Redis', run: fleetScenario },
  { id: 11, title: 'store directory: search warm, crawl, memory', run: directoryScenario },
  { id: 12, title: 'product index: build, memory, cold answers with the index warm', run: productIndexScenario },
  { id: 13, title: 'product search over the index (in process)', run: productSearchScenario },
  { id: 14, title: 'places in store search: calls, cost, first load', run: placesScenario },
  { id: 15, title: 'MCP answer bytes per tool, before and after', run: answerBytesScenario },
]

const log = (line: string) => process.stderr.write(`bench: ${line}\n`)

/** Builds dist/ (the service runs from the build, as in production); falls back to tsx from source. */
async function prepareLauncher(options: BenchOptions): Promise<{ launcher: Launcher; build: string }> {
  const built = () => existsSync(join(ROOT, 'dist/bin/store-finder.js'))
  if (options.skipBuild && built()) return { launcher: new Launcher(ROOT, 'dist'), build: 'skipped (BENCH_SKIP_BUILD=1), existing dist/' }
  log('npm run build …')
  const result = await runCommand(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], ROOT)
  if (result.code === 0 && built()) return { launcher: new Launcher(ROOT, 'dist'), build: `ok in ${round(result.ms / 1000, 1)} s` }
  const tail = result.output.trim().split('\n').slice(-15).join('\n')
  log(`the build failed (exit ${result.code}); running the service from source with tsx instead:\n${tail}`)
  return { launcher: new Launcher(ROOT, 'tsx'), build: `failed (exit ${result.code}); service run from source via tsx` }
}

async function main(): Promise<number> {
  let options: BenchOptions
  try {
    options = readOptions()
  } catch (error) {
    if (error instanceof BenchOptionError) {
      log(error.message)
      return 2
    }
    throw error
  }
  const startedAt = new Date()
  const { launcher, build } = await prepareLauncher(options)
  const workload = new Workload()
  const simulator = await startSimulatorChild(launcher, options.latencyMs)
  log(
    `simulator at ${simulator.url}, ${options.latencyMs} ms per call; service from ${launcher.mode}${options.quick ? '; quick mode' : ''}`,
  )
  const ctx = new BenchContext(options, launcher, simulator, workload)

  const rows: ScenarioRow[] = []
  for (const scenario of SCENARIOS) {
    if (options.only && !options.only.has(scenario.id)) continue
    log(`scenario ${scenario.id}: ${scenario.title} …`)
    const t0 = performance.now()
    let row: ScenarioRow
    try {
      row = await scenario.run(ctx)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      row = {
        id: scenario.id,
        title: scenario.title,
        figure: `failed: ${message.split('\n')[0] ?? message}`,
        target: '',
        met: false,
        data: { error: message },
        notes: [message],
      }
    }
    row.data['scenarioSeconds'] = round((performance.now() - t0) / 1000, 1)
    log(`scenario ${scenario.id}: ${row.figure} → ${metText(row.met)} (${row.data['scenarioSeconds']} s)`)
    rows.push(row)
  }
  await ctx.stopWarmService()
  await simulator.child.stop()

  const finishedAt = new Date()
  const table = renderTable(rows)
  const out: string[] = [
    '',
    `store-finder bench — simulated upstream latency ${options.latencyMs} ms per call, service from ${launcher.mode} (build: ${build})${options.serviceNodeOptions ? `, service NODE_OPTIONS=${options.serviceNodeOptions}` : ''}`,
    `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${round((finishedAt.getTime() - startedAt.getTime()) / 1000, 0)} s${options.quick ? ', BENCH_QUICK=1 (short runs)' : ''}`,
    '',
    table,
    '',
  ]
  for (const row of rows) {
    if (row.notes.length === 0) continue
    out.push(`${row.id}. ${row.title}`)
    for (const note of row.notes) out.push(`   - ${note}`)
  }
  const missed = rows.filter((r) => r.met === false).map((r) => r.id)
  const skipped = rows.filter((r) => r.met === null).map((r) => r.id)
  out.push(
    '',
    `targets met: ${rows.filter((r) => r.met === true).length} of ${rows.length}${missed.length ? `; missed: ${missed.join(', ')}` : ''}${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}`,
  )
  out.push(`results written to ${RESULTS_FILE.replace(`${ROOT}/`, '')}`, '')
  process.stdout.write(out.join('\n'))

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        durationS: round((finishedAt.getTime() - startedAt.getTime()) / 1000, 1),
        machine: { cpus: cpus().length, model: cpus()[0]?.model ?? null, memoryGiB: round(totalmem() / 2 ** 30, 1), node: process.version },
        options: { ...options, only: options.only ? [...options.only] : null },
        service: { from: launcher.mode, build },
        table,
        scenarios: rows,
      },
      null,
      2,
    )}\n`,
  )
  return options.strict && missed.length > 0 ? 1 : 0
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return
    stopping = true
    log(`${signal}: stopping child processes`)
    void stopAll().finally(() => process.exit(130))
  })
}

try {
  process.exitCode = await main()
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
} finally {
  await stopAll()
}
