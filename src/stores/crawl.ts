import { judgeList, refusedRows, screenRows } from '../kept/plausible.js'
import { UpstreamError } from '../upstream/errors.js'
import type { StoreLister, UpstreamStore } from '../upstream/port.js'
import { STORE_ROW_CHECK } from './row.js'

/** The chain's store list as the directory holds it (and as tests inspect it). */
export interface DirectorySnapshot {
  /** When the crawl that produced it finished (ms since the epoch). */
  builtAt: number
  /** The upstream's own count at that crawl. */
  total: number
  stores: UpstreamStore[]
}

export interface CrawlOutcome {
  at: string
  /** short: fewer stores than the upstream's total; refused: below the plausible share (src/kept/plausible.ts). */
  outcome: 'ok' | 'short' | 'refused' | 'failed'
  calls: number
  durationMs: number
  stores: number
  /** The upstream's own count, when it said. */
  total: number | null
  detail?: string
}

/** A crawl that came back with fewer distinct stores than the upstream says it has: never trusted. */
export class ShortCrawlError extends Error {
  override readonly name = 'ShortCrawlError'
}

/** A list read whole but not plausible against the held list or the upstream's own total: never swapped in. */
export class RefusedListError extends Error {
  override readonly name = 'RefusedListError'
}

/** The most pages a crawl reads while pages come back full: 20,000 stores, over ten times the chain. */
const MAX_PAGES = 200

/**
 * One crawl: pages of the empty-keyword store search until a page comes back short (even past what the
 * upstream's count promises: a count that under-reports would lose whole regions), rows screened
 * (src/stores/row.ts), the list checked against the upstream's total and the `held` list's size. Costs
 * ⌈stores ÷ pageSize⌉ calls, one more when the count is a multiple of the page size or rows shifted.
 * Every outcome is handed to `record`, the failed ones too.
 */
export async function crawlStores(
  lister: StoreLister,
  pageSize: number,
  held: number | null,
  now: () => number,
  signal: AbortSignal | undefined,
  record: (outcome: CrawlOutcome) => void,
): Promise<DirectorySnapshot> {
  const started = now()
  const t0 = performance.now()
  let calls = 0
  const rows: UpstreamStore[] = []
  const seen = new Set<string>()
  let total: number | null = null
  const tell = (outcome: CrawlOutcome['outcome'], stores: number, detail?: string) =>
    record({
      at: new Date(started).toISOString(),
      outcome,
      calls,
      durationMs: Math.round(performance.now() - t0),
      stores,
      total,
      ...(detail ? { detail } : {}),
    })
  try {
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw new ShortCrawlError(`the store list did not end within ${MAX_PAGES} pages`)
      calls += 1
      const answer = await lister.listStores(page, pageSize, signal)
      let fresh = 0
      for (const store of answer.stores) {
        rows.push(store)
        if (!seen.has(store.code)) fresh += 1
        seen.add(store.code)
      }
      if (answer.total !== null) total = Math.max(total ?? 0, answer.total)
      // A short page is the end. A full page past the count's pages that adds nothing is an upstream
      // repeating itself: nothing more to learn from it.
      if (answer.stores.length < pageSize) break
      if (fresh === 0 && page >= Math.ceil((total ?? 0) / pageSize)) break
    }
  } catch (error) {
    tell('failed', seen.size, error instanceof UpstreamError ? error.publicDetail : error instanceof Error ? error.message : String(error))
    throw error
  }
  const screened = screenRows(rows, STORE_ROW_CHECK)
  const kept = screened.rows.length
  const refused = refusedRows(screened)
  if (screened.keysSeen === 0 || (total !== null && screened.keysSeen < total)) {
    const detail = `${screened.keysSeen} distinct stores, the upstream says ${total ?? 'nothing'}`
    tell('short', kept, detail)
    throw new ShortCrawlError(`the crawl came back short: ${detail}`)
  }
  const judged = judgeList(kept, held, total)
  if (!judged.ok) {
    const detail = [judged.reason, refused].filter((p) => p !== '').join('; ')
    tell('refused', kept, detail)
    throw new RefusedListError(`the new list was refused: ${detail}`)
  }
  tell('ok', kept, refused || undefined)
  return { builtAt: now(), total: total ?? kept, stores: screened.rows }
}
