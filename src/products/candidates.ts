import { PRODUCT_ID_PATTERN } from '../schemas.js'
import type { CatalogueItem, CatalogueRows, Upstream } from '../upstream/port.js'
import type { IndexedProduct, ProductIndex } from './port.js'
import { ServiceError } from '../errors.js'
import { productKeyword } from '../keywords.js'
import { upstreamReading } from './foreign-words.js'
import { productMatcher, type KeywordReading } from './search.js'
import { MAX_SHOPPING_ITEMS, splitShoppingList } from './shopping-list.js'
import { sectionNamed, type SectionNamed } from './sections.js'
import { squash } from './word-tables.js'

/**
 * Where the products of one keyword come from. With a usable product index: the index, read as people
 * type (src/products/search.ts), and no catalogue call; a word the index does not hold is still asked of
 * the upstream's catalogue search (new products appear daily): at most three queries, side by side, and
 * what they find is learned. Without one: the upstream's search, page by page, as before the index.
 */
export interface KeywordCandidates {
  /** The item as the caller typed it (chain name and question words removed). */
  keyword: string
  /** How the index read it; null when the upstream's literal search answered. */
  reading: KeywordReading | null
  /** The literal text sent upstream when the index did not answer (English read as Korean). */
  upstreamText: string | null
  /** Catalogue pages of this keyword, 1-based, of `pageSize` rows. */
  page(page: number, pageSize: number, signal: AbortSignal): Promise<CatalogueRows>
  /**
   * When neither the word, its variants, the upstream's catalogue search nor the catalogue's sections know it:
   * the chain does not sell it.
   */
  notSold: boolean
  /** The catalogue section the keyword names (주방용품), when it may find no product: the hint suggests product words of it. */
  section: SectionNamed | undefined
  /** Index words one key away from a two-syllable word no product has (우삳: 우산): the hint asks whether they were meant. */
  suggested: string[]
  /** Fronts names have of a word left out (c타입 of c타입충전기): the hint suggests them, and it is not "not sold". */
  knownFronts: string[]
  /** Upstream catalogue calls spent on finding candidates (not counting pages fetched later). */
  catalogueCalls: number
}

/** The first upstream page asked for a word the index lacks: the scan's page size, so the cache entry is shared. */
const UPSTREAM_PAGE = 50
/** Catalogue queries one keyword may spend when the index lacks a word. */
export const MAX_UPSTREAM_QUERIES = 3

const toItem = ({ productId, name, price, image }: IndexedProduct): CatalogueItem => ({ productId, name, price, image })
const fromItem = (item: CatalogueItem): IndexedProduct => ({ ...item, category: null, brand: null })

/** A list of candidates as catalogue pages. */
function paged(items: CatalogueItem[]): KeywordCandidates['page'] {
  return async (page, pageSize) => ({ items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length })
}

