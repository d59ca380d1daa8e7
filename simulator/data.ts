// Why one file of over 400 lines: the generator is one seeded pass (stores, then products, then the
// per-pair stock and placement hashes that depend on both); splitting it would split the seed's order.

// Deterministic data set for the upstream simulator. Stores and products are generated once per seed from
// the fixture vocabularies; stock and placement for a (store, product) pair are computed on demand from a
// hash, so 1,468 × 2,400 pairs need no table and every process agrees on every value.

import { CATEGORIES, COLORS, ENTITY_DECORATIONS } from './data/vocabulary.js'
import type { CategoryFixture } from './data/vocabulary.js'
import { DISTRICTS } from './data/regions.js'
import type { DistrictFixture } from './data/regions.js'
import { REAL_STORES, RESERVED_STORE_CODES, STORE_CODE_PREFIX_WEIGHTS } from './data/stores.js'
import { PINNED_STOCK, REAL_PRODUCTS } from './data/products.js'
import { EXPANSION_FACTOR, EXPANSION_SPREAD, HOST_PREFIXES, NAME_SUFFIXES, NAMED_EXTRA_STORES } from './data/expansion.js'

export const DEFAULT_SEED = 20260914

/** Y/N columns of the upstream's MsStrVO row, in the order the upstream sends them. */
export const STORE_FLAG_KEYS = [
  'parkYn',
  'nmtkYn',
  'phcYn',
  'usimYn',
  'ovrseaUsimYn',
  'hbrdUsimYn',
  'phstkYn',
  'pkupYn',
  'bassPkupStrYn',
  'pntAcmYn',
  'pntUseYn',
  'elecRctwYn',
  'useYn',
  'directYn',
  'nocashYn',
  'sccardYn',
  'sccashYn',
  'elvtYn',
  'entrRampYn',
  'taxfYn',
  'hflpYn',
] as const
export type StoreFlagKey = (typeof STORE_FLAG_KEYS)[number]
export type YN = 'Y' | 'N'

export interface SimStore {
  code: string
  name: string
  zip: string
  address: string
  lat: number
  lng: number
  openTime: string /* "10:00" */
  closeTime: string
  floors: number[] /* e.g. [-1,1,2] */
  pickup: boolean
  erp: string
  /** Extension: the Y/N flags sent on selStr rows (pkupYn agrees with `pickup`). */
  flags: Readonly<Record<StoreFlagKey, YN>>
  /** Extension: strDtlAddr as sent. */
  detailAddress: string | null
}

export interface SimProduct {
  pdNo: string
  name: string /* raw pdNm as sent, may contain HTML entities */
  displayName: string
  price: number
  imagePath: string | null /* as sent in atchFileUrl */
  brand: string | null
  categoryCode: string
  isNew: boolean
  pickup: boolean
  /** Extension: optPdYn as sent. */
  optPdYn: YN | null
  /** Extension: onlyPkupYn as sent. */
  onlyPickup: boolean
  /** Extension: pdNm with its HTML entities decoded (what a client should display). */
  decodedName: string
  /** Extension: the category key from the vocabulary (storage, kitchen, …). */
  category: string
}

export interface SimulatorData {
  stores: SimStore[]
  products: SimProduct[]
  storeByCode(code: string): SimStore | undefined
  productByNo(pdNo: string): SimProduct | undefined
  stockOf(strCd: string, pdNo: string): number // deterministic; 0 for out of stock
  placementOf(strCd: string, pdNo: string): { stairNo: number; zoneNo: number } | null
  searchProducts(searchText: string): SimProduct[] // relevance order as the upstream returns it
}

const GENERATED_PRODUCTS = 2_400
const IN_STOCK_SHARE_MIN = 0.22 // per-store share varies between 22 % and 38 %, about 30 % overall
const IN_STOCK_SHARE_SPREAD = 0.16
const MAX_UNITS = 40
const NO_PLACEMENT_IN_STOCK = 0.03
const NO_PLACEMENT_OUT_OF_STOCK = 0.4 // sold out but still shelved vs. not carried at all

// --- hashing and PRNG ---------------------------------------------------------------------------

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function hashOf(seed: number, ...parts: string[]): number {
  return fmix(fnv1a(parts.join('\u0000')) ^ fmix(seed ^ 0x9e3779b9))
}

