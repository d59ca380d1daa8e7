import { ServiceError } from '../errors.js'
import type { ProductNearbyInput, StoreSearchInput } from '../operations.js'
import type { ProductNearby, Store, StoreSearchResult } from '../schemas.js'
import { haversineKm } from '../stores/search.js'
import { FAR_KM } from './bounds.js'
import { AREA_KINDS, gazetteer, type Place, type PlaceMatch } from './gazetteer.js'
import { differingSyllables, isHangul, jamoArrayDistance, jamoOf, placeKey, syllables } from './names.js'
import type { PlaceUnderstood } from './schema.js'

/**
 * Place understanding for every door: a keyword that names a place rather than a store answers the stores
 * nearest that place, and `near` turns a place in words into the point a search goes around. The store
 * search itself (src/stores/) is untouched: it is handed in as `search` and asked again around the place.
 */

export type StoreSearch = (input: StoreSearchInput) => Promise<StoreSearchResult>

export interface PlaceContext {
  /** The chain's store names as the directory holds them, for slips in a store name; undefined while it has none. */
  storeNames?: (() => readonly string[] | undefined) | undefined
}

/** Words around a place that say nothing about where: the chain, "near", "store". */
const AROUND_WORDS = new Set([
  ...[
    '다이소',
    '다이소몰',
    '근처',
    '주변',
    '부근',
    '인근',
    '근방',
    '매장',
    '지점',
    '점포',
    '가게',
    '쪽',
    '앞',
    '가까운',
    '제일',
    '가장',
    '어디',
    '있는',
    '찾아줘',
  ],
  ...[
    'daiso',
    'near',
    'nearby',
    'around',
    'close',
    'to',
    'closest',
    'nearest',
    'store',
    'stores',
    'shop',
    'branch',
    'the',
    'a',
    'in',
    'at',
    'by',
  ],
])
const GLUED_AROUND = /(근처|주변|부근|인근|근방|에서|쪽|앞|에)$/
const STORE_SUFFIX = /(\d+호점|본점|점)$/

/** The words of a keyword that may name a place, without the chain and "near" words ("경복궁 근처 다이소" → 경복궁). */
export function placeWords(keyword: string): string[] {
  return keyword
    .normalize('NFC')
    .toLowerCase()
    .replace(/다이소몰|다이소|daiso/g, ' ')
    .split(/[\s,?!]+/)
    .map((w) => (w.length > 3 && GLUED_AROUND.test(w) ? w.replace(GLUED_AROUND, '') : w))
    .filter((w) => w !== '' && !AROUND_WORDS.has(w))
}

/** The place a text names: all its words as one name, or a name narrowed by a province or city beside it (부산 중구). */
export async function findPlace(text: string, slips = true): Promise<PlaceMatch | undefined> {
  const words = placeWords(text)
  if (words.length === 0) return undefined
  const places = await gazetteer()
  const whole = places.lookup(words.join(' '), undefined, slips)
  if (whole) return whole
  // "해운대점" when no store is called so: the place the store would be named after.
  const last = words[words.length - 1] as string
  if (words.length === 1) return last.length >= 3 && last.endsWith('점') ? places.lookup(last.slice(0, -1), undefined, slips) : undefined
  for (let i = 0; i < words.length; i++) {
    const area = places.area(words[i] as string)
    if (!area) continue
    const rest = words.filter((_, j) => j !== i).join(' ')
    const within = placeKey(area.name)
    const found = places.lookup(rest, within, slips)
    if (found && found.place.parent !== undefined && placeKey(found.place.parent).includes(within)) return found
  }
  return undefined
}

export function placeUnderstood(match: PlaceMatch): PlaceUnderstood {
  const describe = (p: Place) => ({
    name: p.name,
    nameEn: p.nameEn,
    kind: p.kind,
    ...(p.category && p.category !== p.kind ? { category: p.category } : {}),
    latitude: p.latitude,
    longitude: p.longitude,
    ...(p.parent ? { within: p.parent } : {}),
    ...(p.lines ? { lines: p.lines } : {}),
  })
  return {
    ...describe(match.place),
    ...(match.read ? { read: match.read } : {}),
    ...(match.others.length > 0 ? { others: match.others.slice(0, 5).map(describe) } : {}),
  }
}

/** A place in words (`near`) as a point, or a clear error naming what was not understood. */
export async function resolveNear(near: string): Promise<PlaceMatch> {
  const match = await findPlace(near)
  if (match) return match
  throw new ServiceError('invalid_parameter', {
    message: `Invalid parameter '{near}': '${near}' names no place this service knows (stations, landmarks, provinces, cities, districts and neighbourhoods of Korea).`,
    ko: `'${near}'은(는) 알 수 없는 장소입니다. 역 이름, 명소, 시·군·구 또는 읍·면·동 이름으로 입력해 주세요.`,
    hint: 'Send {near} as a station (선릉역), landmark (경복궁, Haeundae Beach), district (마포구), neighbourhood (서교동) or city, or send {coordinates} instead.',
  })
}

