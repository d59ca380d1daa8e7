import { PassThrough } from 'node:stream'
import stringWidth from 'string-width'
import t from 'tap'
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from 'commander'
import { invocation, sameWithPage, shellWord } from '../../cli/again.js'
import { EXIT, PIPE_COLUMNS, kstTime, outputColumns, type Io } from '../../cli/context.js'
import { buildProgram } from '../../cli/main.js'
import { progressBar } from '../../cli/progress.js'
import { renderTable, truncate } from '../../cli/table.js'
import { runCli } from '../helpers/cli.js'

const cli = runCli

const sim = ['--simulated']
// The store list is crawled by each command (no disk copy), so the tests write nothing outside the repository.
const quiet = { LOG_LEVEL: 'silent', STORE_DIRECTORY_CACHE_DIR: 'off' }

t.test('stores: a table with Korean text aligned, and the next page named', async (t) => {
  const { code, stdout } = await cli([...sim, 'stores', '강남', '-n', '3'], quiet)
  t.equal(code, EXIT.ok)
  const lines = stdout.trimEnd().split('\n')
  t.match(lines[0], /^code\s+name\s+hours\s+address$/)
  const rows = lines.slice(2, 5)
  t.equal(rows.length, 3)
  // Every row's address starts at the same display column as the header's.
  const column = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)))
  const addressAt = column(lines[0]!, 'address')
  for (const row of rows) t.equal(column(row, '서울'), addressAt, row)
  // The command line as this run was given (in-process: argv[1] is the bare name), the page moved on.
  t.match(stdout, /More may exist: store-finder --simulated stores 강남 -n 3 --page 2$/m)
})

t.test('--json prints the result for scripts', async (t) => {
  const { code, stdout } = await cli([...sim, '--json', 'stores', '강남', '-n', '2'], quiet)
  t.equal(code, EXIT.ok)
  const body = JSON.parse(stdout) as { stores: Array<{ code: string }>; hasMore: boolean; nextPage: number }
  t.equal(body.stores.length, 2)
  t.same([body.hasMore, body.nextPage], [true, 2])
})

t.test('stores --near: the stores a keyword names around a place, nearest first; a neighbourhood as the place', async (t) => {
  const { code, stdout } = await cli([...sim, '--json', 'stores', '터미널', '--near', '동대구역', '-n', '4'], quiet)
  t.equal(code, EXIT.ok)
  const body = JSON.parse(stdout) as { stores: Array<{ name: string; distanceKm: number }>; place: { name: string } }
  t.equal(body.place.name, '동대구역')
  t.ok(
    body.stores.length === 4 &&
      body.stores.every((s, i) => s.name.includes('터미널') && (i === 0 || s.distanceKm >= body.stores[i - 1]!.distanceKm)),
    '터미널 stores, nearest first',
  )
  const dong = await cli([...sim, '--json', 'near', '평창동', '-n', '2'], quiet)
  t.equal(dong.code, EXIT.ok)
  t.match(JSON.parse(dong.stdout), { place: { name: '평창동', kind: 'neighbourhood', within: '서울특별시 종로구' } })
})

t.test('near: nearest first, with distances', async (t) => {
  const { code, stdout } = await cli([...sim, 'near', '37.4979', '127.0276', '-n', '4'], quiet)
  t.equal(code, EXIT.ok)
  const km = [...stdout.matchAll(/(\d+\.\d) km/g)].map((m) => Number(m[1]))
  t.equal(km.length, 4)
  t.same(
    km,
    [...km].sort((a, b) => a - b),
  )
})

t.test('store, products, availability', async (t) => {
  const store = await cli([...sim, 'store', '11199'], quiet)
  t.equal(store.code, EXIT.ok)
  t.match(store.stdout, /name\s+강남역점/)

  const products = await cli([...sim, 'products', '11199', '수납'], quiet)
  t.equal(products.code, EXIT.ok)
  t.match(products.stdout, /^강남역점 \(11199\), stock as of .* KST:\nid\s+name\s+price\s+stock\s+floor\s+zone/)
  t.match(products.stdout, /\d+원\s+\d+\s+(B\d|\d+F)\s+\d+/)

  const json = await cli([...sim, '--json', 'products', '11199', '수납'], quiet)
  const result = JSON.parse(json.stdout) as { products: Array<{ id: string }>; hasMore: boolean }
  t.ok(result.products.length > 0)

  const availability = await cli([...sim, 'availability', result.products[0]!.id, '11199'], quiet)
  t.equal(availability.code, EXIT.ok)
  t.match(availability.stdout, /^.+ at 강남역점 \(11199\), stock as of .* KST:\n(\d+ in stock, (floor|placement)|Out of stock)/)
  t.match(availability.stdout, /Nearby stores that have it|No nearby store/)
})

