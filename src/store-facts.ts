/** Korea Standard Time has no daylight saving: UTC+9 all year. */
const KST_OFFSET_MINUTES = 9 * 60
const MINUTES_PER_DAY = 24 * 60

function minutesOf(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock)
  if (!match) return null
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes <= MINUTES_PER_DAY ? minutes : null
}

/**
 * Whether a store is open at `now` by its posted hours in Korea time. Hours past midnight
 * ("10:00"–"02:00") wrap. Holidays and temporary closures are not known to the upstream, so this is
 * the posted-hours answer; null when the hours cannot be read or say nothing (open equals close).
 */
export function isOpenNow(openTime: string, closeTime: string, now: Date): boolean | null {
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