/** The place a product search's `near` names (with neither a store code nor coordinates beside it). */
export async function nearOf(input: ProductNearbyInput): Promise<PlaceMatch | undefined> {
  if (input.near === undefined) return undefined
  if (input.storeCode !== undefined) {
    throw new ServiceError('invalid_parameter', {
      message: "Invalid parameter '{near}': is given together with '{storeCode}'; send one of them.",
      ko: '매장 코드 또는 장소(near) 중 하나만 입력해 주세요.',
      hint: 'Send {storeCode} (a store), or {near} (a place in words), not both.',
    })
  }
  return resolveNear(input.near)
}

/** A product-nearby answer with the place it was read around, and a word when every store is far. */
export function nearbyWithPlace(found: ProductNearby, near: PlaceMatch | undefined): ProductNearby {
  const answer = near ? { ...found, place: placeUnderstood(near) } : found
  const nearest = found.stores[0]?.store.distanceKm
  if (found.here || nearest === undefined || nearest === null || nearest <= FAR_KM) return answer
  const far = `The nearest store with it is ${nearest.toFixed(1)} km away: none within ${FAR_KM} km has it in stock.`
  return { ...answer, hint: [far, answer.hint].filter(Boolean).join(' ') }
}

/**
 * A store search that understands places. With `near`, the search goes around the place named. With a
 * keyword alone: a store name still wins, a district or neighbourhood that store addresses carry keeps its
 * address answer, and a station or landmark answers the stores named after it first, then the stores nearest
 * it. A keyword that finds nothing is read again with one slip forgiven, store names first.
 */
export async function searchWithPlaces(
  input: StoreSearchInput,
  search: StoreSearch,
  context: PlaceContext = {},
): Promise<StoreSearchResult> {
  if (input.near !== undefined) {
    if (input.latitude !== undefined || input.longitude !== undefined) {
      throw new ServiceError('invalid_parameter', {
        message: "Invalid parameter '{near}': is given together with coordinates; send one of them.",
        ko: '장소(near) 또는 위도·경도 중 하나만 입력해 주세요.',
        hint: 'Send {near} (a place in words) or {coordinates}, not both.',
      })
    }
    const match = await resolveNear(input.near)
    const { near: _near, ...rest } = input
    const found = await search({ ...rest, latitude: match.place.latitude, longitude: match.place.longitude })
    return farHint(withPlace(found, match), input.near)
  }
  const byPoint = input.latitude !== undefined && input.longitude !== undefined
  const found = await search(input)
  if (byPoint || !input.keyword) return byPoint ? farHint(found) : found
  const answered = found.stores.length > 0 || input.page > 1
  // Slips are read only when nothing answered as typed: a found store is never second-guessed, and costs no scan.
  const match = await findPlace(input.keyword, !answered)
  // "강남역점" is a store's name as written: when a store has it, the answer is that store's, not a place's.
  if (answered && /점$/.test(placeWords(input.keyword).at(-1) ?? '')) return found
  if (!match) {
    if (answered) return found
    return (await readStoreSlip(input, search, context)) ?? found
  }
  if (match.how === 'slip' && !answered) {
    const asStore = await readStoreSlip(input, search, context)
    if (asStore) return asStore
  }
  const landmark = !AREA_KINDS.has(match.place.kind) && match.place.category !== 'area' && match.place.category !== 'street'
  // An address answer that had to leave words out (부산 강서구 → Seoul's 강서구) is not this place's.
  if (answered && !(landmark && match.how !== 'short') && !found.ignored?.length) return found
  if (!landmark) {
    // Pusan, Mapo-gu, 헤운대: the stores at that address, asked for by the place's Korean name.
    const name = match.read ?? match.place.name
    const again = name === input.keyword ? found : await search({ ...input, keyword: name })
    // Only the stores of this place: 부산 강서구 is not answered with Seoul's 강서구.
    const province = match.place.parent?.split(' ')[0]
    const here = (s: Store) => province === undefined || s.address.startsWith(province)
    if (again.stores.length > 0 && !again.ignored?.length && again.stores.every(here)) return withRead(again, input.keyword, name)
  }
  const around = await storesAround(input, match, found, search)
  return farHint(match.how === 'slip' ? withRead(around, input.keyword, match.read ?? match.place.name) : around, match.place.name)
}