/** Uniform in [0, 1) from a 32-bit hash. */
const unit = (h: number): number => h / 4_294_967_296

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6371
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)))
}

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|#39|apos|lt|gt|nbsp);/g, (_m, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'nbsp' ? '\u00a0' : "'",
  )
}

// --- generation helpers -------------------------------------------------------------------------

class Rand {
  readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1))
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  alnum(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)]
    return out
  }
}

/** The upstream sends coordinates with about 15 significant digits (e.g. 37.4988240219594). */
const roundCoord = (x: number): number => Math.round(x * 1e13) / 1e13

const FLOOR_PLANS: ReadonlyArray<readonly [plan: number[], weight: number]> = [
  [[1], 33],
  [[1, 2], 30],
  [[1, 2, 3], 12],
  [[-1, 1], 8],
  [[-1, 1, 2], 10],
  [[-1], 4],
  [[2, 3], 3],
]

function weighted<T>(rand: Rand, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0)
  let r = rand.next() * total
  for (const [value, w] of options) {
    r -= w
    if (r < 0) return value
  }
  const last = options[options.length - 1]
  if (last === undefined) throw new Error('weighted pick from an empty list')
  return last[0]
}

function storeFlags(rand: Rand, floors: readonly number[], pickup: boolean): Record<StoreFlagKey, YN> {
  const yn = (p: number): YN => (rand.chance(p) ? 'Y' : 'N')
  const multiFloor = floors.length > 1
  return {
    parkYn: yn(0.35),
    nmtkYn: yn(0.05),
    phcYn: yn(0.15),
    usimYn: yn(0.6),
    ovrseaUsimYn: yn(0.08),
    hbrdUsimYn: yn(0.05),
    phstkYn: yn(0.2),
    pkupYn: pickup ? 'Y' : 'N',
    bassPkupStrYn: yn(0.08),
    pntAcmYn: 'Y',
    pntUseYn: 'Y',
    elecRctwYn: 'Y',
    useYn: 'Y',
    directYn: yn(0.7),
    nocashYn: yn(0.1),
    sccardYn: yn(0.3),
    sccashYn: yn(0.3),
    elvtYn: multiFloor ? yn(0.6) : 'N',
    entrRampYn: yn(0.6),
    taxfYn: yn(0.15),
    hflpYn: 'N',
  }
}

function baseFromDong(dong: string): string {
  const noGa = dong.replace(/\d*가$/, '')
  const stripped = noGa.replace(/\d*(동|읍|면)$/, '')
  return stripped.length >= 2 ? stripped : noGa
}

// --- stores -------------------------------------------------------------------------------------

