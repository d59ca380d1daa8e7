import stringWidth from 'string-width'
import t from 'tap'
import { EXIT } from '../../cli/context.js'
import { noTerminal, onTerminal, piped, shellOnTerminal, storeFinderCommand } from '../helpers/terminal.js'
import { FILE_BOUND_MS } from './truth-cases.js'

// Widths and help, each in a pseudo-terminal and piped (the other truth cases: truth-cases.ts).
t.setTimeout(FILE_BOUND_MS)

const sim = ['--simulated']

t.test('widths: the terminal on a terminal, 80 on a pipe, COLUMNS either way', async (t) => {
  const table = (text: string) => text.split('\n').filter((l) => /^(\d{5}|code|─)/.test(l))
  const widest = (text: string) => Math.max(...table(text).map((l) => stringWidth(l)))
  const args = [...sim, 'stores', '강남', '-n', '8']
  const pipe = piped(args)
  t.equal(pipe.code, EXIT.ok)
  t.ok(widest(pipe.stdout) <= 80 && widest(pipe.stdout) > 60, `piped: ${widest(pipe.stdout)} ≤ 80`)
  t.match(pipe.stdout, /…/, 'addresses cut to fit')
  const narrow = piped(args, 'cat', { COLUMNS: '64' })
  t.ok(widest(narrow.stdout) <= 64, `COLUMNS=64 piped: ${widest(narrow.stdout)}`)
  const helpWidest = (text: string) => Math.max(...text.split('\n').map((l) => stringWidth(l)))
  const help = piped(['--help'])
  t.equal(helpWidest(help.stdout), 80, 'help wrapped to 80 on a pipe')
  const helpTold = piped(['--help'], 'cat', { COLUMNS: '72' })
  t.ok(helpWidest(helpTold.stdout) <= 72, `help wrapped to COLUMNS on a pipe: ${helpWidest(helpTold.stdout)}`)
  if (noTerminal) return
  const wide = onTerminal(args, 160)
  t.ok(widest(wide.screen) > 80, `a 160-column terminal gets the whole address: ${widest(wide.screen)}`)
  t.notMatch(table(wide.screen).join('\n'), /…/)
  // Set on the command itself: the shell in the terminal would reset an inherited COLUMNS to its own width.
  const told = shellOnTerminal(`COLUMNS=64 ${storeFinderCommand(args)}`, 160)
  t.ok(widest(told.screen) <= 64, `COLUMNS=64 on a terminal: ${widest(told.screen)}`)
})

t.test('help read by a reader that stops early exits 0, quietly', async (t) => {
  if (!noTerminal) {
    // A person typed these: stdin is the terminal, stdout the pipe into head.
    for (const args of [[], ['--help'], ['help', 'stores']]) {
      const r = shellOnTerminal(`${storeFinderCommand(args)} | head -1`)
      t.equal(r.code, EXIT.ok, `on a terminal: store-finder ${args.join(' ')} | head -1`)
      t.match(r.screen, /^Usage: store-finder/)
      t.notMatch(r.screen, /EPIPE|Error|listening/)
    }
  }
  for (const args of [['--help'], ['help', 'stores'], ['stores', '--help']]) {
    for (const reader of args[0] === 'stores' ? ['true'] : ['head -1']) {
      const r = piped(args, reader)
      t.equal(r.code, EXIT.ok, `piped: store-finder ${args.join(' ')} | ${reader}`)
      t.equal(r.stderr, '', 'nothing on stderr')
    }
  }
})
