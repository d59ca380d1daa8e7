import type { Facility } from './facilities.js'
import { squash } from './entry.js'
import { CHAIN_NAMES, FACILITY_WORDS, FILLER_STEMS, FILLER_SUFFIXES, FILLER_WORDS, PARTICLES } from './places.js'

/**
 * The one reading of a store keyword, for the directory (search.ts) and for the upstream's own search
 * while the directory is not built (upstream-search.ts): the chain's names and filler words dropped, a
 * place written apart joined, a facility word taken as the facility filter. Both paths start here, so
 * they drop the same words and keep the same places; the tables are in places.ts.
 */

export interface KeywordToken {
  /** As typed, for the answer's note. */
  typed: string
  /** Normalised: squashed, lower case, a glued "near" word taken off. */
  text: string
}

export interface StoreKeyword {
  /** The words that may name a place, in the order typed. */
  tokens: KeywordToken[]
  /** A facility the keyword named ("주차 되는 명동"), which filters rather than names a place. */
  facility: Facility | undefined
}

/** Reads a keyword: the words that may name a place, and a facility it named. */
export function readStoreKeyword(raw: string): StoreKeyword {
  let facility: Facility | undefined
  const tokens = tokensOf(raw).filter((token) => {
    // Own keys only: a word such as `constructor` names no facility (every object inherits one).
    const named = Object.hasOwn(FACILITY_WORDS, token.text) ? FACILITY_WORDS[token.text] : undefined
    if (named) facility ??= named
    return !named
  })
  return { tokens, facility }
}

/** Splits a keyword into the words that may name a place: chain names and filler words are gone. */
export function tokensOf(raw: string): KeywordToken[] {
  let text = raw.normalize('NFC')
  for (const name of CHAIN_NAMES) text = text.replace(new RegExp(name, 'gi'), ' ')
  const pieces = text
    .replace(/["'“”‘’`,.!?·()[\]{}<>~:;/\\|]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '')
  // "강남 역", "명동 본점", "강남역 2호점": one place written apart.
  const joined: string[] = []
  for (const piece of pieces) {
    if (/^(역|점|본점|역점|\d+호점)$/.test(piece) && joined.length > 0) joined[joined.length - 1] += piece
    else joined.push(piece)
  }
  const tokens: KeywordToken[] = []
  for (const typed of joined) {
    let word = squash(typed)
    for (const suffix of FILLER_SUFFIXES) {
      if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
        word = word.slice(0, -suffix.length)
        break
      }
    }
    if (isFiller(word) || tokens.some((t) => t.text === word)) continue
    tokens.push({ typed, text: word })
  }
  return tokens
}

function isFiller(word: string): boolean {
  if (word === '' || FILLER_WORDS.has(word)) return true
  if (FILLER_STEMS.some((stem) => word.startsWith(stem))) return true
  const bare = stripParticle(word)
  return bare !== undefined && FILLER_WORDS.has(bare)
}

/** "명동에" → 명동: a trailing particle taken off, or undefined when there is none to take. */
export function stripParticle(word: string): string | undefined {
  for (const particle of PARTICLES) {
    if (word.length - particle.length >= 2 && word.endsWith(particle)) return word.slice(0, -particle.length)
  }
  return undefined
}

/** Whether a keyword has a Latin word (a romanised or English name), for the hint of an empty answer. */
export const hasLatinWord = (keyword: string): boolean => tokensOf(keyword).some((t) => /[a-z]/.test(t.text))
