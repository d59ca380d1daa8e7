import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { decodeSnapshot, encodeSnapshot, type CatalogueSnapshot } from './snapshot.js'

/** A copy kept on disk for one-shot processes and the next start. */
export interface CatalogueDisk {
  load(): Promise<CatalogueSnapshot | undefined>
  save(snapshot: CatalogueSnapshot): Promise<void>
}

/**
 * The product index on disk, one file per upstream (the simulator's catalogue is not the chain's), in the
 * same directory as the store list, written whole to a temporary file and renamed so a reader never sees
 * half of it; a copy that fails its checksum or shape is not read (src/products/snapshot.ts).
 */
export class DiskCatalogue implements CatalogueDisk {
  readonly file: string
  readonly #dir: string

  constructor(dir: string, upstreamKey: string) {
    const id = createHash('sha256').update(upstreamKey).digest('hex').slice(0, 12)
    this.file = join(dir, `products-${id}.json`)
    this.#dir = dir
  }

  async load(): Promise<CatalogueSnapshot | undefined> {
    return decodeSnapshot(await readFile(this.file, 'utf8'))
  }

  async save(snapshot: CatalogueSnapshot): Promise<void> {
    await mkdir(this.#dir, { recursive: true })
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, encodeSnapshot(snapshot))
    await rename(temporary, this.file)
  }
}
