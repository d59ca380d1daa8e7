// Rebuilds src/products/tables/japanese.ts from EDICT (EDRDG's Japanese-English dictionary), as Debian's
// `edict` package ships it, by joining its English glosses to our English table (src/products/tables/english.ts):
// a Japanese word whose gloss is one of our English words is read as that word's Korean.
//
//   apt-get download edict && dpkg-deb -x edict_*.deb edict
//   npx tsx scripts/words/japanese-from-edict.ts edict/usr/share/edict/edict > src/products/tables/japanese.ts
//
// EDICT is © the Electronic Dictionary Research and Development Group, under CC BY-SA 3.0; the generated
// table is material based on it and carries the same licence (its statement is beside the table, in
// src/products/tables/EDICT-LICENCE.txt, copied from the Debian package's copyright file).

import { readFileSync } from 'node:fs'
import { ENGLISH_WORDS } from '../../src/products/tables/english.js'

const path = process.argv[2]
if (!path) {
  process.stderr.write('usage: tsx scripts/words/japanese-from-edict.ts <path of the EDICT file (EUC-JP)>\n')
  process.exit(2)
}
const text = new TextDecoder('euc-jp').decode(readFileSync(path))
const header = text.slice(0, text.indexOf('\n'))
const created = /Created: (\d{4}-\d{2}-\d{2})/.exec(header)?.[1] ?? 'unknown'

/**
 * batteries → battery, boxes → box: as src/products/foreign-words.ts reads English, copied here because that
 * module loads the very table this script writes.
 */
function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2)
  if (/[^s]s$/.test(word) && word.length > 3) return word.slice(0, -1)
  return word
}
/** A gloss as our English table's key; '' for a proper name (Crater, the Cup), which names no product. */
const englishKey = (gloss: string): string => {
  const plain = gloss
    .replace(/\([^)]*\)|\{[^}]*\}/g, ' ')
    .replace(/^\s*(a|an|the|to)\s+/i, '')
    .trim()
  if (/^[A-Z][a-z]/.test(plain) || /^the\s/i.test(gloss.trim())) return ''
  // Read as singular below, glasses would be a drinking glass.
  if (/^(eye)?glasses$|^spectacles$/i.test(plain)) return ''
  return plain
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map(singular)
    .join(' ')
}
const keys = new Map<string, string>()
for (const english of ENGLISH_WORDS.keys()) keys.set(englishKey(english), english)

const KANA_ONLY = /^[\u3040-\u30ff\u30fc]+$/
const KATAKANA = /^[\u30a0-\u30ff\u30fc]+$/
const JAPANESE = /^[\u3040-\u30ff\u30fc\u4e00-\u9fff々〆ヵヶ]+$/

/** Part-of-speech codes of a gloss's leading tags, e.g. "(n,vs) (1) …" → n, vs; none when it has no such tag. */
function posOf(gloss: string): string[] | null {
  const tags = /^\s*((?:\([^)]*\)\s*)+)/.exec(gloss)?.[1] ?? ''
  for (const [, inner = ''] of tags.matchAll(/\(([^)]*)\)/g)) {
    const codes = inner.split(',')
    if (
      codes.every((code) =>
        /^(n|n-[a-z]+|adj-[a-z]+|adv|adv-to|v[0-9a-z-]*|vs|vs-[a-z]|exp|int|pn|pref|suf|ctr|prt|aux[a-z-]*|conj|num|unc|male|fem)$/.test(
          code,
        ),
      )
    )
      return codes
  }
  return null
}

/** Our English words the first gloss of the first noun sense with a match names (none: the word is not taken). */
function readAs(body: string, specificEnough: (english: string) => boolean, maxSense: number): string[] {
  let pos: string[] = []
  let first = true
  let senses = 0
  for (const gloss of body.split('/')) {
    if (gloss === '' || gloss === '(P)') continue
    const codes = posOf(gloss)
    if (codes) pos = codes
    const numbered = /^\s*(\([^)]*\)\s*)*\(\d+\)/.test(gloss)
    if (numbered || senses === 0) {
      first = true
      senses += 1
    }
    if (!first || senses > maxSense) continue
    first = false
    if (!pos.includes('n')) continue
    const key = englishKey(gloss)
    const english = keys.get(key)
    if (!english || !specificEnough(english)) continue
    // An acronym (PET, LED) is taken only where our table reads it as itself (LED).
    const plain = gloss.replace(/\([^)]*\)/g, '').trim()
    if (/^[A-Z]{2,}$/.test(plain) && !(ENGLISH_WORDS.get(english) ?? []).includes(plain)) continue
    return [english]
  }
  return []
}

