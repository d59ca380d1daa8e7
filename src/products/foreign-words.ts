import { ENGLISH_WORDS } from './tables/english.js'
import { JAPANESE_WORDS } from './tables/japanese.js'
import { particleStems } from './korean-words.js'

/**
 * Product words typed in English or Japanese, read as the Korean words Daiso's names use: through the
 * English table (./tables/english.ts), and for Japanese through the English word EDICT glosses it with
 * (./tables/japanese.ts). Korean itself is read by ./search.ts.
 */

/** A word's Korean from a foreign-word table (English, Japanese), and which table it came from. */
export interface Foreign {
  korean: readonly string[]
  via: 'english' | 'japanese'
}

/** batteries → battery, boxes → box, chargers → charger; words ending in ss stay. */
function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2)
  if (/[^s]s$/.test(word) && word.length > 3) return word.slice(0, -1)
  return word
}

export function englishOf(phrase: string): readonly string[] | undefined {
  return ENGLISH_WORDS.get(phrase) ?? ENGLISH_WORDS.get(phrase.split(' ').map(singular).join(' '))
}

/** The table's one-word English keys, for correcting a slip. */
let oneWordKeys: string[] | undefined

/**
 * An English word of five letters or more one slip (a letter left out, added, changed or two swapped) away
 * from exactly one word of the table: umbrela is umbrella, baterry is battery. Undefined when none or several are.
 */
export function englishSlip(word: string): string | undefined {
  if (!/^[a-z]{5,}$/.test(word) || englishOf(word)) return undefined
  oneWordKeys ??= [...ENGLISH_WORDS.keys()].filter((key) => /^[a-z]+$/.test(key))
  const near = new Set<string>()
  for (const candidate of [word, singular(word)]) {
    for (const key of oneWordKeys) if (oneSlipApart(candidate, key)) near.add(key)
  }
  return near.size === 1 ? [...near][0] : undefined
}

function oneSlipApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true // one letter changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2) // two swapped
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a]
  return short.slice(i) === long.slice(i + 1) // one left out or added
}

/** Kana or kanji, and no Hangul: a word typed in Japanese. */
const JAPANESE_SCRIPT = /^[\u3040-\u30ff\u4e00-\u9fff]+$/

/** A Japanese word's Korean, through the English words EDICT glosses it with. */
export function japaneseOf(word: string): readonly string[] | undefined {
  const english = JAPANESE_WORDS.get(word)
  if (!english) return undefined
  const korean = [...new Set(english.flatMap((w) => ENGLISH_WORDS.get(w) ?? []))]
  return korean.length > 0 ? korean : undefined
}

/**
 * と and や join the items of a Japanese list (傘と電池: an umbrella and batteries): split there when every
 * part is read by the table, so a word that merely holds と (ときめき) stays whole.
 */
export function japaneseList(item: string): string[] {
  if (!JAPANESE_SCRIPT.test(item) || japaneseWords(item)) return [item]
  const parts = item.split(/[とや]/)
  return parts.length > 1 && parts.every((part) => part !== '' && japaneseWords(part)) ? parts : [item]
}

/** Japanese glues words together (折りたたみ傘, 単三電池): the table's longest words from the left, when they cover it all. */
export function japaneseWords(token: string): string[] | undefined {
  if (!JAPANESE_SCRIPT.test(token)) return undefined
  if (JAPANESE_WORDS.has(token)) return [token]
  const words: string[] = []
  for (let at = 0; at < token.length;) {
    let next = 0
    for (let end = token.length; end > at; end--) {
      if (JAPANESE_WORDS.has(token.slice(at, end))) {
        next = end
        break
      }
    }
    // の (of) joins two words: 子供の傘 is a child's umbrella.
    if (next === 0 && token[at] === 'の' && words.length > 0) next = at + 1
    else if (next === 0) return undefined
    else words.push(token.slice(at, next))
    at = next
  }
  return words.length > 0 ? words : undefined
}

/** One word of a keyword read through a foreign-word table: `typed` names it, `word` is what was looked up. */
export interface ForeignWord {
  typed: string
  word: string
  foreign: Foreign | undefined
}

/**
 * The word or words at tokens[i] (lower case) and how many tokens they take: a Japanese token's table words,
 * else the longest English phrase of up to three tokens the table reads ("phone charger" before "phone"), else
 * an English slip (umbrela) unless `carriedAsTyped` says a name has the word as typed. `foreign` is undefined
 * for a word no table reads.
 */
export function foreignAt(
  tokens: readonly string[],
  i: number,
  carriedAsTyped: (token: string) => boolean = () => false,
): { taken: number; words: ForeignWord[] } {
  const token = tokens[i] ?? ''
  const japanese = japaneseWords(token)
  if (japanese) {
    return {
      taken: 1,
      words: japanese.map((part) => ({
        typed: japanese.length > 1 ? `${token} (${part})` : part,
        word: part,
        foreign: { korean: japaneseOf(part) ?? [], via: 'japanese' },
      })),
    }
  }
  for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
    const phrase = tokens.slice(i, i + n)
    if (!phrase.every((t) => /^[a-z0-9][a-z0-9'-]*$/.test(t))) continue
    const english = englishOf(phrase.join(' '))
    if (english)
      return { taken: n, words: [{ typed: phrase.join(' '), word: phrase.join(' '), foreign: { korean: english, via: 'english' } }] }
  }
  const slip = carriedAsTyped(token) ? undefined : englishOf(englishSlip(token) ?? '')
  return { taken: 1, words: [{ typed: token, word: token, foreign: slip ? { korean: slip, via: 'english' } : undefined }] }
}

/**
 * Readings for the upstream path (no usable index): English and Japanese read as Korean from the tables, a
 * particle read off a Korean word of two syllables or more (우산을: 우산, a prefix, so the literal search only
 * widens), and the item joined as typed; nothing is dropped or corrected, since no word list is at hand.
 */
export function upstreamReading(keyword: string): string {
  const typed = keyword.split(/\s+/).filter((t) => t !== '')
  const tokens = typed.map((t) => t.normalize('NFC').toLowerCase())
  const out: string[] = []
  for (let i = 0; i < tokens.length;) {
    const { taken, words } = foreignAt(tokens, i)
    const read = words.map((w) => w.foreign?.korean[0])
    const asTyped = typed[i] ?? ''
    out.push(
      read.some((k) => k !== undefined) ? words.map((w, j) => read[j] ?? w.word).join(' ') : (particleStems(asTyped, 2)[0] ?? asTyped),
    )
    i += taken
  }
  return out.join(' ')
}
