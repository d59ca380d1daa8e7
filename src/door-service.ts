import type { StoreService } from './service.js'
import { withHintIn, type Vocabulary } from './vocabulary.js'

/** The service's operations, as a door (a route, a command) calls them. */
export type DoorService = Pick<
  StoreService,
  'searchStores' | 'getStore' | 'searchStoreProducts' | 'getProductAvailability' | 'searchCatalogue' | 'findProductNearby'
>

/**
 * The service as one door sees it: each answer's `hint`, written in the domain's terms, comes back in
 * the door's words. A door wraps its service once, at its edge (REST and the sandbox in http/, the CLI
 * in cli/context.ts), so no route or command puts a hint in its words by hand. The MCP door does the
 * same in one place, tools/call.ts, on each tool's answer.
 */
export function inDoorWords(service: DoorService, vocabulary: Vocabulary): DoorService {
  return {
    searchStores: async (input, options) => withHintIn(await service.searchStores(input, options), vocabulary),
    getStore: (storeCode, options) => service.getStore(storeCode, options),
    searchStoreProducts: async (input, options) => withHintIn(await service.searchStoreProducts(input, options), vocabulary),
    // An availability answer carries no hint: a missing product is a not_found error, spoken by the door's error handler.
    getProductAvailability: (input, options) => service.getProductAvailability(input, options),
    searchCatalogue: async (input, options) => withHintIn(await service.searchCatalogue(input, options), vocabulary),
    findProductNearby: async (input, options) => withHintIn(await service.findProductNearby(input, options), vocabulary),
  }
}
