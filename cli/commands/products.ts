import type { Command } from 'commander'
import { LIMITS } from '../../src/schemas.js'
import { CLI_INPUTS } from '../inputs.js'
import { floorLabel, parseWhole, printJson, won, withService } from '../context.js'
import { scanProgress } from '../progress.js'
import { renderTable } from '../table.js'

export function register(program: Command): void {
  program
    .command('products')
    .description('products in stock at a store that match a keyword, with price, floor and zone (scans the catalogue; can take seconds)')
    .argument('<code>', 'store code, e.g. 11199')
    .argument('<keyword>', 'product keyword, e.g. 수납, 건전지')
    .option('-p, --page <n>', 'catalogue page to start from (the nextPage of the previous answer)', parseWhole(1, LIMITS.pageMax), 1)
    .addHelpText('after', '\nExamples:\n  store-finder products 11199 수납\n  store-finder products 11199 건전지 --json | jq .products[0]')
    .action(async (code: string, keyword: string, options: { page: number }, command: Command) => {
      const input = CLI_INPUTS.searchStoreProducts.parse({ code, keyword, page: options.page }, 'json')
      await withService(command, async (service, io) => {
        const progress = scanProgress(io, `${input.keyword} @ ${input.storeCode}`)
        let result
        try {
          result = await service.searchStoreProducts(input, { signal: io.signal, onProgress: progress.report })
        } finally {
          progress.stop()
        }
        if (io.json) return printJson(io, result)
        if (result.products.length === 0) io.out('No product matching the keyword is in stock in the pages scanned.')
        else
          io.out(
            renderTable(
              [
                { header: 'id' },
                { header: 'name', shrink: true },
                { header: 'price', align: 'right' },
                { header: 'stock', align: 'right' },
                { header: 'floor', align: 'right' },
                { header: 'zone', align: 'right' },
              ],
              result.products.map((p) => [p.id, p.name, won(p.price), String(p.stock), floorLabel(p.stairNo), String(p.zoneNo)]),
              io.columns,
            ),
          )
        if (result.hasMore)
          io.out(
            `\nMore of the catalogue remains: store-finder products ${input.storeCode} ${JSON.stringify(input.keyword)} --page ${result.nextPage}`,
          )
      })
    })
}
