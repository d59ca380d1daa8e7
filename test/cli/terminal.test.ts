import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import stringWidth from 'string-width'
import t from 'tap'
import { ROOT, STORE_FINDER_ARGS } from '../helpers/process.js'

/*
 * The command line as a person sees it: in a real pseudo-terminal (util-linux `script`, which Debian
 * ships in every install), and piped into `head`. Each run is a child process from the source tree.
 */

const SCRIPT = '/usr/bin/script'
const skip =
  !existsSync(SCRIPT) && !process.env['CI'] ? `${SCRIPT} (util-linux) is not installed; these tests need a pseudo-terminal` : false

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`
const storeFinder = (args: string[]) => [process.execPath, ...STORE_FINDER_ARGS, ...args].map(quote).join(' ')
// No disk copy of the store list: a test never writes to the home cache.
const env = { ...process.env, LOG_LEVEL: 'silent', FORCE_COLOR: '0', STORE_DIRECTORY_CACHE_DIR: 'off' }
// A liveness bound for a child process on a loaded machine, not a timing.
const BOUND_MS = 120_000

/** Runs `store-finder args` on a pseudo-terminal `columns` wide; what the terminal received, escapes stripped. */
function onTerminal(args: string[], columns = 100): { code: number | null; screen: string; raw: string } {
  const r = spawnSync(SCRIPT, ['-qfec', `stty cols ${columns} rows 40; ${storeFinder(args)}`, '/dev/null'], {
    cwd: ROOT,
    env,
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

/** Runs a shell pipeline with `set -o pipefail`, so the exit status is the CLI's own. */
function piped(args: string[], reader: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('/bin/bash', ['-c', `set -o pipefail; ${storeFinder(args)} | ${reader}`], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: BOUND_MS,
  })
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' }
}

t.test('on a terminal', { skip }, async (t) => {
  t.test('products: a live progress bar with real numbers, then the table', async (t) => {
    const { code, screen } = onTerminal(['--simulated', 'products', '11199', '수납'])
    t.equal(code, 0)
    t.match(screen, /수납 @ 11199 \[.*\] \d+% · page 1 · \d+ in stock of \d+ scanned/, 'the bar with its numbers')
    t.notMatch(screen, /\{[a-z]+\}/, 'no placeholder left in the bar')
    t.match(screen, /[1-9]\d*% · page 1 · [1-9]\d* in stock of [1-9]\d* scanned/, 'numbers that moved past zero')
    t.match(screen, /^id\s+name\s+price/m, 'then the table')
  })

  t.test('where: a live progress bar fed by the nearby search', async (t) => {
    const { code, screen } = onTerminal(['--simulated', 'where', '우산', '--near', '11199'])
    t.equal(code, 0)
    t.match(screen, /우산 near store 11199 \[.*\] \d+% · \d+ store-product pairs checked · \d+ in stock/)
    t.match(screen, /100% · [1-9]\d* store-product pairs checked/, 'the last event: every pair checked')
    t.match(screen, /Near store 11199, nearest first/)
  })

  t.test('a bare store-finder prints the help and starts nothing', async (t) => {
    const { code, screen } = onTerminal([])
    t.equal(code, 0)
    t.match(screen, /Usage: store-finder \[options\] \[command\]/)
    t.notMatch(screen, /store-finder ready/)
  })

  for (const columns of [80, 64]) {
    t.test(`tables fit a ${columns}-column terminal, and names keep their length before addresses lose theirs`, async (t) => {
      const { code, screen } = onTerminal(['--simulated', 'stores', '강남', '-n', '5'], columns)
      t.equal(code, 0)
      const lines = screen.split('\n')
      for (const line of lines) t.ok(stringWidth(line) <= columns, `${stringWidth(line)} ≤ ${columns}: ${line}`)
      t.match(screen, /^code\s+name\s+hours\s+address$/m)
      t.match(screen, /강남역점/, 'a name is whole')
    })
  }

  t.test('below 60 columns the rows are stacked, one field a line', async (t) => {
    const { code, screen } = onTerminal(['--simulated', 'where', '우산', '--near', '홍대입구역'], 50)
    t.equal(code, 0)
    // The table's lines (the bar and the sentence above the table are the terminal's to wrap).
    const table = screen.split('\n').filter((l) => /^(distance|store|open|product|price|stock|floor)\s/.test(l))
    t.ok(table.length >= 7, table.join('\n'))
    for (const line of table) t.ok(stringWidth(line) <= 50, line)
    t.match(screen, /^distance\s+\d+\.\d km$/m)
    t.match(screen, /^store\s+.*\(\d{5}\)$/m, 'the store name whole, with its code')
  })

  t.test('the top-level help wraps at word boundaries within the terminal', async (t) => {
    const { screen } = onTerminal(['--help'], 72)
    for (const line of screen.split('\n')) t.ok(stringWidth(line) <= 72, line)
    t.match(screen, /Find 다이소 \(Daiso\) stores in Korea/)
    t.match(screen, /Exit codes: 0 ok/)
  })
})

t.test('piped into a reader that leaves early, the command exits quietly', async (t) => {
  const head = piped(['--simulated', 'stores', '강남', '-n', '10'], 'head -1')
  t.equal(head.code, 0, '| head -1')
  t.match(head.stdout, /^code\s+name/)
  t.notMatch(head.stderr, /EPIPE|Error|at .*\(/, 'no stack trace')
  // `true` reads nothing and is gone before the first write: every write meets a closed pipe.
  const gone = piped(['--simulated', 'products', '11199', '수납'], 'true')
  t.equal(gone.code, 0, '| true')
  t.equal(gone.stderr, '', 'nothing on stderr')
})
