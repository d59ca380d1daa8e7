import { hasBatchim } from 'es-hangul'

/*
 * Korean particles as people glue them to a product word: "우산을 사고 싶어요", "건전지가 필요해요",
 * "수세미랑 고무장갑". The catalogue's names carry none, and a literal match of "우산을" finds nothing.
 */

/**
 * Particles read off the end of a word, longest first, with the sound the word must end in: `batchim` after
 * a closing consonant (우산을, 컵이랑), `open` after a vowel (수세미를), `any` after either (우산도).
 * The pairing is Korean grammar, so "사과" is never 사 + 과 (과 follows a closing consonant).
 */
const PARTICLES: ReadonlyArray<readonly [particle: string, after: 'batchim' | 'open' | 'any']> = [
  ['이랑', 'batchim'],
  ['이나', 'batchim'],
  ['하고', 'any'],
  ['에서', 'any'],
  ['부터', 'any'],
  ['까지', 'any'],
  ['처럼', 'any'],
  ['으로', 'batchim'],
  ['을', 'batchim'],
  ['를', 'open'],
  ['이', 'batchim'],
  ['가', 'open'],
  ['은', 'batchim'],
  ['는', 'open'],
  ['과', 'batchim'],
  ['와', 'open'],
  ['랑', 'open'],
  ['로', 'open'],
  ['도', 'any'],
  ['만', 'any'],
  ['에', 'any'],
  ['의', 'any'],
  // Not particles, but glued the same way in quick typing: a plural (빨대들) and a softener (우산좀).
  ['들', 'any'],
  ['좀', 'any'],
]

/** The particles that join two items of a list ("우산이랑 건전지", "컵하고 접시", "수세미와 장갑"). */
const JOINERS = new Set(['이랑', '랑', '하고', '과', '와', '이나'])

/** A word of Hangul syllables only. */
export const HANGUL_WORD = /^[\uac00-\ud7a3]+$/

/**
 * The word without a particle glued to its end, longest particle first ("우산을" → 우산; "건전지도요" → 건전지),
 * each stem at least `minSyllables` long; empty when the word ends in none (or is not all Hangul).
 */
export function particleStems(word: string, minSyllables = 1): string[] {
  if (!HANGUL_WORD.test(word)) return []
  // "우산은요", "건전지도요": a polite 요 after the particle.
  const bare = word.length > 2 && word.endsWith('요') ? word.slice(0, -1) : word
  const stems: string[] = []
  for (const [particle, after] of PARTICLES) {
    const stem = particleStem(bare, particle, after, minSyllables)
    if (stem !== undefined && !stems.includes(stem)) stems.push(stem)
  }
  // "우산요": the polite 요 on the word itself.
  if (bare !== word && bare.length >= minSyllables && !stems.includes(bare)) stems.push(bare)
  return stems
}

function particleStem(word: string, particle: string, after: 'batchim' | 'open' | 'any', minSyllables: number): string | undefined {
  if (!word.endsWith(particle)) return undefined
  const stem = word.slice(0, -particle.length)
  if (stem.length < minSyllables) return undefined
  if (after !== 'any' && hasBatchim(stem) !== (after === 'batchim')) return undefined
  return stem
}

/**
 * Items of a list joined the Korean way: "우산이랑 건전지", "컵하고 접시", "수세미와 고무장갑", or 그리고, 및,
 * 또는 between them. A joiner glued to a one-syllable word is read as part of it unless it is 이랑, 하고 or
 * 이나 (노랑 is a colour, 약과 a sweet), so such a word stays one item and its particle is read off later.
 */
export function koreanList(item: string): string[] {
  const words = item.split(/\s+/).filter((w) => w !== '')
  const items: string[][] = [[]]
  words.forEach((word, i) => {
    if (word === '그리고' || word === '및' || word === '또는') {
      if ((items.at(-1)?.length ?? 0) > 0) items.push([])
      return
    }
    const joined = i < words.length - 1 ? joinerStem(word) : undefined
    items.at(-1)?.push(joined ?? word)
    if (joined !== undefined) items.push([])
  })
  const out = items.map((w) => w.join(' ')).filter((w) => w !== '')
  return out.length > 0 ? out : [item]
}

function joinerStem(word: string): string | undefined {
  if (!HANGUL_WORD.test(word)) return undefined
  for (const [particle, after] of PARTICLES) {
    if (!JOINERS.has(particle)) continue
    const minSyllables = particle.length > 1 ? 1 : 2
    const stem = particleStem(word, particle, after, minSyllables)
    if (stem !== undefined) return stem
  }
  return undefined
}

/**
 * The 두벌식 keyboard, where Korean is typed: each jamo's key as (row, column), rows shifted as on a
 * keyboard. Doubled consonants and ㅒ/ㅖ are the shifted keys of their plain ones.
 */
const KEYS: ReadonlyMap<string, readonly [row: number, column: number]> = (() => {
  const rows = ['ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ', 'ㅁㄴㅇㄹㅎㅗㅓㅏㅣ', 'ㅋㅌㅊㅍㅠㅜㅡ']
  const keys = new Map<string, readonly [number, number]>()
  rows.forEach((row, r) => [...row].forEach((jamo, c) => keys.set(jamo, [r, c + r * 0.25 + (r === 2 ? 0.25 : 0)])))
  for (const [shifted, plain] of [
    ['ㅃ', 'ㅂ'],
    ['ㅉ', 'ㅈ'],
    ['ㄸ', 'ㄷ'],
    ['ㄲ', 'ㄱ'],
    ['ㅆ', 'ㅅ'],
    ['ㅒ', 'ㅐ'],
    ['ㅖ', 'ㅔ'],
  ] as const) {
    const key = keys.get(plain)
    if (key) keys.set(shifted, key)
  }
  return keys
})()

/** Two jamo typed with the same key (ㅅ, ㅆ) or with keys that touch (ㄴ and ㄷ; ㅓ and ㅏ). */
function touching(a: string, b: string): boolean {
  const [ka, kb] = [KEYS.get(a), KEYS.get(b)]
  if (!ka || !kb) return false
  const rows = Math.abs(ka[0] - kb[0])
  const columns = Math.abs(ka[1] - kb[1])
  return (rows === 0 && columns <= 1) || (rows === 1 && columns <= 0.75)
}

/**
 * Whether jamo strings `typed` and `word` (es-hangul `disassemble`) differ by one key: the same length, one
 * jamo apart, and the two typed with keys that touch (우삳 for 우산: ㄷ beside ㄴ).
 */
export function oneKeyApart(typed: string, word: string): boolean {
  if (typed.length !== word.length) return false
  let at = -1
  for (let i = 0; i < typed.length; i++) {
    if (typed[i] === word[i]) continue
    if (at !== -1) return false
    at = i
  }
  return at !== -1 && touching(typed[at] ?? '', word[at] ?? '')
}
