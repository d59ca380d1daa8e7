// `npm run simulator` / `store-finder simulator`: the upstream simulator as a standalone process, for
// benchmarks, child-process tests and offline demos. Control it over HTTP under /__sim/.

import { pathToFileURL } from 'node:url'
import { parseDrift } from './drift.js'
import { startSimulator } from './server.js'
import type { SimulatorOptions } from './server.js'

export class SimulatorConfigError extends Error {
  override name = 'SimulatorConfigError'
}

function integerVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw.trim())
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new SimulatorConfigError(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`)
  }
  return value
}

/** The standalone simulator's settings for docs/operations.md's table (`npm run docs`): variable, default, meaning. */
export const SIMULATOR_SETTINGS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'SIMULATOR_PORT',
    '`4010`',
    'Port of `npm run simulator` / `store-finder simulator` (`0` picks a free one). The in-process simulator of `UPSTREAM_BASE_URL=simulated` always takes a free port.',
  ],
  ['SIMULATOR_HOST', '`127.0.0.1`', 'Its listening address.'],
  ['SIMULATOR_LATENCY_MS', '`0`', 'Added to every upstream answer, to look like the real network.'],
  ['SIMULATOR_SEED', '(built-in data)', 'A seed for generated data instead of the shipped sample.'],
  ['SIMULATOR_DRIFT', '(none)', "A field renamed in one step's replies, `<step>:<field>-><new name>` (drift drills)."],
  [
    'SIMULATOR_CATALOGUE_LISTING',
    '`allow`',
    '`refuse`: an empty catalogue search lists nothing, as an upstream that refuses listing would (the product index then grows from answers).',
  ],
]

export function simulatorConfigurationTable(): string {
  return [
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...SIMULATOR_SETTINGS.map(([name, value, meaning]) => `| \`${name}\` | ${value} | ${meaning} |`),
  ].join('\n')
}

/** Reads SIMULATOR_PORT, SIMULATOR_HOST, SIMULATOR_LATENCY_MS, SIMULATOR_SEED, SIMULATOR_DRIFT and SIMULATOR_CATALOGUE_LISTING; throws naming the bad variable. */
export function simulatorOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SimulatorOptions {
  const host = env['SIMULATOR_HOST']
  if (host !== undefined && (host.trim() === '' || /\s/.test(host.trim()))) {
    throw new SimulatorConfigError(`SIMULATOR_HOST must be a host name or address (got ${JSON.stringify(host)})`)
  }
  const options: SimulatorOptions = {
    port: integerVar(env, 'SIMULATOR_PORT', 4010, 0, 65_535),
    host: host?.trim() ?? '127.0.0.1',
    latencyMs: integerVar(env, 'SIMULATOR_LATENCY_MS', 0, 0, 600_000),
  }
  const drift = env['SIMULATOR_DRIFT']?.trim()
  if (drift) {
    try {
      parseDrift(drift)
    } catch (error) {
      throw new SimulatorConfigError((error as Error).message)
    }
    options.drift = drift
  }
  const listing = env['SIMULATOR_CATALOGUE_LISTING']?.trim()
  if (listing) {
    if (listing !== 'allow' && listing !== 'refuse') {
      throw new SimulatorConfigError(`SIMULATOR_CATALOGUE_LISTING must be allow or refuse (got ${JSON.stringify(listing)})`)
    }
    options.catalogueListing = listing
  }
  if (env['SIMULATOR_SEED'] !== undefined && env['SIMULATOR_SEED'].trim() !== '') {
    options.seed = integerVar(env, 'SIMULATOR_SEED', 0, 0, 4_294_967_295)
  }
  return options
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let options: SimulatorOptions
  try {
    options = simulatorOptionsFromEnv(env)
  } catch (error) {
    if (!(error instanceof SimulatorConfigError)) throw error
    process.stderr.write(`simulator: ${error.message}\n`)
    process.exit(1)
  }
  let simulator
  try {
    simulator = await startSimulator(options)
  } catch (error) {
    process.stderr.write(
      `simulator: cannot listen on ${options.host}:${options.port}: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exit(1)
  }
  process.stderr.write(
    `simulator listening on ${simulator.url} (${simulator.data.stores.length} stores, ${simulator.data.products.length} products; control at ${simulator.url}/__sim/)\n`,
  )
  const stop = (signal: NodeJS.Signals): void => {
    process.stderr.write(`simulator: ${signal}, closing\n`)
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

// Run when executed directly (npm run simulator), not when imported by bin/store-finder.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
}
