import { h } from './dom.js'
import { MAP_HEIGHT, STORES_SHOWN } from './layout.js'
import { drawMap, mapPoints, type Point, type Stocked } from './map.js'
import type { ListedStore, NearbyItem, NearbyStore, ProductNearby, Shelf, StorePage, WireNearby } from './types.js'
import type { Words } from './words.js'

export interface RenderContext {
  words: Words
  /** IANA zone for "stock as of"; the host's, else Korea's. */
  timeZone: string
  locale: string
  /** Opens a URL through the host (`ui/open-link`): a sandboxed view cannot open windows itself. */
  openLink(url: string): void
}

/** One product at the store of the answer card: a count, sold out, or unknown (never 0 for unknown). */
interface CardRow {
  name: string
  price: number
  stock: number | 'soldout' | 'unknown'
  item: NearbyItem | undefined
  /** Not listed at the store: where it usually shelves it (one product number asked about). */
  usual?: Shelf | undefined
}

/** The shape check the view relies on; anything else is shown as "cannot show" (the text answer stays complete). */
export function isProductNearby(value: unknown): value is WireNearby {
  if (value === null || typeof value !== 'object') return false
  const v = value as Partial<WireNearby>
  return (
    Array.isArray(v.stores) && Array.isArray(v.products) && typeof v.asOf === 'string' && typeof v.origin === 'object' && v.origin !== null
  )
}

export function isStorePage(value: unknown): value is StorePage {
  if (value === null || typeof value !== 'object') return false
  const v = value as Partial<StorePage>
  return (
    Array.isArray(v.stores) &&
    typeof v.hasMore === 'boolean' &&
    v.stores.every(
      (s) => typeof s === 'object' && s !== null && typeof s.code === 'string' && typeof s.lat === 'number' && typeof s.lng === 'number',
    )
  )
}

/** Rows the answer card lists, and products each nearby store lists; the rest are counted in one line. */
const CARD_ROWS = 4
const STORE_ITEMS = 2

const stockOf = (item: NearbyItem | undefined): number | 'unknown' =>
  item && typeof item.stock === 'number' && Number.isFinite(item.stock) && item.stock >= 1 ? item.stock : 'unknown'

/**
 * The answer card's store and rows. With a store asked about: every checked product there, in stock,
 * sold out (the store is listed without it), or unknown (its id is in `here.unknown`). Without one: the nearest store that has any.
 */
function cardOf(data: ProductNearby): { title: 'atStore' | 'nearestWithStock'; store: NearbyStore; rows: CardRow[] } | undefined {
  if (data.here) {
    const items = data.here.items
    const unread = new Set(data.here.unknown ?? [])
    const rows: CardRow[] = data.products.map((product) => {
      const item = items.find((i) => i.productId === product.id)
      const stock = item ? stockOf(item) : unread.has(product.id) ? 'unknown' : 'soldout'
      return { name: product.name, price: product.price, stock, item, usual: item ? undefined : data.here?.usualShelf }
    })
    for (const item of items) {
      if (!data.products.some((p) => p.id === item.productId))
        rows.push({ name: item.productName, price: item.price, stock: stockOf(item), item })
    }
    return { title: 'atStore', store: data.here.store, rows }
  }
  const nearest = data.stores[0]
  if (!nearest) return undefined
  return {
    title: 'nearestWithStock',
    store: nearest.store,
    rows: nearest.items.map((item) => ({ name: item.productName, price: item.price, stock: stockOf(item), item })),
  }
}

function hereState(rows: CardRow[]): Stocked {
  if (rows.some((r) => typeof r.stock === 'number')) return 'stock'
  if (rows.length > 0 && rows.every((r) => r.stock === 'soldout')) return 'soldout'
  return 'unknown'
}

