import { ENGLISH_WORDS } from './tables/english.js'
import { MODIFIER_WORDS } from './tables/modifiers.js'
import { SYNONYM_GROUPS } from './tables/synonyms.js'

// The project's word tables as product search reads them, and how it compares words.

export const normalize = (text: string): string => text.normalize('NFC').toLowerCase()
/** Anything but a letter or digit of the scripts product names use (Latin, Hangul, kana, CJK). */
export const NOT_WORD = /[^0-9a-z\u00c0-\u024f\u3040-\u30ff\u3131-\u318e\uac00-\ud7a3\u4e00-\u9fff]+/g
/** A count or a size as names write them: 500ml, 4개, 30매, 1.5m. */
export const MEASURE = /^\d+(?:\.\d+)?[a-z\uac00-\ud7a3]{0,3}$/i
/** Letters and digits only: what is compared, so spacing and punctuation never decide. */
export const squash = (text: string): string => normalize(text).replace(NOT_WORD, '')
export const tokensOf = (text: string): string[] =>
  normalize(text)
    .split(NOT_WORD)
    .filter((t) => t !== '')

/** The Korean words the English table reads its words as (주방세제, 수면안대): words the chain's names use. */
export const ENGLISH_READINGS = new Set(
  [...ENGLISH_WORDS.values()]
    .flat()
    .flatMap((korean) => korean.split(/\s+/))
    .map((word) => squash(word)),
)

/** Words that describe without naming (./tables/modifiers.ts), with every spelling of their synonym groups. */
const MODIFIERS: ReadonlySet<string> = new Set(
  MODIFIER_WORDS.flatMap((word) => [word, ...SYNONYM_GROUPS.filter((group) => group.includes(word)).flat()]).map((word) => squash(word)),
)

export const SYNONYMS: ReadonlyMap<string, string[]> = (() => {
  const map = new Map<string, string[]>()
  for (const group of SYNONYM_GROUPS) {
    for (const word of group) {
      const key = squash(word)
      const others = group.filter((w) => squash(w) !== key)
      map.set(key, [...(map.get(key) ?? []), ...others.filter((w) => !(map.get(key) ?? []).includes(w))])
    }
  }
  return map
})()

/** Whether a word only describes a product: one of its spellings is a modifier (./tables/modifiers.ts). */
export const describes = (forms: string[]): boolean => forms.some((form) => MODIFIERS.has(squash(form)))
