import type { Test } from 'tap'
import { EXIT } from '../../cli/context.js'
import { shell, shellOnTerminal } from '../helpers/terminal.js'

/*
 * The command line tells the truth: hints that run as printed, exit codes, doctor offline, `where` by
 * store, the store and the time of the stock. Each case runs once in a pseudo-terminal
 * (truth-terminal.test.ts) and once piped (truth-piped.test.ts).
 */

/** One run of `store-finder args`: what it showed (on a terminal, everything) and its exit code. */
export type Run = (args: string[], env?: Record<string, string>) => { code: number | null; text: string }

const sim = ['--simulated']
const KST_TIME = /\d{4}-\d\d-\d\d \d\d:\d\d KST/

/**
 * A child process from the source tree takes seconds to start on a loaded two-core machine and these
 * files start a dozen: a liveness bound for the file, not a timing.
 */
export const FILE_BOUND_MS = 900_000

export function truthCases(t: Test, way: 'terminal' | 'piped', run: Run): void {
  t.test('the next-page hint runs as printed, with the options given', async (t) => {
    const first = run([...sim, 'stores', '강남', '-n', '2', '--facility', 'parking'])
    t.equal(first.code, EXIT.ok)
    const hint = /^More may exist: (.+)$/m.exec(first.text)?.[1]
    t.ok(hint, first.text)
    t.match(hint, /^node --import tsx bin\/store-finder\.ts /, 'as this checkout was started, not a bare store-finder')
    t.match(hint, / --simulated /, '--simulated kept')
    t.match(hint, / -n 2 /, 'the page size kept')
    t.match(hint, / --facility parking /, 'the filter kept')
    t.match(hint, / --page 2$/)
    // Pasted into a shell in the same directory, as a person would.
    const second = way === 'piped' ? shell(hint!) : shellOnTerminal(hint!)
    const text = 'stdout' in second ? second.stdout : second.screen
    t.equal(second.code, EXIT.ok, text)
    const codes = (s: string) => [...s.matchAll(/^(\d{5}) {2}/gm)].map((m) => m[1])
    t.equal(codes(text).length, 2, 'a second page of two')
    t.same(
      codes(text).filter((c) => codes(first.text).includes(c)),
      [],
      'other stores than the first page',
    )
    t.match(text, /More may exist: .* --page 3$/m, 'and the one after')
  })

  t.test('an empty products answer names a where command that keeps --simulated', async (t) => {
    // 1084819 (3단 우산) is in the catalogue and out of stock at 11199 in the simulator's data.
    const none = run([...sim, 'products', '11199', '1084819'])
    t.equal(none.code, EXIT.ok)
    t.match(
      none.text,
      /^Where the nearest stores have it: node --import tsx bin\/store-finder\.ts --simulated where 1084819 --near 11199$/m,
    )
  })

  t.test('an unknown store exits 3 in store and products alike', async (t) => {
    // availability and where too: test/cli/cli.test.ts, in-process.
    for (const args of [
      ['store', '99999'],
      ['products', '99999', '수납'],
    ]) {
      t.equal(run([...sim, ...args]).code, EXIT.notFound, args.join(' '))
    }
  })

  t.test('doctor with the upstream unreachable points to --simulated, not to drift', async (t) => {
    const r = run(['doctor'], { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_RETRIES: '0' })
    t.equal(r.code, EXIT.upstream)
    t.match(r.text, /^FAILED: .*cannot be reached from here.*add --simulated/m)
    t.notMatch(r.text, /Upstream drift/)
  })

  t.test('where: one block a store, its products beneath, the heading repeated last', async (t) => {
    const r = run([...sim, 'where', '우산', '--near', '홍대입구역'])
    t.equal(r.code, EXIT.ok)
    const lines = r.text.split('\n').filter(Boolean)
    const count = Number(/^(\d+) stores near 홍대입구점 \(10962\), nearest first; stock as of /m.exec(r.text)?.[1])
    t.ok(count > 1, r.text)
    const headings = lines.filter((l) => /^\s*\d+\.\d km {2}\S/.test(l))
    t.equal(headings.length, count, 'one heading line a store')
    const codes = headings.map((l) => /\((\d{5})\)/.exec(l)?.[1])
    t.equal(new Set(codes).size, count, 'no store twice')
    const items = lines.filter((l) => /^ {4,}\S.*\d원 +\d+ in stock/.test(l))
    t.ok(items.length >= count, 'products beneath, indented')
    t.match(
      lines.at(-1),
      /^\(\d+ stores near 홍대입구점 \(10962\), nearest first; stock as of .*KST; floor looked up for the nearest \d\.\)$/,
    )
  })

  t.test('products and availability name the store and when the stock was read', async (t) => {
    const products = run([...sim, 'products', '11199', '수납'])
    t.equal(products.code, EXIT.ok)
    t.match(products.text, new RegExp(`^강남역점 \\(11199\\), stock as of ${KST_TIME.source}:$`, 'm'))
    const availability = run([...sim, 'availability', '1047618', '11199'])
    t.equal(availability.code, EXIT.ok)
    t.match(availability.text, new RegExp(`^.+ \\(1047618\\) at 강남역점 \\(11199\\), stock as of ${KST_TIME.source}:$`, 'm'))
  })
}