export function formatDistance(km: number | null, words: Words): string | null {
  if (km === null || !Number.isFinite(km)) return null
  if (km === 0) return words.here
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`
}

/** The shelf: a floor badge (B1, 2F) with the zone, or why there is none. */
function shelf(item: Shelf | undefined, words: Words): HTMLElement | null {
  if (!item) return null
  if (item.placement === 'known' && item.floorLabel) {
    return h(
      'span',
      { class: 'shelf' },
      h('span', { class: 'floor-badge', 'data-floor': item.floorLabel }, item.floorLabel),
      item.zoneNo !== null ? h('span', { class: 'zone' }, words.zone(item.zoneNo)) : null,
    )
  }
  const text = item.placement === 'not_checked' ? words.shelfNotChecked : words.shelfUnknown
  return h('span', { class: `shelf shelf-${item.placement === 'not_checked' ? 'not-checked' : 'unknown'}` }, text)
}

/** Sold out here, but the store says where it usually is: "usually B1 · zone 3". Nothing when it does not know. */
function usualShelf(usual: Shelf, words: Words): HTMLElement | null {
  const known = usual.placement === 'known' ? shelf(usual, words) : null
  if (!known) return null
  known.classList.add('usual-shelf')
  known.prepend(h('span', { class: 'usually' }, words.usually))
  return known
}

function openState(store: Pick<NearbyStore, 'openTime' | 'closeTime'> & { openNow: boolean | null }, words: Words): HTMLElement {
  const hours = `${store.openTime}–${store.closeTime}`
  if (store.openNow === true) return h('span', { class: 'open is-open' }, `${words.openNow} · ${hours}`)
  if (store.openNow === false) return h('span', { class: 'open is-closed' }, `${words.closed} · ${hours}`)
  return h('span', { class: 'open' }, hours)
}

/** Kakao Map by name and coordinates; Naver Map by the store's name (its web map takes no coordinates to pin). */
export function mapLinks(store: Pick<NearbyStore, 'name' | 'lat' | 'lng'>): { kakao: string; naver: string } {
  const name = `다이소 ${store.name}`.replace(/,/g, ' ')
  return {
    kakao: `https://map.kakao.com/link/map/${encodeURIComponent(name)},${store.lat},${store.lng}`,
    naver: `https://map.naver.com/p/search/${encodeURIComponent(name)}`,
  }
}

function links(store: Pick<NearbyStore, 'name' | 'lat' | 'lng'>, context: RenderContext): HTMLElement {
  const urls = mapLinks(store)
  const link = (url: string, text: string, kind: string) => {
    const a = h('a', { href: url, class: `map-link ${kind}`, target: '_blank', rel: 'noopener noreferrer' }, text)
    a.addEventListener('click', (event) => {
      event.preventDefault()
      context.openLink(url)
    })
    return a
  }
  return h('span', { class: 'links' }, link(urls.kakao, context.words.kakao, 'kakao'), link(urls.naver, context.words.naver, 'naver'))
}

function facilities(store: { facilities?: string[] | undefined }, words: Words): HTMLElement | null {
  if (!store.facilities?.length) return null
  return h('span', { class: 'facilities' }, ...store.facilities.map((f) => h('span', { class: 'chip' }, words.facilities[f] ?? f)))
}

