import type { Command } from 'commander'
import { z } from 'zod'
import { fields } from '../../src/schemas.js'
import { validateInput } from '../../src/validation.js'
import { printJson, withService } from '../context.js'
import { renderTable } from '../table.js'

export function register(program: Command): void {
  program
    .command('store')
    .description('show one store by its 5-digit code')
    .argument('<code>', 'store code, e.g. 11199 (from `store-finder stores`)')
    .addHelpText('after', '\nExample:\n  store-finder store 11199')
    .action(async (code: string, _options: unknown, command: Command) => {
      const input = validateInput(
        z.object({ code: fields.branchCode() }),
        { code },
        { code: 'Give a 5-digit store code such as 11199; find it with `store-finder stores <keyword>`.' },
      )
      await withService(command, async (service, io) => {
        const store = await service.getStore(input.code, { signal: io.signal })
        if (io.json) return printJson(io, store)
        io.out(
          renderTable(
            [{ header: 'field' }, { header: 'value', shrink: true }],
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
