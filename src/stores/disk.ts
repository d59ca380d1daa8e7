import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import envPaths from 'env-paths'
import type { DirectoryDisk, DirectorySnapshot } from './directory.js'
import { storesFromRows } from './row.js'

/** The platform's cache directory for store-finder (~/.cache/store-finder on Linux, ~/Library/Caches on macOS …). */
export const defaultCacheDir = (): string => envPaths('store-finder', { suffix: '' }).cache

const FORMAT = 1

/**
 * The store list on disk, one file per upstream (the simulator's list is not the chain's), written whole
 * to a temporary file and renamed so a reader never sees half of it.
 */
export class DiskDirectory implements DirectoryDisk {
  readonly file: string

  constructor(dir: string, upstreamKey: string) {
    const id = createHash('sha256').update(upstreamKey).digest('hex').slice(0, 12)
    this.file = join(dir, `stores-${id}.json`)
    this.dir = dir
  }

  private readonly dir: string

  async load(): Promise<DirectorySnapshot | undefined> {
    const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<DirectorySnapshot> & { format?: number }
    const stores = storesFromRows(parsed.stores)
    if (parsed.format !== FORMAT || typeof parsed.builtAt !== 'number' || !stores) return undefined
    return { builtAt: parsed.builtAt, total: parsed.total ?? stores.length, stores }
  }

  async save(snapshot: DirectorySnapshot): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, JSON.stringify({ format: FORMAT, ...snapshot }))
    await rename(temporary, this.file)
  }
}
