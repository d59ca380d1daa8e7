import {
  LIMITS,
  PRODUCT_ID_PATTERN,
  type NearbyItem,
  type NearbyStore,
  type NearbyStoreItems,
  type ProductNearby,
  type ScanProgress,
  type Shelf,
} from './schemas.js'
import type { Facility } from './stores/facilities.js'
import { floorLabel, isOpenNow } from './stores/facts.js'
import { stockKey, type CatalogueItem, type CatalogueRows, type Upstream, type UpstreamStore } from './upstream/port.js'
import { UpstreamError } from './upstream/errors.js'
import type { SectionNamed } from './products/sections.js'

/** One keyword of a nearby search, with its first catalogue page (from the product index, or the upstream's search). */
export interface NearbyKeyword {
  keyword: string
  rows: CatalogueRows
  notSold: boolean
  /** The catalogue section the keyword names, when it names one (src/products/sections.ts). */
  section?: SectionNamed | undefined
  /** Words product names have one key away from a two-syllable word of the keyword (우삳: 우산). */
  suggested?: string[] | undefined
  /** Fronts product names have of a word left out (c타입 of c타입충전기). */
  knownFronts?: string[] | undefined
  note: string | undefined
}

export interface NearbyRequest {
  /** The keywords (a shopping list has up to five), their catalogue pages already requested. */
  keywords: Promise<NearbyKeyword[]>
  /** Where distances are measured from. */
  origin: { lat: number; lng: number }
  /** The store asked about, when the question was "near this store": `here` in the answer, at distance 0. */
  here?: UpstreamStore | undefined
  now: Date
  /** Which other stores may answer, chosen before the stock is read: the asked store always does. */
  only?: StoreFilter | undefined
}

/** `openNow`: open now by posted hours; `facility`: the chain lists it for the store. */
export interface StoreFilter {
  openNow?: boolean | undefined
  facility?: Facility | undefined
}

/** Whether a store passes the filter at `now`; `openNow: false` asks for no filter, as leaving it out does. */
export function passes(row: UpstreamStore, only: StoreFilter | undefined, now: Date): boolean {
  if (only?.facility !== undefined && !(row.facilities?.includes(only.facility) ?? false)) return false
  if (only?.openNow === true && isOpenNow(row.openTime, row.closeTime, now, row.holidayDate) !== true) return false
  return true
}

const filterWords = (only: StoreFilter | undefined): string =>
  [only?.openNow === true ? 'open now' : '', only?.facility !== undefined ? `listing '${only.facility}'` : ''].filter(Boolean).join(' and ')

/**
 * "Does this store have X; if not, which store near here does, on which floor, and is it open?"
 * Three dependent round trips on a cold cache (two with a usable product index: no catalogue call):
 * catalogue and stores, then one stock call (as many of the best catalogue matches of every keyword as it
 * can carry, against the asked store and the nearest others), then placements for every item of the
 * asked store and of the nearest few others, side by side. A failed stock call fails the answer; it is
 * never "nowhere". With several keywords, stores that have every one rank first, then those with most.
 */
