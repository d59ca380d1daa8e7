import type { Vocabulary } from '../src/vocabulary.js'

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
  searchStores: 'search_stores',
  searchStoresNearby: 'search_nearby_stores',
  getStore: 'get_store',
  searchStoreProducts: 'search_products',
  getProductAvailability: 'get_product_availability',
  searchCatalogue: 'search_catalogue',
  findProductNearby: 'find_product_nearby',
  upstreamHealth: "the server's GET /api/health/upstream",
  offlineOption: "restart the server with UPSTREAM_BASE_URL=simulated (its built-in simulator of the chain's service)",
}

/** Over stdio there is no HTTP path to point at; the server's warnings go to the host's log instead. */
export const STDIO_VOCABULARY: Vocabulary = {
  ...MCP_VOCABULARY,
  upstreamHealth:
    "the warnings this server writes to stderr (the host's MCP log for store-finder), which say whether the chain's service is down or unreachable",
  offlineOption:
    'add "env": {"UPSTREAM_BASE_URL": "simulated"} to store-finder\'s entry in the host\'s MCP configuration and restart it (the built-in simulator of the chain\'s service)',
}
