import { LIMITS, PRODUCT_ID_PATTERN, type NearbyStockEntry, type ProductNearby, type ScanProgress } from './schemas.js'
import { floorLabel, isOpenNow } from './store-facts.js'
import { stockKey, type CatalogueItem, type Upstream, type UpstreamStore } from './upstream/port.js'
import { UpstreamError } from './upstream/errors.js'

export interface NearbyRequest {
  keyword: string
  /** Where distances are measured from. */
  origin: { lat: number; lng: number }
  /** The store asked about, when the question was "near this store"; it counts as one of the nearest. */
  storeCode?: string | undefined
  /** The first catalogue page of the keyword, already requested (it shares the scan's cache entry). */
  catalogue: Promise<{ items: CatalogueItem[] }>
  now: Date
}

/**
 * "Which store near here has X, and on which floor": the best few catalogue matches, checked against
 * the nearest stores in one stock round trip (one batch per product, in parallel), then floor and
 * zone for the nearest few. Three dependent round trips on a cold cache: catalogue and stores, stock,
 * placements. A failed stock batch fails the answer; it is never "nowhere".
 */
export async function findNearby(
  upstream: Upstream,
  request: NearbyRequest,
  signal: AbortSignal,
  report: (p: ScanProgress) => void = () => {},
): Promise<ProductNearby> {
  const storeCount = LIMITS.nearbyStoresScanned + (request.storeCode ? 1 : 0)
  const [catalogue, stores] = await Promise.all([
    request.catalogue,
    upstream.searchStores({ latitude: request.origin.lat, longitude: request.origin.lng, page: 1, pageSize: storeCount }, signal),
  ])
  const products = bestMatches(catalogue.items, request.keyword)
  report({ found: 0, target: LIMITS.nearbyResultsReturned, page: 1, scanned: 0, percent: 30 })
  const checked = products.map(({ productId, name, price }) => ({ id: productId, name, price }))
  if (products.length === 0) {
    return {
      products: [],
      results: [],
      hint: 'No product in the Daiso catalogue matches this keyword. Try a shorter or more general product word (e.g. 우산 rather than 장우산 자동).',
    }
  }
  const nearest = stores.slice(0, storeCount)
  if (nearest.length === 0) {
    throw new UpstreamError('bad_response', 'selStr', 'no store returned for a search around a point')
  }

  const stockByProduct = await Promise.all(
    products.map((product) =>
      upstream.getStock(
        nearest.map((store) => ({ productId: product.productId, storeCode: store.code })),
        signal,
      ),
    ),
  )
  let unknown = 0
  const entries: NearbyStockEntry[] = []
  // Store by store, nearest first (the upstream's order, exact where km is rounded), then by catalogue rank.
  for (const store of nearest) {
    products.forEach((product, rank) => {
      const quantity = stockByProduct[rank]?.get(stockKey(product.productId, store.code))
      if (quantity === null || quantity === undefined) unknown += 1
      else if (quantity >= 1) entries.push(toEntry(store, product, quantity, request))
    })
  }
  const pairs = products.length * nearest.length
  if (unknown === pairs) {
    throw new UpstreamError('bad_response', 'selStrPkupStck', `stock unknown at all ${nearest.length} stores checked`)
  }
  const results = entries.slice(0, LIMITS.nearbyResultsReturned)
  report({ found: entries.length, target: LIMITS.nearbyResultsReturned, page: 1, scanned: pairs, percent: 70 })
  await placeNearest(upstream, results, signal)
  report({ found: entries.length, target: LIMITS.nearbyResultsReturned, page: 1, scanned: pairs, percent: 100 })

  const answer: ProductNearby = { products: checked, results }
  if (results.length === 0) {
    answer.hint =
      `None of the ${nearest.length} nearest stores has ${products.length === 1 ? 'this product' : `any of these ${products.length} products`} in stock` +
      (unknown > 0 ? ` (stock unknown at ${unknown} of ${pairs} store-product pairs)` : '') +
      '. Try another product from the catalogue search ({searchCatalogue}), or ask around another place.'
  }
  return answer
}

/** A product number names one product; words get the catalogue's best few. */
function bestMatches(items: CatalogueItem[], keyword: string): CatalogueItem[] {
  if (PRODUCT_ID_PATTERN.test(keyword)) {
    const exact = items.find((item) => item.productId === keyword)
    if (exact) return [exact]
  }
  return items.slice(0, LIMITS.nearbyProductsChecked)
}

function toEntry(store: UpstreamStore, product: CatalogueItem, quantity: number, request: NearbyRequest): NearbyStockEntry {
  return {
    store: {
      code: store.code,
      name: store.name,
      address: store.address,
      distanceKm: store.code === request.storeCode ? 0 : store.distanceKm,
      openNow: isOpenNow(store.openTime, store.closeTime, request.now),
    },
    productId: product.productId,
    productName: product.name,
    price: product.price,
    stock: quantity,
    stairNo: null,
    zoneNo: null,
    floorLabel: null,
  }
}

/** Floor and zone for the nearest few; a failed lookup there is "not known", as in availability. */
async function placeNearest(upstream: Upstream, results: NearbyStockEntry[], signal: AbortSignal): Promise<void> {
  await Promise.all(
    results.slice(0, LIMITS.nearbyPlacementsLooked).map(async (entry) => {
      const placement = await upstream.getPlacement(entry.productId, entry.store.code, signal).catch((error: unknown) => {
        if (signal.aborted) throw error
        return null
      })
      if (!placement) return
      entry.stairNo = placement.floor
      entry.zoneNo = placement.zone
      entry.floorLabel = floorLabel(placement.floor)
    }),
  )
}