function asOfText(asOf: string, context: RenderContext): string | null {
  const time = new Date(asOf)
  if (Number.isNaN(time.getTime())) return null
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat(context.locale, { hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(time)
  let text: string
  try {
    text = format(context.timeZone)
  } catch {
    text = format('Asia/Seoul') // an unknown zone from the host
  }
  return context.words.asOf(text)
}

function card(data: ProductNearby, context: RenderContext): { element: HTMLElement; state: Stocked | undefined } {
  const { words } = context
  const answer = cardOf(data)
  if (!answer) {
    return {
      element: h(
        'section',
        { class: 'card answer empty' },
        h('p', { class: 'none' }, words.noneNearby),
        data.hint ? h('p', { class: 'hint' }, data.hint) : null,
      ),
      state: undefined,
    }
  }
  const { store, rows } = answer
  // Up to ten products are checked: the card shows the few that matter (in stock, then unknown, then sold
  // out) and says how many more, so the page stays short in a chat; the text answer has them all.
  const rank = (row: CardRow) => (typeof row.stock === 'number' ? 0 : row.stock === 'unknown' ? 1 : 2)
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b))
  const shown = ordered.slice(0, CARD_ROWS)
  const rest = ordered.slice(CARD_ROWS)
  const distance = formatDistance(store.distanceKm, words)
  const element = h(
    'section',
    { class: 'card answer', 'aria-label': words[answer.title] },
    h('p', { class: 'eyebrow' }, words[answer.title]),
    h(
      'h1',
      { class: 'store-name' },
      store.name,
      distance && answer.title === 'nearestWithStock' ? h('span', { class: 'distance' }, distance) : null,
    ),
    h('p', { class: 'store-meta' }, openState(store, words), facilities(store, words)),
    h(
      'ul',
      { class: 'rows' },
      ...shown.map((row) => {
        const stock =
          typeof row.stock === 'number'
            ? h('span', { class: 'stock in-stock', 'data-stock': String(row.stock) }, words.inStock(row.stock))
            : row.stock === 'soldout'
              ? h('span', { class: 'stock sold-out', 'data-stock': 'soldout' }, words.soldOut)
              : h('span', { class: 'stock unknown', 'data-stock': 'unknown' }, words.stockUnknown)
        return h(
          'li',
          { class: 'row' },
          h(
            'span',
            { class: 'product' },
            h('span', { class: 'product-name' }, row.name),
            h('span', { class: 'price' }, words.won(row.price)),
          ),
          h('span', { class: 'facts' }, stock, row.usual ? usualShelf(row.usual, words) : shelf(row.item, words)),
        )
      }),
    ),
    rest.length > 0 ? h('p', { class: 'more-rows' }, words.moreRows(rest.length, rest.filter((r) => r.stock === 'soldout').length)) : null,
    data.matched !== null && data.matched > data.products.length
      ? h('p', { class: 'checked' }, words.checked(data.products.length, data.matched))
      : null,
    h('p', { class: 'foot' }, h('span', { class: 'as-of' }, asOfText(data.asOf, context) ?? ''), links(store, context)),
    data.hint ? h('p', { class: 'hint' }, data.hint) : null,
  )
  return { element, state: answer.title === 'atStore' ? hereState(rows) : 'stock' }
}

function storeItem(entry: ProductNearby['stores'][number], index: number, context: RenderContext): HTMLElement {
  const { words } = context
  const distance = formatDistance(entry.store.distanceKm, words)
  return h(
    'li',
    { class: 'store', 'data-code': entry.store.code },
    h('span', { class: 'num', 'aria-hidden': 'true' }, String(index + 1)),
    h(
      'div',
      { class: 'store-body' },
      h('p', { class: 'line' }, h('strong', {}, entry.store.name), distance ? h('span', { class: 'distance' }, distance) : null),
      h('p', { class: 'line meta' }, openState(entry.store, words), facilities(entry.store, words)),
      h(
        'ul',
        { class: 'items' },
        ...entry.items.slice(0, STORE_ITEMS).map((item) => {
          const stock = stockOf(item)
          return h(
            'li',
            {},
            h('span', { class: 'product-name' }, item.productName),
            h(
              'span',
              { class: `stock ${stock === 'unknown' ? 'unknown' : 'in-stock'}`, 'data-stock': String(stock) },
              stock === 'unknown' ? words.stockUnknown : words.inStock(stock),
            ),
            shelf(item, words),
          )
        }),
        entry.items.length > STORE_ITEMS ? h('li', { class: 'more-items' }, words.moreItems(entry.items.length - STORE_ITEMS)) : null,
      ),
      links(entry.store, context),
    ),
  )
}

function storeList(data: ProductNearby, context: RenderContext): HTMLElement | null {
  const { words } = context
  if (data.stores.length === 0) return null
  const list = h('ol', { class: 'stores' }, ...data.stores.slice(0, STORES_SHOWN).map((entry, index) => storeItem(entry, index, context)))
  const section = h('section', { class: 'nearby' }, h('h2', {}, words.nearby), list)
  if (data.stores.length > STORES_SHOWN) {
    const more = h('button', { type: 'button', class: 'more' }, words.showAll(data.stores.length))
    // One click, one taller page: the size report follows the content, once.
    more.addEventListener('click', () => {
      list.append(...data.stores.slice(STORES_SHOWN).map((entry, index) => storeItem(entry, index + STORES_SHOWN, context)))
      more.remove()
    })
    section.append(more)
  }
  return section
}

