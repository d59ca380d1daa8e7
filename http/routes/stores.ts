import type { FastifyInstance, FastifyReply } from 'fastify'
import { storeNotFound } from '../../src/errors.js'
import { StoreListSchema, StoreSchema, type Store, type StoreSearchResult } from '../../src/schemas.js'
import type { DoorService } from '../../src/door-service.js'
import { REST_INPUTS, rawInput, storeCodeInPath } from '../inputs.js'
import type { RouteRegistry } from '../registry.js'
import { errorResponses, abortSignalOf } from './shared.js'
import { REST_PATHS } from '../contract.js'

/** Carries `hint` beside a bare-array answer; words in Korean are percent-encoded (a header is ASCII). */
export const SEARCH_HINT_HEADER = 'search-hint'
/** The keyword's words that were left out because no store has them, percent-encoded, space-separated. */
export const SEARCH_IGNORED_HEADER = 'search-ignored'
/** The place the keyword or `near` was read as: JSON of the answer's `place`, percent-encoded. */
export const SEARCH_PLACE_HEADER = 'search-place'
/** The keyword as read when a typing slip was forgiven, percent-encoded. */
export const SEARCH_READ_HEADER = 'search-read-as'

/** A store search's REST answer: the spec's bare array, so the hint and the words left out travel in headers. */
export function storeSearchAnswer(reply: FastifyReply, found: StoreSearchResult): Store[] {
  if (found.hint) reply.header(SEARCH_HINT_HEADER, found.hint.replace(/[^\x20-\x7e]+/g, encodeURIComponent))
  if (found.ignored?.length) reply.header(SEARCH_IGNORED_HEADER, found.ignored.map(encodeURIComponent).join(' '))
  if (found.place) reply.header(SEARCH_PLACE_HEADER, encodeURIComponent(JSON.stringify(found.place)))
  if (found.readAs) reply.header(SEARCH_READ_HEADER, encodeURIComponent(found.readAs))
  return found.stores
}

export function registerStoreRoutes(app: FastifyInstance, { registry, service }: { registry: RouteRegistry; service: DoorService }): void {
  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.storeSearch,
    operationId: 'searchStores',
    summary: 'Search stores by keyword or coordinates',
    description:
      'Find Daiso (다이소) stores by keyword (address, neighbourhood, station or store name, typed as people do: "강남역 다이소", "홍대입구역 근처", "부산 해운대") or by GPS coordinates (nearest first, each store with distanceKm). Matched against the chain\'s store list held in memory: store name, station form (…역 ↔ …점), address parts (province, city, district, neighbourhood, road, building) and their romanisations (Itaewon); the chain\'s name, filler and question words (근처, 어디 있어, 몇시까지) are ignored, and exact store-name matches come first. A station or landmark no store is named after (경복궁, 선릉역, Gwangalli Beach) answers the stores nearest it, and `near` (a place in words) stands for curLttd and curLitd; the place understood travels in the Search-Place header (percent-encoded JSON: name, nameEn, kind, latitude, longitude, others). A word no store has is left out and named in the Search-Ignored header (percent-encoded); an empty answer carries a Search-Hint header saying what to try instead. `facility` keeps stores that list it (parking, taxFree …). A full page means more results may exist on the next currentPage.',
    tags: ['Stores'],
    query: REST_INPUTS.searchStores.schema,
    responses: {
      200: { description: 'Stores, at most pageSize.', schema: StoreListSchema },
      ...errorResponses(400, 502),
    },
    handler: async (request, reply) => {
      const found = await service.searchStores(REST_INPUTS.searchStores.parse(rawInput(request), 'text'), { signal: abortSignalOf(reply) })
      return storeSearchAnswer(reply, found)
    },
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.store,
    operationId: 'getStore',
    summary: 'Get one store by code',
    description: 'One store by its code. Store metadata changes rarely; cache it.',
    tags: ['Stores'],
    params: REST_INPUTS.getStore.pathSchema,
    responses: {
      200: { description: 'The store.', schema: StoreSchema },
      ...errorResponses(404, 502),
    },
    handler: async (request, reply) => {
      const code = storeCodeInPath(request)
      if (code === null) throw storeNotFound(String((request.params as { code?: unknown }).code ?? ''))
      return service.getStore(code, { signal: abortSignalOf(reply) })
    },
  })
}
