// The command line as a person sees it: in a real pseudo-terminal (util-linux `script`, which Debian
// ships in every install), and piped into a reader. Each run is a child process from the source tree.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ROOT, STORE_FINDER_ARGS } from './process.js'
import { shellQuote } from '../../http/docs/shell.js'

const SCRIPT = '/usr/bin/script'

/** A reason to skip when there is no pseudo-terminal to be had (never in CI, which must have one). */
export const noTerminal =
  !existsSync(SCRIPT) && !process.env['CI'] ? `${SCRIPT} (util-linux) is not installed; these tests need a pseudo-terminal` : false

/** `node --import tsx bin/store-finder.ts …`, quoted for a shell. */
export const storeFinderCommand = (args: string[]): string => [process.execPath, ...STORE_FINDER_ARGS, ...args].map(shellQuote).join(' ')

// No disk copy of the store list: a test never writes to the home cache. COLUMNS is the test's to set.
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', FORCE_COLOR: '0', STORE_DIRECTORY_CACHE_DIR: 'off' }
  delete env['COLUMNS']
  return env
}

// A liveness bound for a child process on a loaded machine, not a timing.
const BOUND_MS = 120_000

export interface Screen {
  code: number | null
  /** What the terminal received, cursor escapes stripped and carriage returns made line ends. */
  screen: string
  raw: string
}

/** Runs a shell command line on a pseudo-terminal `columns` wide (stdin, stdout and stderr all the terminal). */
export function shellOnTerminal(commandLine: string, columns = 100, env: Record<string, string> = {}): Screen {
  const r = spawnSync(SCRIPT, ['-qfec', `stty cols ${columns} rows 40; set -o pipefail; ${commandLine}`, '/dev/null'], {
    cwd: ROOT,
    // `script` runs the line with $SHELL, which a CI runner may leave unset (then /bin/sh, dash on Debian,
    // which has no pipefail): the line is bash's.
    env: { ...baseEnv(), ...env, SHELL: '/bin/bash' },
    input: '',
    encoding: 'utf8',
    timeout: BOUND_MS,
  })
  const raw = r.stdout ?? ''
  // Cursor movement and erase sequences (ESC [ … letter, ESC 7/8) out; carriage returns become line ends.
  const screen = raw
    .replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[78]/g, '\n')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .join('\n')
  return { code: r.status, screen, raw }
}

/** Runs `store-finder args` on a pseudo-terminal `columns` wide. */
export function onTerminal(args: string[], columns = 100, env: Record<string, string> = {}): Screen {
  return shellOnTerminal(storeFinderCommand(args), columns, env)
}

export interface Piped {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a shell command line with `set -o pipefail` (the exit status is the first failing command's), no terminal anywhere. */
export function shell(commandLine: string, env: Record<string, string> = {}): Piped {
  const r = spawnSync('/bin/bash', ['-c', `set -o pipefail; ${commandLine}`], {
    cwd: ROOT,
    env: { ...baseEnv(), ...env },
    input: '',
    encoding: 'utf8',
    timeout: BOUND_MS,
  })
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' }
}

/** Runs `store-finder args | reader`; the exit status is the CLI's own unless the reader fails. */
export function piped(args: string[], reader = 'cat', env: Record<string, string> = {}): Piped {
  return shell(`${storeFinderCommand(args)} | ${reader}`, env)
}
