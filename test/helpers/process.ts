// Running the `store-finder` command from the source tree (through tsx) as a child process, the way
// the start-up, shutdown and stdio tests do: output collected, killed at teardown if still running,
// and its exit awaited with a bound.

import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { Readable, Writable } from 'node:stream'
import { within } from './wait.js'
import type { Teardown } from './tap.js'

/** The subset of tap's Test these helpers need. */
/** The repository root: where `bin/store-finder.ts` runs from. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** `node` arguments that run the command from source, before its own arguments. */
export const STORE_FINDER_ARGS = ['--import', 'tsx', 'bin/store-finder.ts'] as const

/**
 * Starting a tsx process, and a shutdown grace period, on a loaded machine can take seconds:
 * a liveness bound for process waits, not a timing.
 */
export const PROCESS_BOUND_MS = 60_000

export interface StoreFinderProcess {
  child: ChildProcessByStdio<Writable, Readable, Readable>
  stdout(): string
  stderr(): string
  /** The exit code, awaited with a bound; `what` names the wait in the error. */
  exit(what: string): Promise<number | null>
}

/** Spawns `store-finder <command>` with `env` over the current environment; stdin is a pipe. */
export function spawnStoreFinder(t: Teardown, command: 'serve' | 'mcp', env: Record<string, string>): StoreFinderProcess {
  const child = spawn(process.execPath, [...STORE_FINDER_ARGS, command], {
    cwd: ROOT,
    // The store list is kept on disk only where a test asks for it (STORE_DIRECTORY_CACHE_DIR), never in the home cache.
    env: { ...process.env, STORE_DIRECTORY_CACHE_DIR: 'off', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  // `serve` reads nothing: its stdin ends at once, as with stdio 'ignore'.
  if (command === 'serve') child.stdin.end()
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exit: (what) => within(what, exited, { timeoutMs: PROCESS_BOUND_MS }),
  }
}
