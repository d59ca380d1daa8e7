import { romanize } from 'es-hangul'
import type { UpstreamStore } from '../upstream/port.js'
import { provinceOf } from './places.js'

/**
 * One store as the directory search sees it: its name and the parts of its address people name, each
 * squashed (no spaces, lower case) once, when the directory is built; romanised when first needed.
 */
export interface DirectoryEntry {
  store: UpstreamStore
  /** "강남역점" → "강남역점"; "여의도IFC몰점" → "여의도ifc몰점". */
  name: string
  /** The name without its store suffix: "강남역점" → "강남역", "명동본점" → "명동", "강남역2호점" → "강남역". */
  core: string
  /** The core without a station suffix: "강남역" → "강남"; equals `core` when there is none. */
  station: string
  /** Address parts people name (province, city, district, neighbourhood, road, building), with their stems. */
  parts: Set<string>
  /** The whole address, squashed. */
  address: string
  /** The romanised forms, made when a romanised keyword first needs them (romanOf). */
  roman?: RomanForms
}

export interface RomanForms {
  name: string
  core: string
  station: string
  parts: Set<string>
  address: string
}

export const squash = (text: string): string => text.normalize('NFC').replace(/\s+/g, '').toLowerCase()

const ROMAN_MEMO = new Map<string, string>()

/**
 * Romanised as the Revised Romanisation (es-hangul), lower case, letters and digits only. Remembered: the
 * same district, road and neighbourhood names recur across thousands of stores.
 */
export function roman(text: string): string {
  let value = ROMAN_MEMO.get(text)
  if (value === undefined) {
    value = romanize(text)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
    if (ROMAN_MEMO.size > 50_000) ROMAN_MEMO.clear()
    ROMAN_MEMO.set(text, value)
  }
  return value
}

const STORE_SUFFIX = /(\d+호점|본점|점)$/

export function entryOf(store: UpstreamStore): DirectoryEntry {
  const name = squash(store.name)
  const core = name.replace(STORE_SUFFIX, '') || name
  const station = core.length > 2 && core.endsWith('역') ? core.slice(0, -1) : core
  const parts = addressParts(store.address)
  const address = squash(store.address)
  return {
    store,
    name,
    core,
    station,
    parts,
    address,
  }
}

/**
 * The entry's romanised name and address parts (es-hangul), made once. Romanising a whole chain takes a
 * few hundred milliseconds when cold, so a one-shot search in Korean never pays for it; a server makes them
 * in the background (StoreDirectory).
 */
export function romanOf(entry: DirectoryEntry): RomanForms {
  entry.roman ??= {
    name: roman(entry.name),
    core: roman(entry.core),
    station: roman(entry.station),
    parts: new Set([...entry.parts].map(roman).filter((p) => p.length >= 2)),
    address: entry.store.address.split(/\s+/).map(roman).join(''),
  }
  return entry.roman
}

/**
 * "서울특별시 강남구 테헤란로 109 (역삼동, 강남빌딩)" → 서울 (the province's canonical name), 서울특별시,
 * 강남구, 강남, 테헤란로, 역삼동, 역삼, 강남빌딩. "명동1가" also gives 명동; "중앙대로702번길" also 중앙대로.
 */
export function addressParts(address: string): Set<string> {
  const parts = new Set<string>()
  const add = (part: string) => {
    const p = squash(part)
    if (p.length >= 2 && !/^\d/.test(p)) parts.add(p)
  }
  const tokens = address
    .normalize('NFC')
    .replace(/[(),]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '')
  tokens.forEach((token, i) => {
    const province = i === 0 ? provinceOf(token) : undefined
    if (province) {
      add(province)
      add(token)
      return
    }
    add(token)
    // 명동1가 → 명동; 봉래동2가 → 봉래동 (then → 봉래 below).
    const withoutGa = token.replace(/\d+가$/, '')
    add(withoutGa)
    // 강남구 → 강남, 성남시 → 성남, 역삼동 → 역삼, 오정읍 → 오정; 명동 and 중구 keep their one syllable.
    const stem = withoutGa.replace(/(특별시|광역시|특별자치시|특별자치도|시|군|구|동|읍|면|리)$/, '')
    if (stem.length >= 2 && stem !== withoutGa) add(stem)
    // 중앙대로702번길 → 중앙대로.
    const road = token.match(/^(.+?(로|길))\d+번?길$/)
    if (road?.[1]) add(road[1])
  })
  return parts
}
