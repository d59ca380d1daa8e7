import type { Store } from '../schemas.js'
import type { UpstreamStore } from '../upstream/port.js'

/** Korea Standard Time has no daylight saving: UTC+9 all year. */
const KST_OFFSET_MINUTES = 9 * 60
const MINUTES_PER_DAY = 24 * 60

function minutesOf(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock)
  if (!match) return null
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes <= MINUTES_PER_DAY ? minutes : null
}

/** The calendar date in Korea at `now`, "YYYY-MM-DD". */
export function koreanDate(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)
}

/**
 * Whether a store is open at `now` by its posted hours in Korea time. Hours past midnight
 * ("10:00"–"02:00") wrap. A closing or holiday date the upstream gives (`holidayDate`, "YYYY-MM-DD")
 * makes that day closed; public holidays it does not give are not known. Null when the hours cannot be
 * read or say nothing (open equals close).
 */
export function isOpenNow(openTime: string, closeTime: string, now: Date, holidayDate?: string | null): boolean | null {
  if (holidayDate && holidayDate === koreanDate(now)) return false
  const open = minutesOf(openTime)
  const close = minutesOf(closeTime)
  if (open === null || close === null || open === close) return null
  const minute = (now.getUTCHours() * 60 + now.getUTCMinutes() + KST_OFFSET_MINUTES) % MINUTES_PER_DAY
  return open < close ? minute >= open && minute < close : minute >= open || minute < close
}

/** The floor as shoppers read it: B1 for -1, 1F for 1; null when the floor is unknown. */
export function floorLabel(stairNo: number | null): string | null {
  if (stairNo === null || stairNo === 0) return null
  return stairNo < 0 ? `B${-stairNo}` : `${stairNo}F`
}

/** A store row as the public Store: the spec's fields, and the additive `facilities` when the row has them. */
export function toPublicStore(row: UpstreamStore, now: Date, withDistance: boolean): Store {
  const store: Store = {
    code: row.code,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    openTime: row.openTime,
    closeTime: row.closeTime,
    openNow: isOpenNow(row.openTime, row.closeTime, now, row.holidayDate),
  }
  // Without coordinates the upstream measures from (0,0), which means nothing to a caller.
  if (withDistance && row.distanceKm !== null) store.distanceKm = row.distanceKm
  if (row.facilities) store.facilities = row.facilities
  return store
}