function generateStores(seed: number): SimStore[] {
  const rand = new Rand(seed ^ 0x51a7e5)
  const usedCodes = new Set<string>([...REAL_STORES.map((s) => s.code), ...RESERVED_STORE_CODES])
  const usedNames = new Set<string>(REAL_STORES.map((s) => s.name))
  const usedErps = new Set<string>(REAL_STORES.map((s) => s.erp))
  const stores: SimStore[] = []

  for (const real of REAL_STORES) {
    const flags = { ...storeFlags(rand, real.floors, real.pickup), ...real.flags, pkupYn: real.pickup ? 'Y' : 'N' } as Record<
      StoreFlagKey,
      YN
    >
    stores.push({
      code: real.code,
      name: real.name,
      zip: real.zip,
      address: real.address,
      lat: real.lat,
      lng: real.lng,
      openTime: real.openTime,
      closeTime: real.closeTime,
      floors: [...real.floors],
      pickup: real.pickup,
      erp: real.erp,
      flags,
      detailAddress: real.detailAddress ?? null,
    })
  }

  const newCode = (): string => {
    for (;;) {
      const code = weighted(rand, STORE_CODE_PREFIX_WEIGHTS) + String(rand.int(0, 999)).padStart(3, '0')
      if (!usedCodes.has(code)) {
        usedCodes.add(code)
        return code
      }
    }
  }
  const newErp = (): string => {
    for (;;) {
      const erp = '0' + String(rand.int(1000, 9999))
      if (!usedErps.has(erp)) {
        usedErps.add(erp)
        return erp
      }
    }
  }
  const uniqueName = (base: string, district: DistrictFixture, flagship: boolean): string => {
    const candidates = [
      base + (flagship ? '본점' : '점'),
      ...(district.sido === '서울특별시' || base.startsWith(district.cityShort) ? [] : [district.cityShort + base + '점']),
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}${n}호점`),
    ]
    for (const name of candidates) {
      if (!usedNames.has(name)) {
        usedNames.add(name)
        return name
      }
    }
    throw new Error(`no free store name for ${base}`)
  }

  for (const district of DISTRICTS) {
    let previousBase: string | null = null
    for (let i = 0; i < district.stores; i++) {
      const landmark = district.landmarks[i]
      // A second branch near the same station ("<역>2호점") is common in dense districts.
      const base: string =
        previousBase !== null && rand.chance(0.06)
          ? previousBase
          : (landmark ?? baseFromDong(district.dongs[i % district.dongs.length] ?? district.cityShort))
      previousBase = base
      const flagship = i === 0 && !base.endsWith('역') && rand.chance(0.08)
      const name = uniqueName(base, district, flagship)

      const road = rand.pick(district.roads)
      const roadPart = rand.chance(0.18) ? `${road}${rand.int(1, 30) * 10 + 1}번길 ${rand.int(1, 60)}` : `${road} ${rand.int(1, 520)}`
      const dong = rand.pick(district.dongs)
      const address = [district.sido, district.gu, roadPart].filter((p) => p !== '').join(' ') + ` (${dong})`
      const zipTail = 5 - district.zipPrefix.length
      const zip = district.zipPrefix + String(rand.int(0, 10 ** zipTail - 1)).padStart(zipTail, '0')
      // Keep generated stores off the recorded ones, so that recorded facts (10856 is 0.2 km from City
      // Hall and the nearest store to it) still hold, and apart from each other.
      let lat = district.lat
      let lng = district.lng
      for (let attempt = 0; attempt < 30; attempt++) {
        lat = roundCoord(district.lat + (rand.next() - 0.5) * 0.03)
        lng = roundCoord(district.lng + (rand.next() - 0.5) * 0.036)
        const clear = stores.every((s, index) => haversineKm(lat, lng, s.lat, s.lng) >= (index < REAL_STORES.length ? 0.6 : 0.15))
        if (clear) break
      }
      const openTime = weighted(rand, [
        ['10:00', 85],
        ['09:00', 10],
        ['09:30', 5],
      ] as const)
      const closeTime = weighted(rand, [
        ['22:00', 80],
        ['23:00', 8],
        ['21:00', 10],
        ['21:30', 2],
      ] as const)
      const floors = [...weighted(rand, FLOOR_PLANS)]
      const pickup = rand.chance(0.85)
      const flags = storeFlags(rand, floors, pickup)
      const lowest = floors[0] ?? 1
      const detailAddress = lowest < 0 && rand.chance(0.4) ? `지하 ${-lowest}층` : rand.chance(0.1) ? `${lowest}층` : null
      stores.push({
        code: newCode(),
        name,
        zip,
        address,
        lat,
        lng,
        openTime,
        closeTime,
        floors,
        pickup,
        erp: newErp(),
        flags,
        detailAddress,
      })
    }
  }
  expandStores(seed, stores, usedCodes, usedNames, usedErps)
  return stores.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
}

/**
 * The second pass (data/expansion.ts): about three more stores per store of the first pass in each
 * district, named after its neighbourhoods, roads and hosting marts, so the chain has its real size. Its
 * own random sequence, run after the first pass, leaves every first-pass store as it was.
 */
function expandStores(seed: number, stores: SimStore[], usedCodes: Set<string>, usedNames: Set<string>, usedErps: Set<string>): void {
  const rand = new Rand(seed ^ 0x2e9a4d)
  const realCount = REAL_STORES.length
  const claim = (): { code: string; erp: string } => {
    for (;;) {
      const code = weighted(rand, STORE_CODE_PREFIX_WEIGHTS) + String(rand.int(0, 999)).padStart(3, '0')
      if (usedCodes.has(code)) continue
      usedCodes.add(code)
      for (;;) {
        const erp = String(rand.int(10000, 99999))
        if (!usedErps.has(erp)) {
          usedErps.add(erp)
          return { code, erp }
        }
      }
    }
  }
  const place = (lat0: number, lng0: number, spread: { lat: number; lng: number }): { lat: number; lng: number } => {
    let lat = lat0
    let lng = lng0
    for (let attempt = 0; attempt < 30; attempt++) {
      lat = roundCoord(lat0 + (rand.next() - 0.5) * spread.lat)
      lng = roundCoord(lng0 + (rand.next() - 0.5) * spread.lng)
      const clear = stores.every((s, index) => haversineKm(lat, lng, s.lat, s.lng) >= (index < realCount ? 0.6 : 0.15))
      if (clear) break
    }
    return { lat, lng }
  }
  const common = () => {
    const floors = [...weighted(rand, FLOOR_PLANS)]
    const pickup = rand.chance(0.85)
    return { openTime: rand.chance(0.88) ? '10:00' : '09:00', closeTime: rand.chance(0.85) ? '22:00' : '21:00', floors, pickup }
  }
  for (const named of NAMED_EXTRA_STORES) {
    if (usedNames.has(named.name)) continue
    usedNames.add(named.name)
    const c = common()
    const { code, erp } = claim()
    stores.push({ ...named, ...c, code, erp, flags: storeFlags(rand, c.floors, c.pickup), detailAddress: null })
  }
  for (const district of DISTRICTS) {
    const extra = district.stores * EXPANSION_FACTOR
    for (let i = 0; i < extra; i++) {
      const dong = rand.pick(district.dongs)
      const base = rand.chance(0.7) ? baseFromDong(dong) : rand.pick(district.landmarks).replace(/역$/, '')
      const candidates = [
        `${base}점`,
        ...(district.sido === '서울특별시' || base.startsWith(district.cityShort) ? [] : [`${district.cityShort}${base}점`]),
        `${base}${rand.pick(NAME_SUFFIXES)}점`,
        `${rand.pick(HOST_PREFIXES)}${base}점`,
        ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}${n}호점`),
      ].filter((name) => !usedNames.has(name))
      const name = candidates[0]
      if (name === undefined) continue
      usedNames.add(name)
      const road = rand.pick(district.roads)
      const roadPart = rand.chance(0.2) ? `${road}${rand.int(1, 30) * 10 + 1}번길 ${rand.int(1, 60)}` : `${road} ${rand.int(1, 520)}`
      const address = [district.sido, district.gu, roadPart].filter((p) => p !== '').join(' ') + ` (${dong})`
      const zipTail = 5 - district.zipPrefix.length
      const zip = district.zipPrefix + String(rand.int(0, 10 ** zipTail - 1)).padStart(zipTail, '0')
      const { lat, lng } = place(district.lat, district.lng, EXPANSION_SPREAD)
      const c = common()
      const { code, erp } = claim()
      const lowest = c.floors[0] ?? 1
      const detailAddress = lowest < 0 && rand.chance(0.4) ? `지하 ${-lowest}층` : null
      stores.push({ code, erp, name, zip, address, lat, lng, ...c, flags: storeFlags(rand, c.floors, c.pickup), detailAddress })
    }
  }
}

