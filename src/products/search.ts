import { convertQwertyToHangul } from 'es-hangul'
import type { IndexedProduct } from './port.js'
import { foreignAt, type Foreign } from './foreign-words.js'
import { particleStems } from './korean-words.js'
import { SlipVocabulary } from './slips.js'
import { describes, ENGLISH_READINGS, MEASURE, normalize, NOT_WORD, squash, SYNONYMS, tokensOf } from './word-tables.js'
import { CompoundEndings, headOf, joinedSpellings, knownFront, namesTheThing, spelledAsNamed, wholeIn } from './name-words.js'
import { upstreamQueries } from './upstream-queries.js'

/**
 * Product search as people type it, over the product index's names. The upstream's catalogue
 * matches one literal substring; here a keyword becomes words, each read with its spellings (spacing
 * ignored, synonyms, English, a particle glued on, a one-key typing slip), and products are ranked by how well they carry
 * every word: a whole word of the name above the inside of a longer word (티슈 before 물티슈).
 *
 * What it does not do: endings of verbs and adjectives (귀여운 is not 귀엽다), meaning (a 선물 is not
 * every giftable thing), Chinese, Japanese words outside the table (./tables/japanese.ts), or typo correction
 * of words under three syllables (a two-syllable word one key from an index word is suggested instead).
 */

/** How a word of the keyword was read. */
export type WordVia = 'typed' | 'synonym' | 'english' | 'japanese' | 'particle' | 'typo' | 'keyboard'

export interface WordReading {
  /** The word as typed (an English phrase stays whole: "phone charger"). */
  typed: string
  /** The spellings searched for, as typed first; empty when the word was left out. */
  forms: string[]
  via: WordVia
  /** How the word matched the products listed: as a word of their names, or only inside longer words. */
  match: 'whole' | 'inside' | 'none'
  /** The word typed as one that no name has, of which this is a part (박스테이프: 박스, 테이프). */
  compound?: string
}

export interface KeywordReading {
  /** The item as typed, chain name and question words removed. */
  keyword: string
  words: WordReading[]
  /** Words left out: no product in the index has them (nor their variants), or none has them with the rest. */
  ignored: string[]
  /**
   * When a word left out is the thing some product names (its last word, not one that only describes), the keyword read as a
   * shopping list, the words left out as one item and the rest as the other (우산 건전지: 우산, 건전지):
   * someone may have typed two things without a comma.
   */
  asList?: string[] | undefined
  /** Of those, the words no product in the index has at all (nor their variants): the upstream may know newer products. */
  unknown: string[]
  /**
   * Words kept that only describe a product (휴대용, 미니, black) beside a word no product has (선풍기): the
   * thing asked for is what is missing, so nothing is listed for them alone.
   */
  describing: string[]
  /** For a two-syllable word left out: the index's words one key away from it (우삳: 우산), most products first. */
  suggestions: Array<{ typed: string; words: string[] }>
  /** Of words of Latin letters and Hangul left out, the fronts some name has (c타입충전기: c타입): not "not sold". */
  knownFronts: string[]
  /** Products carrying every word that was kept, best first. */
  products: IndexedProduct[]
  /** Up to three upstream catalogue queries for this item, most likely first: the word as typed, then its readings. */
  queries: string[]
}

