import { createHash } from 'node:crypto'
import { join } from 'node:path'
import envPaths from 'env-paths'
import { DiskCopy } from '../kept/disk.js'

/** The platform's cache directory for store-finder (~/.cache/store-finder on Linux, ~/Library/Caches on macOS …). */
export const defaultCacheDir = (): string => envPaths('store-finder', { suffix: '' }).cache

/**
 * The store list on disk, one file per upstream (the simulator's list is not the chain's). What is in it
 * is checked by the directory when read (src/stores/row.ts), not here.
 */
export class DiskDirectory extends DiskCopy {
  constructor(dir: string, upstreamKey: string, onProblem?: (message: string) => void) {
    const id = createHash('sha256').update(upstreamKey).digest('hex').slice(0, 12)
    super(join(dir, `stores-${id}.json`), onProblem)
  }
}
