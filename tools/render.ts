import type { CataloguePage, ProductAvailability, ProductSearchResult, Store } from '../src/schemas.js'
import type { LeanNearby, LeanShelf, LeanStore } from './lean.js'
import type { McpCataloguePage, McpProductSearchResult } from './lean.js'

/*
 * The text block of a result, for clients whose protocol has structuredContent (2025-06-18 and later):
 * the same facts as the structured answer, once, as lines a person or a text-only host reads, rather
 * than a second copy of the JSON. Clients on older revisions get the JSON as text (tools/call.ts).
 */

const won = (price: number): string => `${price}원`

/**
 * Provinces as Korean addresses are usually written (서울특별시 → 서울): the official short forms, which a
 * Korean reader and a map search read the same. The structured answer keeps the chain's spelling.
 */
const PROVINCE_SHORT: ReadonlyArray<readonly [string, string]> = [
  ['서울특별시', '서울'],
  ['부산광역시', '부산'],
  ['대구광역시', '대구'],
  ['인천광역시', '인천'],
  ['광주광역시', '광주'],
  ['대전광역시', '대전'],
  ['울산광역시', '울산'],
  ['세종특별자치시', '세종'],
  ['경기도', '경기'],
  ['강원특별자치도', '강원'],
  ['강원도', '강원'],
  ['충청북도', '충북'],
  ['충청남도', '충남'],
  ['전북특별자치도', '전북'],
  ['전라북도', '전북'],
  ['전라남도', '전남'],
  ['경상북도', '경북'],
  ['경상남도', '경남'],
  ['제주특별자치도', '제주'],
]
export function shortAddress(address: string): string {
  for (const [long, short] of PROVINCE_SHORT) if (address.startsWith(`${long} `)) return short + address.slice(long.length)
  return address
}
const open = (openNow: boolean | null | undefined): string => (openNow === true ? 'open' : openNow === false ? 'closed' : 'hours unclear')
const km = (distanceKm: number | null | undefined): string | undefined =>
  distanceKm === null || distanceKm === undefined ? undefined : `${distanceKm}km`
/** Units in stock. */
const units = (stock: number): string => `×${stock}`
const at = (lat: number, lng: number): string => `${lat},${lng}`
const joined = (...parts: Array<string | undefined | false>): string => parts.filter(Boolean).join(', ')
const more = (hasMore: boolean, nextPage: number | undefined): string => (hasMore ? `more with currentPage ${nextPage}` : 'no more')
const withHint = (lines: string[], hint: string | undefined): string => (hint ? [...lines, `Hint: ${hint}`] : lines).join('\n')

/** One store of a store search or get_store. */
function storeLine(store: Store): string {
  return joined(
    `${store.name} (${store.code})`,
    km(store.distanceKm),
    open(store.openNow),
    `${store.openTime}-${store.closeTime}`,
    store.facilities?.length ? `${shortAddress(store.address)}; ${store.facilities.join(' ')}` : shortAddress(store.address),
  )
}

export function renderStorePage(page: { stores: Store[]; hasMore: boolean; nextPage: number; hint?: string | undefined }): string {
  const head = `${page.stores.length} ${page.stores.length === 1 ? 'store' : 'stores'}, ${more(page.hasMore, page.nextPage)}${page.stores.length > 0 ? ':' : '.'}`
  return withHint([head, ...page.stores.map((store, i) => `${i + 1}. ${storeLine(store)}`)], page.hint)
}

export const renderStore = (store: Store): string => storeLine(store)

/** A shelf as shoppers read it: "B1 zone 3", or why there is none. */
function shelfText(shelf: { floor?: string | undefined; zone?: number | undefined; shelf?: string | undefined }): string {
  if (shelf.floor !== undefined) return shelf.zone !== undefined ? `${shelf.floor} zone ${shelf.zone}` : shelf.floor
  return shelf.shelf === 'not_checked' ? 'shelf not looked up' : 'shelf unknown'
}

/** The specification's floor fields (search_products, get_product_availability) as a shelf. */
function specShelf(item: { floorLabel?: string | null; stairNo?: number | null; zoneNo?: number | null }): string {
  const floor = item.floorLabel ?? (typeof item.stairNo === 'number' && item.stairNo !== 0 ? `floor ${item.stairNo}` : undefined)
  if (floor === undefined) return 'shelf unknown'
  return typeof item.zoneNo === 'number' ? `${floor} zone ${item.zoneNo}` : floor
}

