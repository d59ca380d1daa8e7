import { accessSync, constants, realpathSync } from 'node:fs'
import { delimiter, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Command } from 'commander'

/*
 * The commands the CLI suggests (the next page, `where` after an empty `products`) are printed to be
 * pasted: they start the way this run was started (`node bin/run.js` from a checkout, `store-finder`
 * when that name on the PATH is this program) and keep the options the user gave (`--simulated`,
 * `-n 5`, `--facility parking`), only the page changed.
 */

/** Quotes a word for a POSIX shell only when it needs it (Hangul does not). */
export function shellWord(word: string): string {
  if (word !== '' && /^[\p{L}\p{N}_@%+=:,./-]+$/u.test(word)) return word
  return `'${word.replace(/'/g, `'\\''`)}'`
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function realpath(path: string): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}

export interface Invocation {
  /** The script node ran (process.argv[1]), or the bare name a test passes. */
  script: string
  cwd?: string
  path?: string
}

/**
 * How to start this program again from the directory the user is in: the bare name when that is what
 * was typed or what the PATH finds; `node <script>` from a checkout (with `--import tsx` for the source
 * entry point); otherwise the installed script's absolute path (an `npx` cache, say), which runs as is.
 */
export function invocation({ script, cwd = process.cwd(), path = process.env['PATH'] ?? '' }: Invocation): string {
  if (!script.includes('/') && !script.includes(sep)) return shellWord(script)
  const absolute = isAbsolute(script) ? script : resolve(cwd, script)
  const real = realpath(absolute) ?? absolute
  const installed = real.split(sep).includes('node_modules')
  if (!installed) {
    const shown = relative(cwd, absolute)
    const runner = absolute.endsWith('.ts') ? 'node --import tsx' : 'node'
    return `${runner} ${shellWord(shown.startsWith('..') || shown === '' ? absolute : shown)}`
  }
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'store-finder')
    if (executable(candidate) && realpath(candidate) === real) return 'store-finder'
  }
  return shellWord(absolute)
}

/** Options that must not be repeated in a suggested command: `--refresh` would crawl the store list again. */
const ONCE = new Set(['--refresh'])

/** The root command, whose rawArgs are the argv it parsed. */
function root(command: Command): Command {
  let c = command
  while (c.parent) c = c.parent
  return c
}

/** The argv this run parsed: [node, script, ...args]. */
function rawArgs(command: Command): string[] {
  return (root(command) as Command & { rawArgs: string[] }).rawArgs ?? []
}

/** The same command line as this run, with `--page`/`-p` set to `page` (every other option kept). */
export function sameWithPage(command: Command, page: number): string {
  const [, script = 'store-finder', ...args] = rawArgs(command)
  const kept: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--') {
      kept.push(...args.slice(i))
      break
    }
    if (arg === '-p' || arg === '--page') {
      i++
      continue
    }
    if (/^(-p.+|--page=.*)$/.test(arg) || ONCE.has(arg)) continue
    kept.push(arg)
  }
  const end = kept.indexOf('--')
  const withPage = end < 0 ? [...kept, '--page', String(page)] : [...kept.slice(0, end), '--page', String(page), ...kept.slice(end)]
  return [invocation({ script }), ...withPage.map(shellWord)].join(' ')
}

/** Another command, started as this run was and with this run's global options that still apply (`--simulated`). */
export function another(command: Command, args: string[]): string {
  const [, script = 'store-finder'] = rawArgs(command)
  const globals = root(command).opts<{ simulated?: boolean }>()
  return [invocation({ script }), ...(globals.simulated ? ['--simulated'] : []), ...args.map(shellWord)].join(' ')
}