export async function findNearby(
  upstream: Upstream,
  request: NearbyRequest,
  signal: AbortSignal,
  report: (p: ScanProgress) => void = () => {},
): Promise<ProductNearby> {
  const { here } = request
  const [keywords, rows] = await Promise.all([
    request.keywords,
    upstream.searchStores(
      { latitude: request.origin.lat, longitude: request.origin.lng, page: 1, pageSize: LIMITS.nearbyStoresScanned + (here ? 1 : 0) },
      signal,
    ),
  ])
  const several = keywords.length > 1
  const nearest = rows.filter((row) => row.code !== here?.code).slice(0, LIMITS.nearbyStoresScanned)
  const others = nearest.filter((row) => passes(row, request.only, request.now))
  const scanned = here ? [here, ...others] : others
  // Each keyword gets its share of the one stock call; a product two keywords found is checked once.
  const perKeyword = keywords.map((k) => bestMatches(k.rows.items, k.keyword, scanned.length * keywords.length))
  const keywordOf = new Map<string, string>()
  const products: CatalogueItem[] = []
  perKeyword.forEach((list, i) => {
    for (const item of list) {
      if (keywordOf.has(item.productId)) continue
      keywordOf.set(item.productId, keywords[i]?.keyword ?? '')
      products.push(item)
    }
  })
  report({ found: 0, target: LIMITS.nearbyStoresListed, page: 1, scanned: 0, percent: 30 })
  const matchedOf = (k: NearbyKeyword) => k.rows.total ?? (k.rows.items.length < CATALOGUE_FIRST_PAGE ? k.rows.items.length : null)
  const matchedEach = keywords.map(matchedOf)
  const answer: ProductNearby = {
    origin: request.origin,
    products: products.map(({ productId, name, price }) => ({
      id: productId,
      name,
      price,
      ...(several ? { keyword: keywordOf.get(productId) ?? '' } : {}),
    })),
    matched: matchedEach.some((m) => m === null) ? null : matchedEach.reduce<number>((sum, m) => sum + (m ?? 0), 0),
    stores: [],
    asOf: request.now.toISOString(),
  }
  // What an agent needs of each keyword beside the products it found: words left out, how it was read, and
  // for a keyword of a list that found nothing, why (the chain does not sell it, or try another word).
  const notes = keywords.flatMap((k, i) => [
    ...(k.note ? [several ? `${k.keyword}: ${k.note}` : k.note] : []),
    ...(several && (perKeyword[i]?.length ?? 0) === 0 ? [`${k.keyword}: ${emptyKeywordHint(k)}`] : []),
  ])
  if (notes.length > 0) answer.note = notes.join(' ')
  if (here) answer.here = { store: toNearbyStore(here, 0, request.now), items: [] }
  if (products.length === 0) {
    answer.matched = 0
    const first = keywords[0]
    answer.hint =
      !several && first
        ? emptyKeywordHint(first)
        : 'No product in the Daiso catalogue matches any of these keywords; see each one in `keywords`.'
    return answer
  }
  if (nearest.length === 0 && !here) {
    throw UpstreamError.noStores('no store returned for a search around a point')
  }
  const keyword = keywords[0]?.keyword ?? ''
  if (scanned.length === 0) {
    answer.hint = `None of the ${nearest.length} nearest stores is ${filterWords(request.only)}. Leave the filter out, or ask around another place.`
    return answer
  }

  // One product number at the asked store: its shelf there is wanted whether or not it is in stock (the
  // item's floor, or the usual shelf when it has none), so it is looked up beside the stock call.
  const asked = here && !several && products.length === 1 && products[0]?.productId === keyword ? products[0] : undefined
  const shelfHere = asked && here ? lookUpPlacement(upstream, asked.productId, here.code, signal) : undefined
  shelfHere?.catch(() => {})
  const stock = await upstream.getStock(
    scanned.flatMap((store) => products.map((product) => ({ productId: product.productId, storeCode: store.code }))),
    signal,
  )
  if (stock.readAt !== undefined) answer.asOf = new Date(stock.readAt).toISOString()
  let unknown = 0
  const itemsAt = (store: UpstreamStore): NearbyItem[] =>
    products.flatMap((product) => {
      const quantity = stock.get(stockKey(product.productId, store.code))
      if (quantity === null || quantity === undefined) unknown += 1
      return quantity !== null && quantity !== undefined && quantity >= 1
        ? [toItem(product, quantity, several ? keywordOf.get(product.productId) : undefined)]
        : []
    })
  const wanted = keywords.filter((_, i) => (perKeyword[i]?.length ?? 0) > 0).map((k) => k.keyword)
  const missingAt = (items: NearbyItem[]) => wanted.filter((k) => !items.some((item) => item.keyword === k))
  if (answer.here && here) {
    answer.here.items = itemsAt(here)
    if (several) answer.here.missing = missingAt(answer.here.items)
    // A pair the upstream did not answer is unknown at the asked store, never "sold out" there.
    const unread = products.filter((p) => (stock.get(stockKey(p.productId, here.code)) ?? null) === null).map((p) => p.productId)
    if (unread.length > 0) answer.here.unknown = unread
  }
  // Store by store, nearest first (the upstream's order, exact where km is rounded), items by catalogue rank;
  // with several keywords, the stores that have every one first, then those with most (nearest first within).
  const withItems = others.flatMap((row, order) => {
    const items = itemsAt(row)
    return items.length > 0 ? [{ row, items, order, missing: several ? missingAt(items) : [] }] : []
  })
  if (several) withItems.sort((a, b) => a.missing.length - b.missing.length || a.order - b.order)
  for (const { row, items, missing } of withItems.slice(0, LIMITS.nearbyStoresListed)) {
    answer.stores.push({ store: toNearbyStore(row, row.distanceKm, request.now), items, ...(several ? { missing } : {}) })
  }
  const pairs = products.length * scanned.length
  if (unknown >= pairs) {
    throw UpstreamError.stockUnknown(`stock unknown at all ${scanned.length} stores checked`)
  }

  const found = answer.stores.length + (answer.here?.items.length ? 1 : 0)
  report({ found, target: LIMITS.nearbyStoresListed, page: 1, scanned: pairs, percent: 70 })
  const placed = [...(answer.here ? [answer.here] : []), ...answer.stores.slice(0, LIMITS.nearbyStoresPlaced)]
  await Promise.all([
    ...placed.map((entry) => placeItems(upstream, entry, signal, entry === answer.here ? shelfHere : undefined)),
    shelfHere && answer.here?.items.length === 0 ? usualShelf(answer.here, shelfHere) : undefined,
  ])
  report({ found, target: LIMITS.nearbyStoresListed, page: 1, scanned: pairs, percent: 100 })

  if (answer.stores.length === 0 && (answer.here?.items.length ?? 0) === 0) {
    answer.hint =
      `None of the ${scanned.length} nearest stores${request.only && filterWords(request.only) ? ` ${filterWords(request.only)}` : ''} has ${products.length === 1 ? 'this product' : `any of these ${products.length} products`} in stock` +
      (unknown > 0 ? ` (stock unknown at ${unknown} of ${pairs} store-product pairs)` : '') +
      '. Try another product from the catalogue search ({searchCatalogue}), or ask around another place.'
  }
  return answer
}

