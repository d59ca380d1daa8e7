import type { Command } from 'commander'
import { LIMITS } from '../../src/schemas.js'
import { CLI_INPUTS } from '../inputs.js'
import { haversineKm, parseCoordinate, parseWhole, withService } from '../context.js'
import { printStorePage, storeTable } from './stores.js'
import { FACILITIES } from '../../src/stores/facilities.js'

export function register(program: Command): void {
  program
    .command('near')
    .description('find the stores nearest to a point or a place in words, nearest first')
    .argument('<lat>', 'latitude, WGS 84 (e.g. 37.4979); or a place in words (선릉역, 경복궁) with no <lng>')
    .argument('[lng]', 'longitude, WGS 84 (e.g. 127.0276)', parseCoordinate('longitude'))
    .option('-p, --page <n>', 'page number', parseWhole(1, LIMITS.pageMax), 1)
    .option('-n, --page-size <n>', `stores per page, 1 to ${LIMITS.pageSizeMax}`, parseWhole(1, LIMITS.pageSizeMax), LIMITS.pageSizeDefault)
    .option('-f, --facility <name>', `only stores that list it: ${FACILITIES.join(', ')}`)
    .addHelpText(
      'after',
      '\nExamples:\n  store-finder near 37.4979 127.0276 -n 5\n  store-finder near 37.4979 127.0276 --facility parking\n  store-finder near 선릉역',
    )
    .action(
      async (
        first: string,
        second: number | undefined,
        options: { page: number; pageSize: number; facility?: string },
        command: Command,
      ) => {
        // One argument is a place in words (선릉역); two are a point.
        const point: { near: string } | { lat: number; lng: number } =
          second === undefined ? { near: first } : { lat: parseCoordinate('latitude')(first), lng: second }
        await withService(command, async (service, io) => {
          const facility = options.facility ? { facility: options.facility } : {}
          const input = CLI_INPUTS.searchStores.parse({ ...point, page: options.page, pageSize: options.pageSize, ...facility }, 'json')
          const found = await service.searchStores(input, { signal: io.signal })
          const lat = found.place?.latitude ?? ('lat' in point ? point.lat : 0)
          const lng = found.place?.longitude ?? ('lng' in point ? point.lng : 0)
          // The service measures from the point (distanceKm); the fallback only covers a store without one.
          const table = storeTable(io, found.stores, { lat, lng }, (s) => s.distanceKm ?? haversineKm(lat, lng, s.lat, s.lng))
          printStorePage(io, found, options.page, table, command)
        })
      },
    )
}
