import type {
  CatalogueQuery,
  CatalogueRows,
  Placement,
  StockAnswer,
  StockPair,
  StoreQuery,
  Upstream,
  UpstreamStore,
} from '../upstream/port.js'
import type { StoreIndex } from './port.js'

/**
 * The upstream as the service's product operations see it with a store index (its port): once the index
 * can answer, nearest-store searches (no keyword) and store look-ups by code come from it, with no upstream
 * call, so the scan and the nearby and availability searches take their stores from it without knowing.
 * Until then, and for everything else, the call goes to the upstream. Made by the service from its ports
 * (src/service.ts), never discovered.
 */
export function storesFrom(index: StoreIndex, upstream: Upstream): Upstream {
  return {
    async searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
      const nearest = !query.keyword && query.latitude !== undefined && query.longitude !== undefined
      if (nearest && index.ready) {
        return index.search({ latitude: query.latitude, longitude: query.longitude, page: query.page, pageSize: query.pageSize }).rows
      }
      return upstream.searchStores(query, signal)
    },
    async findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
      if (!index.ready) return upstream.findStore(code, signal)
      const known = index.byCode(code)
      if (known) return { ...known, distanceKm: null }
      // Not in the index: perhaps a store that opened since it was built. The upstream answers this one; when
      // it knows the store, the index learns it (the directory also crawls again in the background).
      const found = await upstream.findStore(code, signal)
      if (found) index.noteUnknownStore(found)
      return found
    },
    searchCatalogue: (query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows> => upstream.searchCatalogue(query, signal),
    getStock: (pairs: StockPair[], signal?: AbortSignal): Promise<StockAnswer> => upstream.getStock(pairs, signal),
    getPlacement: (productId: string, storeCode: string, signal?: AbortSignal): Promise<Placement | null> =>
      upstream.getPlacement(productId, storeCode, signal),
    warmUp: () => upstream.warmUp(),
  }
}
