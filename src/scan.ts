import { LIMITS, type Product, type ProductSearchResult, type ScanProgress } from './schemas.js'
import { floorLabel } from './stores/facts.js'
import { stockKey, type CatalogueItem, type StockAnswer, type Upstream } from './upstream/port.js'
import { UpstreamError } from './upstream/errors.js'
import { noMatchHint } from './nearby.js'

// The in-store product scan: catalogue pages, one stock batch per page, placements in parallel,
// pipelined so the next page is fetched while this one's stock is checked.

/** What one request may spend (config: SCAN_*). */
export interface ScanLimits {
  /** Catalogue pages one request may scan. */
  maxPages: number
  /** Hard bound on one product search or availability request. */
  deadlineMs: number
  /** Product scans allowed to run at once; more are refused with 503 `overloaded`. */
  maxConcurrent: number
}

/**
 * Catalogue entries per scanned page. The public `currentPage`/`nextPage` cursor counts pages of this
 * size, so it must not change between releases. 50 keeps about 15 in-stock hits per page at the
 * typical 30 % stock rate (10 are wanted), so most searches need one catalogue round trip.
 */
export const CATALOGUE_PAGE_SIZE = 50

/** Stops starting new catalogue pages once this share of the deadline is spent, so partial results still arrive. */
const SOFT_DEADLINE_SHARE = 0.6

/**
 * Scans catalogue pages from `input.page` until about 10 in-stock products are found, the catalogue
 * ends, the page budget is spent or the soft deadline passes. `checkStore` (the store's existence) is
 * started just after the first page, whose reply is the round's longest, and awaited before the first stock call.
 */
export async function scanInStock(
  upstream: Upstream,
  limits: ScanLimits,
  input: { storeCode: string; keyword: string; page: number; checkStore: () => Promise<unknown> },
  signal: AbortSignal,
  report: (p: ScanProgress) => void,
): Promise<ProductSearchResult> {
  const started = Date.now()
  const softDeadline = started + limits.deadlineMs * SOFT_DEADLINE_SHARE
  const target = LIMITS.productsWantedPerPage
  const { storeCode, keyword } = input
  const fetchPage = (page: number) => {
    const pending = upstream.searchCatalogue({ text: keyword, page, pageSize: CATALOGUE_PAGE_SIZE }, signal)
    pending.catch(() => {}) // awaited later, or abandoned when the scan stops early
    return pending
  }

  let page = input.page
  let nextFetch = fetchPage(page)
  const storeCheck = input.checkStore()
  storeCheck.catch(() => {}) // awaited below; observed here in case the catalogue fails first
  let pagesDone = 0
  let scanned = 0
  let candidates = 0
  let readAt = Infinity
  const resolving: Array<Promise<Product[]>> = []
  const progress = (extra: Partial<ScanProgress> = {}) =>
    report({
      found: candidates,
      target,
      page,
      scanned,
      percent: Math.min(99, Math.round(Math.max(candidates / target, pagesDone / limits.maxPages) * 100)),
      ...extra,
    })
  progress()

  let hasMore: boolean
  for (;;) {
    const catalogue = await nextFetch
    scanned += catalogue.items.length
    hasMore = catalogueHasMore(page, catalogue.items.length, catalogue.total)
    const mayScanAnother = pagesDone + 1 < limits.maxPages && Date.now() < softDeadline
    // Prefetch while this page's stock is checked; the page is cached if a later request wants it.
    if (hasMore && mayScanAnother) nextFetch = fetchPage(page + 1)
    progress()

    await storeCheck
    const stock = await stockAt(upstream, storeCode, catalogue.items, signal)
    readAt = Math.min(readAt, stock.readAt ?? Date.now())
    const inStock = catalogue.items.flatMap((item) => {
      const quantity = stock.get(stockKey(item.productId, storeCode))
      return quantity !== null && quantity !== undefined && quantity > 0 ? [{ item, quantity }] : []
    })
    candidates += inStock.length
    // Placements resolve in the background while the next page's stock is checked.
    const placed = placeAll(upstream, storeCode, inStock, signal)
    placed.catch(() => {})
    resolving.push(placed)
    pagesDone += 1
    progress()

    if (!hasMore || candidates >= target || !mayScanAnother) break
    page += 1
  }

  const products = (await Promise.all(resolving)).flat()
  // `found` counts in-stock matches, as every earlier event did: products.length leaves out any the chain
  // cannot place on a shelf, and the count fell at 100 % (19, then 18) when one could not be placed.
  report({ found: candidates, target, page, scanned, percent: 100 })
  // When the stock was read: the oldest of the pages' stock calls (now, when the catalogue was empty).
  const asOf = new Date(readAt === Infinity ? Date.now() : readAt).toISOString()
  const result: ProductSearchResult = { products, asOf, hasMore, nextPage: page + 1 }
  // An empty page past the first says nothing of the keyword: the catalogue ended on an earlier page.
  if (products.length === 0 && (scanned > 0 || input.page === 1)) {
    result.hint =
      scanned === 0 ? noMatchHint(keyword) : candidates > 0 ? shelfUnknownHint(candidates, hasMore) : noneInStockHint(scanned, hasMore)
  }
  return result
}

