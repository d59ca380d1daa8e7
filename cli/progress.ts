import cliProgress from 'cli-progress'
import type { ScanProgress } from '../src/schemas.js'
import type { Io } from './context.js'

/**
 * A progress bar on stderr for product scans, fed by the scan's own progress events (the ones the
 * NDJSON stream and MCP progress notifications carry). Only on a terminal: pipes and --json get none.
 */
export function scanProgress(
  io: Io,
  label: string,
  stream: NodeJS.WritableStream = process.stderr,
): { report(p: ScanProgress): void; stop(): void } {
  if (!io.interactive) return { report() {}, stop() {} }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {percent}% · page {page} · {found} in stock of {scanned} scanned`,
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      stopOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    report(p) {
      const payload = { page: p.page, found: p.found, scanned: p.scanned }
      if (!started) {
        bar.start(100, p.percent, payload)
        started = true
      } else bar.update(p.percent, payload)
    },
    stop() {
      if (started) bar.stop()
    },
  }
}
