import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** One kept copy as a file. Reads and writes never throw: a copy that cannot be kept is said, not fatal. */
export class DiskCopy {
  readonly file: string
  #writeProblem: string | null = null
  readonly #onProblem: ((message: string) => void) | undefined

  constructor(file: string, onProblem?: (message: string) => void) {
    this.file = file
    this.#onProblem = onProblem
  }

  /** Why the last write failed (null after a write that succeeded): for /readyz and the CLI note. */
  get writeProblem(): string | null {
    return this.#writeProblem
  }

  /** The file's text, or undefined when there is none (or it cannot be read). */
  async read(): Promise<string | undefined> {
    try {
      return await readFile(this.file, 'utf8')
    } catch {
      return undefined
    }
  }

  /**
   * Written whole to a temporary file and renamed, so a reader never sees half of it. A failure (a cache
   * folder the user cannot write, a full disk) is told once through onProblem until a write succeeds.
   */
  async write(text: string): Promise<boolean> {
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`
    try {
      await mkdir(dirname(this.file), { recursive: true })
      await writeFile(temporary, text)
      await rename(temporary, this.file)
      this.#writeProblem = null
      return true
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {})
      const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))
      const first = this.#writeProblem === null
      this.#writeProblem = `cannot write ${this.file} (${reason})`
      if (first) this.#onProblem?.(`${this.#writeProblem}; the copy is kept in memory only`)
      return false
    }
  }
}
