import { stockKey, type CatalogueItem, type StockPair, type Upstream, type UpstreamStore } from '../../src/upstream/client.js'
import { UpstreamError } from '../../src/upstream/errors.js'

export interface FakeOptions {
  products?: number
  /** Units of product i at a store; null = the upstream omits the row. */
  stock?: (productIndex: number, storeCode: string) => number | null
  placement?: (productIndex: number, storeCode: string) => { floor: number; zone: number } | null
  stores?: UpstreamStore[]
  latencyMs?: number
}

export const fakeStore = (code: string, distanceKm: number, lat = 37.5, lng = 127): UpstreamStore => ({
  code,
  name: `테스트${code}점`,
  address: `서울특별시 테스트구 ${code}`,
  lat,
  lng,
  openTime: '10:00',
  closeTime: '22:00',
  distanceKm,
  total: null,
})

/** A controllable in-process upstream with call logs, for service tests. */
export function fakeUpstream(options: FakeOptions = {}) {
  const productCount = options.products ?? 120
  const items: CatalogueItem[] = Array.from({ length: productCount }, (_, i) => ({
    productId: String(1_000_000 + i),
    name: `수납함 ${i}`,
    price: 1000 + (i % 5) * 1000,
    image: i % 7 === 0 ? null : `https://cdn.daisomall.co.kr/file/PD/${i}.jpg`,
  }))
  const stores = options.stores ?? [fakeStore('11199', 0), ...Array.from({ length: 60 }, (_, i) => fakeStore(String(20000 + i), i + 1))]
  const stockOf = options.stock ?? ((i: number) => (i % 3 === 0 ? 4 : 0))
  const placementOf = options.placement ?? ((i: number) => ({ floor: (i % 3) - 1, zone: i % 40 }))
  const log: Array<{ method: string; args: unknown }> = []
  const faults = new Map<string, UpstreamError>()
  const wait = async (signal?: AbortSignal) => {
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
    signal?.throwIfAborted()
  }
  const indexOf = (productId: string) => Number(productId) - 1_000_000
  const fail = (method: string) => {
    const error = faults.get(method)
    if (error) throw error
  }
  const upstream: Upstream & { log: typeof log; faults: typeof faults; items: CatalogueItem[] } = {
    log,
    faults,
    items,
    async searchStores(query, signal) {
      log.push({ method: 'searchStores', args: query })
      await wait(signal)
      fail('searchStores')
      const start = (query.page - 1) * query.pageSize
      return stores.slice(start, start + query.pageSize)
    },
    async findStore(code, signal) {
      log.push({ method: 'findStore', args: code })
      await wait(signal)
      fail('findStore')
      return stores.find((s) => s.code === code) ?? null
    },
    async searchCatalogue(query, signal) {
      log.push({ method: 'searchCatalogue', args: query })
      await wait(signal)
      fail('searchCatalogue')
      const matches = items.filter((item) => item.name.includes(query.text) || item.productId === query.text)
      const start = (query.page - 1) * query.pageSize
      return { items: matches.slice(start, start + query.pageSize), total: matches.length }
    },
    async getStock(pairs: StockPair[], signal) {
      log.push({ method: 'getStock', args: pairs })
      await wait(signal)
      fail('getStock')
      return new Map(
        pairs.map((p) => {
          const i = indexOf(p.productId)
          return [stockKey(p.productId, p.storeCode), i >= 0 && i < productCount ? stockOf(i, p.storeCode) : null]
        }),
      )
    },
    async getPlacement(productId, storeCode, signal) {
      log.push({ method: 'getPlacement', args: { productId, storeCode } })
      await wait(signal)
      fail('getPlacement')
      return placementOf(indexOf(productId), storeCode)
    },
    warmUp() {
      log.push({ method: 'warmUp', args: null })
    },
  }
  return upstream
}
