import { getProductAvailability } from './get-product-availability.js'
import { findProductNearby } from './find-product-nearby.js'
import { getStore } from './get-store.js'
import { searchNearbyStores } from './search-nearby-stores.js'
import { searchCatalogue } from './search-catalogue.js'
import { searchProducts } from './search-products.js'
import { searchStores } from './search-stores.js'
import type { ToolDefinition } from './definition.js'

export type { Annotations, ToolContext, ToolDefinition } from './definition.js'

/** The tools, in the recommended calling order (tools/list keeps this order). Adding a tool: its file, then one line here. */
export const toolDefinitions: ToolDefinition[] = [
  searchStores,
  searchNearbyStores,
  getStore,
  searchProducts,
  getProductAvailability,
  searchCatalogue,
  findProductNearby,
]
