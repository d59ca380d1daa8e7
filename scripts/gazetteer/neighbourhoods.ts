import { romanize } from 'es-hangul'
import proj4 from 'proj4'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { placeKey } from '../../src/places/names.js'
import { haversineKm } from '../../src/stores/search.js'
import { addName, romanName, round, row, type Ring, type Row } from './rows.js'

/**
 * Neighbourhoods (읍·면·동, 행정동) for the gazetteer build: Statistics Korea's centroids as vuski/admdongkor
 * publishes them (admdong-centroids-utmk.tsv beside this file, with its source and licence in
 * admdong-centroids-utmk.md), turned from UTM-K into latitude and longitude with proj4.
 */

const here = dirname(fileURLToPath(import.meta.url))

/** A current district with its boundary and code, to place a neighbourhood in the district that holds it now. */
export interface DistrictArea {
  code: string
  row: Row
  polygons: Ring[][]
  box: [number, number, number, number]
}

let centroids: Array<{ code: string; name: string; x: number; y: number }> | undefined

/** Statistics Korea's centroids of every 시·도, 시·군·구 and 읍·면·동 of 2001–2023 (vuski/admdongkor): code, name, x, y (UTM-K). */
export function admCentroids(): Array<{ code: string; name: string; x: number; y: number }> {
  centroids ??= readFileSync(join(here, 'admdong-centroids-utmk.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split('\t'))
    .filter((c) => c.length === 5)
    .map(([, code = '', name = '', x = '', y = '']) => ({ code, name, x: Number(x), y: Number(y) }))
  return centroids
}

/** The city a district code lies in (41461 → 용인시), from the district's own row in admCentroids or the city's. */
export function cityOfCode(code: string): string {
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

const UTMK = '+proj=tmerc +lat_0=38 +lon_0=127.5 +k=0.9996 +x_0=1000000 +y_0=2000000 +ellps=GRS80 +units=m +no_defs'
const toLngLat = proj4(UTMK, 'EPSG:4326')
/** Province codes the file still writes in their old form: 강원도 42 → 51, 전라북도 45 → 52, 제주도 49 → 50. */
const PROVINCE_NOW: Record<string, string> = { '42': '51', '45': '52', '49': '50' }

export function boxOf(polygons: Ring[][]): [number, number, number, number] {
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
function districtHolding(districtAreas: readonly DistrictArea[], lng: number, lat: number, code: string): DistrictArea {
  const found = districtAreas.find(
    ({ box: [x0, y0, x1, y1], polygons }) => lng >= x0 && lng <= x1 && lat >= y0 && lat <= y1 && inside(lng, lat, polygons),
  )
  if (found) return found
  const province = PROVINCE_NOW[code.slice(0, 2)] ?? code.slice(0, 2)
  const near = (d: DistrictArea) => (d.row.lat - lat) ** 2 + (d.row.lng - lng) ** 2
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
  area: DistrictArea
}

/**
 * Every 읍·면·동 of the Statistics Korea file as a neighbourhood, filed under the current district that holds
 * it (`districtAreas`), with 역삼동 made of 역삼1동 and 역삼2동; a dong that `rows` has already as a landmark,
 * station or GeoNames town is not doubled. Returned in the order the gazetteer should list them.
 */
export function neighbourhoodRows(rows: readonly Row[], districtAreas: readonly DistrictArea[]): Row[] {
  const dongs = new Map<string, Dong>()
  let dongRows = 0
  for (const { code, name: fullName, x, y } of admCentroids()) {
    // Provinces and districts are in already, from their boundaries; 출장소 are branch offices, not places.
    if (code.length !== 10 || code.endsWith('00000') || fullName.endsWith('출장소')) continue
    dongRows++
    const ko = fullName.split(' ').at(-1) as string
    const [lng = 0, lat = 0] = toLngLat.forward([x, y])
    const area = districtHolding(districtAreas, lng, lat, code)
    // The file keeps every dong of 2001–2023: one name under an old and a new code (강원도 42… and 51…, 마산시 and
    // 창원시 마산합포구) is one place, kept once, under the code of the district that holds it now.
    const key = `${area.code} ${ko}`
    const seen = dongs.get(key)
    const current = (c: string) => c.startsWith(area.code)
    if (seen && (current(seen.code) || !current(code))) continue
    dongs.set(key, { code, ko, lat: round(lat), lng: round(lng), area })
  }

  const parentOf = (area: DistrictArea) => (area.row.parent === area.row.ko ? area.row.parent : `${area.row.parent} ${area.row.ko}`.trim())
  const byKey = new Map<string, Row[]>()
  for (const r of rows) {
    if (r.kind !== 'town' && r.kind !== 'landmark' && r.kind !== 'station') continue
    for (const key of r.strong) byKey.set(key, [...(byKey.get(key) ?? []), r])
  }
  /** A landmark, station or GeoNames town called so outright within 3 km is this dong already (명동, 압구정동, 신탄진). */
  const already = (ko: string, lat: number, lng: number) =>
    (byKey.get(placeKey(ko)) ?? []).find((r) => Math.abs(r.lat - lat) < 0.027 && Math.abs(r.lng - lng) < 0.034)

  const neighbourhoods: Array<{ row: Row; district: string }> = []
  function addNeighbourhood(ko: string, lat: number, lng: number, area: DistrictArea): Row | undefined {
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
  // The first of several neighbourhoods of one name is the one a lookup answers, the others named. People mean
  // the one in a busy part of town (신사동 is 강남's, by 신사역 and 가로수길, before 은평구's), so the one with more
  // of the stations and landmarks people name within 1.5 km comes first; then Statistics Korea's order (Seoul,
  // Busan, … Jeju), which keeps a group such as 역삼동 beside its parts.
  const named = rows.filter((r) => r.kind === 'station' || r.kind === 'landmark')
  const prominence = new Map(
    neighbourhoods.map(({ row: r }) => [r, named.filter((n) => haversineKm(r.lat, r.lng, n.lat, n.lng) <= 1.5).length]),
  )
  console.log(
    `neighbourhoods: ${dongRows} dong rows read, ${dongs.size} after one per district and name, ${neighbourhoods.length - groups} of them new places (the rest are landmarks or towns already), ${groups} made of numbered dongs (역삼동)`,
  )
  return neighbourhoods
    .sort((a, b) => (prominence.get(b.row) as number) - (prominence.get(a.row) as number) || a.district.localeCompare(b.district))
    .map((n) => n.row)
}
