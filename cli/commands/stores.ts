import type { Command } from 'commander'
import { LIMITS, type Store, type StoreSearchResult } from '../../src/schemas.js'
import { parseWhole, printJson, withService, type Io } from '../context.js'
import { CLI_INPUTS } from '../inputs.js'
import { renderTable } from '../table.js'
import { sameWithPage } from '../again.js'
import { FACILITIES } from '../../src/stores/facilities.js'

export function storeTable(io: Io, stores: Store[], distanceFrom?: { lat: number; lng: number }, km?: (s: Store) => number): string {
  const rows = stores.map((s) => [
    s.code,
    s.name,
    ...(distanceFrom && km ? [`${km(s).toFixed(1)} km`] : []),
    `${s.openTime}–${s.closeTime}`,
    s.address,
  ])
  return renderTable(
    [
      { header: 'code' },
      { header: 'name', shrink: 2 },
      ...(distanceFrom ? [{ header: 'distance', align: 'right' as const }] : []),
      { header: 'hours' },
      { header: 'address', shrink: 1 },
    ],
    rows,
    io.columns,
  )
}

/** Prints a page of stores; the next-page hint is this command line again with `--page` moved on. */
export function printStorePage(io: Io, found: StoreSearchResult, page: number, table: string, command: Command): void {
  const result = {
    stores: found.stores,
    hasMore: found.hasMore,
    nextPage: page + 1,
    ...(found.hint ? { hint: found.hint } : {}),
    ...(found.place ? { place: found.place } : {}),
    ...(found.readAs ? { readAs: found.readAs } : {}),
  }
  if (io.json) return printJson(io, result)
  if (found.stores.length === 0) return io.out(found.hint ? `No store matches. ${found.hint}` : 'No store matches.')
  io.out(table)
  // On a page with stores the hint is a note: words left out, or the age of a stale store list.
  if (found.hint) io.out(`\nNote: ${found.hint}`)
  if (result.hasMore) io.out(`\nMore may exist: ${sameWithPage(command, result.nextPage)}`)
  if (found.via?.source === 'directory') process.stderr.write(`${directoryNote(found.via)}\n`)
}

/** Which store list answered and how old it is, on stderr so scripts reading stdout do not see it. */
export function directoryNote(via: { size: number; ageSeconds: number | null; from: string | null }): string {
  const age = via.ageSeconds ?? 0
  const ago = age < 90 ? `${age} s` : age < 5400 ? `${Math.round(age / 60)} min` : `${Math.round(age / 3600)} h`
  // Short enough for a 60-column terminal: the tables fit one, and so must this line.
  const from = via.from === 'disk' ? 'disk copy' : via.from === 'fleet' ? "fleet's copy" : 'crawled now'
  return `(${via.size} stores, ${from}, ${ago} old; --refresh to renew)`
}

export function register(program: Command): void {
  program
    .command('stores')
    .description('find stores by address, neighbourhood, station or store name (best in Korean)')
    .argument('<keyword>', 'e.g. 강남, 홍대입구, "부산 해운대"')
    .option('-p, --page <n>', 'page number', parseWhole(1, LIMITS.pageMax), 1)
    .option('-n, --page-size <n>', `stores per page, 1 to ${LIMITS.pageSizeMax}`, parseWhole(1, LIMITS.pageSizeMax), LIMITS.pageSizeDefault)
    .option('-f, --facility <name>', `only stores that list it: ${FACILITIES.join(', ')}`)
    .option('--near <place>', 'only around a place in words: a station (선릉역), landmark (경복궁) or district')
    .addHelpText(
      'after',
      '\nExamples:\n  store-finder stores 강남\n  store-finder stores 홍대 --page 2 --json\n  store-finder stores 명동 --facility taxFree\n  store-finder stores 경복궁',
    )
    .action(async (keyword: string, options: { page: number; pageSize: number; facility?: string; near?: string }, command: Command) => {
      const input = CLI_INPUTS.searchStores.parse(
        {
          keyword,
          page: options.page,
          pageSize: options.pageSize,
          ...(options.facility ? { facility: options.facility } : {}),
          ...(options.near ? { near: options.near } : {}),
        },
        'json',
      )
      await withService(command, async (service, io) => {
        const found = await service.searchStores(input, { signal: io.signal })
        printStorePage(io, found, options.page, storeTable(io, found.stores), command)
      })
    })
}