t.test('where: the nearest stores that have it, from a place name, a store code or a point', async (t) => {
  const byPlace = await cli([...sim, 'where', '우산', '--near', '홍대입구역 근처'], quiet)
  t.equal(byPlace.code, EXIT.ok)
  t.match(byPlace.stdout, /^\d+ stores near 홍대입구점 \(10962\), nearest first; stock as of .* KST:$/m)
  t.match(byPlace.stdout, /^\s*\d+\.\d km {2}.+ \(\d{5}\)/m, 'a store line with distance')
  t.match(byPlace.stdout, /^ +.*우산.*\d+원 +\d+ in stock {2}\d+F zone \d+$/m, 'a product line beneath, with floor')
  const byCode = await cli([...sim, '--json', 'where', '우산', '--near', '11199'], quiet)
  const answer = JSON.parse(byCode.stdout) as { here?: { store: { code: string; distanceKm: number } } }
  t.equal(answer.here?.store.code, '11199', 'the store itself, as here')
  t.equal(answer.here?.store.distanceKm, 0)
  const byPoint = await cli([...sim, '--json', 'where', '우산', '--near', '37.4979,127.0276'], quiet)
  t.equal(byPoint.code, EXIT.ok)
  const nowhere = await cli([...sim, 'where', '우산', '--near', '없는동네없는곳'], quiet)
  t.equal(nowhere.code, EXIT.notFound)
  const chainOnly = await cli([...sim, 'where', '우산', '--near', '다이소'], quiet)
  t.equal(chainOnly.code, EXIT.usage, "a place that names only the chain is the caller's to fix")
})

t.test('exit codes tell usage errors, missing things and upstream failures apart', async (t) => {
  const malformed = await cli([...sim, 'store', 'abc'], quiet)
  t.equal(malformed.code, EXIT.usage)
  t.match(malformed.stderr, /Invalid parameter 'code'.*\n {2}hint: .*store-finder stores/)

  const asJson = await cli([...sim, '--json', 'store', 'abc'], quiet)
  t.match(JSON.parse(asJson.stderr), { code: 'invalid_parameter', status: 400 })

  const unknown = await cli([...sim, 'store', '99999'], quiet)
  t.equal(unknown.code, EXIT.notFound)
  t.match(unknown.stderr, /hint: Find the store code with `store-finder stores <keyword>`/)

  t.equal((await cli([...sim, 'products', '99999', '수납'], quiet)).code, EXIT.notFound, 'unknown store for products, as for store')
  t.equal((await cli([...sim, 'availability', '1047618', '99999'], quiet)).code, EXIT.notFound, 'and for availability')
  t.equal((await cli([...sim, 'where', '우산', '--near', '99999'], quiet)).code, EXIT.notFound, 'and for where')
  t.equal((await cli(['stores'])).code, EXIT.usage, 'missing argument')
  t.equal((await cli(['stores', '강남', '--page', '0'])).code, EXIT.usage, 'bad option value')
  t.equal((await cli(['near', '91', '127'])).code, EXIT.usage, 'latitude out of range')
  t.equal((await cli(['bogus'])).code, EXIT.usage, 'unknown command')
  const config = await cli(['stores', '강남'], { UPSTREAM_RETRIES: '99' })
  t.equal(config.code, EXIT.usage, 'bad configuration')
  t.match(config.stderr, /Invalid configuration/)

  const down = await cli(['stores', '강남'], { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_RETRIES: '0', ...quiet })
  t.equal(down.code, EXIT.upstream)
  t.match(down.stderr, /could not be reached: .*\n {2}hint: This is not a problem with your request: .*add --simulated/)
  t.notMatch(down.stderr, /\/api\//, 'no HTTP path in a command-line hint')
})

t.test('--help and --version start nothing', async (t) => {
  for (const args of [['--help'], ['serve', '--help'], ['mcp', '--help'], ['products', '--help'], ['help', 'stores']]) {
    const { code, stdout } = await cli(args)
    t.equal(code, EXIT.ok, args.join(' '))
    t.match(stdout, /Usage: store-finder/, args.join(' '))
  }
  t.match((await cli(['--help'])).stdout, /Exit codes: 0 ok/)
  t.equal((await cli(['--version'])).stdout.trim(), '1.0.0')
})

t.test('tables: widths by display column, long cells cut with …', async (t) => {
  t.equal(truncate('서울특별시 강남구', 7), '서울특…')
  t.equal(stringWidth(truncate('서울특별시 강남구', 7)), 7)
  t.equal(truncate('short', 10), 'short')
  const table = renderTable(
    [{ header: 'code' }, { header: 'address', shrink: 1, min: 8 }, { header: 'n', align: 'right' }],
    [
      ['11199', '서울특별시 강남구 강남대로 422 (역삼동) 지하 1층 다이소 매장 안쪽', '5'],
      ['1', 'a', '12'],
    ],
    60,
  )
  const lines = table.split('\n')
  t.ok(
    lines.every((line) => stringWidth(line) <= 60),
    table,
  )
  t.match(lines[2], /…/)
  t.match(lines[3], /12$/)
})

t.test('the progress bar follows scan progress on a terminal, and stays silent otherwise', async (t) => {
  const io = (interactive: boolean): Io => ({ json: false, interactive, columns: 80, out: () => {}, signal: new AbortController().signal })
  const terminal = Object.assign(new PassThrough(), {
    isTTY: true,
    columns: 100,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  })
  let drawn = ''
  terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()))
  const bar = progressBar(io(true), '수납 @ {page}', { stream: terminal })
  bar.report({ found: 0, target: 10, page: 1, scanned: 0, percent: 0 })
  bar.report({ found: 12, target: 10, page: 1, scanned: 50, percent: 99 })
  bar.stop()
  t.match(drawn, /수납 @ \{page\} \[/, 'the label as given, never read as a placeholder')
  t.match(drawn, /99% · page 1 · 12 in stock of 50 scanned/)
  t.notMatch(drawn, /\{percent\}/)
  t.same(bar.last(), { found: 12, target: 10, page: 1, scanned: 50, percent: 99 })

  let silent = ''
  const pipe = new PassThrough()
  pipe.on('data', (chunk: Buffer) => (silent += chunk.toString()))
  const none = progressBar(io(false), 'x', { stream: pipe })
  none.report({ found: 1, target: 10, page: 1, scanned: 50, percent: 10 })
  none.stop()
  t.equal(silent, '')
  t.equal(none.last()?.scanned, 50, 'the last event is kept for the command even without a bar')
})

