/**
 * Whether a freshly read list may replace the one held. Rows are screened one by one (a row without a
 * key or without coordinates, and a second row with a key already seen but other content, are refused);
 * then the list as a whole must not be much smaller than the list held nor than the upstream's own total.
 */

/**
 * The smallest share of the held list, and of the upstream's own total, a new list must reach. The chain
 * opens and closes a few stores a month (about 1 % of 1,468), so a daily refresh never loses a tenth of
 * its list for real; a tenth is about 150 stores, whole regions, which only an upstream fault removes.
 */
export const PLAUSIBLE_SHARE = 0.9

export interface RowCheck<Row> {
  /** The row's key (a store code, a product id); undefined or empty when it has none. */
  keyOf(row: Row): string | undefined
  /** False for a row that cannot be placed (no coordinates); absent when the index has no places. */
  located?(row: Row): boolean
  /** Whether two rows with one key say the same (a page read twice when rows shifted). */
  same?(a: Row, b: Row): boolean
}

export interface Screened<Row> {
  /** The rows kept, the first of each key, in their order. */
  rows: Row[]
  /** Every key seen, refused rows' included (for the completeness check against the upstream's total). */
  keysSeen: number
  /** A row seen again with the same content: collapsed, as rows shift by one when a store opens mid-crawl. */
  repeated: number
  /** A key seen again with other content: the later row refused. */
  conflicting: number
  keyless: number
  unlocated: number
}

export function screenRows<Row>(rows: Iterable<Row>, check: RowCheck<Row>): Screened<Row> {
  const kept = new Map<string, Row>()
  const refusedKeys = new Set<string>()
  const result = { repeated: 0, conflicting: 0, keyless: 0, unlocated: 0 }
  for (const row of rows) {
    const key = check.keyOf(row)
    if (!key) {
      result.keyless += 1
      continue
    }
    const earlier = kept.get(key)
    if (earlier !== undefined) {
      if (check.same ? check.same(earlier, row) : true) result.repeated += 1
      else result.conflicting += 1
      continue
    }
    if (check.located && !check.located(row)) {
      if (!refusedKeys.has(key)) result.unlocated += 1
      refusedKeys.add(key)
      continue
    }
    kept.set(key, row)
  }
  return { rows: [...kept.values()], keysSeen: kept.size + refusedKeys.size, ...result }
}

/** What was refused, in a few words, for a log line or /readyz; empty when nothing was. */
export function refusedRows(screened: Screened<unknown>): string {
  const parts = [
    screened.keyless > 0 ? `${screened.keyless} without a key` : '',
    screened.unlocated > 0 ? `${screened.unlocated} without coordinates` : '',
    screened.conflicting > 0 ? `${screened.conflicting} duplicates that disagree` : '',
  ].filter((p) => p !== '')
  return parts.length > 0 ? `rows refused: ${parts.join(', ')}` : ''
}

export type Judgement = { ok: true } | { ok: false; reason: string }

/**
 * A new list of `size` rows against the list held (`held` rows, null when none) and the upstream's own
 * total (`reported`, null when it gave none): at least PLAUSIBLE_SHARE of each, and never empty.
 */
export function judgeList(size: number, held: number | null, reported: number | null, share = PLAUSIBLE_SHARE): Judgement {
  if (size === 0) return { ok: false, reason: 'the new list is empty' }
  if (held !== null && held > 0 && size < Math.ceil(held * share)) {
    return { ok: false, reason: `the new list has ${size} rows, below ${Math.round(share * 100)} % of the ${held} held` }
  }
  if (reported !== null && reported > 0 && size < Math.ceil(reported * share)) {
    return {
      ok: false,
      reason: `the new list has ${size} usable rows, below ${Math.round(share * 100)} % of the upstream's own total ${reported}`,
    }
  }
  return { ok: true }
}
