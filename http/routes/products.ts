import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  CataloguePageSchema,
  ErrorEventSchema,
  ProductNearbySchema,
  ProductAvailabilitySchema,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  fields,
} from '../../src/schemas.js'
import type { StoreService } from '../../src/service.js'
import { streamScan } from '../ndjson.js'
import { parseQuery } from '../params.js'
import type { RouteRegistry } from '../registry.js'
import { abortSignalOf, errorResponses } from './shared.js'
import { requireCoordinatePair } from './stores.js'

const branchCodeRules = z.object({
  branchCode: fields.branchCode().optional().describe('Store code from searchStores, e.g. 11199.'),
  branchCd: fields.branchCode().optional().describe('Legacy alias of branchCode.'),
})

/** branchCode, or its legacy alias branchCd; both at once must agree. */
function requireBranchCode(q: { branchCode?: string | undefined; branchCd?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.branchCode === undefined && q.branchCd === undefined) {
    ctx.addIssue({ code: 'custom', path: ['branchCode'], message: 'is required', params: { missing: true } })
  } else if (q.branchCode !== undefined && q.branchCd !== undefined && q.branchCode !== q.branchCd) {
    ctx.addIssue({ code: 'custom', path: ['branchCd'], message: 'disagrees with branchCode; send only branchCode' })
  }
}

export const productSearchQuery = branchCodeRules
  .extend({
    keyword: fields.keyword().optional().describe('Product name to search for.'),
    currentPage: fields.page().default(1).describe('Page number of the catalogue scan, from 1; pass nextPage to continue.'),
    stream: z
      .literal('1')
      .optional()
      .describe('Only allowed value 1: stream NDJSON progress events, as Accept: application/x-ndjson does.'),
  })
  .superRefine((q, ctx) => {
    requireBranchCode(q, ctx)
    if (q.keyword === undefined) {
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: 'is required', params: { missing: true } })
    }
  })

export const availabilityQuery = branchCodeRules.superRefine(requireBranchCode)

export const catalogueQuery = z
  .object({
    keyword: fields.keyword().optional().describe('Product name or kind (e.g. 우산), or a product number.'),
    currentPage: fields.page().default(1).describe('Page number, from 1.'),
  })
  .superRefine((q, ctx) => {
    if (q.keyword === undefined) ctx.addIssue({ code: 'custom', path: ['keyword'], message: 'is required', params: { missing: true } })
  })

export const nearbyQuery = branchCodeRules
  .extend({
    keyword: fields.keyword().optional().describe('Product name or kind (e.g. 우산), or a product number.'),
    curLttd: fields.latitude().optional().describe('Latitude of the place to search around; send with curLitd, instead of branchCode.'),
    curLitd: fields.longitude().optional().describe('Longitude of the place to search around; send with curLttd, instead of branchCode.'),
  })
  .superRefine((q, ctx) => {
    if (q.keyword === undefined) ctx.addIssue({ code: 'custom', path: ['keyword'], message: 'is required', params: { missing: true } })
    const hasPoint = requireCoordinatePair(q, ctx)
    const hasStore = q.branchCode !== undefined || q.branchCd !== undefined
    if (hasPoint && hasStore) {
      ctx.addIssue({ code: 'custom', path: ['branchCode'], message: 'is given together with coordinates; send one of them' })
    } else if (!hasPoint && !hasStore && q.curLttd === undefined && q.curLitd === undefined) {
      ctx.addIssue({ code: 'custom', path: ['branchCode'], message: 'or curLttd and curLitd are required', params: { missing: true } })
    } else if (hasStore) {
      requireBranchCode(q, ctx)
    }
  })

export const productIdParams = z.object({
  id: z.string().describe('Product number as returned by searchStoreProducts, e.g. 1049275.'),
})

const hints = {
  branchCode: 'Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).',
  branchCd: 'Send only branchCode (branchCd is a legacy alias).',
  keyword: 'Send keyword, the product name to search for (e.g. 수납).',
  currentPage: 'Send currentPage as a whole number from 1, or the nextPage of the previous answer.',
  stream: 'Send stream=1 to stream, or leave it out.',
  curLttd: 'Send both curLttd (latitude) and curLitd (longitude), or branchCode instead.',
  curLitd: 'Send both curLttd (latitude) and curLitd (longitude), or branchCode instead.',
}

const nearbyHints = {
  ...hints,
  keyword: 'Send keyword, the product to look for (e.g. 우산).',
  branchCode: 'Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199), or curLttd and curLitd instead.',
}

export function wantsNdjson(accept: string | undefined, stream: string | undefined): boolean {
  if (stream === '1') return true
  return /application\/x-ndjson/i.test(accept ?? '')
}