/** The first catalogue page the service requests for a nearby search (it shares the scan's cache entry). */
const CATALOGUE_FIRST_PAGE = 50

/**
 * A product number names one product; words get as many of the catalogue's best matches as one
 * stock call can carry against the stores scanned.
 */
function bestMatches(items: CatalogueItem[], keyword: string, stores: number): CatalogueItem[] {
  if (PRODUCT_ID_PATTERN.test(keyword)) {
    const exact = items.find((item) => item.productId === keyword)
    if (exact) return [exact]
  }
  return items.slice(0, Math.max(1, Math.min(PRODUCTS_CHECKED_MAX, Math.floor(LIMITS.stockPairsPerCall / Math.max(1, stores)))))
}

/** What a full set of stores leaves room for (10); a filter that leaves fewer stores does not make the answer longer. */
const PRODUCTS_CHECKED_MAX = Math.floor(LIMITS.stockPairsPerCall / (LIMITS.nearbyStoresScanned + 1))

/**
 * A store of a nearby answer. Not toPublicStore: here the distance is always present (null when unknown)
 * and the fields come in the nearby answer's order, which its schema and snapshots keep.
 */
function toNearbyStore(row: UpstreamStore, distanceKm: number | null, now: Date): NearbyStore {
  return {
    code: row.code,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    distanceKm,
    openNow: isOpenNow(row.openTime, row.closeTime, now, row.holidayDate),
    openTime: row.openTime,
    closeTime: row.closeTime,
    ...(row.facilities ? { facilities: row.facilities } : {}),
  }
}

function toItem(product: CatalogueItem, quantity: number, keyword: string | undefined): NearbyItem {
  return {
    productId: product.productId,
    ...(keyword !== undefined ? { keyword } : {}),
    productName: product.name,
    price: product.price,
    stock: quantity,
    stairNo: null,
    zoneNo: null,
    floorLabel: null,
    placement: 'not_checked',
  }
}

/**
 * Floor and zone of one store's items; `early`: the one item's lookup, already started.
 */
async function placeItems(upstream: Upstream, entry: NearbyStoreItems, signal: AbortSignal, early?: Promise<Shelf>): Promise<void> {
  await Promise.all(
    entry.items.map(async (item) =>
      Object.assign(item, await (early ?? lookUpPlacement(upstream, item.productId, entry.store.code, signal))),
    ),
  )
}

/**
 * Where one store shelves one product: `unknown` when the chain has no placement for it there, and
 * `not_checked` when the lookup failed (we could not look), as availability treats it.
 */
