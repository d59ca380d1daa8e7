import { stockKey, type CatalogueItem, type StockPair, type Upstream, type UpstreamStore } from '../../src/upstream/port.js'
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

/** A store record with only its code varying, as the cache tests compare answers with it. */
export const plainStore = (code: string): UpstreamStore => ({
  code,
  name: `${code}점`,
  address: '서울',
  lat: 37.5,
  lng: 127,
  openTime: '10:00',
  closeTime: '22:00',
  distanceKm: 1,
  total: 1,
})

/** Cache lifetimes long enough that nothing expires during a test. */
export const LONG_TTL = {
  storeTtlMs: 60_000,
  catalogueTtlMs: 60_000,
  placementTtlMs: 60_000,
  stockTtlMs: 60_000,
  maxEntries: 1000,
  maxBytes: 1_048_576,
}

/**
 * A counting fake upstream for cache tests: `calls` counts each method, `stockBatches` keeps every
 * stock request, answers can be held open (`hold()` returns the release) to make calls overlap, and
 * calls can fail (`setFail`, or `failOnce` for the next catalogue search). Several cache instances may
 * share one, as a fleet shares the real upstream.
 * Answers: two stores (11199, 10528); "99999" is no store; one catalogue item named after the query;
 * `units` of stock per pair except product "unknown" (null); placement floor 1 zone 2 except "nowhere".
 */
export function countingUpstream({ units = 5 }: { units?: number } = {}) {
  const calls: Record<string, number> = {}
  const stockBatches: StockPair[][] = []
  let gate: Promise<void> = Promise.resolve()
  let fail = false
  let failNext = 0
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1)
  const upstream: Upstream = {
    async searchStores() {
      count('searchStores')
      await gate
      if (fail) throw new UpstreamError('http', 'selStr', 'HTTP 500')
      return [plainStore('11199'), plainStore('10528')]
    },
    async findStore(code) {
      count('findStore')
      await gate
      if (fail) throw new UpstreamError('http', 'selStr', 'HTTP 500')
      return code === '99999' ? null : plainStore(code)
    },
    async searchCatalogue(query) {
      count('searchCatalogue')
      await gate
      if (failNext > 0) {
        failNext -= 1
        throw new UpstreamError('http', 'pdThumbSelSimple', 'HTTP 500')
      }
      if (fail) throw new UpstreamError('http', 'pdThumbSelSimple', 'HTTP 500')
      return { items: [{ productId: '1', name: query.text, price: 1000, image: null }], total: 1 }
    },
    async getStock(pairs, signal) {
      count('getStock')
      stockBatches.push(pairs)
      await gate
      signal?.throwIfAborted()
      if (fail) throw new UpstreamError('http', 'selStrPkupStck', 'HTTP 500')
      return new Map(pairs.map((p) => [stockKey(p.productId, p.storeCode), p.productId === 'unknown' ? null : units]))
    },
    async getPlacement(productId) {
      count('getPlacement')
      await gate
      return productId === 'nowhere' ? null : { floor: 1, zone: 2 }
    },
    warmUp() {},
  }
  return {
    upstream,
    calls,
    stockBatches,
    /** Stock pairs asked for so far, over all batches. */
    pairsAsked: () => stockBatches.reduce((sum, batch) => sum + batch.length, 0),
    /** Holds every answer until the returned function is called. */
    hold() {
      let release: () => void = () => {}
      gate = new Promise((resolve) => (release = resolve))
      return () => {
        gate = Promise.resolve()
        release()
      }
    },
    setFail(value: boolean) {
      fail = value
    },
    failOnce() {
      failNext = 1
    },
  }
}