export async function findCandidates(
  upstream: Upstream,
  index: ProductIndex | undefined,
  keyword: string,
  signal: AbortSignal,
  /** Start the upstream's first page of this size at once (the nearby search's catalogue call leads its round). */
  firstPageSize?: number,
): Promise<KeywordCandidates> {
  // A one-shot process's index loads (disk copy, or a listing) when first asked; a server's answers at once.
  const usable = index !== undefined && (index.usable() || ((await index.whenUsable?.()) ?? false))
  if (!usable) {
    const text = upstreamReading(keyword)
    const first = firstPageSize === undefined ? undefined : upstream.searchCatalogue({ text, page: 1, pageSize: firstPageSize }, signal)
    first?.catch(() => {})
    return {
      keyword,
      reading: null,
      upstreamText: text,
      page: (page, pageSize, pageSignal) =>
        first && page === 1 && pageSize === firstPageSize ? first : upstream.searchCatalogue({ text, page, pageSize }, pageSignal),
      notSold: false,
      // The upstream's literal search may find nothing for a section's name: said only if so.
      section: sectionNamed(keyword, undefined),
      suggested: [],
      knownFronts: [],
      catalogueCalls: 0,
    }
  }
  // A product number names one product: the index's, else the upstream's answer for it.
  const numbered = PRODUCT_ID_PATTERN.test(keyword) ? index.byId(keyword) : undefined
  if (numbered) {
    const reading: KeywordReading = {
      keyword,
      words: [],
      ignored: [],
      unknown: [],
      describing: [],
      suggestions: [],
      knownFronts: [],
      products: [numbered],
      queries: [keyword],
    }
    return {
      keyword,
      reading,
      upstreamText: null,
      page: paged([toItem(numbered)]),
      notSold: false,
      section: undefined,
      suggested: [],
      knownFronts: [],
      catalogueCalls: 0,
    }
  }
  const reading = productMatcher(index.products()).read(keyword)
  const unheld = reading.unknown.length > 0
  if (!unheld && reading.products.length > 0) {
    return {
      keyword,
      reading,
      upstreamText: null,
      page: paged(reading.products.map(toItem)),
      notSold: false,
      section: undefined,
      suggested: [],
      knownFronts: [],
      catalogueCalls: 0,
    }
  }
  // A word the index does not hold: the upstream may know a product newer than the index.
  const queries = reading.queries.slice(0, MAX_UPSTREAM_QUERIES)
  const answers = await Promise.all(queries.map((text) => upstream.searchCatalogue({ text, page: 1, pageSize: UPSTREAM_PAGE }, signal)))
  const seen = new Set<string>()
  const found = answers.flatMap((answer) => answer.items).filter((item) => !seen.has(item.productId) && seen.add(item.productId))
  const fresh = found.filter((item) => index.byId(item.productId) === undefined)
  if (fresh.length > 0) index.learn(fresh.map(fromItem))
  // Read again over the index as it is now, so what was learned is ranked like the rest.
  const again = fresh.length > 0 ? productMatcher(index.products()).read(keyword) : reading
  // An index that did not take them in (yet) still lets them be answered: the upstream's matches first.
  const unlearned = fresh.filter((item) => index.byId(item.productId) === undefined)
  // Nothing read from the names (a product number, or a word only the upstream's search matches): its answer.
  const items = again.products.length === 0 ? found : [...unlearned, ...again.products.map(toItem)]
  // Nothing found: a section's name (주방용품) is "try a product word"; anything else is not sold.
  const section = items.length === 0 ? sectionNamed(keyword, index) : undefined
  const suggested = [...new Set(again.suggestions.flatMap((s) => s.words))]
  return {
    keyword,
    reading: again,
    upstreamText: null,
    page: paged(items),
    // A foreign word no table reads (子供, glitter) was never compared with the Korean names: unknown, not "not sold";
    // nor is a word one key from a product word (우삳), which was most likely that word.
    notSold:
      items.length === 0 &&
      section === undefined &&
      !hasUnreadForeignWord(again) &&
      suggested.length === 0 &&
      again.knownFronts.length === 0,
    section,
    suggested,
    knownFronts: again.knownFronts,
    catalogueCalls: queries.length,
  }
}

/** A word in Latin letters, kana or kanji that no table read into Korean. */
function hasUnreadForeignWord(reading: KeywordReading): boolean {
  return reading.words.some(
    (word) =>
      word.via === 'typed' &&
      word.forms.length === 0 &&
      !/[\uac00-\ud7a3]/.test(word.typed) &&
      /[a-z\u3040-\u30ff\u4e00-\u9fff]/i.test(word.typed),
  )
}

/** What every answer says of a keyword beside its products: not sold, the section it names, words suggested, how it was read. */
export function keywordFacts(candidates: KeywordCandidates) {
  const { keyword, notSold, section, suggested, knownFronts } = candidates
  return { keyword, notSold, section, suggested, knownFronts, note: describeReading(candidates) }
}