async function lookUpPlacement(upstream: Upstream, productId: string, storeCode: string, signal: AbortSignal): Promise<Shelf> {
  const placement = await upstream.getPlacement(productId, storeCode, signal).then(
    (found) => found ?? ('none' as const),
    (error: unknown) => {
      if (signal.aborted) throw error
      return null
    },
  )
  if (placement === null) return { stairNo: null, zoneNo: null, floorLabel: null, placement: 'not_checked' }
  if (placement === 'none') return { stairNo: null, zoneNo: null, floorLabel: null, placement: 'unknown' }
  return { stairNo: placement.floor, zoneNo: placement.zone, floorLabel: floorLabel(placement.floor), placement: 'known' }
}

/** The asked store has none of the one product asked about listed: where it usually shelves it. */
async function usualShelf(here: NonNullable<ProductNearby['here']>, shelf: Promise<Shelf>): Promise<void> {
  here.usualShelf = await shelf
}

/**
 * The product index and the upstream's catalogue search agree that nothing matches the keyword, its
 * variants (spacing, synonyms, English, a typing slip) or any word of it: the chain does not sell it.
 */
export function notSoldHint(keyword: string): string {
  return `The Daiso catalogue has no product matching '${keyword}' (nor its spellings, synonyms or English reading): the chain most likely does not sell it. Trying other words for the same thing will not help; look for it elsewhere.`
}

/** A keyword that names a section of the catalogue (주방용품, stationery) and no product: a kind of thing the chain sells. */
export function sectionHint(keyword: string, section: SectionNamed): string {
  const such = section.examples.length > 0 ? `, such as ${section.examples.join(', ')}` : ''
  return `No product name matches '${keyword}', which names a section of the Daiso catalogue (${section.name}) rather than a product: search for the product itself${such}.`
}

/** Why a keyword found nothing: a section's name (try a product word), not sold, or try another word. */
export function emptyKeywordHint(k: {
  keyword: string
  notSold?: boolean | undefined
  section?: SectionNamed | undefined
  suggested?: readonly string[] | undefined
  knownFronts?: readonly string[] | undefined
}): string {
  if (k.section) return sectionHint(k.keyword, k.section)
  if (k.suggested && k.suggested.length > 0) return suggestionHint(k.keyword, k.suggested)
  if (k.knownFronts && k.knownFronts.length > 0) return frontHint(k.keyword, k.knownFronts)
  return k.notSold ? notSoldHint(k.keyword) : noMatchHint(k.keyword)
}

/** Nothing matches, but product names have the front of a word of it (c타입 of c타입충전기): the thing may go by other words. */
export function frontHint(keyword: string, fronts: readonly string[]): string {
  const named = fronts.map((front) => `'${front}'`).join(' and ')
  return `No product in the Daiso catalogue matches '${keyword}', but product names have ${named}: search for ${fronts.length === 1 ? 'it' : 'them'} alone to see what the chain sells under ${fronts.length === 1 ? 'that word' : 'those words'}, then pick the product.`
}

/** Nothing matches, and a two-syllable word of it is one key from words product names have (우삳: 우산). */
export function suggestionHint(keyword: string, words: readonly string[]): string {
  return `No product in the Daiso catalogue matches '${keyword}'. Did you mean ${words.join(' or ')}? ${words.length === 1 ? 'It is' : 'Each is'} one key away on the Korean keyboard (a key beside one typed, or a final consonant more or less); a word of two syllables is only suggested, never read as another, since many are words of their own: search again with the word you meant.`
}

/** Nothing in the catalogue: a Latin-letter, kana or kanji word most likely needs its Korean name. */
export function noMatchHint(keyword: string): string {
  if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(keyword) && !/[\uac00-\ud7a3]/.test(keyword)) {
    return 'No product in the Daiso catalogue matches this keyword. The catalogue is in Korean: search for the Korean word (e.g. 우산 for 傘, 건전지 for 電池).'
  }
  if (/[A-Za-z]/.test(keyword) && !/[\uac00-\ud7a3]/.test(keyword)) {
    return 'No product in the Daiso catalogue matches this keyword. The catalogue is in Korean: search for the Korean word (e.g. 우산 for umbrella, 물티슈 for wet wipes).'
  }
  return 'No product in the Daiso catalogue matches this keyword. Try a shorter or more general product word (e.g. 우산 rather than 장우산 자동).'
}
