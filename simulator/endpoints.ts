// The upstream endpoints' answers from the simulated data set, with Jackson-like coercion of request fields.

import type { ListingFault } from './faults.js'
import { haversineKm, STORE_FLAG_KEYS } from './data.js'
import type { SimProduct, SimStore, SimulatorData } from './data.js'
import { envelope, isRecord, ok, springError } from './reply.js'
import type { Reply } from './reply.js'

const DEFAULT_PAGE_SIZE = 10 // unknown upstream default; clients that omit pageSize get a short list
const PRODUCT_PAGE_SIZE_CAP = 100

// --- request field coercion (Jackson-like: numeric strings become numbers, junk is a 400) -------

const INVALID = Symbol('invalid')

function readNumber(body: Record<string, unknown>, key: string): number | undefined | typeof INVALID {
  const value = body[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : INVALID
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value)
  return INVALID
}

function readInt(body: Record<string, unknown>, key: string): number | undefined | typeof INVALID {
  const n = readNumber(body, key)
  return typeof n === 'number' ? Math.trunc(n) : n
}

function readString(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

function paging(body: Record<string, unknown>, cap: number | null): { page: number; size: number } | null {
  const page = readInt(body, 'currentPage')
  const size = readInt(body, 'pageSize')
  if (page === INVALID || size === INVALID) return null
  const pageSize = size === undefined || size < 1 ? DEFAULT_PAGE_SIZE : cap === null ? size : Math.min(size, cap)
  return { page: page === undefined || page < 1 ? 1 : page, size: pageSize }
}

// --- endpoint handlers --------------------------------------------------------------------------

function storeRow(store: SimStore, km: number, totalCnt: number, currentPageCnt: number, rnum: number): Record<string, unknown> {
  const flags: Record<string, string> = {}
  for (const key of STORE_FLAG_KEYS) flags[key] = store.flags[key]
  return {
    rgpsId: null,
    regDttm: null,
    mdpsId: null,
    modDttm: null,
    status: null,
    frRgerId: null,
    frRgDtm: null,
    lsUpdrId: null,
    lsUpdtDtm: null,
    totalCnt,
    dataAllTotal: 0,
    currentPageCnt,
    rnum,
    strCd: store.code,
    strNm: store.name,
    strZip: store.zip,
    strAddr: store.address,
    strDtlAddr: store.detailAddress,
    strTno: '1522-4400',
    brchChgrCrryTno: null,
    ...flags,
    opngTime: store.openTime,
    clsngTime: store.closeTime,
    strLitd: store.lng,
    strLttd: store.lat,
    km: km.toFixed(1),
    hldyDt: null,
  }
}

export function selStr(data: SimulatorData, body: unknown, path: string, listing?: ListingFault): Reply {
  if (!isRecord(body)) return springError(400, path)
  const lat = readNumber(body, 'curLttd')
  const lng = readNumber(body, 'curLitd')
  const pages = paging(body, null)
  if (lat === INVALID || lng === INVALID || pages === null) return springError(400, path)
  const code = readString(body['inclusiveStrCd']).trim()
  const keyword = readString(body['keyword'])
  const pickupOnly = readString(body['pkupYn']) === 'Y'

  // Without coordinates the upstream measures from (0,0): the recorded "13181.1" for 10224 is exactly that.
  const fromLat = lat ?? 0
  const fromLng = lng ?? 0
  const matches = data.stores
    .filter((s) => (code !== '' ? s.code === code : keyword === '' || s.name.includes(keyword) || s.address.includes(keyword)))
    .filter((s) => !pickupOnly || s.pickup)
    .map((store) => ({ store, km: haversineKm(fromLat, fromLng, store.lat, store.lng) }))
    .sort((a, b) => a.km - b.km || (a.store.code < b.store.code ? -1 : 1))
  // The listing faults touch only the whole list (an empty keyword), as a bad deploy of it would.
  const fault = code === '' && keyword === '' ? listing : undefined
  const listed = fault?.keep !== undefined ? matches.slice(0, fault.keep) : matches
  const reported = fault?.reportShare !== undefined ? Math.floor(listed.length * fault.reportShare) : listed.length
  const offset = (pages.page - 1) * pages.size
  const slice = listed.slice(offset, offset + pages.size)
  return ok(
    envelope(
      slice.map((m, i) => {
        const row = storeRow(m.store, m.km, reported, slice.length, offset + i + 1)
        const unplaced = fault?.unplacedEvery !== undefined && (offset + i + 1) % fault.unplacedEvery === 0
        return unplaced ? { ...row, strLttd: 0, strLitd: 0 } : row
      }),
    ),
  )
}

function productRow(p: SimProduct, totalCnt: number, currentPageCnt: number): Record<string, unknown> {
  return {
    pdNo: p.pdNo,
    pdNm: p.name,
    exhPdNm: p.displayName,
    pdPrc: String(p.price),
    atchFileUrl: p.imagePath,
    totalCnt,
    currentPageCnt,
    onlyPkupYn: p.onlyPickup ? 'Y' : 'N',
    newPdYn: p.isNew ? 'Y' : 'N',
    pkupOrPsblYn: p.pickup ? 'Y' : 'N',
    optPdYn: p.optPdYn,
    sleStsCd: '03',
    onlSclCd: p.categoryCode,
    brndNm: p.brand,
  }
}

/** A search text that asks for no word in particular: the whole catalogue, where listing is allowed. */
const LISTING_TEXT = /^\s*\*?\s*$/

/**
 * Whether an empty or wildcard searchText lists the whole catalogue (`allow`) or finds nothing (`refuse`,
 * an empty page, as a search engine that needs a term answers). Which one the chain does is not recorded
 * (upstream-protocol.md §9, open question 4); the simulator allows it unless told otherwise.
 */
export type CatalogueListing = 'allow' | 'refuse'

export function pdThumbSelSimple(data: SimulatorData, body: unknown, path: string, listing: CatalogueListing = 'allow'): Reply {
  if (!isRecord(body)) return springError(400, path)
  const pages = paging(body, PRODUCT_PAGE_SIZE_CAP)
  if (pages === null) return springError(400, path)
  const text = readString(body['searchText'])
  const listingAsked = LISTING_TEXT.test(text)
  if (listingAsked && listing === 'refuse') return ok(envelope([]))
  const hits = data.searchProducts(listingAsked ? '' : text)
  const offset = (pages.page - 1) * pages.size
  const slice = hits.slice(offset, offset + pages.size)
  return ok(envelope(slice.map((p) => productRow(p, hits.length, slice.length))))
}

export function selStrPkupStck(data: SimulatorData, body: unknown, path: string): Reply {
  if (!Array.isArray(body) || !body.every(isRecord)) return springError(400, path)
  const rows: Array<Record<string, string>> = []
  for (const item of body) {
    const pdNo = readString(item['pdNo']).trim()
    const strCd = readString(item['strCd']).trim()
    // Pairs the upstream does not know are silently left out (docs/upstream-protocol.md §4.7).
    if (data.productByNo(pdNo) === undefined || data.storeByCode(strCd) === undefined) continue
    rows.push({ pdNo, strCd, sleStsCd: '1', stck: String(data.stockOf(strCd, pdNo)) })
  }
  return ok(envelope(rows, 'success', 'success'))
}

export function selIntPdStDispInfo(data: SimulatorData, body: unknown, path: string): Reply {
  if (!isRecord(body)) return springError(400, path)
  const pdNo = readString(body['pdNo']).trim()
  const strCd = readString(body['strCd']).trim()
  const placement = data.placementOf(strCd, pdNo)
  const store = data.storeByCode(strCd)
  if (placement === null || store === undefined) return ok(envelope([]))
  return ok(envelope([{ zoneNo: String(placement.zoneNo), stairNo: String(placement.stairNo), storeErp: store.erp }]))
}
