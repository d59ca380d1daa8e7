import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { InvalidArgumentError, type Command } from 'commander'
import { KNOWN_PAIR, describeDrift, type UpstreamHealth } from '../../src/runtime.js'
import { CliFailure, EXIT, printJson, withRuntime, type Io } from '../context.js'

const code =
  (what: string) =>
  (value: string): string => {
    if (!/^[0-9A-Za-z]{1,20}$/.test(value.trim()))
      throw new InvalidArgumentError(`expected a ${what} such as ${what === 'store code' ? KNOWN_PAIR.storeCode : KNOWN_PAIR.productId}.`)
    return value.trim()
  }

/** 0 all well; 4 a step failed (the chain's service, not the command); 5 every step answered but a field drifted. */
export function doctorExitCode(health: Pick<UpstreamHealth, 'ok' | 'steps'>): number {
  if (!health.ok) return EXIT.upstream
  return health.steps.some((s) => s.drift.length > 0) ? EXIT.drift : EXIT.ok
}

/** What doctor says when a step could not reach the upstream at all (also as `hint` under --json). */
export const UNREACHABLE =
  "The chain's service cannot be reached from here (no DNS answer, connection or TLS refused): check the network or UPSTREAM_BASE_URL; to try store-finder offline, add --simulated (or set UPSTREAM_BASE_URL=simulated)."

function report(io: Io, upstream: string, health: UpstreamHealth, exitCode: number): void {
  const width = Math.max(...health.steps.map((s) => s.step.length))
  io.out(`Upstream: ${upstream}`)
  for (const s of health.steps) {
    io.out(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.step.padEnd(width)}  ${`${s.latencyMs} ms`.padStart(7)}  ${s.detail ?? ''}`.trimEnd())
    for (const entry of s.drift) io.out(`      drift: ${describeDrift(entry)}`)
  }
  const failed = health.steps.filter((s) => !s.ok).map((s) => s.step)
  const drifted = health.steps.filter((s) => s.drift.length > 0)
  const fields = drifted.reduce((n, s) => n + s.drift.length, 0)
  io.out('')
  if (exitCode === EXIT.ok) {
    io.out(`All well: ${health.steps.length} steps answered with real content, in the recorded shapes.`)
    return
  }
  const parts = [
    ...(failed.length > 0 ? [`${failed.length} step${failed.length === 1 ? '' : 's'} failed (${failed.join(', ')})`] : []),
    ...(fields > 0
      ? [`${fields} field${fields === 1 ? '' : 's'} drifted from the recorded shapes (${drifted.map((s) => s.step).join(', ')})`]
      : []),
  ]
  // Unreachable is a network matter, not a changed upstream: drift advice would send the reader the wrong way.
  const next = health.unreachable ? UNREACHABLE : 'What to do: docs/operations.md, "Upstream drift".'
  io.out(`${failed.length > 0 ? 'FAILED' : 'DRIFT'}: ${parts.join('; ')}. ${next}`)
}

/** Writes one JSON file per recorded step, as test/upstream/samples/ holds them. */
async function record(dir: string, raw: Partial<Record<string, unknown>>): Promise<string[]> {
  try {
    await mkdir(dir, { recursive: true })
    const written: string[] = []
    for (const [step, reply] of Object.entries(raw)) {
      await writeFile(join(dir, `${step}.json`), `${JSON.stringify(reply, null, 2)}\n`)
      written.push(`${step}.json`)
    }
    return written
  } catch (error) {
    throw new CliFailure(
      `cannot write the replies to ${dir}: ${(error as Error).message}`,
      EXIT.failure,
      'Give --record a directory you can write to.',
    )
  }
}

export function register(program: Command): void {
  program
    .command('doctor')
    .description("check the chain's service end to end: every step answers, with real content, in the shapes recorded")
    .option('--store <code>', 'the store whose stock and shelf must be known', code('store code'), KNOWN_PAIR.storeCode)
    .option(
      '--product <number>',
      'the product whose stock and shelf must be known at that store',
      code('product number'),
      KNOWN_PAIR.productId,
    )
    .option(
      '--record <dir>',
      "write each step's raw reply to <dir>/<step>.json (the pre-auth token replaced), to review or to make new samples",
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 all well, 4 a step failed, 5 every step answered but a reply drifted from the recorded shapes.\n\nExample (daily, from cron):\n  store-finder doctor || mail -s "store-finder doctor" ops@example.com',
    )
    .action(async (options: { store: string; product: string; record?: string }, command: Command) => {
      await withRuntime(command, async (runtime, io) => {
        const { config } = runtime
        // Its own probe: nothing cached, and the store and product asked for.
        const health = await runtime.checkUpstream({ storeCode: options.store, productId: options.product }, options.record !== undefined)
        const exitCode = doctorExitCode(health)
        const upstream = runtime.simulated
          ? `simulated${config.simulatorDrift ? ` (SIMULATOR_DRIFT=${config.simulatorDrift})` : ''}`
          : runtime.upstreamUrl
        const { checkedAt, steps, unreachable } = health
        // `ok` here is the verdict, drift included; each step's own `ok` says whether it answered.
        if (io.json)
          printJson(io, {
            ok: exitCode === EXIT.ok,
            exitCode,
            upstream,
            checkedAt,
            steps,
            ...(unreachable ? { unreachable, hint: UNREACHABLE } : {}),
          })
        else report(io, upstream, health, exitCode)
        if (options.record !== undefined) {
          const written = await record(options.record, health.raw ?? {})
          process.stderr.write(`Recorded ${written.length} raw replies in ${options.record}: ${written.join(', ')}\n`)
        }
        process.exitCode = exitCode
      })
    })
}
