import { LIMITS, type Product, type ProductSearchResult, type ScanProgress, type UnplacedProduct } from './schemas.js'
import { floorLabel } from './stores/facts.js'
import { stockKey, type CatalogueItem, type CatalogueRows, type StockAnswer, type Upstream } from './upstream/port.js'
import { UpstreamError } from './upstream/errors.js'
import { emptyKeywordHint } from './nearby.js'
import type { SectionNamed } from './products/sections.js'

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

/** One keyword of the search (a shopping list has up to five): where its catalogue pages come from. */
export interface ScanKeyword {
  keyword: string
  page(page: number, pageSize: number, signal: AbortSignal): Promise<CatalogueRows>
  /** The chain's catalogue has nothing for it (the index and the upstream's search agree). */
  notSold?: boolean | undefined
  /** The catalogue section the keyword names, when it names one. */
  section?: SectionNamed | undefined
  /** Words one key away from a two-syllable word of the keyword (src/products/search.ts). */
  suggested?: string[] | undefined
  /** How it was read, when not as typed (src/products/candidates.ts). */
  note?: string | undefined
  /** Words left out because no product matches them. */
  ignored?: string[] | undefined
}

interface KeywordScan {
  source: ScanKeyword
  scanned: number
  inStock: number
  hasMore: boolean
  done: boolean
  placed: Array<Promise<Array<Product | UnplacedProduct>>>
}

/**
 * Scans catalogue pages from `input.page` until about 10 in-stock products are found for each keyword,
 * its candidates end, the page budget is spent or the soft deadline passes. One stock call a round carries
 * every keyword's page (5 keywords x 50 products: 250 of the 520 pairs a call holds). `checkStore` (the
 * store's existence) is started just after the first page, whose reply is the round's longest, and
 * awaited before the first stock call.
 */
