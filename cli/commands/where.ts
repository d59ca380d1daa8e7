import type { Command } from 'commander'
import { z } from 'zod'
import { STORE_CODE_PATTERN, fields } from '../../src/schemas.js'
import type { DoorService } from '../../src/door-service.js'
import { validateInput } from '../../src/validation.js'
import { CLI_INPUTS } from '../inputs.js'
import { CliFailure, EXIT, floorLabel, kstTime, printJson, won, withService } from '../context.js'
import { progressBar } from '../progress.js'
import { renderGroups } from '../table.js'
import type { NearbyStoreItems } from '../../src/schemas.js'
import { findPlace } from '../../src/places/understand.js'

const POINT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/

/**
 * Where to look around: a store code as is, "lat,lng" as a point, anything else a place typed as
 * people type it: a station, landmark or district (선릉역, 경복궁) is the point searched around, and a store
 * name (강남역점, 홍대입구 근처) resolves to the store the store search ranks first.
 */
async function placeOf(
  service: DoorService,
  near: string,
  signal: AbortSignal,
): Promise<{ input: { code: string } | { lat: number; lng: number } | { near: string }; label: string }> {
  if (STORE_CODE_PATTERN.test(near.trim())) return { input: { code: near.trim() }, label: `store ${near.trim()}` }
  const point = POINT.exec(near)
  if (point) return { input: { lat: Number(point[1]), lng: Number(point[2]) }, label: `${point[1]}, ${point[2]}` }
  // A station, landmark or district (선릉역, 경복궁): the stores around it; a store's own name falls through to it.
  const place = await findPlace(near)
  if (place && !(await namesStore(service, near, place.place.name, signal))) {
    return { input: { near }, label: `${place.place.name} (${place.place.nameEn})` }
  }
  const { stores, hint } = await service.searchStores(CLI_INPUTS.searchStores.parse({ keyword: near, pageSize: 1 }, 'json'), { signal })
  const store = stores[0]
  if (!store) throw new CliFailure(`No store matches "${near}". ${hint ?? ''}`.trim(), EXIT.notFound)
  return { input: { code: store.code }, label: `${store.name} (${store.code})` }
}

/**
 * One block a store (distance, name and code, open or closed), its products beneath, one line each with
 * price, stock and shelf, aligned across the blocks.
 */
export function renderStoreGroups(groups: NearbyStoreItems[], columns: number): string {
  return renderGroups(
    groups.map(({ store, items }) => ({
      heading: [
        store.distanceKm === null ? '?' : `${store.distanceKm.toFixed(1)} km`,
        `${store.name} (${store.code})`,
        store.openNow === null ? '' : store.openNow ? 'open now' : 'closed now',
        `${store.openTime}–${store.closeTime}`,
      ],
      rows: items.map((item) => [
        item.productName,
        won(item.price),
        `${item.stock} in stock`,
        item.placement === 'known' && item.stairNo !== null
          ? `${floorLabel(item.stairNo)} zone ${item.zoneNo ?? '?'}`
          : item.placement === 'unknown'
            ? 'shelf unknown'
            : '',
      ]),
    })),
    columns,
  )
}

/** Whether a store is named so outright (강남역 → 강남역점): a store name wins over a place of that name. */
async function namesStore(service: DoorService, near: string, placeName: string, signal: AbortSignal): Promise<boolean> {
  const found = await service.searchStores(CLI_INPUTS.searchStores.parse({ keyword: near, pageSize: 1 }, 'json'), { signal })
  const store = found.stores[0]
  const bare = (s: string) =>
    s
      .replace(/\s+/g, '')
      .replace(/(\d+호점|본점|점)$/, '')
      .replace(/역$/, '')
  // A store named after the place (홍대입구역 → 홍대입구점) is the store asked about, even though the search
  // also understood the station: people who name a store's own station mean that store.
  return store !== undefined && [near, placeName].some((name) => bare(store.name) === bare(name))
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
        let answer
        try {
          answer = await service.findProductNearby(nearby, { signal: io.signal, onProgress: progress.report })
        } finally {
          progress.stop()
        }
        if (io.json) return printJson(io, answer)
        const groups = [...(answer.here ? [answer.here] : []), ...answer.stores].filter((g) => g.items.length > 0)
        if (answer.note) io.out(`Note: ${answer.note}`)
        if (groups.length === 0) return io.out(answer.hint ?? `No store near ${place.label} has it in stock.`)
        // Asked about a store: say so when that store itself has none of the products checked.
        if (answer.here && answer.here.items.length === 0) io.out(`${place.label} itself does not have it in stock.`)
        // A shopping list ranks the stores with every product first, then those with most.
        const order = answer.products.some((product) => product.keyword !== undefined)
          ? 'stores with every product first, then most, nearest first within'
          : 'nearest first'
        const heading = `near ${place.label}, ${order}; stock as of ${kstTime(answer.asOf)}`
        io.out(`${groups.length} store${groups.length === 1 ? '' : 's'} ${heading}:`)
        io.out('')
        io.out(renderStoreGroups(groups, io.columns))
        // The heading again under the list, which may be longer than the screen.
        io.out('')
        io.out(
          `(${groups.length} store${groups.length === 1 ? '' : 's'} ${heading}; floor looked up for the nearest ${Math.min(5, answer.stores.length)}.)`,
        )
      })
    })
}
