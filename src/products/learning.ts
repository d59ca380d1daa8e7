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
import { indexedOf } from './products.js'
import type { ProductIndex } from './port.js'

/**
 * The upstream port with the product index listening: every catalogue answer the service sees (a search,
 * a scan's page, a product-number look-up) is handed to `learn`, so a product the index lacked (new since
 * the listing, or any product while the upstream does not list) is held from then on. Everything else
 * passes through unchanged.
 */
export class LearningUpstream implements Upstream {
  constructor(
    private readonly inner: Upstream,
    readonly index: ProductIndex,
  ) {}

  async searchCatalogue(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueRows> {
    const rows = await this.inner.searchCatalogue(query, signal)
    if (rows.items.length > 0) this.index.learn(rows.items.map(indexedOf))
    return rows
  }

  searchStores(query: StoreQuery, signal?: AbortSignal): Promise<UpstreamStore[]> {
    return this.inner.searchStores(query, signal)
  }

  findStore(code: string, signal?: AbortSignal): Promise<UpstreamStore | null> {
    return this.inner.findStore(code, signal)
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
