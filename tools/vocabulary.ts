import type { Misnames } from '../src/inputs.js'
import type { Term, Vocabulary } from '../src/vocabulary.js'

/**
 * Each MCP tool's name, written here only: the tool definitions (tools/tools/*.ts), the vocabulary
 * below, the instructions and prompts, and the HTTP door's documents read it from this table.
 */
export const TOOL_NAMES = {
  searchStores: 'search_stores',
  searchStoresNearby: 'search_nearby_stores',
  getStore: 'get_store',
  searchStoreProducts: 'search_products',
  getProductAvailability: 'get_product_availability',
  searchCatalogue: 'search_catalogue',
  findProductNearby: 'find_product_nearby',
} as const satisfies Partial<Record<Term, string>>

/** The MCP door's names for the domain's concepts: its argument and tool names. */
export const MCP_VOCABULARY: Vocabulary = {
  keyword: 'keyword',
  latitude: 'latitude',
  longitude: 'longitude',
  coordinates: 'latitude and longitude',
  near: 'near',
  page: 'currentPage',
  pageSize: 'pageSize',
  storeCode: 'branchCode',
  productId: 'productId',
  ...TOOL_NAMES,
  upstreamHealth: "the server's GET /api/health/upstream",
  offlineOption: "restart the server with UPSTREAM_BASE_URL=simulated (its built-in simulator of the chain's service)",
}

/** What agents send instead of the tools' names: the REST API's, our answers' `code`, other APIs' habits. */
export const MCP_MISNAMES: Misnames = {
  storeCode: ['storeCode', 'store_code', 'branch_code', 'code', 'branchCd', 'storeId', 'store_id', 'store', 'branch'],
  latitude: ['lat', 'curLttd'],
  longitude: ['lng', 'lon', 'long', 'curLitd'],
  keyword: ['keywords', 'query', 'q', 'search', 'product', 'productName', 'item'],
  productId: ['id', 'product_id', 'productCode'],
  page: ['page'],
  pageSize: ['size', 'perPage', 'per_page', 'limit'],
}

/** Over stdio there is no HTTP path to point at; the server's warnings go to the host's log instead. */
export const STDIO_VOCABULARY: Vocabulary = {
  ...MCP_VOCABULARY,
  upstreamHealth:
    "the warnings this server writes to stderr (the host's MCP log for store-finder), which say whether the chain's service is down or unreachable",
  offlineOption:
    'add "env": {"UPSTREAM_BASE_URL": "simulated"} to store-finder\'s entry in the host\'s MCP configuration and restart it (the built-in simulator of the chain\'s service)',
}
