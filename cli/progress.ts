import cliProgress from 'cli-progress'
import type { ScanProgress } from '../src/schemas.js'
import type { Io } from './context.js'

/** What the bar says beside its percentage: a product scan counts pages, a nearby search stores checked. */
const FORMATS = {
  scan: '{label} [{bar}] {percentage}% · page {page} · {found} in stock of {scanned} scanned',
  nearby: '{label} [{bar}] {percentage}% · {scanned} store-product pairs checked · {found} in stock',
} as const

export interface Progress {
  report(p: ScanProgress): void
  stop(): void
  /** The last event seen (the final one once the call is over), e.g. how many catalogue entries were scanned. */
  last(): ScanProgress | undefined
}

/**
 * A progress bar on stderr, fed by the service's own progress events (the ones the NDJSON stream and MCP
 * progress notifications carry). Only on a terminal: pipes and --json get none. cli-progress draws it,
 * redrawing in place and cutting the line to the terminal's width.
 */
export function progressBar(
  io: Io,
  label: string,
  { kind = 'scan', stream = process.stderr }: { kind?: keyof typeof FORMATS; stream?: NodeJS.WritableStream } = {},
): Progress {
  let last: ScanProgress | undefined
  if (!io.interactive) return { report: (p) => void (last = p), stop() {}, last: () => last }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: FORMATS[kind],
      barsize: 20,
      hideCursor: true,
      clearOnComplete: true,
      stopOnComplete: false,
      linewrap: false,
    },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    report(p) {
      last = p
      // The label goes in as a value, so braces in a keyword are never read as a placeholder.
      const payload = { label, page: p.page, found: p.found, scanned: p.scanned }
      if (!started) {
        bar.start(100, p.percent, payload)
        started = true
      } else bar.update(p.percent, payload)
    },
    stop() {
      if (started) bar.stop()
    },
    last: () => last,
  }
}