const WHOLE = 1.5 // a level at or above it is a whole-word match (see #levels)
// Scored when the keyword's last word names what the product is (우산 of 3단 우산 or 장우산, not of 우산 커버): more
// than whole over inside, so 수정테이프 (a tape) lists before 테이프 클리너 (a lint roller).
const NAMES_THING = 1.2
const HANGUL = /[\uac00-\ud7a3]/
const LATIN_AND_HANGUL = /[a-z][\uac00-\ud7a3]|[\uac00-\ud7a3][a-z]/
const LATIN_RUNS = /[a-z]+|[^a-z]+/g
const LATIN_WORD = /^[a-z][a-z'-]*$/

interface Entry {
  product: IndexedProduct
  tokens: string[]
  squashed: string
  /** The word naming the thing (./name-words.ts headOf). */
  head: string
}

/** A word of the keyword as read: `compound`, the word typed as one that it is a part of (박스테이프). */
interface ReadWord {
  typed: string
  forms: string[]
  formsAsMatched: Form[]
  via: WordVia
  compound?: string
}

/** One form searched: whole-only forms (a one-syllable synonym) never match inside a longer word. */
interface Form {
  text: string
  wholeOnly: boolean
}

/**
 * A matcher over one list of products: names tokenised and the word list for typo correction built once.
 * `productMatcher(list)` returns the same matcher while the index hands out the same list.
 */
export class ProductMatcher {
  readonly #entries: Entry[]
  /** The names' words, for typing slips. */
  readonly #slips: SlipVocabulary
  /** Every name squashed, one a line, and every word of a name: "does any product have it" without a loop. */
  readonly #haystack: string
  /** Where each name starts in the haystack. */
  readonly #starts: number[]
  readonly #tokens: Set<string>
  /** Words that are the thing some product name names (its last Hangul word): 우산, 건전지, not 욕실 or 휴대용. */
  readonly #heads: Set<string>
  /** Every ending of those words, for a compound typed as one word (./name-words.ts CompoundEndings.split). */
  readonly #endings: CompoundEndings
  /** Products by each word of their names, for forms that match only whole words. */
  readonly #byToken: Map<string, number[]>

  constructor(products: readonly IndexedProduct[]) {
    this.#entries = products.map((product) => {
      const tokens = tokensOf(product.name)
      return { product, tokens, squashed: tokens.join(''), head: headOf(product.name) }
    })
    this.#haystack = this.#entries.map((entry) => entry.squashed).join('\n')
    this.#starts = []
    let offset = 0
    for (const entry of this.#entries) {
      this.#starts.push(offset)
      offset += entry.squashed.length + 1
    }
    this.#tokens = new Set(this.#entries.flatMap((entry) => entry.tokens))
    this.#heads = new Set(this.#entries.map((entry) => entry.head).filter((head) => head !== ''))
    this.#endings = new CompoundEndings(this.#heads)
    this.#byToken = new Map()
    this.#entries.forEach((entry, order) => {
      for (const token of new Set(entry.tokens)) {
        const list = this.#byToken.get(token)
        if (list) list.push(order)
        else this.#byToken.set(token, [order])
      }
    })
    this.#slips = new SlipVocabulary(this.#entries.map((entry) => entry.tokens))
  }

  get size(): number {
    return this.#entries.length
  }

  /** Reads one item of a shopping list against the index. */
  read(keyword: string): KeywordReading {
    const words = this.#words(keyword)
    const present = words.filter((w) => w.forms.length > 0)
    // A count or a size (500ml, 4개) is left out before the thing it measures: "텀블러 500ml" is a tumbler; then a
    // word that only describes, wherever it stands: "고무장갑 대형" is rubber gloves, not large vacuum bags.
    const dropOrder = (w: ReadWord) => (MEASURE.test(w.typed) ? 2 : describes(w.forms) ? 1 : 0)
    const kept = [...present].sort((a, b) => dropOrder(b) - dropOrder(a))
    const ignored = words.filter((w) => w.forms.length === 0).map((w) => w.typed)
    // A compound no name has (박스테이프) is read in parts, yet the upstream may know a newer product named so.
    const unknown = [...ignored, ...new Set(words.flatMap((w) => (w.compound ? [w.compound] : [])))]
    const knownFronts = words.flatMap((w) => {
      const front = w.forms.length === 0 ? knownFront(squash(w.typed), (text) => this.#anyMatch([{ text, wholeOnly: false }])) : null
      return front ? [this.#asNamed(front)] : []
    })
    const suggestions = words.flatMap((w) => {
      const near = w.forms.length === 0 ? this.#slips.suggest(squash(w.typed)) : []
      return near.length > 0 ? [{ typed: w.typed, words: near }] : []
    })
    const joinedForms = joinedSpellings(present)
    // "휴대용 선풍기" where no product is a fan: 휴대용 alone finds wet wipes and umbrellas, which is not the answer.
    // "usb 선풍기" where no product is a fan: the thing asked for is its last word, and a word in front that names
    // no thing of its own (usb, 캠핑) only says which one; the USB cables it finds are not the answer either.
    const last = words.at(-1)
    const thingUnknown =
      words.length > 1 &&
      last !== undefined &&
      last.forms.length === 0 &&
      !MEASURE.test(last.typed) &&
      !suggestions.some((s) => s.typed === last.typed)
    const describing =
      unknown.length > 0 &&
      present.length > 0 &&
      present.every((w) => describes(w.forms) || (thingUnknown && !w.forms.some((form) => this.#heads.has(squash(form)))))
        ? present.map((w) => w.typed)
        : []

    // Only the products carrying some form of some word are looked at, found by a search of all names at once.
    const things = new Set<number>() // products the last word names (NAMES_THING)
    const perWord = kept.map((word, i) => this.#levels(word.formsAsMatched, i === kept.length - 1 ? things : undefined))
    const joinedAt = [...new Set(joinedForms.flatMap((form) => this.#containing(form)))]
    const orders = new Set<number>([...joinedAt, ...perWord.flatMap((levels) => [...levels.keys()])])
    const joinedSet = new Set(joinedAt)
    const rows = [...orders].map((order) => {
      const entry = this.#entries[order] as Entry
      // "머리 끈" names 머리끈 better than any one of its words does.
      if (joinedSet.has(order)) {
        const form = joinedForms.find((f) => entry.squashed.includes(f)) ?? ''
        const bonus = (wholeIn(entry.tokens, form) ? 2 : 1) + (namesTheThing(entry.head, form) ? NAMES_THING : 0)
        return { entry, order, levels: kept.map(() => 2), bonus }
      }
      return { entry, order, levels: perWord.map((levels) => levels.get(order) ?? 0), bonus: things.has(order) ? NAMES_THING : 0 }
    })
    // Korean puts the thing last ("선물 포장지", "휴대용 티슈"): when no product carries every word, the words in front are
    // left out one by one, and named, until some product carries the rest.
    // The thing is wanted whole ("휴대용 티슈" lists tissues, not 물티슈) when some name has it so, or ending a name's last
    // word that is no word of our tables ("건전지 케이스": 건전지 보관케이스, while 물티슈 is a thing of its own).
    const head = kept.length - 1
    const wanted = (row: (typeof rows)[number]) =>
      (row.levels[head] ?? 0) >= WHOLE || (things.has(row.order) && !SYNONYMS.has(row.entry.head))
    const headWhole = rows.some((row) => (row.levels[head] ?? 0) >= WHOLE)
    let from = 0
    let listed: typeof rows = []
    for (; from < kept.length && describing.length === 0; from++) {
      listed = rows.filter((row) => row.levels.slice(from).every((level) => level > 0))
      if (listed.length > 0 && (!headWhole || listed.some(wanted))) break
    }
    for (const word of kept.slice(0, from)) ignored.push(word.typed)
    const leftOut = kept.slice(0, from)
    // 우산꽂이 with no umbrella stand: its front is a thing (우산), so the 꽂이 of toothbrushes is not the answer either.
    if (leftOut.some((word) => word.compound && squash(word.typed).length > 1 && this.#heads.has(squash(word.typed)))) listed = []
    // Not the front of a compound (물 of 물컵): one word typed is one thing.
    const ownItem = leftOut.some(
      (word) => !word.compound && !describes(word.forms) && word.forms.some((form) => this.#heads.has(squash(form))),
    )
    const asList = ownItem && from < kept.length ? [leftOut, kept.slice(from)].map((part) => part.map((w) => w.typed).join(' ')) : undefined
    const score = (row: (typeof rows)[number]) => row.levels.slice(from).reduce((sum, level) => sum + level, 0) + row.bonus
    listed.sort((a, b) => score(b) - score(a) || a.order - b.order)

    const readings: WordReading[] = words.map((word) => {
      const index = kept.indexOf(word)
      const levels = index < from ? [] : listed.map((row) => row.levels[index] ?? 0)
      const match = levels.some((l) => l >= WHOLE) ? 'whole' : levels.some((l) => l > 0) ? 'inside' : 'none'
      const reading: WordReading = { typed: word.typed, forms: index < from ? [] : word.forms, via: word.via, match }
      if (word.compound) reading.compound = word.compound
      return reading
    })
    return {
      keyword,
      words: readings,
      ignored,
      ...(asList ? { asList } : {}),
      unknown,
      describing,
      suggestions,
      knownFronts,
      products: listed.map((row) => row.entry.product),
      queries: upstreamQueries(keyword, words, describing),
    }
  }

  /**
   * Each product carrying a form, and how: 2 a whole word (or consecutive words) of the name, 1 inside a
   * longer word. A variant (synonym) scores a little less than the word as read, so 수납함 lists before
   * its synonym 정리함. `things` gets the products whose head word a form names (./name-words.ts namesTheThing).
   */
  #levels(forms: Form[], things?: Set<number>): Map<number, number> {
    const levels = new Map<number, number>()
    forms.forEach((form, index) => {
      const discount = index === 0 ? 0 : 0.1
      const orders = form.wholeOnly ? (this.#byToken.get(form.text) ?? []) : this.#containing(form.text)
      for (const order of orders) {
        const entry = this.#entries[order] as Entry
        const level = wholeIn(entry.tokens, form.text) ? 2 - discount : form.wholeOnly ? 0 : 1 - discount
        if (level > 0 && things && namesTheThing(entry.head, form.text)) things.add(order)
        if (level > (levels.get(order) ?? 0)) levels.set(order, level)
      }
    })
    return levels
  }

  /** The products whose squashed name contains `text`, in index order: one native search through every name. */
  #containing(text: string): number[] {
    const found: number[] = []
    if (text === '') return found
    let at = this.#haystack.indexOf(text)
    while (at >= 0) {
      const order = this.#entryAt(at)
      found.push(order)
      const next = this.#starts[order + 1]
      if (next === undefined) break
      at = this.#haystack.indexOf(text, next)
    }
    return found
  }

  /** The entry whose name holds haystack position `at` (binary search over the names' start offsets). */
  #entryAt(at: number): number {
    let low = 0
    let high = this.#starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((this.#starts[mid] ?? 0) <= at) low = mid
      else high = mid - 1
    }
    return low
  }

  /** Squashed text as the first name carrying it as whole words spells it (c타입충전: c타입 충전), else as it is. */
  #asNamed(text: string): string {
    return spelledAsNamed(
      text,
      this.#containing(text).map((order) => (this.#entries[order] as Entry).tokens),
    )
  }

  #anyMatch(forms: Form[]): boolean {
    return forms.some((form) => (form.wholeOnly ? this.#tokens.has(form.text) : this.#haystack.includes(form.text)))
  }

  /** The keyword's words, each with its forms (empty: no product has it, nor any variant). */
  #words(keyword: string): ReadWord[] {
    const tokens = normalize(keyword)
      .split(/\s+/)
      .map((t) => t.split(NOT_WORD).join(''))
      .filter((t) => t !== '')
      .flatMap((t) => this.#unglued(t))
    const out: ReadWord[] = []
    for (let i = 0; i < tokens.length;) {
      // A name carrying a word as typed (a brand, a model) keeps it from being read as an English slip.
      const { taken, words } = foreignAt(tokens, i, (token) => this.#anyMatch([{ text: squash(token), wholeOnly: false }]))
      for (const word of words) out.push(...this.#foreignWord(word.typed, word.foreign))
      i += taken
    }
    return out
  }

  /**
   * Latin letters glued to Hangul (AA건전지, usb충전기) are two words when no name has them glued (건전지 AA).
   * A lone letter stays glued: c of c타입충전기 alone would match every name with cm in it.
   */
  #unglued(token: string): string[] {
    if (!/[\uac00-\ud7a3]/.test(token) || this.#anyMatch([{ text: token, wholeOnly: false }])) return [token]
    // A count or a size glued after the thing (멀티탭3구, 물티슈100매) is a word of its own.
    return token.split(/(?<=[\uac00-\ud7a3])(?=\d)/).flatMap((piece) => {
      if (!LATIN_AND_HANGUL.test(piece)) return [piece]
      const parts = piece.match(LATIN_RUNS) ?? [piece]
      return parts.some((part) => /^[a-z]$/.test(part)) ? [piece] : parts
    })
  }

  /** A word, read through a foreign-word table when it is in one. */
  #foreignWord(typed: string, foreign: Foreign | undefined): ReadWord[] {
    const word = this.#readWord(typed, foreign)
    // 박스테이프 that no name has: 박스 and 테이프, each read as a word of its own. Not a word of our tables
    // (에어캡 is not 에어 + 캡), nor two syllables one key from a word of the names (우선 is 우산 mistyped, or itself).
    const key = squash(typed)
    const splittable =
      !foreign &&
      word.forms.length === 0 &&
      !SYNONYMS.has(key) &&
      !ENGLISH_READINGS.has(key) &&
      (key.length > 2 || this.#slips.suggest(key).length === 0)
    const parts = splittable ? this.#endings.split(key, (front) => this.#tokens.has(front) || describes([front])) : null
    if (parts) return parts.map((part) => ({ ...this.#readWord(part, undefined), compound: typed }))
    // "pocket tissue" is 휴대용 티슈: when no name has the phrase's reading whole, its Korean words are read one by one.
    const phrase = foreign?.korean[0]?.split(/\s+/) ?? []
    if (foreign && (word.via !== foreign.via || word.forms.length === 0) && phrase.length > 1) {
      return phrase.map((part) => ({ ...this.#readWord(part, undefined), typed: `${typed} (${part})`, via: foreign.via }))
    }
    return [word]
  }

  #readWord(typed: string, foreign: Foreign | undefined): ReadWord {
    const make = (forms: string[], via: WordVia) => ({
      typed,
      forms,
      formsAsMatched: forms.map((text, index) => ({
        text: squash(text),
        // A one-syllable variant from a table (초, 물, 선) would match inside half the catalogue.
        wholeOnly: index > 0 && HANGUL.test(text) && squash(text).length === 1,
      })),
      via,
    })
    const key = squash(typed)
    const asTyped = this.#anyMatch([{ text: key, wholeOnly: false }])
    const synonyms = SYNONYMS.get(key) ?? []
    if (foreign && foreign.korean.length > 0) {
      const reading = make(unique([...foreign.korean]), foreign.via)
      if (this.#anyMatch(reading.formsAsMatched)) return reading
    }
    if (asTyped) return make(unique([typed, ...synonyms]), 'typed')
    if (synonyms.length > 0) {
      const reading = make(unique([typed, ...synonyms]), 'synonym')
      if (this.#anyMatch(reading.formsAsMatched)) return reading
    }
    // A particle glued on ("우산을", "건전지가"): the word without it, when some name has that.
    for (const stem of particleStems(key)) {
      const reading = make(unique([stem, ...(SYNONYMS.get(stem) ?? [])]), 'particle')
      if (this.#anyMatch(reading.formsAsMatched)) return reading
    }
    // An English word typed on a Korean keyboard layout: "dntks" is 우산.
    if (LATIN_WORD.test(key)) {
      const hangul = safeQwerty(key)
      if (hangul && HANGUL.test(hangul) && this.#anyMatch([{ text: squash(hangul), wholeOnly: false }])) return make([hangul], 'keyboard')
    }
    // A word our own tables know (에어캡, bubble wrap) is a word, not a slip of another (헤어캡).
    const corrected = synonyms.length > 0 || ENGLISH_READINGS.has(key) ? null : this.#slips.correct(key)
    if (corrected) return make([corrected, ...(SYNONYMS.get(corrected) ?? [])], 'typo')
    // Left out either way; a word a table read (painkiller: 진통제) is known to name nothing the chain sells.
    return make([], foreign && foreign.korean.length > 0 ? foreign.via : 'typed')
  }
}

function safeQwerty(word: string): string | null {
  try {
    return convertQwertyToHangul(word)
  } catch {
    return null
  }
}

const unique = (words: string[]): string[] => {
  const seen = new Set<string>()
  return words.filter((word) => {
    const key = squash(word)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const matchers = new WeakMap<readonly IndexedProduct[], ProductMatcher>()

/** The matcher of a product list, built once per list (the index hands out a new array when its list changes). */
export function productMatcher(products: readonly IndexedProduct[]): ProductMatcher {
  let matcher = matchers.get(products)
  if (!matcher || matcher.size !== products.length) {
    matcher = new ProductMatcher(products)
    matchers.set(products, matcher)
  }
  return matcher
}