export async function scanInStock(
  upstream: Upstream,
  limits: ScanLimits,
  input: { storeCode: string; keywords: ScanKeyword[]; page: number; checkStore: () => Promise<unknown> },
  signal: AbortSignal,
  report: (p: ScanProgress) => void,
): Promise<ProductSearchResult> {
  const started = Date.now()
  const softDeadline = started + limits.deadlineMs * SOFT_DEADLINE_SHARE
  const target = LIMITS.productsWantedPerPage
  const { storeCode } = input
  const scans: KeywordScan[] = input.keywords.map((source) => ({ source, scanned: 0, inStock: 0, hasMore: true, done: false, placed: [] }))
  const fetchRound = (page: number) => {
    const pending = Promise.all(
      scans.map((scan) => (scan.done ? Promise.resolve(null) : scan.source.page(page, CATALOGUE_PAGE_SIZE, signal))),
    )
    pending.catch(() => {}) // awaited later, or abandoned when the scan stops early
    return pending
  }

  let page = input.page
  let nextFetch = fetchRound(page)
  const storeCheck = input.checkStore()
  storeCheck.catch(() => {}) // awaited below; observed here in case the catalogue fails first
  let pagesDone = 0
  let readAt = Infinity
  const total = (key: 'scanned' | 'inStock') => scans.reduce((sum, scan) => sum + scan[key], 0)
  const wanted = target * scans.length
  const progress = (extra: Partial<ScanProgress> = {}) =>
    report({
      found: total('inStock'),
      target: wanted,
      page,
      scanned: total('scanned'),
      percent: Math.min(99, Math.round(Math.max(total('inStock') / wanted, pagesDone / limits.maxPages) * 100)),
      ...extra,
    })
  progress()

  for (;;) {
    const pages = await nextFetch
    const round: Array<{ scan: KeywordScan; items: CatalogueItem[] }> = []
    scans.forEach((scan, i) => {
      const rows = pages[i]
      // A keyword that found its ten in the round before this page was prefetched: the page is not needed.
      if (!rows || scan.done) return
      scan.scanned += rows.items.length
      scan.hasMore = catalogueHasMore(page, rows.items.length, rows.total)
      round.push({ scan, items: rows.items })
    })
    const mayScanAnother = pagesDone + 1 < limits.maxPages && Date.now() < softDeadline
    for (const { scan } of round) if (!scan.hasMore) scan.done = true
    // Prefetch while this page's stock is checked; the page is cached if a later request wants it.
    const anotherWanted = () => scans.some((scan) => !scan.done)
    if (anotherWanted() && mayScanAnother) {
      // A keyword that has its ten already is not fetched again; the others are.
      nextFetch = fetchRound(page + 1)
    }
    progress()

    await storeCheck
    const all = uniqueItems(round.flatMap((r) => r.items))
    const stock = await stockAt(upstream, storeCode, all, signal)
    readAt = Math.min(readAt, stock.readAt ?? Date.now())
    const placements = new Map<string, Promise<Product | UnplacedProduct>>()
    for (const { scan, items } of round) {
      const inStock = items.flatMap((item) => {
        const quantity = stock.get(stockKey(item.productId, storeCode))
        return quantity !== null && quantity !== undefined && quantity > 0 ? [{ item, quantity }] : []
      })
      scan.inStock += inStock.length
      // Placements resolve in the background while the next page's stock is checked; one lookup per product.
      const placed = Promise.all(
        inStock.map(({ item, quantity }) => {
          let pending = placements.get(item.productId)
          if (!pending) {
            pending = placeOne(upstream, storeCode, item, quantity, signal)
            placements.set(item.productId, pending)
          }
          return pending
        }),
      )
      placed.catch(() => {})
      scan.placed.push(placed)
      if (scan.inStock >= target) scan.done = true
    }
    pagesDone += 1
    progress()

    if (!anotherWanted() || !mayScanAnother) break
    page += 1
  }

  const found = await Promise.all(scans.map(async (scan) => (await Promise.all(scan.placed)).flat()))
  const hasMore = scans.some((scan) => scan.hasMore)
  report({ found: found.reduce((n, list) => n + list.length, 0), target: wanted, page, scanned: total('scanned'), percent: 100 })
  // When the stock was read: the oldest of the pages' stock calls (now, when the catalogue was empty).
  const asOf = new Date(readAt === Infinity ? Date.now() : readAt).toISOString()
  const products: Product[] = []
  const unplaced: UnplacedProduct[] = []
  const listedIds = new Set<string>()
  for (const list of found) {
    for (const product of list) {
      if (listedIds.has(product.id)) continue
      listedIds.add(product.id)
      if ('placement' in product) unplaced.push(product)
      else products.push(product)
    }
  }
  const result: ProductSearchResult = { products, asOf, hasMore, nextPage: page + 1 }
  if (unplaced.length > 0) result.unplaced = unplaced
  const hints = scans.map((scan, i) => keywordHint(scan, found[i] ?? [], input.page))
  const several = scans.length > 1
  if (several || scans.some((scan) => scan.source.ignored?.length || scan.source.notSold)) {
    result.keywords = scans.map((scan, i) => {
      const hint = hints[i]
      return {
        keyword: scan.source.keyword,
        productIds: (found[i] ?? []).map((p) => p.id),
        ...(scan.source.ignored && scan.source.ignored.length > 0 ? { ignored: scan.source.ignored } : {}),
        ...(scan.source.notSold ? { notSold: true as const } : {}),
        ...(hint && several ? { hint } : {}),
      }
    })
  }
  const notes = scans.map((scan) => scan.source.note).filter((note): note is string => note !== undefined)
  if (notes.length > 0) result.note = notes.join(' ')
  // The answer's hint: the one keyword's, or for a shopping list, only when nothing at all was found.
  if (!several) {
    const hint = hints[0]
    if (hint) result.hint = hint
  } else if (products.length === 0 && unplaced.length === 0 && hints.some((h) => h !== undefined)) {
    result.hint = "None of these products was found in stock here; see each keyword's hint in `keywords`."
  }
  return result
}

function uniqueItems(items: CatalogueItem[]): CatalogueItem[] {
  const seen = new Set<string>()
  return items.filter((item) => !seen.has(item.productId) && seen.add(item.productId))
}

/** Why a keyword has nothing listed. An empty page past the first says nothing of the keyword: the catalogue ended earlier. */
function keywordHint(scan: KeywordScan, found: Array<Product | UnplacedProduct>, firstPage: number): string | undefined {
  if (found.length > 0 || (scan.scanned === 0 && firstPage > 1)) return undefined
  if (scan.scanned === 0) return emptyKeywordHint(scan.source)
  return noneInStockHint(scan.scanned, scan.hasMore)
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

/**
 * Floor and zone of one in-stock product. A product the chain has no placement for is still listed,
 * in `unplaced`: the count a caller sees is the store's, never an undercount.
 */
async function placeOne(
  upstream: Upstream,
  code: string,
  item: CatalogueItem,
  quantity: number,
  signal: AbortSignal,
): Promise<Product | UnplacedProduct> {
  const placement = await upstream.getPlacement(item.productId, code, signal)
  const base = { id: item.productId, name: item.name, price: item.price, stock: quantity }
  if (!placement) return { ...base, placement: 'unknown' }
  return { ...base, image: item.image, stairNo: placement.floor, zoneNo: placement.zone, floorLabel: floorLabel(placement.floor) }
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
