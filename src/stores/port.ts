import type { UpstreamStore } from '../upstream/port.js'
import type { DirectoryStatus } from './directory.js'
import type { DirectoryAnswer, DirectoryQuery } from './search.js'

/**
 * The store index as the service holds it (the store directory, src/stores/directory.ts, is the one
 * implementation). It is handed to StoreService in its ports bag; while it is absent or not usable, the
 * upstream answers instead (src/stores/upstream-search.ts).
 */
export interface StoreIndex {
  /** Whether it can answer now, without waiting. */
  readonly ready: boolean
  /** Whether it can answer; a lazy index (one-shot processes) loads or crawls first and then says. */
  whenUsable(): Promise<boolean>
  /** A page of stores for a keyword and/or around a point, read as src/stores/keyword.ts reads it. */
  search(query: DirectoryQuery): DirectoryAnswer
  /** Every store's name, so a place of the same name can give way to the store (src/places/). */
  names(): readonly string[]
  /** A store by its code, or undefined when the index does not hold it. */
  byCode(code: string): UpstreamStore | undefined
  /** A store the upstream knows by its code but the index does not hold: perhaps one opened since it was built. */
  noteUnknownStore(store: UpstreamStore): void
  /** Size, age and source, for the answer's `via` and for health. */
  readonly status: DirectoryStatus
}
