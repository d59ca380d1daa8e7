import { decodeHTML } from 'entities'
import { z } from 'zod'
import type { Facility } from '../stores/facilities.js'
import type { ShapeStep } from './shape.js'

/**
 * Zod schemas for upstream replies, exactly as the upstream sends them (docs/upstream-protocol.md §2.4),
 * and the conversions to our own vocabulary. Upstream field names never leave src/upstream/.
 */

export const CDN_ORIGIN = 'https://cdn.daisomall.co.kr'
const OLD_IMAGE_HOST = 'img.daisomall.co.kr'

/** A number the upstream sends as a JSON number or a numeric string; a word there is a shape change. */
const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

/** Integer counts, prices, floors and zones arrive as strings ("3000", "-2"). */
const integerString = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
])

const text = z.string().transform((v) => decodeHTML(v).trim())

/** "10:00" in selStr; "1000" in selStrInfo and the legacy HTML. */
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-4]):?[0-5]\d$/)
  .transform((v) => (v.includes(':') ? v : `${v.slice(0, 2)}:${v.slice(2)}`))

/**
 * The store row's Y/N flags (upstream-protocol.md §4.1) that name something a shopper asks about, and the
 * facility each one means. hmm's client names parkYn, usimYn, pkupYn, taxfYn, elvtYn, entrRampYn and
 * nocashYn the same way; the meaning of the others is read from their names and is a guess (docs/rest.md).
 */
export const FACILITY_FLAGS = {
  parkYn: 'parking',
  elvtYn: 'elevator',
  entrRampYn: 'ramp',
  taxfYn: 'taxFree',
  pkupYn: 'pickup',
  usimYn: 'usim',
  ovrseaUsimYn: 'overseasUsim',
  nocashYn: 'cashless',
  elecRctwYn: 'eReceipt',
  phstkYn: 'photoSticker',
} as const satisfies Record<string, Facility>

/** A Y/N flag; null when the row does not carry it. */
const yn = z
  .string()
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : v.trim().toUpperCase() === 'Y'))
const FLAG_FIELDS = Object.fromEntries(Object.keys(FACILITY_FLAGS).map((key) => [key, yn])) as Record<
  keyof typeof FACILITY_FLAGS,
  typeof yn
>

/** The facilities a row's flags name; undefined when it carries none of the flags (unknown, not "none"). */
function facilitiesOf(row: Partial<Record<keyof typeof FACILITY_FLAGS, boolean | null>>): Facility[] | undefined {
  if (Object.keys(FACILITY_FLAGS).every((flag) => row[flag as keyof typeof FACILITY_FLAGS] === null)) return undefined
  return (Object.entries(FACILITY_FLAGS) as Array<[keyof typeof FACILITY_FLAGS, Facility]>)
    .filter(([flag]) => row[flag] === true)
    .map(([, facility]) => facility)
}

/** hldyDt as "YYYY-MM-DD", when it reads as a date ("20261124" or "2026-11-24"); anything else is unknown. */
function holidayOf(raw: string | null | undefined): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw?.trim() ?? '')
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string().nullish(),
    data: data.nullish(),
  })
}

export const StoreRow = z
  .object({
    strCd: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]+$/),
    strNm: text,
    strAddr: text,
    strDtlAddr: text.nullish(),
    opngTime: clock,
    clsngTime: clock,
    strLttd: numeric.pipe(z.number().min(-90).max(90)),
    strLitd: numeric.pipe(z.number().min(-180).max(180)),
    km: numeric.nullish(),
    totalCnt: z.number().int().nullish(),
    hldyDt: z.string().nullish(),
    ...FLAG_FIELDS,
  })
  .transform((row) => ({
    code: row.strCd,
    name: row.strNm,
    address: row.strDtlAddr ? `${row.strAddr} ${row.strDtlAddr}` : row.strAddr,
    lat: row.strLttd,
    lng: row.strLitd,
    openTime: row.opngTime,
    closeTime: row.clsngTime,
    distanceKm: row.km ?? null,
    total: row.totalCnt ?? null,
    facilities: facilitiesOf(row),
    holidayDate: holidayOf(row.hldyDt),
  }))
