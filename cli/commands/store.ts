import type { Command } from 'commander'
import { CLI_INPUTS } from '../inputs.js'
import { printJson, withService } from '../context.js'
import { renderTable } from '../table.js'

export function register(program: Command): void {
  program
    .command('store')
    .description('show one store by its 5-digit code')
    .argument('<code>', 'store code, e.g. 11199 (from `store-finder stores`)')
    .addHelpText('after', '\nExample:\n  store-finder store 11199')
    .action(async (code: string, _options: unknown, command: Command) => {
      const input = CLI_INPUTS.getStore.parse({ code }, 'json')
      await withService(command, async (service, io) => {
        const store = await service.getStore(input.storeCode, { signal: io.signal })
        if (io.json) return printJson(io, store)
        io.out(
          renderTable(
            [{ header: 'field' }, { header: 'value', shrink: 1, min: 8 }],
            [
              ['code', store.code],
              ['name', store.name],
              ['address', store.address],
              ['hours', `${store.openTime}–${store.closeTime} (KST)`],
              ['location', `${store.lat}, ${store.lng}`],
            ],
            io.columns,
          ),
        )
      })
    })
}
