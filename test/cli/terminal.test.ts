import stringWidth from 'string-width'
import t from 'tap'
import { noTerminal as skip, onTerminal, piped } from '../helpers/terminal.js'

// The command line as a person sees it: in a pseudo-terminal, and piped into `head` (test/helpers/terminal.ts).

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
    t.match(screen, /\d+ stores? near store 11199, nearest first/)
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
      // The table's lines; the next-page command under it is one line to copy, the terminal's to wrap.
      const lines = screen.split('\n').filter((line) => !line.startsWith('More may exist: '))
      for (const line of lines) t.ok(stringWidth(line) <= columns, `${stringWidth(line)} ≤ ${columns}: ${line}`)
      t.match(screen, /^code\s+name\s+hours\s+address$/m)
      t.match(screen, /강남역점/, 'a name is whole')
    })
  }

  t.test('below 60 columns table rows are stacked, one field a line; where blocks fit too', async (t) => {
    const { code, screen } = onTerminal(['--simulated', 'near', '37.4979', '127.0276', '-n', '3'], 50)
    t.equal(code, 0)
    const table = screen.split('\n').filter((l) => /^(code|name|distance|hours|address)\s/.test(l))
    t.equal(table.length, 15, table.join('\n'))
    for (const line of table) t.ok(stringWidth(line) <= 50, line)
    t.match(screen, /^distance\s+\d+\.\d km$/m)
    const where = onTerminal(['--simulated', 'where', '우산', '--near', '홍대입구역'], 50)
    t.equal(where.code, 0)
    const blocks = where.screen.split('\n').filter((l) => /^\s*\d+\.\d km {2}/.test(l) || /^ {4,}/.test(l))
    t.ok(blocks.length >= 4, where.screen)
    for (const line of blocks) t.ok(stringWidth(line) <= 50, line)
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