// --- products -----------------------------------------------------------------------------------

interface ProductRecord {
  product: SimProduct
  haystack: string
  popularity: number
}

function fillSuffix(rand: Rand, template: string): string {
  return template
    .replace('{size}', () => `(약${rand.int(8, 40)}*${rand.int(8, 40)}*${rand.int(5, 30)} cm)`)
    .replace('{n}', () => String(rand.pick([2, 2, 3, 3, 4, 5, 6, 10])))
    .replace('{sheets}', () => String(rand.pick([10, 20, 30, 40, 50, 80, 100])))
    .replace('{ml}', () => String(rand.pick([30, 50, 100, 150, 200, 300, 500])))
    .replace('{color}', () => rand.pick(COLORS))
}

function nounParts(noun: string, category: CategoryFixture): { text: string; suffixes: readonly string[] } {
  const bar = noun.indexOf('|')
  if (bar < 0) return { text: noun, suffixes: category.suffixes }
  return { text: noun.slice(0, bar), suffixes: noun.slice(bar + 1).split(',') }
}

function imagePath(rand: Rand, pdNo: string): string | null {
  if (rand.chance(0.075)) return null
  const day = new Date(Date.UTC(2019, 0, 1) + rand.int(0, 2_800) * 86_400_000)
  const date = day.toISOString().slice(0, 10).replaceAll('-', '')
  const salt = rand.alnum(20)
  const path = `/file/PD/${date}/${salt}${pdNo}_00_00${salt}.jpg`
  // Older rows still point at the retired image host (clients rewrite it to the CDN).
  return rand.chance(0.06) ? `https://img.daisomall.co.kr${path}` : path
}

