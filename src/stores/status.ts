import type { CrawlOutcome } from './crawl.js'

/** Where the held store list came from. */
export type DirectorySource = 'crawl' | 'disk' | 'fleet'

/** What /readyz and the answers' `via` say of the store directory: size, age, source and the last refresh. */
export interface DirectoryStatus {
  state: 'empty' | 'building' | 'ready'
  size: number
  builtAt: string | null
  ageSeconds: number | null
  /** Older than the refresh age: still answering, and saying its age. */
  stale: boolean
  source: DirectorySource | null
  lastCrawl: CrawlOutcome | null
  crawls: number
  /** Crawls started in the last hour (at most the hourly cap). */
  crawlsLastHour: number
  /** Refreshes failed in a row; the next one waits for the backoff. */
  failures: number
  /** When the next refresh is due (ISO time), while the directory runs. */
  nextRefreshAt: string | null
  /** Why the held list was kept, or why no list is held: the last refusal or failure, until a refresh succeeds. */
  problem: string | null
  /** Copies (disk, fleet) refused when read, and why: ignored and rebuilt. */
  refusedCopies: string[]
  /** Why the disk copy cannot be written, while it cannot. */
  diskProblem: string | null
}