/** A store as the domain sees it; `facilities` and `holidayDate` are optional so fakes may leave them out. */
export type UpstreamStore = Omit<z.output<typeof StoreRow>, 'facilities' | 'holidayDate'> & {
  facilities?: Facility[]
  holidayDate?: string | null
}

export const CatalogueRow = z
  .object({
    pdNo: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]+$/),
    pdNm: text,
    exhPdNm: text.nullish(),
    pdPrc: integerString.pipe(z.number().int().min(0)),
    atchFileUrl: z.string().nullish(),
    totalCnt: z.number().int().nullish(),
    onlSclCd: z.string().nullish(),
    brndNm: z.string().nullish(),
  })
  .refine((row) => row.pdNm !== '' || (row.exhPdNm ?? '') !== '', 'product without a name')
  .transform((row) => ({
    productId: row.pdNo,
    // The search index sometimes leaves pdNm empty and keeps the name only in the display name.
    name: row.pdNm !== '' ? row.pdNm : (row.exhPdNm ?? ''),
    price: row.pdPrc,
    image: imageUrl(row.atchFileUrl),
    category: row.onlSclCd?.trim() || null,
    brand: brandName(row.brndNm),
    total: row.totalCnt ?? null,
  }))
/** A catalogue product; `category` and `brand` are optional so fixtures and fakes may leave them out. */
export type CatalogueItem = Omit<z.output<typeof CatalogueRow>, 'total' | 'category' | 'brand'> & {
  category?: string | null
  brand?: string | null
}

/** Search answers format the brand `name>code>name` ("VT>00044>VT", upstream-protocol.md §4.2): the name is kept. */
export function brandName(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null
  const name = decodeHTML(raw.split('>')[0] ?? '').trim()
  return name === '' ? null : name
}

export const StockRow = z.object({
  pdNo: z.string().trim(),
  strCd: z.string().trim(),
  // A junk, empty or negative quantity is unknown, never zero (docs/upstream-protocol.md §3.1).
  stck: z.union([z.string(), z.number()]).nullish(),
})

export const StockEnvelope = envelope(z.array(StockRow))
export type StockReply = z.output<typeof StockEnvelope>

/**
 * StockEnvelope's answer for a well-formed reply, checked by hand: a nearby answer's stock reply has 520
 * rows, and zod's walk over them was a tenth of the service's own time for the answer. Undefined when
 * anything is off, and then zod checks the reply, so a malformed one is refused with zod's own words.
 */
export function stockReplyChecked(json: unknown): StockReply | undefined {
  return envelopeChecked(json, (row) => {
    const { pdNo, strCd, stck } = row
    if (typeof pdNo !== 'string' || typeof strCd !== 'string') return undefined
    if (stck === undefined || stck === null) {
      return 'stck' in row ? { pdNo: pdNo.trim(), strCd: strCd.trim(), stck } : { pdNo: pdNo.trim(), strCd: strCd.trim() }
    }
    if (typeof stck === 'string' || (typeof stck === 'number' && Number.isFinite(stck)))
      return { pdNo: pdNo.trim(), strCd: strCd.trim(), stck }
    return undefined
  })
}

/**
 * envelope(z.array(row)) checked by hand: the envelope's own fields as zod reads them, and each row by
 * `row`; undefined when anything is off (then zod checks the reply and says why).
 */