function generateProducts(seed: number): ProductRecord[] {
  const rand = new Rand(seed ^ 0x9d0c75)
  const records: ProductRecord[] = []
  const usedNos = new Set<string>(REAL_PRODUCTS.map((p) => p.pdNo))
  const usedNames = new Set<string>(REAL_PRODUCTS.map((p) => p.name))

  const add = (product: SimProduct, popularity: number): void => {
    const haystack = [product.name, product.decodedName, product.displayName].join('\n').toLowerCase()
    records.push({ product, haystack, popularity })
  }

  for (const real of REAL_PRODUCTS) {
    const category = CATEGORIES.find((c) => c.key === real.category)
    add(
      {
        pdNo: real.pdNo,
        name: real.name,
        displayName: real.displayName,
        price: real.price,
        imagePath: real.imagePath,
        brand: real.brand,
        categoryCode: `${category?.code ?? 'CAZ'}001`,
        isNew: real.isNew,
        pickup: real.pickup,
        optPdYn: real.optionProduct === true ? 'Y' : 'N',
        onlyPickup: false,
        decodedName: decodeEntities(real.name),
        category: real.category,
      },
      real.popularity,
    )
  }

  const weightSum = CATEGORIES.reduce((s, c) => s + c.weight, 0)
  for (const category of CATEGORIES) {
    const count = Math.round((category.weight / weightSum) * GENERATED_PRODUCTS)
    for (let k = 0; k < count; k++) {
      let pdNo: string
      do pdNo = String(rand.int(1_000_000, 1_089_999))
      while (usedNos.has(pdNo))
      usedNos.add(pdNo)

      let raw = ''
      let decoded = ''
      let nounIndex = 0
      let brand: string | null = null
      // Decided once per product so that name collisions (which retry) do not inflate these shares.
      const decorate = unit(hashOf(seed, 'entities', pdNo)) < 0.02
      const branded = category.brands !== undefined && rand.chance(0.15)
      for (let attempt = 0; attempt < 40; attempt++) {
        nounIndex = Math.floor(rand.next() * category.nouns.length)
        const noun = nounParts(category.nouns[nounIndex] ?? '', category)
        const prefix = rand.pick(category.prefixes)
        const suffix = fillSuffix(rand, rand.pick(noun.suffixes))
        let name = (prefix === '' ? '' : prefix + ' ') + noun.text + (suffix === '' || suffix.startsWith('(') ? suffix : ' ' + suffix)
        brand = branded && category.brands !== undefined ? rand.pick(category.brands) : null
        if (brand !== null) name = `${brand.split('>')[0] ?? ''} ${name}`
        raw = name
        decoded = name
        if (decorate) {
          const decoration = rand.pick(ENTITY_DECORATIONS)
          if (decoration.at === 'prefix') {
            raw = decoration.raw + name
            decoded = decoration.decoded + name
          } else {
            const other = nounParts(rand.pick(category.nouns), category).text
            raw = `${noun.text}${decoration.raw}${other} 세트`
            decoded = `${noun.text}${decoration.decoded}${other} 세트`
          }
        }
        if (attempt >= 20) {
          // A crowded corner of the vocabulary: tell the item apart the way the catalogue does, by colour.
          const colour = `(${rand.pick(COLORS)})`
          raw += colour
          decoded += colour
        }
        if (!usedNames.has(raw)) break
      }
      usedNames.add(raw)

      let displayName = decoded
      let optPdYn: YN | null = rand.chance(0.05) ? null : 'N'
      if (rand.chance(0.03)) {
        // Option products: pdNm carries the option in parentheses, exhPdNm as a bracketed prefix.
        const option = `0${rand.int(1, 9)}${rand.pick(COLORS)}`
        const spaced = option.replace(/^(\d+)/, '$1 ')
        raw = `${raw}(${option})`
        decoded = `${decoded}(${option})`
        displayName = `[${spaced}]${displayName}`
        optPdYn = 'Y'
      }
      const code = `${category.code}${String(nounIndex + 1).padStart(3, '0')}`
      add(
        {
          pdNo,
          name: raw,
          displayName,
          price: rand.pick(category.prices),
          imagePath: imagePath(rand, pdNo),
          brand,
          categoryCode: code,
          isNew: rand.chance(0.08),
          pickup: rand.chance(0.88),
          optPdYn,
          onlyPickup: rand.chance(0.015),
          decodedName: decoded,
          category: category.key,
        },
        rand.next() * 100,
      )
    }
  }
  return records.sort((a, b) => (a.product.pdNo < b.product.pdNo ? -1 : 1))
}

