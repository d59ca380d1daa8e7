import { floorLabel as floorLabelOf } from '../src/stores/facts.js'
import { InvalidArgumentError, type Command } from 'commander'
import { SIMULATED } from '../src/config.js'
import { ServiceError, isUpstreamFailure } from '../src/errors.js'
import { configOrExit, createRuntime, isStartupFailure, type Runtime } from '../src/runtime.js'
import type { StoreCode } from '../src/schemas.js'
import { inDoorWords, type DoorService } from '../src/door-service.js'
import type { OpsLog } from '../src/telemetry.js'
import { CLI_VOCABULARY } from './inputs.js'

/**
 * What a one-shot command says of the lists it keeps (a refused or garbled copy, a cache folder it cannot
 * write): the reason, once, on stderr, so scripts reading stdout are not disturbed. The server's logs are
 * for operators; a person at a terminal gets a short note and no Node warning.
 */
const CLI_NOTES: OpsLog = {
  info() {},
  warn(fields) {
    if (typeof fields['reason'] === 'string') process.stderr.write(`store-finder: ${fields['reason']}\n`)
  },
}

/** Exit codes, so a script can tell its own mistakes from the chain's service failing. */
export const EXIT = {
  ok: 0,
  /** Unexpected failure inside store-finder. */
  failure: 1,
  /** The command line or configuration is wrong: fix the call. */
  usage: 2,
  /** No such store or product. */
  notFound: 3,
  /** The chain's service failed, is rate limiting or is unavailable: retry later. */
  upstream: 4,
  /** doctor: every step answered, but a reply's fields differ from the recorded shapes. */
  drift: 5,
  interrupted: 130,
} as const

export interface GlobalOptions {
  json?: boolean
  simulated?: boolean
  /** Crawl the store list now rather than read the disk copy. */
  refresh?: boolean
}

export interface Io {
  json: boolean
  /** Whether a person is watching stderr (progress bars only then). */
  interactive: boolean
  columns: number
  out(text: string): void
  signal: AbortSignal
}

/** A failure that carries its exit code; `body` is what --json prints to stderr. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly hint?: string,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

export function exitCodeFor(error: ServiceError): number {
  // A product search names an unknown store with 400 (the REST contract); to a script it is as missing as in `store`.
  if (error.status === 404 || error.unknownStore) return EXIT.notFound
  if (error.status === 400) return EXIT.usage
  if (isUpstreamFailure(error)) return EXIT.upstream
  return EXIT.failure
}

/**
 * Runs one command against the domain service in this process (no HTTP server in between), the same
 * wiring as `serve` and `mcp`, and closes it afterwards (the simulator too, when it was started).
 */
export async function withService(command: Command, action: (service: DoorService, io: Io) => Promise<void>): Promise<void> {
  // The one place the command line puts the service's hints in its own words.
  return withRuntime(command, (runtime, io) => action(inDoorWords(runtime.service, CLI_VOCABULARY), io))
}

/** As withService, for a command that needs the wiring itself (doctor probes through the runtime's client). */
export async function withRuntime(command: Command, action: (runtime: Runtime, io: Io) => Promise<void>): Promise<void> {
  const globals = command.optsWithGlobals<GlobalOptions>()
  const env = { ...process.env }
  if (globals.simulated) env.UPSTREAM_BASE_URL = SIMULATED
  const config = configOrExit((line) => {
    throw new CliFailure(line, EXIT.usage, 'Fix or unset the environment variable named above.')
  }, env)
  let runtime: Runtime
  try {
    // One-shot: the store list is read from the disk copy (or crawled) when a store search first needs it.
    runtime = await createRuntime(config, { awaitDirectory: true, refreshDirectory: globals.refresh === true, log: CLI_NOTES })
  } catch (error) {
    if (isStartupFailure(error)) throw new CliFailure(error.message, EXIT.failure, 'Start Redis, or unset REDIS_URL to run on your own.')
    throw error
  }
  const controller = new AbortController()
  const interrupt = () => controller.abort(new Error('interrupted'))
  process.once('SIGINT', interrupt)
  const io: Io = {
    json: globals.json === true,
    interactive: process.stderr.isTTY === true && globals.json !== true,
    columns: outputColumns(),
    out: (text) => process.stdout.write(`${text}\n`),
    signal: controller.signal,
  }
  try {
    await action(runtime, io)
  } catch (error) {
    if (controller.signal.aborted) throw new CliFailure('interrupted', EXIT.interrupted)
    throw error
  } finally {
    process.off('SIGINT', interrupt)
    await runtime.close()
  }
}

/** Widest table a pipe or file gets unless COLUMNS says otherwise: what a reader's terminal most likely shows. */
export const PIPE_COLUMNS = 80

/**
 * The width tables and help are sized to: COLUMNS when the user set it (as `ls` and `git` honour it), else
 * the terminal's, else PIPE_COLUMNS for a pipe or a file.
 */
export function outputColumns(stdout: { isTTY?: boolean; columns?: number } = process.stdout, env = process.env): number {
  const asked = Number(env['COLUMNS'])
  if (Number.isInteger(asked) && asked > 0) return asked
  if (stdout.isTTY && stdout.columns) return stdout.columns
  return PIPE_COLUMNS
}

// Argument parsers: a bad value is a usage error (exit 2) with commander's own message.

export function parseWhole(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`)
    }
    return Number(value)
  }
}

export function parseCoordinate(name: 'latitude' | 'longitude') {
  const limit = name === 'latitude' ? 90 : 180
  return (value: string): number => {
    const n = Number(value.trim())
    if (value.trim() === '' || !Number.isFinite(n) || Math.abs(n) > limit) {
      throw new InvalidArgumentError(
        `expected a ${name} from -${limit} to ${limit}, such as ${name === 'latitude' ? '37.4979' : '127.0276'}.`,
      )
    }
    return n
  }
}

export const printJson = (io: Io, value: unknown): void => io.out(JSON.stringify(value, null, 2))

/** "B1" for basement floors, as the stores sign them (the domain's label; '?' where it has none). */
export const floorLabel = (stairNo: number | null): string => floorLabelOf(stairNo) ?? '?'

export const won = (price: number): string => `${price.toLocaleString('ko-KR')}원`

/** Straight-line distance; the same as the store search's (src/stores/search.ts). */
export { haversineKm } from '../src/stores/search.js'

/** When stock was read, as a shopper in Korea reads a clock: "2026-11-27 09:41 KST" (the stores' own time). */
export function kstTime(iso: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  // Korea keeps no daylight saving time: UTC+9 all year, so the shift needs no time-zone data.
  return `${new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} KST`
}

/** "강남역점 (11199)", or the bare code when the store's name could not be read. */
export async function storeLabel(service: DoorService, code: StoreCode, signal: AbortSignal): Promise<string> {
  try {
    return `${(await service.getStore(code, { signal })).name} (${code})`
  } catch {
    return `store ${code}`
  }
}