/** What the answer says about how a keyword was read, or nothing when it was read as typed. */
export function describeReading(candidates: KeywordCandidates): string | undefined {
  const { reading, keyword } = candidates
  if (!reading) {
    return candidates.upstreamText !== null && candidates.upstreamText !== keyword
      ? `Searched '${keyword}' as '${candidates.upstreamText}'.`
      : undefined
  }
  const parts: string[] = []
  for (const compound of new Set(reading.words.flatMap((w) => (w.compound ? [w.compound] : [])))) {
    const split = reading.words.filter((w) => w.compound === compound).map((w) => w.typed)
    parts.push(`no product is named '${compound}': read it as ${split.join(' + ')}`)
  }
  const read = reading.words.filter((w) => w.forms.length > 0)
  for (const word of read) {
    const first = word.forms[0] ?? ''
    if (word.via === 'english') parts.push(`read '${word.typed}' as ${first}`)
    else if (word.via === 'japanese') parts.push(`read '${word.typed}' as ${first} (Japanese)`)
    else if (word.via === 'particle') parts.push(`read '${word.typed}' as ${first}`)
    else if (word.via === 'typo') parts.push(`read '${word.typed}' as ${first} (a typing slip)`)
    else if (word.via === 'keyboard') parts.push(`read '${word.typed}' as ${first} (typed on an English keyboard layout)`)
    else if (word.via === 'synonym') parts.push(`read '${word.typed}' as ${word.forms.slice(0, 3).join('/')}`)
    if (word.match === 'inside' && reading.products.length > 0) {
      // A word read as typed is quoted as typed (usb-c, not the squashed usbc it was matched as).
      const quoted = word.via === 'typed' ? (keyword.split(/\s+/).find((piece) => squash(piece) === word.typed) ?? word.typed) : first
      parts.push(`no product has '${quoted}' as a word of its own; these have it inside a longer word`)
    }
  }
  if (reading.ignored.length > 0 && reading.products.length > 0) {
    parts.push(
      `left out ${reading.ignored.map((w) => `'${w}'`).join(', ')}: no product matches ${reading.ignored.length === 1 ? 'it' : 'them'} together with the rest`,
    )
    for (const { typed, words } of reading.suggestions) parts.push(`'${typed}' is one key away from ${words.join(' or ')}`)
    if (reading.asList) {
      parts.push(`if you meant two things, send them as a list ('${reading.asList.join(', ')}'): each is looked for on its own`)
    }
  }
  if (reading.describing.length > 0) {
    const named = reading.unknown.map((w) => `'${w}'`).join(', ')
    const these = reading.describing.map((w) => `'${w}'`).join(', ')
    parts.push(
      `no product is ${named}, and ${these} only ${reading.describing.length === 1 ? 'describes' : 'describe'} a product, so nothing is listed for ${reading.describing.length === 1 ? 'it' : 'them'} alone`,
    )
  }
  if (parts.length === 0) return undefined
  const text = parts.join('; ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/**
 * The product words of a keyword: one, or a shopping list of up to five separated by commas ("건전지,
 * 멀티탭"), each with the chain's name and question words taken out. `single` reads a keyword that is
 * nothing but such words (and refuses it).
 */
export function shoppingList(raw: string, single: (raw: string) => string): string[] {
  const items = splitShoppingList(raw)
  if (items.length > MAX_SHOPPING_ITEMS) {
    throw new ServiceError('invalid_parameter', {
      message: `Invalid parameter '{keyword}': ${items.length} products listed; at most ${MAX_SHOPPING_ITEMS} at once.`,
      ko: `상품은 한 번에 ${MAX_SHOPPING_ITEMS}개까지 찾을 수 있습니다.`,
      hint: `Send at most ${MAX_SHOPPING_ITEMS} product words separated by commas (e.g. 건전지, 멀티탭), and the rest in another call.`,
    })
  }
  const keywords = items.map((item) => productKeyword(item)).filter((keyword) => keyword !== '')
  if (keywords.length === 0) return [single(raw)]
  return [...new Set(keywords)]
}
