import { setMaxListeners } from 'node:events'
import { inheritClient } from './client-context.js'
import { ServiceError, missingParameter, storeNotFound, toServiceError, unknownStoreForProducts, type OperationFamily } from './errors.js'
import { productKeyword } from './keywords.js'
import { emptyKeywordHint, findNearby, passes } from './nearby.js'
import type { AvailabilityInput, CatalogueSearchInput, ProductNearbyInput, StoreProductsInput, StoreSearchInput } from './operations.js'
import {
  LIMITS,
  type CataloguePage,
  type ProductNearby,
  type NearbyStoreStock,
  type ProductAvailability,
  type ProductSearchResult,
  type ScanProgress,
  type Store,
  type StoreCode,
  type StoreSearchResult,
} from './schemas.js'
import { floorLabel, isOpenNow, toPublicStore } from './stores/facts.js'
import { CATALOGUE_PAGE_SIZE, scanInStock, type ScanKeyword, type ScanLimits } from './scan.js'
import { answerFromIndex, namesNoPlace, throwNamesNoPlace } from './stores/answer.js'
import { storesFrom } from './stores/upstream.js'
import type { StoreIndex } from './stores/port.js'
import { nearOf, nearbyWithPlace, searchWithPlaces } from './places/understand.js'

export type { ScanLimits }
import { findStoresByKeyword } from './stores/upstream-search.js'
import { readStoreKeyword } from './stores/keyword.js'
import { stockKey, type StockAnswer, type Upstream, type UpstreamStore } from './upstream/port.js'
import { UpstreamError } from './upstream/errors.js'
import type { ProductIndex } from './products/port.js'
import { describeReading, findCandidates, keywordFacts, shoppingList, type KeywordCandidates } from './products/candidates.js'

/**
 * The service's ports: each index it keeps is handed to it here (one room per index: src/stores/,
 * src/products/). An absent or not-yet-usable index means the upstream answers instead.
 */
export interface ServicePorts {
  /** The catalogue as the service holds it (src/products/port.ts). */
  products?: ProductIndex | undefined
  /** The chain's stores as the service holds them (src/stores/port.ts): the store directory. */
  stores?: StoreIndex | undefined
}

export interface CallOptions {
  signal?: AbortSignal | undefined
}

export interface ScanOptions extends CallOptions {
  onProgress?: ((progress: ScanProgress) => void) | undefined
}

/**
 * The domain: find stores, get one, scan the catalogue for products in stock at a store, and one
 * product's availability here and nearby. Doors parse their input with the operations' own schemas
 * (src/operations.ts), so a store code arrives branded and checked; the rules here are the ones
 * about meaning (a keyword that names no place, a store and a point at once). Every failure leaves
 * as a public ServiceError whose text names concepts as `{term}` (src/vocabulary.ts), which the door
 * puts in its own words.
 */
export { CATALOGUE_PAGE_SIZE }

/** Catalogue rows asked for when a product number is looked up by itself. */
const PRODUCT_LOOKUP_PAGE = 10

export class StoreService {
  #activeScans = 0

  /** The upstream the operations call; with a store index, store look-ups come from it (src/stores/upstream.ts). */
  private readonly upstream: Upstream

