import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  LIMITS,
  CataloguePageSchema,
  ErrorEventSchema,
  ProductNearbySchema,
  ProductAvailabilitySchema,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  type ProductSearchResult,
} from '../../src/schemas.js'
import type { StoreProductsInput } from '../../src/operations.js'
import type { DoorService } from '../../src/door-service.js'
import { REST_INPUTS, rawInput } from '../inputs.js'
import { prefers } from '../accept.js'
import { streamScan } from '../ndjson.js'
import type { RouteRegistry } from '../registry.js'
import { abortSignalOf, errorResponses } from './shared.js'
import { SEARCH_IGNORED_HEADER } from './stores.js'
import { REST_PATHS } from '../contract.js'

export function wantsNdjson(accept: string | undefined, stream: string | undefined): boolean {
  if (stream === '1') return true
  // Streams when named and not refused (q=0), unless plain JSON is preferred.
  return prefers(accept, 'application/x-ndjson', ['application/json'])
}

/** A product search's REST answer: JSON, or the NDJSON stream of its progress and result when asked for. */
export async function answerProductSearch(
  request: FastifyRequest,
  reply: FastifyReply,
  service: DoorService,
  input: StoreProductsInput,
  stream: string | undefined,
): Promise<ProductSearchResult | FastifyReply> {
  if (wantsNdjson(request.headers.accept, stream)) {
    await streamScan(request, reply, (onProgress, signal) => service.searchStoreProducts(input, { onProgress, signal }))
    return reply
  }
  return ignoredInHeader(reply, await service.searchStoreProducts(input, { signal: abortSignalOf(reply) }))
}

/**
 * An in-store search's words left out (no product matches them) also travel in the Search-Ignored header,
 * as store search sends them: percent-encoded, space-separated. The body's `keywords[].ignored` says which
 * keyword; the nearby and catalogue answers name them in `note`.
 */
function ignoredInHeader<T extends { keywords?: Array<{ ignored?: string[] | undefined }> | undefined }>(
  reply: FastifyReply,
  answer: T,
): T {
  const ignored = (answer.keywords ?? []).flatMap((keyword) => keyword.ignored ?? [])
  if (ignored.length > 0) reply.header(SEARCH_IGNORED_HEADER, ignored.map(encodeURIComponent).join(' '))
  return answer
}

export function registerProductRoutes(
  app: FastifyInstance,
  { registry, service }: { registry: RouteRegistry; service: DoorService },
): void {
  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.products,
    operationId: 'searchStoreProducts',
    summary: 'Search products in stock at a store',
    description:
      "Searches the catalogue for keyword, keeps only products in stock at branchCode and adds each one's floor and zone. With stream=1 or Accept: application/x-ndjson the answer is an NDJSON stream of progress events ending in one result or error event.",
    tags: ['Products'],
    query: REST_INPUTS.searchStoreProducts.schema,
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
      const { stream, ...input } = REST_INPUTS.searchStoreProducts.parse(rawInput(request), 'text')
      return answerProductSearch(request, reply, service, input, stream)
    },
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.product,
    operationId: 'getProductAvailability',
    summary: "One product's stock and placement at a store, and nearby stores",
    description:
      'Stock, floor and zone of one product at branchCode, plus up to 20 of the 50 nearest stores that have it in stock, nearest first. Stock counts change quickly; do not cache them.',
    tags: ['Products'],
    params: REST_INPUTS.getProductAvailability.pathSchema,
    query: REST_INPUTS.getProductAvailability.schema,
    responses: {
      200: { description: 'Availability.', schema: ProductAvailabilitySchema },
      ...errorResponses(400, 404, 500, 503),
    },
    handler: async (request, reply) => {
      const input = REST_INPUTS.getProductAvailability.parse(rawInput(request), 'text')
      return service.getProductAvailability(input, { signal: abortSignalOf(reply) })
    },
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.productNearby,
    operationId: 'findProductNearby',
    summary: 'Which nearby stores have a product in stock',
    description: `For the best ${Math.floor(LIMITS.stockPairsPerCall / (LIMITS.nearbyStoresScanned + 1))} catalogue matches of keyword (one stock call's worth; a product number: that product), the stores among the ${LIMITS.nearbyStoresScanned} nearest to branchCode or to curLttd+curLitd that have them in stock, nearest first, at most ${LIMITS.nearbyStoresListed}, each once with its items; with branchCode, \`here\` is that store at distance 0, present even when it has none. Floor and zone for \`here\` and the nearest ${LIMITS.nearbyStoresPlaced}. An empty answer comes with a hint. A failed stock lookup is an error, never "nowhere". Stock changes quickly; do not cache it.`,
    tags: ['Products'],
    query: REST_INPUTS.findProductNearby.schema,
    responses: {
      200: { description: 'The products checked and the stores that have them, nearest first.', schema: ProductNearbySchema },
      ...errorResponses(400, 500, 503),
    },
    handler: async (request, reply) => {
      const input = REST_INPUTS.findProductNearby.parse(rawInput(request), 'text')
      return service.findProductNearby(input, { signal: abortSignalOf(reply) })
    },
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.catalogue,
    operationId: 'searchCatalogue',
    summary: 'Search the Daiso catalogue, whatever the stock',
    description:
      'Products of the Daiso (다이소) catalogue matching keyword, in relevance order, 20 a page, with id, name, price and image, in stock anywhere or not. Use it when a store has none of a product, then findProductNearby or getProductAvailability with the id.',
    tags: ['Products'],
    query: REST_INPUTS.searchCatalogue.schema,
    responses: {
      200: { description: 'One page of catalogue matches.', schema: CataloguePageSchema },
      ...errorResponses(400, 500, 503),
    },
    handler: async (request, reply) => {
      return service.searchCatalogue(REST_INPUTS.searchCatalogue.parse(rawInput(request), 'text'), { signal: abortSignalOf(reply) })
    },
  })
}