/** The stores named after the place (서울역점 for 서울역) first, then the stores nearest it, each with its distance. */
async function storesAround(
  input: StoreSearchInput,
  match: PlaceMatch,
  found: StoreSearchResult,
  search: StoreSearch,
): Promise<StoreSearchResult> {
  const { place } = match
  const stems = new Set(
    [...place.names, placeKey(input.keyword ?? ''), ...(match.read ? [match.read] : [])].filter(isHangul).map(stationStem),
  )
  const named = input.page === 1 && found.stores.length > 0 ? found.stores.filter((s) => stems.has(stationStem(storeCore(s.name)))) : []
  const wanted = input.page * input.pageSize + named.length
  const nearest = await search({
    page: 1,
    pageSize: wanted,
    latitude: place.latitude,
    longitude: place.longitude,
    facility: input.facility,
  })
  const seen = new Set(named.map((s) => s.code))
  const all: Store[] = [...named, ...nearest.stores.filter((s) => !seen.has(s.code))].map((s) => ({
    ...s,
    distanceKm: Math.round(haversineKm(place.latitude, place.longitude, s.lat, s.lng) * 10) / 10,
  }))
  const start = (input.page - 1) * input.pageSize
  const result: StoreSearchResult = {
    stores: all.slice(start, start + input.pageSize),
    hasMore: all.length > start + input.pageSize || nearest.hasMore,
  }
  if (nearest.via) result.via = nearest.via
  return withPlace(result, match)
}

const storeCore = (name: string): string => placeKey(name).replace(STORE_SUFFIX, '')
const stationStem = (key: string): string => (key.length > 2 && key.endsWith('역') ? key.slice(0, -1) : key)

function withPlace(found: StoreSearchResult, match: PlaceMatch): StoreSearchResult {
  const place = placeUnderstood(match)
  // A name dozens of neighbourhoods share (중앙동) names the first few and counts the rest.
  const more = match.others.length > 5 ? `; and ${match.others.length - 5} more` : ''
  const others =
    match.others.length > 0
      ? ` It may also mean ${match.others.slice(0, 5).map(describeShort).join('; ')}${more}: add the city, district or line to choose.`
      : ''
  const said = `Read as the ${kindWord(match.place)} ${match.place.name} (${match.place.nameEn}); stores nearest it first.${others}`
  return { ...found, place, hint: [found.stores.length > 0 ? said : undefined, found.hint].filter(Boolean).join(' ') || undefined }
}

function withRead(found: StoreSearchResult, typed: string, read: string): StoreSearchResult {
  return { ...found, readAs: read, hint: [`Read '${typed}' as '${read}'.`, found.hint].filter(Boolean).join(' ') }
}

function farHint(found: StoreSearchResult, near?: string): StoreSearchResult {
  const nearest = found.stores.reduce<number | undefined>(
    (min, s) => (s.distanceKm === undefined || s.distanceKm === null ? min : Math.min(min ?? Infinity, s.distanceKm)),
    undefined,
  )
  if (nearest === undefined || nearest <= FAR_KM || found.stores.length === 0) return found
  const far = `The nearest store is ${nearest.toFixed(1)} km from ${near ? near : 'this point'}: none is within ${FAR_KM} km.`
  return { ...found, hint: [far, found.hint].filter(Boolean).join(' ') }
}

/** A store name of three syllables or more typed with one slip (헤운대점 → 해운대점): the store search asked again. */
async function readStoreSlip(input: StoreSearchInput, search: StoreSearch, context: PlaceContext): Promise<StoreSearchResult | undefined> {
  const names = context.storeNames?.()
  const words = placeWords(input.keyword ?? '')
  if (!names || words.length !== 1) return undefined
  const typed = storeCore(words[0] as string)
  if (!isHangul(typed) || syllables(typed) < 3) return undefined
  const jamo = jamoOf(typed)
  const cores = new Set(names.map(storeCore))
  for (const core of cores) {
    if (core === typed || differingSyllables(core, typed) > 2) continue
    if (jamoArrayDistance(jamo, jamoOf(core), 1) > 1) continue
    // Read again as a whole: 서울엿 is 서울역, the station, whose stores are the ones around it.
    const again = await searchWithPlaces({ ...input, keyword: core }, search, {})
    if (again.stores.length > 0) return withRead(again, input.keyword ?? '', core)
  }
  return undefined
}

function kindWord(place: Place): string {
  return place.kind === 'landmark' ? (place.category ?? 'landmark') : place.kind
}

function describeShort(place: Place): string {
  const where = place.lines ? ` (${place.lines.join(', ')})` : place.parent ? ` in ${place.parent}` : ''
  return `${place.name}${where}`
}
