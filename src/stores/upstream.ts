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
import type { StoreDirectory } from './directory.js'

/**
 * The upstream port with the store directory in front: once the directory is built, nearest-store
 * searches (no keyword) and store look-ups by code are answered from it, with no upstream call; so the
 * nearby and availability searches take their stores from it without knowing. Until then, and for
 * everything else, the call goes to the upstream as before.
 */
export class DirectoryUpstream implements Upstream {
  constructor(
    private readonly inner: Upstream,
    readonly directory: StoreDirectory,
  ) {}

  async searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
    const nearest = !query.keyword && query.latitude !== undefined && query.longitude !== undefined
    if (nearest && this.directory.ready) {
      return this.directory.search({ latitude: query.latitude, longitude: query.longitude, page: query.page, pageSize: query.pageSize })
        .rows
    }
    return this.inner.searchStores(query, signal)
  }

  async findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
    if (!this.directory.ready) return this.inner.findStore(code, signal)
    const known = this.directory.byCode(code)
    if (known) return { ...known, distanceKm: null }
    // Not in the list: perhaps a store that opened since the crawl. The upstream answers this one; when it
    // knows the store, the directory learns it and crawls again in the background.
    const found = await this.inner.findStore(code, signal)
    if (found) this.directory.noteUnknownStore(found)
    return found
  }

  searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows> {
    return this.inner.searchCatalogue(query, signal)
  }

  getStock(pairs: StockPair[], signal?: AbortSignal): Promise<StockAnswer> {
    return this.inner.getStock(pairs, signal)
  }

  getPlacement(productId: string, storeCode: string, signal?: AbortSignal): Promise<Placement | null> {
    return this.inner.getPlacement(productId, storeCode, signal)
  }

  warmUp(): void {
    this.inner.warmUp()
  }
}

/** The directory behind an upstream, when the runtime put one in front of it. */
export function directoryBehind(upstream: Upstream): StoreDirectory | undefined {
  return upstream instanceof DirectoryUpstream ? upstream.directory : undefined
}
