import { around } from 'geokdbush'
import KDBush from 'kdbush'
import type { Facility } from './facilities.js'
import type { UpstreamStore } from '../upstream/port.js'
import { roman, romanOf, squash, type DirectoryEntry } from './entry.js'
import { SHORT_NAMES, provinceOf, splitGluedProvince } from './places.js'
import { readStoreKeyword, stripParticle, type KeywordToken } from './keyword.js'

/**
 * Store search over the directory: a keyword understood as people type it, matched against each store's
 * name, station form and address parts (and their romanisations), ranked by how it matched.
 */

/** How a word matched a store, best first: the order results are ranked in. */
export const Tier = { ExactName: 0, NamePrefix: 1, StationForm: 2, NameContains: 3, AddressPart: 4, AddressContains: 5 } as const

export interface DirectoryQuery {
  keyword?: string | undefined
  latitude?: number | undefined
  longitude?: number | undefined
  facility?: Facility | undefined
  /** Another rule a store must pass (open now), applied with the facility before paging. */
  keep?: ((store: UpstreamStore) => boolean) | undefined
  page: number
  pageSize: number
}

export interface DirectoryAnswer {
  /** This page's stores; `distanceKm` is from the point searched around, when there is one. */
  rows: UpstreamStore[]
  hasMore: boolean
  /** Words of the keyword that were left out because no store (or no store with the other words) has them, as typed. */
  ignored: string[]
  /** Whether the keyword had anything but the chain's name and filler words. */
  named: boolean
  /** The facility filtered on: the parameter's, or one the keyword named. */
  facility: Facility | undefined
}

interface Word {
  typed: string
  text: string
  latin: boolean
  /** Spellings of the word itself: as typed and its everyday long name (가디 → 가산디지털단지). */
  forms: string[]
  /** The word without 역/점/본점: the station form ("홍대입구역" → 홍대입구). */
  stems: string[]
  province: string | undefined
}

function wordOf(typed: string, text: string): Word {
  const latin = /^[a-z0-9]+$/.test(text) && /[a-z]/.test(text)
  const stems: string[] = []
  const stem = text.replace(/(역점|본점|역|점)$/, '')
  if (stem !== text && stem.length >= 2) stems.push(stem)
  // Own keys only: a word such as `constructor` names no store (every object inherits one).
  const short = Object.hasOwn(SHORT_NAMES, text) ? SHORT_NAMES[text] : undefined
  const forms = [text, ...(short ?? []).map(squash)]
  return { typed, text, latin, forms, stems, province: provinceOf(text) }
}

/** The best way `word` names the store, or undefined when it does not. */
function tierOf(e: DirectoryEntry, word: Word): number | undefined {
  if (word.latin) return latinTier(e, word.text)
  let best: number | undefined
  const better = (tier: number) => {
    if (best === undefined || tier < best) best = tier
  }
  const single = word.text.length < 2
  for (const f of word.forms) {
    if (e.name === f || e.name === `${f}점` || e.name === `${f}본점`) return Tier.ExactName
    if (e.name.startsWith(f) || e.core === f) better(Tier.NamePrefix)
    if (e.station === f) better(Tier.StationForm)
    if (!single && e.name.includes(f)) better(Tier.NameContains)
    if (e.parts.has(f)) better(Tier.AddressPart)
    if (!single && e.address.includes(f)) better(Tier.AddressContains)
  }
  for (const s of word.stems) {
    if (e.core === s || e.station === s) better(Tier.StationForm)
    if (e.name.includes(s)) better(Tier.NameContains)
    if (e.parts.has(s)) better(Tier.AddressPart)
  }
  if (word.province && e.parts.has(word.province)) better(Tier.AddressPart)
  return best
}

function latinTier(e: DirectoryEntry, w: string): number | undefined {
  const r = romanOf(e)
  if (r.name === w || r.core === w || r.station === w) return Tier.ExactName
  if (r.name.startsWith(w) || e.name.startsWith(w)) return Tier.NamePrefix
  if (r.name.includes(w) || e.name.includes(w)) return Tier.NameContains
  if (r.parts.has(w)) return Tier.AddressPart
  if (w.length >= 3 && (r.address.includes(w) || e.address.includes(w))) return Tier.AddressContains
  return undefined
}

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Kilometres with one decimal, as the upstream's `km`. */
const kmOf = (e: DirectoryEntry, lat: number, lng: number): number => Math.round(haversineKm(lat, lng, e.store.lat, e.store.lng) * 10) / 10

/** Resolves typed tokens into words that match at least one store: as typed, without a particle, or split. */
function resolve(tokens: readonly KeywordToken[], entries: readonly DirectoryEntry[]): { words: Word[]; ignored: string[] } {
  const words: Word[] = []
  const ignored: string[] = []
  const matchesAny = (word: Word) => entries.some((e) => tierOf(e, word) !== undefined)
  for (const token of tokens) {
    const asTyped = wordOf(token.typed, token.text)
    if (matchesAny(asTyped)) {
      words.push(asTyped)
      continue
    }
    const bare = stripParticle(token.text)
    const withoutParticle = bare !== undefined ? wordOf(token.typed, bare) : undefined
    if (withoutParticle && matchesAny(withoutParticle)) {
      words.push(withoutParticle)
      continue
    }
    const split = splitGluedProvince(token.text)
    const pair = split?.map((part) => wordOf(token.typed, part))
    if (pair && pair.every(matchesAny)) {
      words.push(...pair)
      continue
    }
    ignored.push(token.typed)
  }
  return { words, ignored }
}

