import { disassemble } from 'es-hangul'
import { HANGUL_WORD, oneKeyApart } from './korean-words.js'

interface Word {
  word: string
  jamo: string
  /** How many products carry it: the likelier reading of a slip. */
  count: number
}

/**
 * Typing slips, against the Hangul words of product names. A word of three syllables or more one jamo from
 * one of theirs is read as it (수넙함: 수납함). A word of two is only suggested, and only one key away (우삳:
 * 우산, ㄷ beside ㄴ): many two-syllable words are words of their own (우선), so reading them would be a guess.
 * A final consonant pressed too many or left off counts as one key too (티슝: 티슈). The two-syllable words
 * include those names carry inside compounds (장걉: 장갑, of 고무장갑).
 */
export class SlipVocabulary {
  readonly #long: Word[]
  readonly #short: Word[]

  /** `names`: each product name's words. */
  constructor(names: Iterable<readonly string[]>) {
    const long = new Map<string, number>()
    const short = new Map<string, number>()
    for (const words of names) {
      for (const word of new Set(words)) {
        if (!HANGUL_WORD.test(word)) continue
        const tally = word.length >= 3 ? long : word.length === 2 ? short : undefined
        tally?.set(word, (tally.get(word) ?? 0) + 1)
      }
    }
    for (const [piece, count] of sharedPieces(long)) short.set(piece, (short.get(piece) ?? 0) + count)
    const entries = (tally: Map<string, number>) => [...tally].map(([word, count]) => ({ word, jamo: disassemble(word), count }))
    this.#long = entries(long)
    this.#short = entries(short)
  }

  /** The names' word one jamo from a word of three or more syllables, the one most products carry; null when none is. */
  correct(word: string): string | null {
    if (!HANGUL_WORD.test(word) || word.length < 3) return null
    const jamo = disassemble(word)
    let best: Word | null = null
    for (const candidate of this.#long) {
      if (Math.abs(candidate.jamo.length - jamo.length) > 1) continue
      if (jamoDistance(jamo, candidate.jamo, 1) !== 1) continue
      if (!best || candidate.count > best.count) best = candidate
    }
    return best?.word ?? null
  }

  /** The names' two-syllable words one key from a two-syllable word (beside, or a final one more or less), most products first, at most three. */
  suggest(word: string): string[] {
    if (!HANGUL_WORD.test(word) || word.length !== 2) return []
    const jamo = disassemble(word)
    return this.#short
      .filter((candidate) => oneKeyApart(jamo, candidate.jamo) || finalKeySlip(word, candidate.word))
      .sort((a, b) => b.count - a.count)
      .slice(0, 3)
      .map((candidate) => candidate.word)
  }
}

/**
 * Two-syllable words that product names carry only inside compounds (장갑 in 고무장갑 and 주방장갑, 티슈 in
 * 물티슈 and 각티슈): the first or last two syllables of at least two different longer words. The index finds
 * them inside those words, so they are worth suggesting; a piece of one word only (지통 of 휴지통) is no word.
 */
function sharedPieces(long: ReadonlyMap<string, number>): Map<string, number> {
  const carriers = new Map<string, { words: number; products: number }>()
  for (const [word, products] of long) {
    for (const piece of new Set([word.slice(0, 2), word.slice(-2)])) {
      const seen = carriers.get(piece)
      if (seen) {
        seen.words += 1
        seen.products += products
      } else carriers.set(piece, { words: 1, products })
    }
  }
  return new Map([...carriers].filter(([, seen]) => seen.words >= 2).map(([piece, seen]) => [piece, seen.products]))
}

/**
 * The same syllables but for one final consonant pressed too many or left off (티슝 for 티슈, 우사 for 우산).
 * A syllable is 0xAC00 + (initial × 21 + vowel) × 28 + final, so its code over 28 is its initial and vowel.
 */
function finalKeySlip(typed: string, word: string): boolean {
  if (typed.length !== word.length) return false
  let slips = 0
  for (let i = 0; i < typed.length; i++) {
    const a = typed.charCodeAt(i) - 0xac00
    const b = word.charCodeAt(i) - 0xac00
    if (a === b) continue
    if (Math.floor(a / 28) !== Math.floor(b / 28) || (a % 28 !== 0 && b % 28 !== 0)) return false
    slips += 1
  }
  return slips === 1
}

/** Levenshtein distance of two jamo strings, stopping once it passes `bound`. */
function jamoDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > bound) return bound + 1
    previous = current
  }
  return previous[b.length] ?? bound + 1
}
