import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { LIMITS, StoreListSchema, StoreSchema, fields } from '../../src/schemas.js'
import type { StoreService } from '../../src/service.js'
import { parseQuery } from '../params.js'
import type { RouteRegistry } from '../registry.js'
import { errorResponses, abortSignalOf } from './shared.js'

export const storeSearchQuery = z
  .object({
    keyword: fields.keyword().optional().describe('Address, neighbourhood or store name. Required unless coordinates are supplied.'),
    curLttd: fields.latitude().optional().describe('Latitude, -90 to 90. For a nearby search; send with curLitd.'),
    curLitd: fields.longitude().optional().describe('Longitude, -180 to 180. For a nearby search; send with curLttd.'),
    currentPage: fields.page().default(1).describe('Page number, from 1.'),
    pageSize: fields.pageSize().default(LIMITS.pageSizeDefault).describe('Stores per page, 1 to 10.'),
  })
  .superRefine((q, ctx) => {
    const hasLat = q.curLttd !== undefined
    const hasLng = q.curLitd !== undefined
    if (hasLat !== hasLng) {
      const missing = hasLat ? 'curLitd' : 'curLttd'
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other coordinate', params: { missing: true } })
    } else if (!hasLat && q.keyword === undefined) {
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

export const storeCodeParams = z.object({
  code: z.string().describe('A store code as returned by searchStores, e.g. 11199.'),
})

export function registerStoreRoutes(app: FastifyInstance, registry: RouteRegistry, service: StoreService): void {
  registry.add(app, {
    method: 'GET',
    path: '/api/branches/search',
    operationId: 'searchStores',
    summary: 'Search stores by keyword or coordinates',
    description:
      'Find stores by keyword (address or store name) or by GPS coordinates (nearest first). A full page means more results may exist on the next currentPage.',
    tags: ['Stores'],
    query: storeSearchQuery,
    responses: {
      200: { description: 'Stores, at most pageSize.', schema: StoreListSchema },
      ...errorResponses(400, 502),
    },
    handler: async (request, reply) => {
      const q = parseQuery(storeSearchQuery, request.query, storeSearchHints)
      return service.searchStores(
        { keyword: q.keyword, latitude: q.curLttd, longitude: q.curLitd, page: q.currentPage, pageSize: q.pageSize },
        { signal: abortSignalOf(reply) },
      )
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