/**
 * Words read through the wrong sense of an English word, found by reading the generated table: a monarch is
 * a ruler, remarks are a note, a fork in the road is a fork, the bat (コウモリ) is an umbrella's old name.
 */
const MISREAD = new Set(['君主', 'くんしゅ', '備考', 'びこう', '分かれ目', '分れ目', 'コウモリ', '蝙蝠'])

interface Found {
  english: string[]
  common: boolean
}
const byWord = new Map<string, Found[]>()
const readingsOf = new Map<string, Array<{ word: string; english: string[]; common: boolean }>>()
for (const line of text.split('\n').slice(1)) {
  const match = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/$/.exec(line)
  if (!match) continue
  const [, word = '', reading, body = ''] = match
  const common = body.includes('(P)')
  // Senses are numbered (1), (2) …; a word is read as one of our English words when that is the first gloss
  // of one of its noun senses (the first such sense decides): 霞 is haze before it is mist, and is left out.
  // A one-word gloss (battery, level, frame) has senses our table does not mean (an artillery battery, 肋骨 the
  // ribs' frame): it is taken for a common word (P) or a katakana loanword only. A phrase (folding umbrella) is specific.
  // A kanji or hiragana word is read by its first sense only (音 is a sound before it is a musical note); a
  // katakana loanword by the first of its first two senses that is ours (ハンガー is a hangar, then a coat hanger).
  const english = readAs(body, (english) => english.includes(' ') || common || KATAKANA.test(word), KATAKANA.test(word) ? 2 : 1)
  if (english.length === 0 || !JAPANESE.test(word) || MISREAD.has(word)) continue
  byWord.set(word, [...(byWord.get(word) ?? []), { english, common }])
  if (reading && reading !== word) {
    readingsOf.set(reading, [...(readingsOf.get(reading) ?? []), { word, english, common }])
  }
}

// Every word's reading in our table: the English of its entries (a word with two entries keeps both).
const table = new Map<string, string[]>()
for (const [word, found] of byWord) table.set(word, [...new Set(found.flatMap((f) => f.english))])
// A kana reading of a kanji word is added only when every common word read that way means the same here
// (かさ is 傘, but also 笠 and 嵩: left out), and no entry of its own already says what it is.
const commonReadings = new Map<string, number>()
for (const line of text.split('\n').slice(1)) {
  const match = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/$/.exec(line)
  if (match?.[2] && match[3]?.includes('(P)')) commonReadings.set(match[2], (commonReadings.get(match[2]) ?? 0) + 1)
}
for (const [reading, found] of readingsOf) {
  if (table.has(reading) || !KANA_ONLY.test(reading) || MISREAD.has(reading)) continue
  const common = found.filter((f) => f.common)
  if (common.length === 0 || common.length !== (commonReadings.get(reading) ?? 0)) continue
  const meanings = new Set(common.map((f) => f.english.join('|')))
  if (meanings.size === 1) table.set(reading, common[0]?.english ?? [])
}

const lines = [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([word, english]) => `${word}: ${english.join('/')}`)
process.stdout.write(`// GENERATED by scripts/words/japanese-from-edict.ts from EDICT (${created}, Debian package edict
// 2021.02.03-1); do not edit by hand. Source: EDICT, the Japanese-English dictionary of the Electronic
// Dictionary Research and Development Group (EDRDG, https://www.edrdg.org/), whose glosses are joined to
// the English words of ./english.ts. Licence: CC BY-SA 3.0, as EDICT's (statement: ./EDICT-LICENCE.txt).
// Date: ${new Date().toISOString().slice(0, 10)}. Rebuild: see the script's head.
//
// One entry a line: a Japanese word (kanji or kana, as EDICT writes it), then the English words of
// ./english.ts it is read as, separated by \`/\`; search reads each as that English word's Korean.

export const JAPANESE_TABLE_SOURCE = {
  source: 'EDICT (EDRDG), Debian package edict 2021.02.03-1',
  licence: 'CC-BY-SA-3.0',
  date: '${new Date().toISOString().slice(0, 10)}',
} as const

const TABLE = \`
${lines.join('\n')}
\`

/** Japanese word → the English words of ./english.ts it is read as. */
export const JAPANESE_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  TABLE.trim()
    .split('\\n')
    .map((line) => {
      const at = line.indexOf(': ')
      return [line.slice(0, at), line.slice(at + 2).split('/')] as const
    }),
)
`)
process.stderr.write(
  `${table.size} Japanese words for ${new Set([...table.values()].flat()).size} of ${ENGLISH_WORDS.size} English words\n`,
)
