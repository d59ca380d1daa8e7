import { squash, SYNONYMS, tokensOf } from './word-tables.js'

// How a product name's words are compared with a keyword's: whole words, the word that names the thing,
// and a compound typed as one word that no name has.

const HANGUL_ONLY = /^[\uac00-\ud7a3]+$/

/**
 * The thing a name names: its last Hangul word outside brackets, which hold a variant (3단 우산(블랙): 우산;
 * 테이프 클리너 4입: 클리너; 고용량 망간 건전지 AAA 4입: 건전지). '' when it has none.
 */
export function headOf(name: string): string {
  return (
    tokensOf(name.replace(/\([^)]*\)/g, ' '))
      .filter((token) => HANGUL_ONLY.test(token))
      .at(-1) ?? ''
  )
}

/** Where `form` is a word of the name, or consecutive words of it (캠핑의자 in 접이식 캠핑 의자): its first and last word. */
function wordsSpelling(tokens: string[], form: string): [number, number] | null {
  for (let i = 0; i < tokens.length; i++) {
    let joined = ''
    for (let j = i; j < tokens.length && joined.length < form.length; j++) {
      joined += tokens[j]
      if (joined === form) return [i, j]
    }
  }
  return null
}

export const wholeIn = (tokens: string[], form: string): boolean => wordsSpelling(tokens, form) !== null

/** `text` (squashed) as the first of these names carrying it as whole words spells it (c타입충전: c타입 충전), else as it is. */
export function spelledAsNamed(text: string, names: Iterable<string[]>): string {
  for (const tokens of names) {
    const at = wordsSpelling(tokens, text)
    if (at) return tokens.slice(at[0], at[1] + 1).join(' ')
  }
  return text
}

/**
 * Whether a form matched in a name names what the name names: it is the name's head word, ends it (컵 of
 * 머그컵), or ends with it (캠핑의자, whose 의자 is the head). 테이프 of 테이프 클리너, or 컵 of 컵라면, does not.
 */
export function namesTheThing(head: string, form: string): boolean {
  return head !== '' && (head.endsWith(form) || form.endsWith(head))
}

/**
 * The endings of the names' head words (머그컵: 머그컵, 그컵, 컵), each with how many head words end so: what the
 * end of a compound typed as one word is looked up in.
 */
export class CompoundEndings {
  readonly #counts = new Map<string, number>()

  constructor(heads: Iterable<string>) {
    for (const head of heads) for (let cut = 0; cut < head.length; cut++) this.#add(head.slice(cut))
  }

  #add(ending: string): void {
    this.#counts.set(ending, (this.#counts.get(ending) ?? 0) + 1)
  }

  /**
   * Whether a compound may end in `ending` or a synonym of it (휴지: 화장지): some head word ends so, and for one
   * syllable at least three do (컵 of 머그컵, 종이컵, 계량컵), since a syllable that ends one word by chance (감 of
   * 장난감) would read 물감 as toys.
   */
  #fits(ending: string): boolean {
    const enough = (text: string) => (this.#counts.get(text) ?? 0) >= (text.length === 1 ? 3 : 1)
    return enough(ending) || (SYNONYMS.get(ending) ?? []).some((synonym) => enough(squash(synonym)))
  }

  /**
   * A word no name has, ending in Hangul, read as two: what goes in front, and the longest ending that some
   * product name's head word ends with, or a synonym of it does: 박스테이프 is 박스 + 테이프, 물컵 물 + 컵,
   * c타입충전기 c타입 + 충전기. Korean compounds put the thing last, so the ending is what was asked for and the
   * front only says which. The ending has two syllables or more unless the word has only two: one syllable at
   * the end of a long word (…기, …통) ends too many names. The longest front that is a word (`known`) wins over a
   * longer ending: 휴대용티슈 is 휴대용 + 티슈, not 휴대 + 용티슈 (the end of 미용티슈), even where 휴대 is a word too.
   */
  split(word: string, known: (front: string) => boolean = () => false): [string, string] | null {
    // A count or a size (3구, 100매) is a measure, not a compound.
    if (word.length < 2 || !HANGUL_ONLY.test(word.slice(-1)) || /\d/.test(word)) return null
    const shortest = word.length === 2 ? 1 : 2
    let longest: [string, string] | null = null
    let knownFront: [string, string] | null = null
    for (let cut = 1; cut <= word.length - shortest; cut++) {
      const ending = word.slice(cut)
      if (!this.#fits(ending)) continue
      longest ??= [word.slice(0, cut), ending]
      if (known(word.slice(0, cut))) knownFront = [word.slice(0, cut), ending]
    }
    return knownFront ?? longest
  }
}

/**
 * The longest front (two characters or more) of a word of Latin letters and Hangul left out that some name
 * has (c타입 of c타입충전기): a model or a size, so the thing may be sold under other words. Hangul alone is
 * not read so: 휴지 in front of 휴지통 says nothing about bins.
 */
export function knownFront(word: string, has: (text: string) => boolean): string | null {
  if (!/[a-z]/.test(word) || !/[\uac00-\ud7a3]/.test(word)) return null
  for (let end = word.length - 1; end >= 2; end--) {
    const front = word.slice(0, end)
    if (has(front)) return front
  }
  return null
}

/**
 * Several words as one (키친 타월: 키친타월), with its synonyms (키친타올), squashed, the joined words first. Not a
 * synonym that is one of the words (선물포장지: 포장지), which would carry every word without 선물.
 */
export function joinedSpellings(words: ReadonlyArray<{ typed: string; forms: string[] }>): string[] {
  if (words.length < 2) return []
  const joined = squash(words.map((w) => w.typed).join(''))
  const taken = new Set(words.flatMap((w) => w.forms.map(squash)))
  const synonyms = (SYNONYMS.get(joined) ?? []).map(squash).filter((form) => form !== joined && !taken.has(form))
  return [joined, ...new Set(synonyms)]
}
