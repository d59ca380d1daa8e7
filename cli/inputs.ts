import { bind } from '../src/inputs.js'
import * as operations from '../src/operations.js'
import type { Vocabulary } from '../src/vocabulary.js'

/** The command line's names for the domain's concepts: its arguments (as `--help` names them) and commands. */
export const CLI_VOCABULARY: Vocabulary = {
  keyword: 'keyword',
  latitude: 'lat',
  longitude: 'lng',
  coordinates: 'a point as "lat,lng"',
  near: 'near',
  page: 'page',
  pageSize: 'pageSize',
  storeCode: 'code',
  productId: 'productId',
  searchStores: '`store-finder stores <keyword>`',
  searchStoresNearby: '`store-finder near <lat> <lng>`',
  getStore: '`store-finder store <code>`',
  searchStoreProducts: '`store-finder products <code> <keyword>`',
  getProductAvailability: '`store-finder availability <productId> <code>`',
  searchCatalogue: "the server's GET /api/catalogue or the MCP tool search_catalogue",
  findProductNearby: '`store-finder where <keyword> --near <place>`',
  upstreamHealth: "whether the chain's service is reachable from here",
  offlineOption: "add --simulated (or set UPSTREAM_BASE_URL=simulated) to use the built-in simulator of the chain's service",
}

/** Each command's arguments, parsed by the operation's own schema. */
export const CLI_INPUTS = {
  searchStores: bind(operations.storeSearch, CLI_VOCABULARY),
  getStore: bind(operations.getStore, CLI_VOCABULARY),
  searchStoreProducts: bind(operations.searchStoreProducts, CLI_VOCABULARY),
  getProductAvailability: bind(operations.getProductAvailability, CLI_VOCABULARY),
  findProductNearby: bind(operations.findProductNearby, CLI_VOCABULARY),
}
