import { romanize } from 'es-hangul'
import { isHangul, placeKey, romanKey } from '../../src/places/names.js'

/** The rows the gazetteer build collects and how their names are keyed, shared by build.ts and its parts. */

/** A polygon ring of [longitude, latitude] pairs. */
export type Ring = number[][]

/** A place as the gazetteer build collects it, before it is written as a line of gazetteer-data.ts. */
export interface Row {
  kind: 'station' | 'landmark' | 'province' | 'district' | 'city' | 'town' | 'neighbourhood'
  category: string
  ko: string
  en: string
  lat: number
  lng: number
  parent: string
  lines: string[]
  strong: Set<string>
  weak: Set<string>
}

const GENERIC_ENDINGS =
  /\s+(station|palace|beach|market|university|park|tower|temple|gate|mall|airport|terminal|stadium|island|village|museum|square|street|shrine)(\s*\(.*\))?$/i

export function row(kind: Row['kind'], ko: string, en: string, lat: number, lng: number, extra: Partial<Row> = {}): Row {
  const r: Row = { kind, category: '', ko, en, lat, lng, parent: '', lines: [], strong: new Set(), weak: new Set(), ...extra }
  r.strong.add(placeKey(ko))
  r.strong.add(romanKey(ko))
  r.strong.add(placeKey(en.replace(/\s*\(.*\)$/, '')))
  const bare = en.replace(GENERIC_ENDINGS, '')
  if (bare !== en) r.weak.add(placeKey(bare))
  return r
}

export function addName(r: Row, name: string, strength: 'strong' | 'weak' = 'strong'): void {
  const set = strength === 'strong' ? r.strong : r.weak
  set.add(placeKey(name))
  if (isHangul(name)) set.add(romanKey(name))
}

export function romanName(ko: string): string {
  const stem = ko.replace(/(시|군|구)$/, '')
  const suffix = ko.slice(stem.length)
  const r = romanize(stem)
  return `${r.charAt(0).toUpperCase()}${r.slice(1)}${suffix ? `-${romanize(suffix)}` : ''}`
}

export function round(n: number): number {
  return Math.round(n * 10000) / 10000
}