export function renderProductSearch(result: McpProductSearchResult | ProductSearchResult): string {
  const n = result.products.length
  const head = `${n} in stock (×units) as of ${result.asOf}, ${more(result.hasMore, result.nextPage)}${n > 0 ? ':' : '.'}`
  const lines = result.products.map((p) =>
    joined(`${p.id} ${p.name} ${won(p.price)} ${units(p.stock)}`, specShelf(p), p.image ?? undefined),
  )
  // In stock with no shelf the chain names: listed, not dropped, so the count is the store's.
  for (const p of result.unplaced ?? []) lines.push(`${p.id} ${p.name} ${won(p.price)} ${units(p.stock)}, shelf unknown`)
  if (result.note) lines.push(`Note: ${result.note}`)
  // A shopping list: each keyword with what it found, the words left out, and "not sold".
  for (const k of result.keywords ?? []) {
    const found = k.productIds.length > 0 ? k.productIds.join(', ') : 'none'
    const left = k.ignored && k.ignored.length > 0 ? `; left out: ${k.ignored.join(', ')}` : ''
    lines.push(`For ${k.keyword}: ${found}${left}${k.notSold ? '; not sold by the chain' : ''}${k.hint ? `; ${k.hint}` : ''}`)
  }
  return withHint([head, ...lines], result.hint)
}

/**
 * A catalogue record is id, name and price and nothing else, so its reading can drop little but JSON's keys:
 * the unit 원 is said once in the head, not on every line, which keeps the reading within 0.6 of the JSON
 * for names of up to about ten syllables.
 */
export function renderCatalogue(page: McpCataloguePage | CataloguePage): string {
  const n = page.products.length
  const of = page.total === null || (page.total === n && !page.hasMore) ? '' : ` of ${page.total}`
  const paging = page.hasMore ? `, ${more(true, page.nextPage)}` : ''
  const head = `${n}${of} ${n === 1 ? 'match' : 'matches'}${n > 0 ? ` (원)${paging}:` : `${paging}.`}`
  const lines = page.products.map((p) => joined(`${p.id} ${p.name} ${p.price}`, p.image ?? undefined))
  if (page.note) lines.push(`Note: ${page.note}`)
  return withHint([head, ...lines], page.hint)
}

export function renderAvailability(a: ProductAvailability): string {
  const product = a.product.name === null ? `Product ${a.product.id} (not in the catalogue)` : `${a.product.name} (${a.product.id})`
  const price = a.product.price === null ? undefined : won(a.product.price)
  const store = joined(`${a.store.name} (${a.store.code})`, open(a.store.openNow), `${a.store.openTime}-${a.store.closeTime}`)
  const stock = a.stock === 0 ? 'none in stock' : units(a.stock)
  const lines = [
    joined(product, price),
    `At ${store}: ${stock}, ${specShelf(a)} as of ${a.asOf}`,
    a.otherBranches.length > 0 ? 'Nearby with stock:' : 'No nearby store has it in stock.',
    ...a.otherBranches.map(
      (b) =>
        `${[`${b.name} (${b.code}) ${units(b.stock)}`, km(b.distanceKm), open(b.openNow)].filter(Boolean).join(' ')}, ${shortAddress(b.address)}`,
    ),
  ]
  return lines.join('\n')
}

function leanStoreLines(store: LeanStore, label: string): string[] {
  const head = joined(
    `${label}${store.name} (${store.code})`,
    km(store.distanceKm),
    open(store.openNow),
    store.hours,
    shortAddress(store.address),
  )
  const items = store.items.map((item) => `${item.id} ${units(item.stock)} ${shelfText(item)}`)
  return items.length > 0 ? [head, `  ${items.join('; ')}`] : [head]
}

export function renderNearby(answer: LeanNearby): string {
  const checked =
    answer.matched !== undefined ? `${answer.products.length} of ${answer.matched} matches checked` : `${answer.products.length} checked`
  const lines = [
    `Around ${at(answer.origin.lat, answer.origin.lng)}, stock as of ${answer.asOf}; ${checked}${answer.products.length > 0 ? ' (원):' : '.'}`,
    ...answer.products.map((p) => `${p.id} ${p.name} ${p.price}${p.keyword !== undefined ? ` (for ${p.keyword})` : ''}`),
  ]
  if (answer.place)
    lines.unshift(`Place understood: ${answer.place.name} (${answer.place.kind}) at ${at(answer.place.latitude, answer.place.longitude)}`)
  if (answer.note) lines.push(`Note: ${answer.note}`)
  const here = answer.here
  if (here) {
    lines.push(...leanStoreLines(here, 'Asked store: '))
    const unread = new Set(here.unknown ?? [])
    const held = new Set(here.items.map((item) => item.id))
    const none = answer.products.filter((p) => !held.has(p.id) && !unread.has(p.id)).map((p) => p.id)
    if (none.length > 0) lines.push(`  not in stock: ${none.join(', ')}`)
    if (unread.size > 0) lines.push(`  stock unknown: ${[...unread].join(', ')}`)
    if (here.usualShelf) lines.push(`  usually shelved: ${shelfText(here.usualShelf as LeanShelf)}`)
  }
  if (answer.stores.length > 0) {
    lines.push(here ? 'Other stores with stock, nearest first:' : 'Stores with stock, nearest first:')
    answer.stores.forEach((store, i) => {
      lines.push(...leanStoreLines(store, `${i + 1}. `))
      if (store.missing) lines.push(`  has none of: ${store.missing.join(', ')}`)
    })
  }
  if (answer.moreStores !== undefined) lines.push(`${answer.moreStores} more stores with stock (raise limit).`)
  return withHint(lines, answer.hint)
}
