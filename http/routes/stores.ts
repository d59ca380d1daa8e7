import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { LIMITS, StoreListSchema, StoreSchema, fields } from '../../src/schemas.js'
import type { StoreService } from '../../src/service.js'
import { parseQuery } from '../params.js'
import type { RouteRegistry } from '../registry.js'
import { errorResponses, abortSignalOf } from './shared.js'

/** The fields alone; production adds the keyword-or-coordinates rule, the sandbox only the pairing. */
export const storeSearchFields = z.object({
  keyword: fields.keyword().optional().describe('Address, neighbourhood or store name. Required unless coordinates are supplied.'),
  curLttd: fields.latitude().optional().describe('Latitude, -90 to 90. For a nearby search; send with curLitd.'),
  curLitd: fields.longitude().optional().describe('Longitude, -180 to 180. For a nearby search; send with curLttd.'),
  currentPage: fields.page().default(1).describe('Page number, from 1.'),
  pageSize: fields.pageSize().default(LIMITS.pageSizeDefault).describe('Stores per page, 1 to 10.'),
})

export function requireCoordinatePair(q: { curLttd?: number | undefined; curLitd?: number | undefined }, ctx: z.RefinementCtx): boolean {
  const hasLat = q.curLttd !== undefined
  if (hasLat === (q.curLitd !== undefined)) return hasLat
  ctx.addIssue({
    code: 'custom',
    path: [hasLat ? 'curLitd' : 'curLttd'],
    message: 'is required with the other coordinate',
    params: { missing: true },
  })
  return false
}

export const storeSearchQuery = storeSearchFields.superRefine((q, ctx) => {
  const hasLat = q.curLttd !== undefined
  if (!requireCoordinatePair(q, ctx) && !hasLat && q.keyword === undefined) {
    ctx.addIssue({ code: 'custom', path: ['keyword'], message: 'or coordinates are required', params: { missing: true } })
  }
})

export const storeSearchHints = {
  keyword: 'Send keyword (an address, neighbourhood or store name such as 강남), or curLttd and curLitd for a nearby search.',
  curLttd: 'Send both curLttd (latitude, -90 to 90) and curLitd (longitude, -180 to 180).',
  curLitd: 'Send both curLttd (latitude, -90 to 90) and curLitd (longitude, -180 to 180).',
  currentPage: 'Send currentPage as a whole number from 1.',
  pageSize: `Send pageSize as a whole number from 1 to ${LIMITS.pageSizeMax}.`,
}

/** Carries `hint` beside a bare-array answer; the hints it carries are plain ASCII. */
export const SEARCH_HINT_HEADER = 'search-hint'

export const storeCodeParams = z.object({
  code: z.string().describe('A store code as returned by searchStores, e.g. 11199.'),
})

export function registerStoreRoutes(app: FastifyInstance, { registry, service }: { registry: RouteRegistry; service: StoreService }): void {
  registry.add(app, {
    method: 'GET',
    path: '/api/branches/search',
    operationId: 'searchStores',
    summary: 'Search stores by keyword or coordinates',
    description:
      'Find Daiso (다이소) stores by keyword (address, neighbourhood, station or store name, typed as people do: "강남역 다이소", "홍대입구역 근처", "부산 해운대") or by GPS coordinates (nearest first, each store with distanceKm). Every word of the keyword must appear in the store\'s name or address; the chain\'s name and words like 근처 or 매장 are ignored, and exact store-name matches come first. An empty answer carries a Search-Hint header saying what to try instead. A full page means more results may exist on the next currentPage.',
    tags: ['Stores'],
    query: storeSearchQuery,
    responses: {
      200: { description: 'Stores, at most pageSize.', schema: StoreListSchema },
      ...errorResponses(400, 502),
    },
    handler: async (request, reply) => {
      const q = parseQuery(storeSearchQuery, request.query, storeSearchHints)
      const found = await service.searchStores(
        { keyword: q.keyword, latitude: q.curLttd, longitude: q.curLitd, page: q.currentPage, pageSize: q.pageSize },
        { signal: abortSignalOf(reply) },
      )
      // The body is the spec's bare array, so the hint for an empty answer travels in a header.
      if (found.hint) reply.header(SEARCH_HINT_HEADER, found.hint.replace(/[^\x20-\x7e]/g, ''))
      return found.stores
    },
  })

  registry.add(app, {
    method: 'GET',
    path: '/api/branches/{code}',
    operationId: 'getStore',
    summary: 'Get one store by code',
    description: 'One store by its code. Store metadata changes rarely; cache it.',
    tags: ['Stores'],
    params: storeCodeParams,
    responses: {
      200: { description: 'The store.', schema: StoreSchema },
      ...errorResponses(404, 502),
    },
    handler: async (request, reply) => {
      const { code } = request.params as { code: string }
      return service.getStore(code, { signal: abortSignalOf(reply) })
    },
  })
}
