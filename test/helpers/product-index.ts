import { createSimulatorData, type SimulatorData } from '../../simulator/data.js'
import type { IndexedProduct, ProductIndex, ProductIndexMode, ProductIndexStatus } from '../../src/products/port.js'
import { imageUrl } from '../../src/upstream/schemas.js'

/** The simulator's catalogue as the product index holds it (what a listing crawl of it would build). */
export function simulatorCatalogue(data: SimulatorData = createSimulatorData()): IndexedProduct[] {
  return data.products.map((product) => ({
    productId: product.pdNo,
    name: product.decodedName,
    price: product.price,
    image: imageUrl(product.imagePath),
    category: product.categoryCode,
    brand: product.brand,
  }))
}

/**
 * An in-memory ProductIndex for tests: the list it is given, usable or not, learning what it is told.
 * `products()` hands out a new array when the list changes, as the port asks (the matcher is built once per list).
 */
export class MemoryProductIndex implements ProductIndex {
  #list: readonly IndexedProduct[]
  #byId: Map<string, IndexedProduct>
  #usable: boolean
  readonly #mode: ProductIndexMode
  learned: IndexedProduct[] = []

  constructor(products: readonly IndexedProduct[], options: { usable?: boolean; mode?: ProductIndexMode } = {}) {
    this.#list = [...products]
    this.#byId = new Map(products.map((p) => [p.productId, p]))
    this.#usable = options.usable ?? true
    this.#mode = options.mode ?? 'listing'
  }

  usable(): boolean {
    return this.#usable
  }

  setUsable(usable: boolean): void {
    this.#usable = usable
  }

  products(): readonly IndexedProduct[] {
    return this.#list
  }

  byId(productId: string): IndexedProduct | undefined {
    return this.#byId.get(productId)
  }

  learn(products: readonly IndexedProduct[]): void {
    const fresh = products.filter((p) => !this.#byId.has(p.productId))
    if (fresh.length === 0) return
    this.learned.push(...fresh)
    for (const p of fresh) this.#byId.set(p.productId, p)
    this.#list = [...this.#list, ...fresh]
  }

  status(): ProductIndexStatus {
    return {
      size: this.#list.length,
      mode: this.#mode,
      source: 'crawl',
      builtAt: 0,
      lastRefreshAt: null,
      lastRefreshError: null,
    }
  }
}