function envelopeChecked<R>(
  json: unknown,
  row: (value: Record<string, unknown>) => R | undefined,
): { success: boolean; message?: string | null | undefined; data?: R[] | null | undefined } | undefined {
  if (!isPlainObject(json)) return undefined
  const { success, message, data } = json
  if (typeof success !== 'boolean') return undefined
  if (message !== undefined && message !== null && typeof message !== 'string') return undefined
  const reply: { success: boolean; message?: string | null | undefined; data?: R[] | null | undefined } = { success }
  if ('message' in json) reply.message = message as string | null | undefined
  if (data === undefined || data === null) {
    if ('data' in json) reply.data = data
    return reply
  }
  if (!Array.isArray(data)) return undefined
  const rows: R[] = new Array(data.length)
  for (let i = 0; i < data.length; i++) {
    const value: unknown = data[i]
    const checked = isPlainObject(value) ? row(value) : undefined
    if (checked === undefined) return undefined
    rows[i] = checked
  }
  reply.data = rows
  return reply
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseQuantity(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value)
  return null
}

export const PlacementRow = z
  .object({
    stairNo: integerString.pipe(z.number().int().min(-20).max(200)),
    zoneNo: integerString.pipe(z.number().int().min(0).max(100_000)),
  })
  .transform((row) => ({ floor: row.stairNo, zone: row.zoneNo }))
export type Placement = z.output<typeof PlacementRow>

export type PlacementReply = z.output<typeof PlacementEnvelope>

/**
 * PlacementEnvelope's answer for a well-formed reply, checked by hand, like the stock reply: a nearby
 * answer reads 15 placements as they arrive together, and zod's unions (a number, or a numeric string)
 * cost a failed branch per field. Undefined when anything is off, and then zod checks the reply.
 */
export function placementReplyChecked(json: unknown): PlacementReply | undefined {
  return envelopeChecked(json, (row) => {
    const floor = integerWithin(row['stairNo'], -20, 200)
    const zone = integerWithin(row['zoneNo'], 0, 100_000)
    return floor === undefined || zone === undefined ? undefined : { floor, zone }
  })
}

/** integerString piped into an integer range, by hand: undefined where zod would refuse. */
function integerWithin(value: unknown, min: number, max: number): number | undefined {
  let n: number
  if (typeof value === 'number') n = value
  else if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) n = Number(value.trim())
  else return undefined
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined
}

/** The replies the client validates, one per upstream endpoint it calls. */
export const StoreEnvelope = envelope(z.array(StoreRow))
export const CatalogueEnvelope = envelope(z.array(CatalogueRow))
export const PlacementEnvelope = envelope(z.array(PlacementRow))

/** The pre-auth answer is a JWT as text; the client checks it against this before using it. */
export const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/
/** The pre-auth answer as the client reads it: the `X-DM-UID` header and the token in the body. */
export const PreAuthReply = z.object({
  headers: z.object({ 'x-dm-uid': z.string().trim().min(1) }),
  body: z.string().trim().regex(JWT_SHAPE),
})

/** Which schema checks each probe step's raw reply (the steps of src/upstream/probe.ts). */
export const REPLY_SCHEMAS = {
  store_search: StoreEnvelope,
  catalogue_search: CatalogueEnvelope,
  preauth: PreAuthReply,
  stock: StockEnvelope,
  placement: PlacementEnvelope,
} as const satisfies Record<ShapeStep, z.ZodType>

/**
 * Relative attachment paths live under the CDN; the old image host was retired in 2026-03 and
 * protocol-relative or entity-escaped paths also occur (docs/upstream-protocol.md §6).
 */
export function imageUrl(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null
  const path = decodeHTML(raw).trim()
  if (path === '') return null
  let candidate: URL
  try {
    if (path.startsWith('//')) candidate = new URL(`https:${path}`)
    else if (/^https?:\/\//i.test(path)) candidate = new URL(path)
    else candidate = new URL(path.startsWith('/') ? path : `/${path}`, CDN_ORIGIN)
  } catch {
    return null
  }
  if (candidate.hostname === OLD_IMAGE_HOST) candidate.hostname = new URL(CDN_ORIGIN).hostname
  if (candidate.protocol === 'http:') candidate.protocol = 'https:'
  return candidate.toString()
}