export function registerProductRoutes(
  app: FastifyInstance,
  { registry, service }: { registry: RouteRegistry; service: StoreService },
): void {
  registry.add(app, {
    method: 'GET',
    path: '/api/products',
    operationId: 'searchStoreProducts',
    summary: 'Search products in stock at a store',
    description:
      "Searches the catalogue for keyword, keeps only products in stock at branchCode and adds each one's floor and zone. With stream=1 or Accept: application/x-ndjson the answer is an NDJSON stream of progress events ending in one result or error event.",
    tags: ['Products'],
    query: productSearchQuery,
    responses: {
      200: {
        description: 'In-stock products of the scanned catalogue pages.',
        schema: ProductSearchResultSchema,
        alternatives: [
          {
            mediaType: 'application/x-ndjson',
            schema: z.union([ProgressEventSchema, ResultEventSchema, ErrorEventSchema]),
            description: 'One JSON event per line: zero or more progress events, then exactly one result or error event.',
          },
        ],
      },
      ...errorResponses(400, 500, 503),
    },
    handler: async (request, reply) => {
      const q = parseQuery(productSearchQuery, request.query, hints)
      const input = { branchCode: (q.branchCode ?? q.branchCd) as string, keyword: q.keyword as string, page: q.currentPage }
      if (wantsNdjson(request.headers.accept, q.stream)) {
        await streamScan(request, reply, (onProgress, signal) => service.searchStoreProducts(input, { onProgress, signal }))
        return reply
      }
      return service.searchStoreProducts(input, { signal: abortSignalOf(reply) })
    },
  })

  registry.add(app, {
    method: 'GET',
    path: '/api/products/{id}',
    operationId: 'getProductAvailability',
    summary: "One product's stock and placement at a store, and nearby stores",
    description:
      'Stock, floor and zone of one product at branchCode, plus up to 20 of the 50 nearest stores that have it in stock, nearest first. Stock counts change quickly; do not cache them.',
    tags: ['Products'],
    params: productIdParams,
    query: availabilityQuery,
    responses: {
      200: { description: 'Availability.', schema: ProductAvailabilitySchema },
      ...errorResponses(400, 404, 500, 503),
    },
    handler: async (request, reply) => {
      const q = parseQuery(availabilityQuery, request.query, hints)
      const { id } = request.params as { id: string }
      return service.getProductAvailability(
        { productId: id, branchCode: (q.branchCode ?? q.branchCd) as string },
        { signal: abortSignalOf(reply) },
      )
    },
  })

  registry.add(app, {
    method: 'GET',
    path: '/api/products/nearby',
    operationId: 'findProductNearby',
    summary: 'Which nearby stores have a product in stock',
    description:
      'For the best 3 catalogue matches of keyword, the stores among the 50 nearest to branchCode (the store itself included, at distance 0) or to curLttd+curLitd that have them in stock, nearest first, at most 20 entries, with floor and zone for the nearest 5. An empty results list comes with a hint. A failed stock lookup is an error, never "nowhere". Stock changes quickly; do not cache it.',
    tags: ['Products'],
    query: nearbyQuery,
    responses: {
      200: { description: 'The products checked and the stores that have them, nearest first.', schema: ProductNearbySchema },
      ...errorResponses(400, 500, 503),
    },
    handler: async (request, reply) => {
      const q = parseQuery(nearbyQuery, request.query, nearbyHints)
      return service.findProductNearby(
        { keyword: q.keyword as string, branchCode: q.branchCode ?? q.branchCd, latitude: q.curLttd, longitude: q.curLitd },
        { signal: abortSignalOf(reply) },
      )
    },
  })

  registry.add(app, {
    method: 'GET',
    path: '/api/catalogue',
    operationId: 'searchCatalogue',
    summary: 'Search the Daiso catalogue, whatever the stock',
    description:
      'Products of the Daiso (다이소) catalogue matching keyword, in relevance order, 20 a page, with id, name, price and image, in stock anywhere or not. Use it when a store has none of a product, then findProductNearby or getProductAvailability with the id.',
    tags: ['Products'],
    query: catalogueQuery,
    responses: {
      200: { description: 'One page of catalogue matches.', schema: CataloguePageSchema },
      ...errorResponses(400, 500, 503),
    },
    handler: async (request, reply) => {
      const q = parseQuery(catalogueQuery, request.query, { ...hints, keyword: 'Send keyword, a product name or kind (e.g. 우산).' })
      return service.searchCatalogue({ keyword: q.keyword as string, page: q.currentPage }, { signal: abortSignalOf(reply) })
    },
  })
}