t.test('tables: the address gives way before the name; below 60 columns rows are stacked', async (t) => {
  const columns = [{ header: 'code' }, { header: 'name', shrink: 2 }, { header: 'hours' }, { header: 'address', shrink: 1 }]
  const rows = [['11199', '강남역 프리미엄점', '10:00–22:00', '서울특별시 강남구 강남대로 422 (역삼동) 지하 1층']]
  const wide = renderTable(columns, rows, 70).split('\n')
  t.ok(
    wide.every((line) => stringWidth(line) <= 70),
    wide.join('\n'),
  )
  t.match(wide[2], /강남역 프리미엄점/, 'the name whole')
  t.match(wide[2], /…$/, 'the address cut')
  const tight = renderTable(columns, rows, 60).split('\n')
  t.ok(tight.every((line) => stringWidth(line) <= 60))
  const stacked = renderTable(columns, rows, 40)
  t.equal(
    stacked,
    ['code     11199', 'name     강남역 프리미엄점', 'hours    10:00–22:00', `address  ${truncate(rows[0]![3]!, 31)}`].join('\n'),
  )
})

t.test('products with nothing in stock: the hint in CLI words and the way to `where`; none in the catalogue says so', async (t) => {
  // 1084819 (3단 우산) is in the catalogue and out of stock at 11199 in the simulator's data.
  const none = await cli([...sim, 'products', '11199', '1084819'], quiet)
  t.equal(none.code, EXIT.ok)
  t.match(none.stdout, /Nothing matching "1084819" is in stock at 강남역점 \(11199\) \(stock as of .* KST\)/)
  t.match(none.stdout, /store-finder --simulated where 1084819 --near 11199$/m)
  t.notMatch(none.stdout, /\{[A-Za-z]+\}/)
  const json = await cli([...sim, '--json', 'products', '11199', '1084819'], quiet)
  const body = JSON.parse(json.stdout) as { products: unknown[]; hint: string }
  t.same(body.products, [])
  t.match(body.hint, /store-finder where <keyword> --near <place>/)
  t.notMatch(body.hint, /\{[A-Za-z]+\}/, 'no raw placeholder under --json')
  const unknown = await cli([...sim, 'products', '11199', '금괴'], quiet)
  t.equal(unknown.code, EXIT.ok)
  t.match(unknown.stdout, /^No such product in the catalogue/)
  t.notMatch(unknown.stdout, /in stock/)
  // With the product index (on by default): a thing the chain lacks is not sold; a section's name is not.
  const painkiller = await cli([...sim, 'products', '11199', '진통제'], quiet)
  t.match(painkiller.stdout, /the chain most likely does not sell it/)
  const stationery = await cli([...sim, 'products', '11199', '문구류'], quiet)
  t.match(
    stationery.stdout,
    /names a section of the Daiso catalogue \(문구\) rather than a product: search for the product itself, such as /,
  )
  t.notMatch(stationery.stdout, /does not sell/)
})