export interface Scored {
  entry: DirectoryEntry
  /** The summed tiers of the words: lower is better. */
  score: number
  km: number | undefined
}

/** Best match first, then nearest, then the shorter name, then the code (a stable order for paging). */
const byRank = (a: Scored, b: Scored): number =>
  a.score - b.score ||
  (a.km ?? 0) - (b.km ?? 0) ||
  a.entry.name.length - b.entry.name.length ||
  (a.entry.store.code < b.entry.store.code ? -1 : a.entry.store.code > b.entry.store.code ? 1 : 0)

/**
 * The stores among `entries` that every word names (none left out), ranked as the directory ranks them.
 * The upstream's own search sends candidates for one word; this is how they are read (upstream-search.ts).
 */
export function matchEveryWord(
  tokens: readonly KeywordToken[],
  entries: readonly DirectoryEntry[],
  at: { lat: number; lng: number } | undefined,
): Scored[] {
  const { words, ignored } = resolve(tokens, entries)
  if (words.length === 0 || ignored.length > 0) return []
  return entries
    .flatMap((entry) => {
      const tiers = words.map((w) => tierOf(entry, w))
      if (tiers.some((t) => t === undefined)) return []
      const score = tiers.reduce<number>((sum, t) => sum + (t ?? 0), 0)
      return [{ entry, score, km: at ? kmOf(entry, at.lat, at.lng) : undefined }]
    })
    .sort(byRank)
}

/** Every store that all words name, with its summed tier; words that empty the answer are dropped, least selective first. */
function matchAll(words: Word[], pool: readonly DirectoryEntry[], ignored: string[]): Array<{ entry: DirectoryEntry; score: number }> {
  let left = [...words]
  for (;;) {
    const tiers = pool.map((entry) => left.map((w) => tierOf(entry, w)))
    const found = pool.flatMap((entry, i) => {
      const row = tiers[i]!
      return row.every((t) => t !== undefined) ? [{ entry, score: row.reduce<number>((sum, t) => sum + (t ?? 0), 0) }] : []
    })
    if (found.length > 0 || left.length <= 1) return found
    // No store has every word: leave out the word that matches the most stores on its own.
    const counts = left.map((_, w) => tiers.filter((row) => row[w] !== undefined).length)
    const widest = counts.indexOf(Math.max(...counts))
    ignored.push(left[widest]!.typed)
    left = left.filter((_, w) => w !== widest)
  }
}

/** A spatial index of the entries (kdbush), for nearest-store searches without a keyword. */
export function spatialIndex(entries: readonly DirectoryEntry[]): KDBush {
  const index = new KDBush(Math.max(1, entries.length))
  for (const e of entries) index.add(e.store.lng, e.store.lat)
  if (entries.length === 0) index.add(0, 0)
  return index.finish()
}

export function searchDirectory(entries: readonly DirectoryEntry[], query: DirectoryQuery, spatial?: KDBush): DirectoryAnswer {
  const at = query.latitude !== undefined && query.longitude !== undefined ? { lat: query.latitude, lng: query.longitude } : undefined
  // A facility named in the keyword ("주차 되는 명동") is the facility filter.
  const keyword = readStoreKeyword(query.keyword ?? '')
  const tokens = keyword.tokens
  const facility = query.facility ?? keyword.facility
  const { keep } = query
  const passes = (store: UpstreamStore): boolean =>
    (facility === undefined || (store.facilities?.includes(facility) ?? false)) && (keep === undefined || keep(store))
  const pool = facility || keep ? entries.filter((e) => passes(e.store)) : entries
  let scored: Scored[]
  let ignored: string[] = []
  const named = tokens.length > 0
  if (!named && at && spatial && entries.length > 0) {
    // Nearest first straight from the index: only the stores this page needs, and one more for hasMore.
    const start = (query.page - 1) * query.pageSize
    const ids = around(spatial, at.lng, at.lat, start + query.pageSize + 1, Infinity, (id) => {
      const entry = entries[id]
      return entry !== undefined && passes(entry.store)
    })
    const rows = ids
      .slice(start, start + query.pageSize)
      .map((id) => entries[id]!)
      .map((entry) => ({ ...entry.store, distanceKm: kmOf(entry, at.lat, at.lng), total: null }))
    return { rows, hasMore: ids.length > start + query.pageSize, ignored, named, facility }
  }
  if (named) {
    const resolved = resolve(tokens, entries)
    ignored = resolved.ignored
    scored =
      resolved.words.length === 0
        ? []
        : matchAll(resolved.words, pool, ignored).map(({ entry, score }) => ({
            entry,
            score,
            km: at ? kmOf(entry, at.lat, at.lng) : undefined,
          }))
  } else {
    scored = pool.map((entry) => ({ entry, score: 0, km: at ? kmOf(entry, at.lat, at.lng) : undefined }))
  }
  scored.sort(byRank)
  const start = (query.page - 1) * query.pageSize
  const rows = scored
    .slice(start, start + query.pageSize)
    .map(({ entry, km }) => ({ ...entry.store, distanceKm: km ?? null, total: scored.length }))
  return { rows, hasMore: scored.length > start + query.pageSize, ignored, named, facility }
}

export { roman }
