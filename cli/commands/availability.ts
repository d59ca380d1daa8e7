import type { Command } from 'commander'
import { CLI_INPUTS } from '../inputs.js'
import { floorLabel, kstTime, printJson, withService } from '../context.js'
import { renderTable } from '../table.js'

export function register(program: Command): void {
  program
    .command('availability')
    .description("one product's stock, floor and zone at a store, and nearby stores that have it")
    .argument('<productId>', 'product number, e.g. 1047618 (from `store-finder products`)')
    .argument('<code>', 'store code, e.g. 11199')
    .addHelpText('after', '\nExample:\n  store-finder availability 1047618 11199')
    .action(async (productId: string, code: string, _options: unknown, command: Command) => {
      const input = CLI_INPUTS.getProductAvailability.parse({ productId, code }, 'json')
      await withService(command, async (service, io) => {
        const result = await service.getProductAvailability(input, { signal: io.signal })
        if (io.json) return printJson(io, result)
        const where = result.stairNo === null ? 'placement unknown' : `floor ${floorLabel(result.stairNo)}, zone ${result.zoneNo ?? '?'}`
        const store = `${result.store.name} (${result.store.code})`
        const product = result.product.name === null ? `Product ${result.product.id}` : `${result.product.name} (${result.product.id})`
        io.out(`${product} at ${store}, stock as of ${kstTime(result.asOf)}:`)
        io.out(result.stock > 0 ? `${result.stock} in stock, ${where}.` : 'Out of stock.')
        if (result.otherBranches.length === 0) return io.out('No nearby store (of the 50 nearest) has it in stock.')
        io.out('\nNearby stores that have it:')
        io.out(
          renderTable(
            [
              { header: 'code' },
              { header: 'name', shrink: 2 },
              { header: 'stock', align: 'right' },
              { header: 'distance', align: 'right' },
              { header: 'address', shrink: 1 },
            ],
            result.otherBranches.map((b) => [
              b.code,
              b.name,
              String(b.stock),
              b.distanceKm === null ? '?' : `${b.distanceKm.toFixed(1)} km`,
              b.address,
            ]),
            io.columns,
          ),
        )
      })
    })
}