t.test('where --near a store that has none itself says so', async (t) => {
  const { code, stdout } = await cli([...sim, 'where', '1084819', '--near', '11199'], quiet)
  t.equal(code, EXIT.ok)
  t.match(stdout, /^(store 11199 itself does not have it in stock\.\n\d+ stores? near store 11199|None of the)/)
})

t.test('a malformed UPSTREAM_BASE_URL names the variable and the form it takes', async (t) => {
  const { code, stderr } = await cli(['stores', '강남'], { UPSTREAM_BASE_URL: 'fapi.daisomall.co.kr' })
  t.equal(code, EXIT.usage)
  t.match(stderr, /UPSTREAM_BASE_URL="fapi\.daisomall\.co\.kr": expected `simulated` .* or an absolute http\(s\) URL such as https:\/\//)
  t.notMatch(stderr, /Invalid input/)
})

t.test('suggested commands start as this run did and keep its options', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-cli-again-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  // A checkout: node and the script's path from where the user stands.
  t.equal(invocation({ script: '/repo/bin/run.js', cwd: '/repo' }), 'node bin/run.js')
  t.equal(invocation({ script: '/repo/bin/store-finder.ts', cwd: '/repo' }), 'node --import tsx bin/store-finder.ts')
  t.equal(invocation({ script: '/repo/bin/run.js', cwd: '/elsewhere' }), 'node /repo/bin/run.js')
  t.equal(invocation({ script: 'store-finder' }), 'store-finder')
  // An install: the bare name when the PATH finds this very program, else the installed script's path.
  const pkg = join(dir, 'node_modules', '@store-finder', 'store-finder', 'bin')
  const bin = join(dir, 'bin')
  await mkdir(pkg, { recursive: true })
  await mkdir(bin)
  await writeFile(join(pkg, 'run.js'), '')
  await chmod(join(pkg, 'run.js'), 0o755)
  await symlink(join(pkg, 'run.js'), join(bin, 'store-finder'))
  t.equal(invocation({ script: join(bin, 'store-finder'), cwd: '/', path: bin }), 'store-finder')
  t.equal(invocation({ script: join(bin, 'store-finder'), cwd: '/', path: '/usr/bin' }), join(bin, 'store-finder'))
  t.equal(shellWord('강남'), '강남')
  t.equal(shellWord('부산 해운대'), "'부산 해운대'")
  t.equal(shellWord("it's"), `'it'\\''s'`)

  // --page in any spelling is replaced, --refresh dropped, everything else kept in order.
  const program = buildProgram()
  let seen = ''
  program.commands
    .find((c) => c.name() === 'stores')!
    .action((_keyword: string, _options: unknown, command: Command) => void (seen = sameWithPage(command, 3)))
  await program.parseAsync(['node', '/repo/bin/run.js', '--simulated', '--refresh', 'stores', '부산 해운대', '-p2', '-n', '5'])
  t.equal(seen, `node /repo/bin/run.js --simulated stores '부산 해운대' -n 5 --page 3`)
  await program.parseAsync(['node', 'store-finder', 'stores', '강남', '--page=2', '--facility', 'parking'])
  t.equal(seen, 'store-finder stores 강남 --facility parking --page 3')
})

t.test('the output width: COLUMNS, else the terminal, else 80', async (t) => {
  t.equal(outputColumns({ isTTY: false }, {}), PIPE_COLUMNS)
  t.equal(PIPE_COLUMNS, 80)
  t.equal(outputColumns({ isTTY: true, columns: 132 }, {}), 132)
  t.equal(outputColumns({ isTTY: false }, { COLUMNS: '64' }), 64)
  t.equal(outputColumns({ isTTY: true, columns: 132 }, { COLUMNS: '64' }), 64)
  t.equal(outputColumns({ isTTY: false }, { COLUMNS: 'wide' }), 80, 'a COLUMNS that is no width is ignored')
})

t.test('the stock time in Korea time', async (t) => {
  t.equal(kstTime('2026-11-26T15:41:07.000Z'), '2026-11-27 00:41 KST')
  t.equal(kstTime('not a time'), 'not a time')
})
