import { derivedKeys, differingSyllables, isHangul, jamoArrayDistance, jamoOf, placeKey, syllables } from './names.js'

/**
 * The gazetteer: stations, landmarks, provinces, cities, districts and towns of Korea with their names in
 * Korean, English and romanised forms (src/places/SOURCES.md says where each comes from). Loaded on first
 * use, not at start-up: a server that never hears a place name never pays for it.
 */

export const PLACE_KINDS = ['station', 'landmark', 'province', 'city', 'district', 'town', 'neighbourhood'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

export interface Place {
  /** Position in the gazetteer: tells apart two places of one name (신촌역 on Line 2 and on the Gyeongui-Jungang Line). */
  id: number
  kind: PlaceKind
  /** For a landmark: palace, beach, market, university, mall, airport, terminal, stadium, park, street, area … */
  category: string | undefined
  /** Korean name. */
  name: string
  /** English name. */
  nameEn: string
  latitude: number
  longitude: number
  /** The province (and city) a district lies in. */
  parent: string | undefined
  /** A station's lines. */
  lines: string[] | undefined
  /** Names that call this place outright, as keys (names.ts placeKey). */
  names: string[]
}

/** How a typed name was read: the place meant, the other places of that name, and the spelling read when a slip was forgiven. */
export interface PlaceMatch {
  place: Place
  /** Other places the name may mean, most likely first (중구 of other cities; the other 신촌역). */
  others: Place[]
  /** How strongly the name calls it: outright (경복궁, Hongdae), by a shorter form (선릉 for 선릉역), or with one slip. */
  how: 'name' | 'short' | 'slip'
  /** The name as read, when it was read with a slip forgiven (헤운대 → 해운대). */
  read: string | undefined
}

interface SlipCandidate {
  key: string
  /** Split into jamo when first compared, not at load. */
  jamo: string[] | undefined
  place: Place
}

interface Keyed {
  strong: Place[]
  weak: Place[]
}

/** Kinds that answer by the stores at their address rather than the stores around a point. */
export const AREA_KINDS: ReadonlySet<PlaceKind> = new Set(['province', 'city', 'district', 'town', 'neighbourhood'])

export class Gazetteer {
  readonly places: readonly Place[]
  readonly #byKey = new Map<string, Keyed>()
  /**
   * Korean names of three syllables or more, for slips, filed by length and by each pair of positions with
   * the characters there. A slip (ㅐ/ㅔ, a dropped or doubled batchim, an adjacent key) changes one syllable,
   * and a swap across two syllables two adjacent ones, so a name one slip away keeps at least two positions of
   * the typed name (three-syllable names: one syllable changed): only the names sharing a pair are compared
   * jamo by jamo, not every name of the gazetteer (thousands of 읍·면·동).
   */
  #slipIndex: Map<string, SlipCandidate[]> | undefined

  constructor(tsv: string) {
    const places: Place[] = []
    for (const line of tsv.split('\n')) {
      const [kind, category, name, nameEn, lat, lng, parent, lines, strong, weak] = line.split('\t')
      if (!kind || !name || !PLACE_KINDS.includes(kind as PlaceKind)) continue
      const place: Place = {
        id: places.length,
        kind: kind as PlaceKind,
        category: category || undefined,
        name,
        nameEn: nameEn ?? name,
        latitude: Number(lat),
        longitude: Number(lng),
        parent: parent || undefined,
        lines: lines ? lines.split('|') : undefined,
        names: [],
      }
      places.push(place)
      // Plain loops: thousands of places are read in one go, and every spread array is garbage to collect.
      for (const key of derivedKeys(name, nameEn ?? name)) if (key && !place.names.includes(key)) place.names.push(key)
      if (strong) for (const key of strong.split('|')) if (key && !place.names.includes(key)) place.names.push(key)
      for (const key of place.names) this.#keyed(key).strong.push(place)
      if (weak) for (const key of weak.split('|')) if (key) this.#keyed(key).weak.push(place)
    }
    this.places = places
  }

  /** Built on the first slip looked for, not at load: most questions name a place as it is written. */
  #slips(): Map<string, SlipCandidate[]> {
    if (this.#slipIndex) return this.#slipIndex
    const index = new Map<string, SlipCandidate[]>()
    for (const place of this.places) {
      for (const key of place.names) {
        if (!isHangul(key) || syllables(key) < 3) continue
        const candidate: SlipCandidate = { key, jamo: undefined, place }
        for (const at of pairsOf(key)) {
          const list = index.get(at)
          if (list) list.push(candidate)
          else index.set(at, [candidate])
        }
      }
    }
    this.#slipIndex = index
    return index
  }

  #keyed(key: string): Keyed {
    let keyed = this.#byKey.get(key)
    if (!keyed) {
      keyed = { strong: [], weak: [] }
      this.#byKey.set(key, keyed)
    }
    return keyed
  }

  /**
   * The place a name calls, read as people write it: Korean, English or romanised, with or without spaces
   * and hyphens. A name several places share is read as the first (the gazetteer lists the likelier first:
   * Seoul's 중구 before Busan's), the others named; `within` (a province or city typed beside it: 부산 중구)
   * picks among them. Undefined when nothing is called so, even with one slip.
   */
  lookup(text: string, within?: string, slips = true): PlaceMatch | undefined {
    const key = placeKey(text)
    if (key === '') return undefined
    const keyed = this.#byKey.get(key)
    for (const [how, list] of [
      ['name', keyed?.strong ?? []],
      ['short', keyed?.weak ?? []],
    ] as const) {
      const found = unique(narrow(list, within))
      if (found.length > 0) return { place: found[0] as Place, others: found.slice(1), how, read: undefined }
    }
    return slips ? this.#slip(key, within) : undefined
  }

  /** One jamo-level slip forgiven in a Korean name of three syllables or more (헤운대 → 해운대, 선능역 → 선릉역). */
  #slip(key: string, within: string | undefined): PlaceMatch | undefined {
    if (!isHangul(key) || syllables(key) < 3) return undefined
    const jamo = jamoOf(key)
    const found: SlipCandidate[] = []
    const seen = new Set<SlipCandidate>()
    const index = this.#slips()
    for (const at of pairsOf(key)) {
      for (const candidate of index.get(at) ?? []) {
        if (seen.has(candidate)) continue
        seen.add(candidate)
        // One slip changes one syllable (two for a swap across syllables): a cheap test before the jamo.
        if (differingSyllables(candidate.key, key) > 2) continue
        candidate.jamo ??= jamoOf(candidate.key)
        if (Math.abs(candidate.jamo.length - jamo.length) > 1) continue
        if (jamoArrayDistance(jamo, candidate.jamo, 1) <= 1) found.push(candidate)
      }
    }
    // The gazetteer's order (the likelier first), whichever position found them.
    found.sort((a, b) => a.place.id - b.place.id)
    const places = unique(
      narrow(
        found.map((f) => f.place),
        within,
      ),
    )
    const first = places[0]
    if (!first) return undefined
    const read = found.find((f) => f.place === first)?.key ?? first.name
    return { place: first, others: places.slice(1), how: 'slip', read }
  }

  /**
   * The province, city or district a word names, even when a landmark or station is called so first: 강남 is
   * the area of that name, but beside 신사동 it is 강남구 that chooses among the 신사동s.
   */
  area(text: string): Place | undefined {
    const keyed = this.#byKey.get(placeKey(text))
    const chooses = (p: Place) => AREA_KINDS.has(p.kind) && p.kind !== 'neighbourhood'
    return keyed && (keyed.strong.find(chooses) ?? keyed.weak.find(chooses))
  }

  /** The place with this id (a tool's answer names it so). */
  byId(id: number): Place | undefined {
    return this.places[id]
  }
}

/** "length:i:j:ab" for each pair of positions i < j of a key: what the slip index files a name under. */
function pairsOf(key: string): string[] {
  const pairs: string[] = []
  for (let i = 0; i < key.length; i++) {
    for (let j = i + 1; j < key.length; j++) pairs.push(`${key.length}:${i}:${j}:${key[i]}${key[j]}`)
  }
  return pairs
}

function unique(places: Place[]): Place[] {
  return [...new Set(places)]
}

/** Keeps the places inside `within` (a province or city typed beside the name), when any is. */
function narrow(places: Place[], within: string | undefined): Place[] {
  if (!within || places.length < 2) return places
  const inside = places.filter((p) => p.parent !== undefined && placeKey(p.parent).includes(within))
  return inside.length > 0 ? inside : places
}

let loading: Promise<Gazetteer> | undefined

/** The gazetteer, read and indexed on first call (a dynamic import keeps it out of start-up). */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= import('./gazetteer-data.js').then(({ GAZETTEER_TSV }) => new Gazetteer(GAZETTEER_TSV))
  return loading
}