// --- the data set -------------------------------------------------------------------------------

const cache = new Map<number, SimulatorData>()

export function createSimulatorData(seed: number = DEFAULT_SEED): SimulatorData {
  const cached = cache.get(seed)
  if (cached !== undefined) return cached
  const data = buildData(seed)
  cache.set(seed, data)
  return data
}

/** Builds a fresh, unshared data set; createSimulatorData is the memoised entry point everyone else should use. */
export function generateSimulatorData(seed: number = DEFAULT_SEED): SimulatorData {
  return buildData(seed)
}

function buildData(seed: number): SimulatorData {
  const stores = generateStores(seed)
  const records = generateProducts(seed)
  const products = records.map((r) => r.product)
  const storeIndex = new Map(stores.map((s) => [s.code, s]))
  const productIndex = new Map(records.map((r) => [r.product.pdNo, r]))
  const pinned = new Map(PINNED_STOCK.map((p) => [`${p.strCd}|${p.pdNo}`, p]))
  const storeShare = new Map(stores.map((s) => [s.code, IN_STOCK_SHARE_MIN + IN_STOCK_SHARE_SPREAD * unit(hashOf(seed, 'share', s.code))]))
  const searchCache = new Map<string, SimProduct[]>()

  const stockOf = (strCd: string, pdNo: string): number => {
    const share = storeShare.get(strCd)
    if (share === undefined || !productIndex.has(pdNo)) return 0
    const pin = pinned.get(`${strCd}|${pdNo}`)
    if (pin !== undefined) return pin.stock
    const h = hashOf(seed, 'stock', strCd, pdNo)
    if (unit(h) >= share) return 0
    // Shelves mostly hold a handful of units, occasionally a full case.
    return 1 + Math.floor(unit(fmix(h ^ 0x2545f491)) ** 2 * MAX_UNITS)
  }

  const placementOf = (strCd: string, pdNo: string): { stairNo: number; zoneNo: number } | null => {
    const store = storeIndex.get(strCd)
    const record = productIndex.get(pdNo)
    if (store === undefined || record === undefined) return null
    const pin = pinned.get(`${strCd}|${pdNo}`)
    if (pin !== undefined) return pin.placement === null ? null : { ...pin.placement }
    const h = hashOf(seed, 'placement', strCd, pdNo)
    const missing = stockOf(strCd, pdNo) > 0 ? NO_PLACEMENT_IN_STOCK : NO_PLACEMENT_OUT_OF_STOCK
    if (unit(h) < missing) return null
    // A category sits together on one floor and a run of zones, as on a real shop floor.
    const aisle = hashOf(seed, 'aisle', strCd, record.product.category)
    const stairNo = store.floors[aisle % store.floors.length] ?? 1
    const zoneNo = 1 + ((aisle >>> 8) % 70) + ((h >>> 8) % 10)
    return { stairNo, zoneNo }
  }

  const searchProducts = (searchText: string): SimProduct[] => {
    const query = searchText.trim().toLowerCase()
    const hit = searchCache.get(query)
    if (hit !== undefined) return hit
    const tokens = query.split(/\s+/).filter((t) => t !== '')
    const scored: Array<{ record: ProductRecord; rank: number }> = []
    for (const record of records) {
      let rank: number
      if (record.product.pdNo === query) rank = 0
      else if (tokens.length === 0) rank = 2
      else if (record.haystack.includes(query)) rank = 1
      else if (tokens.every((t) => record.haystack.includes(t))) rank = 2
      else continue
      scored.push({ record, rank })
    }
    scored.sort(
      (a, b) => a.rank - b.rank || b.record.popularity - a.record.popularity || (a.record.product.pdNo < b.record.product.pdNo ? -1 : 1),
    )
    const result = scored.map((s) => s.record.product)
    // Catalogue scans page through the same query many times; keep recent ones.
    if (searchCache.size >= 256) searchCache.clear()
    searchCache.set(query, result)
    return result
  }

  return {
    stores,
    products,
    storeByCode: (code) => storeIndex.get(code),
    productByNo: (pdNo) => productIndex.get(pdNo)?.product,
    stockOf,
    placementOf,
    searchProducts,
  }
}