  constructor(
    upstream: Upstream,
    private readonly limits: ScanLimits,
    /** The indexes the service answers from before it asks the upstream, each a port of its room. */
    private readonly ports: ServicePorts = {},
    /** The clock `openNow` is read from; tests pin it. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.upstream = ports.stores ? storesFrom(ports.stores, upstream) : upstream
  }

  get activeScans(): number {
    return this.#activeScans
  }

  /**
   * Stores by keyword (read as people type it: src/stores/keyword.ts) or around a point, nearest
   * first. An empty page for a keyword carries a hint on what to try instead.
   */
  async searchStores(input: StoreSearchInput, options: CallOptions = {}): Promise<StoreSearchResult> {
    // Places (stations, landmarks, districts) and `near` are understood around the store search (src/places/).
    return this.#guard('store', () =>
      searchWithPlaces(input, (asked) => this.#searchStores(asked, options), {
        storeNames: () => (this.ports.stores?.ready ? this.ports.stores.names() : undefined),
      }),
    )
  }

  async #searchStores(input: StoreSearchInput, options: CallOptions): Promise<StoreSearchResult> {
    {
      const byLocation = input.latitude !== undefined && input.longitude !== undefined
      if (!byLocation && !input.keyword) {
        const missing = missingParameter(
          '{keyword}',
          'Send {keyword} (an address, neighbourhood or store name such as 강남), {near} (a place such as 선릉역 or 경복궁) or {coordinates} for a nearby search.',
        )
        throw new ServiceError('missing_parameter', {
          message: missing.message,
          ko: '검색어 또는 위도·경도를 입력해 주세요.',
          hint: missing.hint,
        })
      }
      const now = this.now()
      // The store index answers with no upstream call once it is built; until then the upstream's own search.
      const index = this.ports.stores
      if (index && (await index.whenUsable())) return answerFromIndex(index, input, now) ?? throwNamesNoPlace(input.keyword)
      const at = byLocation ? { latitude: input.latitude, longitude: input.longitude } : {}
      const keyword = readStoreKeyword(input.keyword ?? '')
      if (keyword.tokens.length > 0) {
        const found = await findStoresByKeyword(
          this.upstream,
          keyword,
          { ...at, page: input.page, pageSize: input.pageSize, facility: input.facility },
          options.signal,
        )
        const stores = found.rows.filter((row) => passes(row, input, now)).map((row) => toPublicStore(row, now, byLocation))
        if (stores.length > 0 || input.page > 1) return { stores, hasMore: found.hasMore }
        return {
          stores,
          hasMore: false,
          hint: byLocation
            ? 'No store near these coordinates has every word of the keyword in its name or address. Leave the keyword out to list the nearest stores.'
            : 'No store name or address contains every word of the keyword. Try one shorter word (a district, neighbourhood, station or store name), or search around coordinates instead ({searchStoresNearby}).',
        }
      }
      if (!byLocation) throw namesNoPlace(input.keyword)
      const rows = await this.upstream.searchStores(
        { latitude: input.latitude, longitude: input.longitude, page: input.page, pageSize: input.pageSize },
        options.signal,
      )
      const facility = input.facility ?? keyword.facility
      const stores = rows
        .slice(0, input.pageSize)
        // The upstream's own search cannot filter by facility or hours: its page is filtered here (the
        // directory, once built, filters before paging).
        .filter((row) => passes(row, { openNow: input.openNow, facility }, now))
        .map((row) => toPublicStore(row, now, true))
      return { stores, hasMore: rows.length >= input.pageSize }
    }
  }

  /** The chain's catalogue for a keyword, whatever the stock: the way out when a store has none. */
  async searchCatalogue(input: CatalogueSearchInput, options: CallOptions = {}): Promise<CataloguePage> {
    return this.#guard('product', async () => {
      const signal = options.signal ?? new AbortController().signal
      const keywords = await this.#keywords(input.keyword, signal)
      const size = LIMITS.catalogueResultsPerPage
      const pages = await Promise.all(keywords.map((k) => k.page(input.page, size, signal)))
      const seen = new Set<string>()
      const products = pages
        .flatMap((page) => page.items)
        .filter((item) => !seen.has(item.productId) && seen.add(item.productId))
        .map(({ productId, name, price, image }) => ({ id: productId, name, price, image }))
      const totals = pages.map((page) => page.total)
      const hasMore = pages.some((page) => page.items.length >= size && (page.total === null || input.page * size < page.total))
      const answer: CataloguePage = {
        products,
        total: totals.some((t) => t === null) ? null : totals.reduce<number>((sum, t) => sum + (t ?? 0), 0),
        hasMore,
        // A cursor only where a page follows: `"hasMore":false,"nextPage":2` invited a call that finds nothing.
        ...(hasMore ? { nextPage: input.page + 1 } : {}),
      }
      const hints = keywords.map((k, i) => ((pages[i]?.items.length ?? 0) === 0 && input.page === 1 ? emptyKeywordHint(k) : undefined))
      const several = keywords.length > 1
      const notes = keywords.flatMap((k, i) => {
        const note = describeReading(k)
        const hint = hints[i]
        return [...(note ? [several ? `${k.keyword}: ${note}` : note] : []), ...(several && hint ? [`${k.keyword}: ${hint}`] : [])]
      })
      if (notes.length > 0) answer.note = notes.join(' ')
      // An empty first page is a count the catalogue gave without saying it.
      if (products.length === 0 && input.page === 1) {
        answer.total = 0
        answer.hint = several ? 'Nothing in the catalogue matches any of these keywords; see `note`.' : hints[0]
      }
      return answer
    })
  }

  /**
   * Which of the stores nearest a store or a point have the best catalogue matches of a keyword in
   * stock, nearest first, with floor and zone for the nearest few.
   */
  async findProductNearby(asked: ProductNearbyInput, options: ScanOptions = {}): Promise<ProductNearby> {
    return this.#guard('product', () =>
      this.#withScanSlot(() =>
        this.#withDeadline(options.signal, async (signal) => {
          const keywords = shoppingList(asked.keyword, (item) => this.#productKeyword(item))
          // A place in words (`near`: 경복궁, 선릉역) is the point searched around (src/places/).
          const near = await nearOf(asked)
          const input = near ? { ...asked, latitude: near.place.latitude, longitude: near.place.longitude } : asked
          const byPoint = input.latitude !== undefined && input.longitude !== undefined
          if (byPoint === (input.storeCode !== undefined)) {
            throw new ServiceError(byPoint ? 'invalid_parameter' : 'missing_parameter', {
              message: byPoint
                ? "Invalid parameter '{storeCode}': is given together with coordinates; send one of them."
                : "Missing required parameter '{storeCode}': give a store code or coordinates to search around.",
              ko: '매장 코드 또는 위도·경도 중 하나를 입력해 주세요.',
              hint: 'Send {storeCode} (a store code from {searchStores}), or {coordinates}.',
            })
          }
          // The catalogue first (none with a usable product index): its reply is the round's longest, and it
          // does not depend on where. The pre-auth handshake and the store lookup run beside it.
          const started = keywords.map((k) => findCandidates(this.upstream, this.ports.products, k, signal, CATALOGUE_PAGE_SIZE))
          const found = Promise.all(
            keywords.map(async (k, i) => {
              const candidates = await (started[i] as Promise<KeywordCandidates>)
              return { ...keywordFacts(candidates), keyword: k, rows: await candidates.page(1, CATALOGUE_PAGE_SIZE, signal) }
            }),
          )
          found.catch(() => {})
          this.upstream.warmUp()
          const here = input.storeCode !== undefined ? await this.#requireStore(input.storeCode, signal) : undefined
          const origin = here ? { lat: here.lat, lng: here.lng } : { lat: input.latitude as number, lng: input.longitude as number }
          const only = { openNow: input.openNow, facility: input.facility }
          const answer = await findNearby(
            this.upstream,
            { keywords: found, origin, here, now: this.now(), only },
            signal,
            options.onProgress,
          )
          return nearbyWithPlace(answer, near)
        }),
      ),
    )
  }

  async getStore(storeCode: StoreCode, options: CallOptions = {}): Promise<Store> {
    return this.#guard('store', async () => {
      const store = await this.upstream.findStore(storeCode, options.signal)
      if (!store) throw storeNotFound(storeCode)
      return toPublicStore(store, this.now(), false)
    })
  }

  async searchStoreProducts(input: StoreProductsInput, options: ScanOptions = {}): Promise<ProductSearchResult> {
    return this.#guard('product', () =>
      this.#withScanSlot(() =>
        this.#withDeadline(options.signal, async (signal) => {
          const found = await this.#keywords(input.keyword, signal)
          const keywords: ScanKeyword[] = found.map((k) => ({ ...keywordFacts(k), page: k.page, ignored: k.reading?.ignored }))
          // The pre-auth handshake and the store check run beside the first catalogue page, started after it.
          const checkStore = () => {
            this.upstream.warmUp()
            return this.#requireStore(input.storeCode, signal)
          }
          const request = { storeCode: input.storeCode, keywords, page: input.page, checkStore }
          return scanInStock(this.upstream, this.limits, request, signal, options.onProgress ?? (() => {}))
        }),
      ),
    )
  }

  async getProductAvailability(input: AvailabilityInput, options: CallOptions = {}): Promise<ProductAvailability> {
    return this.#guard('product', () => this.#withDeadline(options.signal, (signal) => this.#availability(input, signal)))
  }

  async #availability(input: AvailabilityInput, signal: AbortSignal): Promise<ProductAvailability> {
    const { productId, storeCode } = input
    this.upstream.warmUp()
    // Placement does not depend on the store record, so it starts at once. A failed placement
    // lookup is "placement unknown", which the spec spells null.
    const placement = this.upstream.getPlacement(productId, storeCode, signal).catch((error: unknown) => {
      if (signal.aborted) throw error
      return null
    })
    placement.catch(() => {})
    // The product's name and price: its number searched in the catalogue, beside the rest. A failed
    // lookup leaves them unknown (null); the stock answer does not depend on them.
    const productOf = this.upstream.searchCatalogue({ text: productId, page: 1, pageSize: PRODUCT_LOOKUP_PAGE }, signal).then(
      (rows) => rows.items.find((row) => row.productId === productId) ?? null,
      (error: unknown) => {
        if (signal.aborted) throw error
        return null
      },
    )
    productOf.catch(() => {})
    const store = await this.#requireStore(storeCode, signal)
    const nearbyRows = await this.upstream.searchStores(
      { latitude: store.lat, longitude: store.lng, page: 1, pageSize: LIMITS.nearbyStoresScanned + 1 },
      signal,
    )
    const nearby = nearbyRows.filter((row) => row.code !== storeCode).slice(0, LIMITS.nearbyStoresScanned)
    const stock = await this.upstream.getStock(
      [storeCode, ...nearby.map((row) => row.code)].map((code) => ({ productId, storeCode: code })),
      signal,
    )
    const here = stock.get(stockKey(productId, storeCode))
    if (here === null || here === undefined) {
      await this.#explainUnknownStock(productId, storeCode, stock, signal)
    }
    const now = this.now()
    const otherBranches: NearbyStoreStock[] = nearby
      .flatMap((row) => {
        const quantity = stock.get(stockKey(productId, row.code))
        if (quantity === null || quantity === undefined || quantity < 1) return []
        const openNow = isOpenNow(row.openTime, row.closeTime, now, row.holidayDate)
        return [{ code: row.code, name: row.name, address: row.address, stock: quantity, distanceKm: row.distanceKm, openNow }]
      })
      .sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity))
      .slice(0, LIMITS.nearbyStoresReturned)
    const [place, item] = await Promise.all([placement, productOf])
    return {
      stock: here ?? 0,
      stairNo: place?.floor ?? null,
      zoneNo: place?.zone ?? null,
      floorLabel: floorLabel(place?.floor ?? null),
      otherBranches,
      product: item ? { id: item.productId, name: item.name, price: item.price } : { id: productId, name: null, price: null },
      store: {
        code: store.code,
        name: store.name,
        openNow: isOpenNow(store.openTime, store.closeTime, now, store.holidayDate),
        openTime: store.openTime,
        closeTime: store.closeTime,
      },
      asOf: new Date(stock.readAt ?? Date.now()).toISOString(),
    }
  }

  /**
   * The upstream omits stock rows for products it does not know. When every row is missing we look
   * the number up in the catalogue to tell "no such product" (404) from "stock unknown" (an error).
   */
  async #explainUnknownStock(productId: string, storeCode: string, stock: StockAnswer, signal: AbortSignal): Promise<never> {
    const anyKnown = [...stock.values()].some((q) => q !== null)
    if (!anyKnown) {
      const found = await this.upstream.searchCatalogue({ text: productId, page: 1, pageSize: PRODUCT_LOOKUP_PAGE }, signal)
      if (!found.items.some((item) => item.productId === productId)) {
        throw new ServiceError('not_found', {
          message: `No product has the number '${productId}'.`,
          ko: `상품 번호 '${productId}'에 해당하는 상품을 찾을 수 없습니다.`,
          hint: 'Find product ids with {searchStoreProducts} or {searchCatalogue} first.',
        })
      }
    }
    throw UpstreamError.stockUnknown(`no stock row for product ${productId} at store ${storeCode}`)
  }

  async #requireStore(storeCode: string, signal: AbortSignal): Promise<UpstreamStore> {
    const store = await this.upstream.findStore(storeCode, signal)
    if (!store) throw unknownStoreForProducts(storeCode)
    return store
  }

  /** The keywords of a shopping list ("건전지, 멀티탭"), each with where its products come from; one round of calls at most. */
  async #keywords(raw: string, signal: AbortSignal): Promise<KeywordCandidates[]> {
    const keywords = shoppingList(raw, (item) => this.#productKeyword(item))
    return Promise.all(keywords.map((keyword) => findCandidates(this.upstream, this.ports.products, keyword, signal)))
  }

  #productKeyword(raw: string): string {
    const keyword = productKeyword(raw)
    if (keyword === '') {
      throw new ServiceError('invalid_parameter', {
        message: `Invalid parameter '{keyword}': '${raw}' names no product, only the chain or question words.`,
        ko: '검색어에 상품 이름을 넣어 주세요. (예: 우산, 수납함)',
        hint: 'Send the product to look for, such as 우산 or 수납함; the chain name is not needed.',
      })
    }
    return keyword
  }

  async #withScanSlot<T>(run: () => Promise<T>): Promise<T> {
    if (this.#activeScans >= this.limits.maxConcurrent) {
      throw new ServiceError('overloaded', {
        message: 'Too many product searches are running; retry shortly.',
        hint: 'Retry after 1 s; keep to a few requests per second.',
        retryAfterSeconds: 1,
      })
    }
    this.#activeScans += 1
    try {
      return await run()
    } finally {
      this.#activeScans -= 1
    }
  }

  /**
   * Runs one request under the caller's signal and a hard deadline. One controller with a cleared
   * timer rather than AbortSignal.timeout/any: on Node 20 those stay reachable until the timer fires,
   * which under load kept tens of megabytes of finished scans alive.
   */
  async #withDeadline<T>(callerSignal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    inheritClient(controller.signal, callerSignal)
    // One scan's signal is shared by every upstream call it makes (up to a page of placements at once).
    setMaxListeners(0, controller.signal)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error('deadline reached'))
    }, this.limits.deadlineMs)
    const onCallerAbort = () => controller.abort(callerSignal?.reason)
    if (callerSignal?.aborted) onCallerAbort()
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
    try {
      return await run(controller.signal)
    } catch (error) {
      // What is still running can no longer be used once one step has failed.
      controller.abort(error)
      if (timedOut && !callerSignal?.aborted) {
        throw new ServiceError('internal_error', {
          message: `The search did not finish within ${Math.round(this.limits.deadlineMs / 1000)} s because the upstream was slow.`,
          hint: 'Retry shortly; a narrower keyword scans fewer catalogue pages.',
          detail: error instanceof UpstreamError ? error.publicDetail : 'deadline reached',
          cause: error,
        })
      }
      throw error
    } finally {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    }
  }

  async #guard<T>(family: OperationFamily, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw toServiceError(error, family)
    }
  }
}