function legend(words: Words, stock = true): HTMLElement {
  const key = (kind: string, text: string) => h('span', { class: `key key-${kind}` }, h('span', { class: 'swatch' }), text)
  if (!stock) return h('p', { class: 'legend' }, key('origin', words.legendOrigin), key('store', words.legendStore))
  return h(
    'p',
    { class: 'legend' },
    key('origin', words.legendOrigin),
    key('stock', words.legendStock),
    key('soldout', words.legendSoldOut),
    key('unknown', words.legendUnknown),
  )
}

/** A map box of the fixed height and the function that draws it for a width (only when the width changed). */
function mapBox(points: Point[], words: Words): { element: HTMLElement; draw: (width: number) => void } {
  const element = h('div', { class: 'map', style: `height:${MAP_HEIGHT}px` })
  let drawnWidth = -1
  return {
    element,
    draw: (width: number) => {
      const w = Math.max(200, Math.floor(width))
      if (w === drawnWidth) return
      drawnWidth = w
      element.replaceChildren(drawMap(points, w, words))
    },
  }
}

function listedStore(store: ListedStore, index: number, context: RenderContext): HTMLElement {
  const { words } = context
  const distance = formatDistance(store.distanceKm ?? null, words)
  return h(
    'li',
    { class: 'store', 'data-code': store.code },
    h('span', { class: 'num plain', 'aria-hidden': 'true' }, String(index + 1)),
    h(
      'div',
      { class: 'store-body' },
      h('p', { class: 'line' }, h('strong', {}, store.name), distance ? h('span', { class: 'distance' }, distance) : null),
      h('p', { class: 'line meta' }, openState(store, words), facilities(store, words)),
      h('p', { class: 'address' }, store.address),
      links(store, context),
    ),
  )
}

/**
 * search_nearby_stores: the map (around the coordinates the call asked about, when the host passed them
 * on as the tool input) and the stores, nearest first. There is no stock to tell here.
 */
export function renderStorePage(
  root: HTMLElement,
  page: StorePage,
  asked: { lat: number; lng: number } | undefined,
  context: RenderContext,
): (width: number) => void {
  const { words } = context
  const points: Point[] = []
  if (asked) points.push({ ...asked, kind: 'origin', label: '', title: words.legendOrigin })
  page.stores.forEach((store, index) =>
    points.push({ lat: store.lat, lng: store.lng, kind: 'store', label: String(index + 1), title: store.name }),
  )
  const map = mapBox(
    points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng)),
    words,
  )
  const list = h('ol', { class: 'stores' }, ...page.stores.map((store, index) => listedStore(store, index, context)))
  root.replaceChildren(
    h(
      'section',
      { class: 'nearby' },
      h('h1', { class: 'list-title' }, words.storesNear),
      page.hint ? h('p', { class: 'hint' }, page.hint) : null,
    ),
    page.stores.length > 0 ? h('figure', { class: 'map-figure' }, map.element, legend(words, false)) : '',
    page.stores.length > 0 ? list : '',
  )
  return map.draw
}

/** Renders the answer; returns a function that redraws the map for a new width (its height never changes). */
export function renderAnswer(root: HTMLElement, data: ProductNearby, context: RenderContext): (width: number) => void {
  const { element, state } = card(data, context)
  const map = mapBox(mapPoints(data, state, context.words), context.words)
  root.replaceChildren(element, h('figure', { class: 'map-figure' }, map.element, legend(context.words)), storeList(data, context) ?? '')
  return map.draw
}

export function renderMessage(root: HTMLElement, text: string, detail?: string): void {
  root.replaceChildren(h('section', { class: 'card message' }, h('p', {}, text), detail ? h('p', { class: 'hint' }, detail) : null))
}
