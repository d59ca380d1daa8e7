import type { Command } from 'commander'
import { z } from 'zod'
import { STORE_CODE_PATTERN, fields } from '../../src/schemas.js'
import type { StoreService } from '../../src/service.js'
import { validateInput } from '../../src/validation.js'
import { withHintIn } from '../../src/vocabulary.js'
import { CLI_INPUTS, CLI_VOCABULARY } from '../inputs.js'
import { CliFailure, EXIT, floorLabel, printJson, won, withService } from '../context.js'
import { progressBar } from '../progress.js'
import { renderTable } from '../table.js'

const POINT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/

/**
 * Where to look around: a store code as is, "lat,lng" as a point, anything else a place typed as
 * people type it (강남역, 홍대입구역 근처), resolved to the store the store search ranks first.
 */
async function placeOf(
  service: StoreService,
  near: string,
  signal: AbortSignal,
): Promise<{ input: { code: string } | { lat: number; lng: number }; label: string }> {
  if (STORE_CODE_PATTERN.test(near.trim())) return { input: { code: near.trim() }, label: `store ${near.trim()}` }
  const point = POINT.exec(near)
  if (point) return { input: { lat: Number(point[1]), lng: Number(point[2]) }, label: `${point[1]}, ${point[2]}` }
  const { stores, hint } = withHintIn(
    await service.searchStores(CLI_INPUTS.searchStores.parse({ keyword: near, pageSize: 1 }, 'json'), { signal }),
    CLI_VOCABULARY,
  )
  const store = stores[0]
  if (!store) throw new CliFailure(`No store matches "${near}". ${hint ?? ''}`.trim(), EXIT.notFound)
  return { input: { code: store.code }, label: `${store.name} (${store.code})` }
}

export function register(program: Command): void {
  program
    .command('where')
    .description('which stores near a place or store have a product in stock, nearest first, with the floor')
    .argument('<keyword>', 'the product, e.g. 우산 or umbrella (or a product number); several separated by commas: "우산, 멀티탭"')
    .requiredOption('--near <place>', 'a store code (11199), a place or store name (강남역), or "lat,lng" (37.4979,127.0276)')
    .addHelpText(
      'after',
      '\nExamples:\n  store-finder where 우산 --near 홍대입구역\n  store-finder where 우산 --near 10962\n  store-finder where 건전지 --near 37.4979,127.0276 --json',
    )
    .action(async (keyword: string, options: { near: string }, command: Command) => {
      const input = validateInput(
        z.object({ keyword: fields.keyword(), near: fields.keyword() }),
        { keyword, near: options.near },
        {
          keyword: 'Give the product to look for, such as 우산.',
          near: 'Give --near a store code, a place such as 강남역, or "lat,lng".',
        },
      )
      await withService(command, async (service, io) => {
        const place = await placeOf(service, input.near, io.signal)
        const nearby = CLI_INPUTS.findProductNearby.parse({ keyword: input.keyword, ...place.input }, 'json')
        const progress = progressBar(io, `${input.keyword} near ${place.label}`, { kind: 'nearby' })
        let found
        try {
          found = await service.findProductNearby(nearby, { signal: io.signal, onProgress: progress.report })
        } finally {
          progress.stop()
        }
        const answer = withHintIn(found, CLI_VOCABULARY)
        if (io.json) return printJson(io, answer)
        const rows = [...(answer.here ? [answer.here] : []), ...answer.stores].flatMap(({ store, items }) =>
          items.map((item) => ({ store, ...item })),
        )
        if (answer.note) io.out(`Note: ${answer.note}`)
        if (rows.length === 0) return io.out(answer.hint ?? `No store near ${place.label} has it in stock.`)
        // Asked about a store: say so when that store itself has none of the products checked.
        if (answer.here && answer.here.items.length === 0) io.out(`${place.label} itself does not have it in stock.`)
        const several = answer.products.some((product) => product.keyword !== undefined)
        io.out(
          several
            ? `Near ${place.label}, stores with every product first, then most, nearest first within (floor looked up for the first ${Math.min(5, answer.stores.length)} stores):`
            : `Near ${place.label}, nearest first (floor looked up for the nearest ${Math.min(5, answer.stores.length)} stores):`,
        )
        io.out(
          renderTable(
            [
              { header: 'distance', align: 'right' },
              { header: 'store', shrink: 2 },
              { header: 'open' },
              { header: 'product', shrink: 1 },
              { header: 'price', align: 'right' },
              { header: 'stock', align: 'right' },
              { header: 'floor' },
            ],
            rows.map((r) => [
              r.store.distanceKm === null ? '?' : `${r.store.distanceKm.toFixed(1)} km`,
              `${r.store.name} (${r.store.code})`,
              r.store.openNow === null ? '?' : r.store.openNow ? 'open' : 'closed',
              r.productName,
              won(r.price),
              String(r.stock),
              r.stairNo === null ? '' : `${floorLabel(r.stairNo)} zone ${r.zoneNo ?? '?'}`,
            ]),
            io.columns,
          ),
        )
      })
    })
}
