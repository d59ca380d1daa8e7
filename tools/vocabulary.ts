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

/** The REST API's names for the tools' parameters: sent here in place of them, they are named (src/inputs.ts). */
export const MCP_MISNAMES: Misnames = { latitude: ['curLttd'], longitude: ['curLitd'], storeCode: ['branchCd'], productId: ['id'] }

/** Over stdio there is no HTTP path to point at; the server's warnings go to the host's log instead. */
export const STDIO_VOCABULARY: Vocabulary = {
  ...MCP_VOCABULARY,
  upstreamHealth:
    "the warnings this server writes to stderr (the host's MCP log for store-finder), which say whether the chain's service is down or unreachable",
  offlineOption:
    'add "env": {"UPSTREAM_BASE_URL": "simulated"} to store-finder\'s entry in the host\'s MCP configuration and restart it (the built-in simulator of the chain\'s service)',
}
