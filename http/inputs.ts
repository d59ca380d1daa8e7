import { z } from 'zod'
import { bind, type Misnames } from '../src/inputs.js'
import * as operations from '../src/operations.js'
import type { StoreCode } from '../src/schemas.js'
import type { Vocabulary } from '../src/vocabulary.js'
import { REST_PATHS, SANDBOX_PATHS } from './contract.js'

/** The REST API's names for the domain's concepts: the spec's query parameters and paths. */
export const REST_VOCABULARY: Vocabulary = {
  keyword: 'keyword',
  latitude: 'curLttd',
  longitude: 'curLitd',
  coordinates: 'curLttd and curLitd',
  near: 'near',
  page: 'currentPage',
  pageSize: 'pageSize',
  storeCode: 'branchCode',
  productId: 'id',
  searchStores: `GET ${REST_PATHS.storeSearch}`,
  searchStoresNearby: `GET ${REST_PATHS.storeSearch} with curLttd and curLitd`,
  getStore: `GET ${REST_PATHS.store}`,
  searchStoreProducts: `GET ${REST_PATHS.products}`,
  getProductAvailability: `GET ${REST_PATHS.product}`,
  searchCatalogue: `GET ${REST_PATHS.catalogue}`,
  findProductNearby: `GET ${REST_PATHS.productNearby}`,
  upstreamHealth: REST_PATHS.upstreamHealth,
  offlineOption: `restart the server with UPSTREAM_BASE_URL=simulated (its built-in simulator of the chain's service), or call the fixture sandbox under ${SANDBOX_PATHS.root}`,
}

/** The sandbox's own paths, so its hints send callers to sandbox operations. */
export const SANDBOX_VOCABULARY: Vocabulary = {
  ...REST_VOCABULARY,
  searchStores: `GET ${SANDBOX_PATHS.storeSearch}`,
  searchStoresNearby: `GET ${SANDBOX_PATHS.storeSearch} with curLttd and curLitd`,
  getStore: `GET ${SANDBOX_PATHS.store}`,
  searchStoreProducts: `GET ${SANDBOX_PATHS.products}`,
}

/** `stream=1`: the REST door's own parameter, for clients that cannot set Accept. */
const stream = z
  .literal('1')
  .optional()
  .describe('Only allowed value 1: stream NDJSON progress events, as Accept: application/x-ndjson does.')
const STREAM_HINT = { stream: 'Send stream=1 to stream, or leave it out.' }

/**
 * The MCP tools' names for the query's parameters: sent here in place of them, they are named (src/inputs.ts). Not
 * productId: the product's id is in the path, so a query's productId never stands in for it.
 */
const MCP_NAMES: Misnames = { latitude: ['latitude'], longitude: ['longitude'] }

function restInputs(vocabulary: Vocabulary) {
  // branchCd is the legacy name of branchCode, accepted wherever a store code is.
  const legacy = { branchCd: 'storeCode' } as const
  const misnames = MCP_NAMES
  return {
    searchStores: bind(operations.storeSearch, vocabulary, { misnames }),
    getStore: bind(operations.getStore, vocabulary, { names: { storeCode: 'code' }, path: ['storeCode'], misnames }),
    searchStoreProducts: bind(operations.searchStoreProducts, vocabulary, {
      aliases: legacy,
      extra: { stream },
      doorHints: STREAM_HINT,
      misnames,
    }),
    getProductAvailability: bind(operations.getProductAvailability, vocabulary, { path: ['productId'], aliases: legacy, misnames }),
    searchCatalogue: bind(operations.searchCatalogue, vocabulary, { misnames }),
    findProductNearby: bind(operations.findProductNearby, vocabulary, { aliases: legacy, misnames }),
  }
}

export const REST_INPUTS = restInputs(REST_VOCABULARY)
export const SANDBOX_INPUTS = restInputs(SANDBOX_VOCABULARY)

/** The request's query string and path parameters, as one raw input. */
export function rawInput(request: { query: unknown; params: unknown }): Record<string, unknown> {
  return { ...(request.query as Record<string, unknown> | undefined), ...(request.params as Record<string, unknown> | undefined) }
}

/**
 * The store code of a store path, or null when it cannot be one: a store lookup answers "no such
 * store" (404) for it, as the spec has no 400 for getStore.
 */
export function storeCodeInPath(request: { params: unknown }): StoreCode | null {
  try {
    return REST_INPUTS.getStore.parse(request.params, 'text').storeCode
  } catch {
    return null
  }
}
