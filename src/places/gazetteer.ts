import { differingSyllables, isHangul, jamoArrayDistance, jamoOf, placeKey, syllables } from './names.js'

/**
 * The gazetteer: stations, landmarks, provinces, cities, districts and towns of Korea with their names in
 * Korean, English and romanised forms (src/places/SOURCES.md says where each comes from). Loaded on first
 * use, not at start-up: a server that never hears a place name never pays for it.
 */

export const PLACE_KINDS = ['station', 'landmark', 'province', 'city', 'district', 'town'] as const
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

interface Keyed {
  strong: Place[]
  weak: Place[]
}

/** Kinds that answer by the stores at their address rather than the stores around a point. */
export const AREA_KINDS: ReadonlySet<PlaceKind> = new Set(['province', 'city', 'district', 'town'])

export class Gazetteer {
  readonly places: readonly Place[]
  readonly #byKey = new Map<string, Keyed>()
  /** Korean names of three syllables or more with their jamo, for slips. */
  readonly #slipCandidates: Array<{ key: string; jamo: string[]; place: Place }> = []

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
        names: (strong ?? '').split('|').filter(Boolean),
      }
      places.push(place)
      for (const key of place.names) this.#keyed(key).strong.push(place)
      for (const key of (weak ?? '').split('|').filter(Boolean)) this.#keyed(key).weak.push(place)
      for (const key of place.names) {
        if (isHangul(key) && syllables(key) >= 3) this.#slipCandidates.push({ key, jamo: jamoOf(key), place })
      }
    }
    this.places = places
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
    const found: Array<{ key: string; place: Place }> = []
    for (const candidate of this.#slipCandidates) {
      // One slip changes one syllable (two for a swap across syllables): a cheap test before the jamo.
      if (candidate.key.length !== key.length || differingSyllables(candidate.key, key) > 2) continue
      if (Math.abs(candidate.jamo.length - jamo.length) > 1) continue
      if (jamoArrayDistance(jamo, candidate.jamo, 1) <= 1) found.push(candidate)
    }
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

  /** The place with this id (a tool's answer names it so). */
  byId(id: number): Place | undefined {
    return this.places[id]
  }
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