/** Stock of a page's products at one store. Unknown rows are left out; all unknown is a failure, not "none in stock". */
async function stockAt(upstream: Upstream, storeCode: string, items: CatalogueItem[], signal: AbortSignal): Promise<StockAnswer> {
  if (items.length === 0) return new Map()
  const stock = await upstream.getStock(
    items.map((item) => ({ productId: item.productId, storeCode })),
    signal,
  )
  const known = items.filter((item) => {
    const quantity = stock.get(stockKey(item.productId, storeCode))
    return quantity !== null && quantity !== undefined
  })
  if (known.length === 0) {
    throw UpstreamError.stockUnknown(`stock unknown for all ${items.length} products at store ${storeCode}`)
  }
  return stock
}

/** Floor and zone for each in-stock product; a product with no known placement is left out (Product needs both). */
async function placeAll(
  upstream: Upstream,
  code: string,
  inStock: Array<{ item: CatalogueItem; quantity: number }>,
  signal: AbortSignal,
): Promise<Product[]> {
  const placed = await Promise.all(
    inStock.map(async ({ item, quantity }) => {
      const placement = await upstream.getPlacement(item.productId, code, signal)
      if (!placement) return null
      const product: Product = {
        id: item.productId,
        name: item.name,
        price: item.price,
        image: item.image,
        stock: quantity,
        stairNo: placement.floor,
        zoneNo: placement.zone,
        floorLabel: floorLabel(placement.floor),
      }
      return product
    }),
  )
  return placed.filter((p): p is Product => p !== null)
}

/** In stock, but nowhere the chain says: a listed product needs its floor and zone, so none is listed. */
function shelfUnknownHint(inStock: number, hasMore: boolean): string {
  return (
    `${inStock === 1 ? '1 catalogue match is' : `${inStock} catalogue matches are`} in stock at this store, but the chain does not say ` +
    'on which floor and zone, and this search lists only products it can place' +
    (hasMore ? ' (more pages remain: continue with {page} = nextPage)' : '') +
    '. Ask the availability of one product ({getProductAvailability}) for its stock without a shelf.'
  )
}

function noneInStockHint(scanned: number, hasMore: boolean): string {
  return (
    `None of the ${scanned} catalogue matches scanned is in stock at this store` +
    (hasMore ? ' (more pages remain: continue with {page} = nextPage)' : '') +
    '. To see the products regardless of stock use the catalogue search ({searchCatalogue}); ' +
    'to find the nearest stores that have one, use the nearby search ({findProductNearby}).'
  )
}

function catalogueHasMore(page: number, rows: number, total: number | null): boolean {
  if (rows < CATALOGUE_PAGE_SIZE) return false
  return total === null ? true : page * CATALOGUE_PAGE_SIZE < total
}
