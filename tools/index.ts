import { getProductAvailability } from './tools/get-product-availability.js'
import { findProductNearby } from './tools/find-product-nearby.js'
import { getStore } from './tools/get-store.js'
import { searchNearbyStores } from './tools/search-nearby-stores.js'
import { searchCatalogue } from './tools/search-catalogue.js'
import { searchProducts } from './tools/search-products.js'
import { searchStores } from './tools/search-stores.js'
import type { ToolDefinition } from './definition.js'

export type { Annotations, ToolContext, ToolDefinition } from './definition.js'

/** The tools, in the recommended calling order (tools/list keeps this order). Adding a tool: its file in tools/tools/, then one line here. */
export const toolDefinitions: ToolDefinition[] = [
  searchStores,
  searchNearbyStores,
  getStore,
  searchProducts,
  getProductAvailability,
  searchCatalogue,
  findProductNearby,
]
