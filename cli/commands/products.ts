import type { Command } from 'commander'
import { LIMITS } from '../../src/schemas.js'
import { CLI_INPUTS } from '../inputs.js'
import { floorLabel, kstTime, parseWhole, printJson, storeLabel, won, withService } from '../context.js'
import { another, sameWithPage } from '../again.js'
import { progressBar } from '../progress.js'
import { renderTable } from '../table.js'

export function register(program: Command): void {
  program
    .command('products')
    .description('products in stock at a store that match a keyword, with price, floor and zone (scans the catalogue; can take seconds)')
    .argument('<code>', 'store code, e.g. 11199')
    .argument('<keyword>', 'product keyword, e.g. 수납, umbrella; several products separated by commas: "건전지, 멀티탭"')
    .option('-p, --page <n>', 'catalogue page to start from (the nextPage of the previous answer)', parseWhole(1, LIMITS.pageMax), 1)
    .addHelpText('after', '\nExamples:\n  store-finder products 11199 수납\n  store-finder products 11199 건전지 --json | jq .products[0]')
    .action(async (code: string, keyword: string, options: { page: number }, command: Command) => {
      const input = CLI_INPUTS.searchStoreProducts.parse({ code, keyword, page: options.page }, 'json')
      await withService(command, async (service, io) => {
        const progress = progressBar(io, `${input.keyword} @ ${input.storeCode}`)
        let result
        try {
          result = await service.searchStoreProducts(input, { signal: io.signal, onProgress: progress.report })
        } finally {
          progress.stop()
        }
        if (io.json) return printJson(io, result)
        const store = await storeLabel(service, input.storeCode, io.signal)
        const unplaced = result.unplaced ?? []
        if (result.note) io.out(`Note: ${result.note}`)
        if (result.products.length === 0 && unplaced.length === 0) {
          // The scan's last progress event says how much of the catalogue it looked at: none means no such product.
          const scanned = progress.last()?.scanned
          if (scanned === 0 && input.page === 1) {
            io.out(`No such product in the catalogue: nothing in it matches ${JSON.stringify(input.keyword)}.`)
            io.out(result.hint ?? 'Try a shorter or more general product word (우산 rather than 장우산 자동).')
            return
          }
          io.out(
            `Nothing matching ${JSON.stringify(input.keyword)} is in stock at ${store}${result.hasMore ? ' in the pages scanned' : ''} (stock as of ${kstTime(result.asOf)}).`,
          )
          if (result.hint) io.out(result.hint)
          io.out(`\nWhere the nearest stores have it: ${another(command, ['where', input.keyword, '--near', input.storeCode])}`)
        } else {
          io.out(`${store}, stock as of ${kstTime(result.asOf)}:`)
          // A shopping list ("건전지, 멀티탭") says which keyword found each row.
          const keywordOf = new Map<string, string>()
          for (const group of result.keywords ?? []) {
            for (const id of group.productIds) if (!keywordOf.has(id)) keywordOf.set(id, group.keyword)
          }
          const several = (result.keywords?.length ?? 0) > 1
          io.out(
            renderTable(
              [
                ...(several ? [{ header: 'for' }] : []),
                { header: 'id' },
                { header: 'name', shrink: 1 },
                { header: 'price', align: 'right' as const },
                { header: 'stock', align: 'right' as const },
                { header: 'floor', align: 'right' as const },
                { header: 'zone', align: 'right' as const },
              ],
              [
                ...result.products.map((p) => [p.id, p.name, won(p.price), String(p.stock), floorLabel(p.stairNo), String(p.zoneNo)]),
                ...unplaced.map((p) => [p.id, p.name, won(p.price), String(p.stock), '?', '?']),
              ].map((row) => (several ? [keywordOf.get(row[0] ?? '') ?? '', ...row] : row)),
              io.columns,
            ),
          )
          if (unplaced.length > 0) io.out('? = in stock, but the chain names no floor or zone for it at this store.')
          for (const group of result.keywords ?? []) if (group.hint) io.out(`${group.keyword}: ${group.hint}`)
        }
        if (result.hasMore) io.out(`\nMore of the catalogue remains: ${sameWithPage(command, result.nextPage)}`)
      })
    })
}
