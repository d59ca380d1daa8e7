import { disassemble, romanize } from 'es-hangul'

/**
 * How place names are compared: one key per spelling (no spaces, hyphens or punctuation, lower case), the
 * Revised Romanisation of es-hangul (the library the store directory romanises with), and a jamo-level
 * edit distance for typing slips. Pure functions: the gazetteer build script uses them too.
 */

/** "Myeong-dong" → myeongdong; "N서울타워" → n서울타워; "I'Park Mall" → iparkmall. */
export function placeKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\-‐–—_'’‘"“”.,·()[\]/&]+/g, '')
}

/** The Revised Romanisation of a Korean name as a key: 서울역 → seoullyeok, 마포구 → mapogu. */
export function romanKey(text: string): string {
  return placeKey(romanize(text.normalize('NFC')))
}

export const isHangul = (text: string): boolean => /[\uac00-\ud7a3]/.test(text)

/** Syllables of Hangul in a key: the length rule for forgiving a slip (three or more). */
export const syllables = (text: string): number => (text.match(/[\uac00-\ud7a3]/g) ?? []).length

/**
 * Edit distance between two Korean words counted in jamo (the letters a two-set keyboard types): 헤운대 and
 * 해운대 are one apart (ㅔ for ㅐ), as are 선능역/선릉역 (an adjacent key), 강남역/강나역 (a dropped
 * batchim) and 역삼/역삼삼... Damerau-Levenshtein, so two swapped jamo are one slip too. Stops early once
 * the distance is above `max`, and returns max + 1 then.
 */
export function jamoDistance(a: string, b: string, max = 1): number {
  return jamoArrayDistance(jamoOf(a), jamoOf(b), max)
}

/** The jamo a two-set keyboard types for a word: 해운대 → ㅎㅐㅇㅜㄴㄷㅐ. */
export const jamoOf = (text: string): string[] => [...disassemble(text.normalize('NFC'))]

/** jamoDistance over words already split into jamo (jamoOf), for a scan over many names. */
export function jamoArrayDistance(x: readonly string[], y: readonly string[], max = 1): number {
  if (Math.abs(x.length - y.length) > max) return max + 1
  // Three rows of the table, reused: this runs over thousands of names for one typed word.
  const width = y.length + 1
  let before = new Int32Array(width)
  let previous = new Int32Array(width)
  let current = new Int32Array(width)
  for (let j = 0; j < width; j++) previous[j] = j
  for (let i = 1; i <= x.length; i++) {
    current[0] = i
    let rowMin = i
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      current[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return Math.min(previous[y.length]!, max + 1)
}

/** Positions at which two keys of one length differ: one slip changes one syllable (two for a swap across them). */
export function differingSyllables(a: string, b: string): number {
  if (a.length !== b.length) return Infinity
  let n = 0
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++
  return n
}

/**
 * The keys a place's own names give, which the gazetteer file leaves out and the loader adds back (it keeps the
 * shipped file small): its Korean and English name outright.
 */
export function derivedKeys(name: string, nameEn: string): string[] {
  // "Seoul Station (KTX)" → Seoul Station; without a regular expression that backtracks over every space.
  const open = nameEn.endsWith(')') ? nameEn.lastIndexOf('(') : -1
  return [placeKey(name), placeKey(open > 0 ? nameEn.slice(0, open) : nameEn)]
}
