import { createSimulatorData, type SimulatorData } from '../../simulator/data.js'

/**
 * Query material drawn from the simulator's deterministic data set, so that every run (and every
 * machine) benchmarks the same keywords, stores and products.
 */
export class Workload {
  readonly data: SimulatorData = createSimulatorData()
  readonly #keywords: Array<{ keyword: string; matches: number }>

  constructor() {
    // Single words of product names, by how many catalogue entries they match.
    const counts = new Map<string, number>()
    for (const product of this.data.products) {
      for (const word of product.decodedName.split(/\s+/)) {
        if (word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
      }
    }
    this.#keywords = [...counts.keys()]
      .map((keyword) => ({ keyword, matches: this.data.searchProducts(keyword).length }))
      .sort((a, b) => b.matches - a.matches || (a.keyword < b.keyword ? -1 : 1))
  }

  /** Share of a keyword's matches (the first `limit`) in stock at a store. */
  inStockShare(storeCode: string, keyword: string, limit = Number.POSITIVE_INFINITY): number {
    const hits = this.data.searchProducts(keyword).slice(0, limit)
    if (hits.length === 0) return 0
    return hits.filter((p) => this.data.stockOf(storeCode, p.pdNo) > 0).length / hits.length
  }

  /**
   * Scenario 1's keyword: at least two catalogue pages of 50 matches, with the share of matches in
   * stock at the store closest to 30 % (the simulator's overall rate), both on the first page of 50
   * and over all matches.
   */
  coldKeyword(storeCode: string): { keyword: string; matches: number; share: number; firstPageInStock: number } {
    let best: { keyword: string; matches: number; share: number; firstPageInStock: number; distance: number } | null = null
    for (const { keyword, matches } of this.#keywords) {
      if (matches < 100) continue
      const share = this.inStockShare(storeCode, keyword)
      const firstPage = this.inStockShare(storeCode, keyword, 50)
      const distance = Math.abs(share - 0.3) + Math.abs(firstPage - 0.3)
      if (best === null || distance < best.distance) {
        best = { keyword, matches, share, firstPageInStock: Math.round(firstPage * 50), distance }
      }
    }
    if (best === null) throw new Error('no keyword in the simulator data matches 100 products')
    const { distance: _distance, ...pick } = best
    return pick
  }

  /** Keywords with at least `minMatches` matches, most matches first, skipping `exclude`. */
  keywords(count: number, minMatches = 40, exclude: readonly string[] = []): string[] {
    const picked = this.#keywords.filter((k) => k.matches >= minMatches && !exclude.includes(k.keyword)).map((k) => k.keyword)
    if (picked.length < count) throw new Error(`only ${picked.length} keywords match ${minMatches}+ products; ${count} wanted`)
    return picked.slice(0, count)
  }

  /** `count` store codes spread over the data set (deterministic), never `exclude`. */
  stores(count: number, exclude: readonly string[] = []): string[] {
    const all = this.data.stores.map((s) => s.code).filter((code) => !exclude.includes(code))
    const step = Math.max(1, Math.floor(all.length / count))
    const picked: string[] = []
    for (let i = 0; i < all.length && picked.length < count; i += step) {
      const code = all[i]
      if (code !== undefined) picked.push(code)
    }
    return picked
  }

  /** Product ids from a keyword's first catalogue page, in stock or not. */
  productIds(keyword: string, count: number): string[] {
    return this.data
      .searchProducts(keyword)
      .slice(0, count)
      .map((p) => p.pdNo)
  }

  /** District names (second word of store addresses, e.g. 강남구) that match several stores. */
  storeKeywords(count: number): string[] {
    const counts = new Map<string, number>()
    for (const store of this.data.stores) {
      const district = store.address.split(/\s+/)[1]
      if (district !== undefined && district.length >= 2) counts.set(district, (counts.get(district) ?? 0) + 1)
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, count)
      .map(([district]) => district)
  }

  store(code: string): { lat: number; lng: number } {
    const store = this.data.storeByCode(code)
    if (!store) throw new Error(`no store ${code} in the simulator data`)
    return { lat: store.lat, lng: store.lng }
  }
}
