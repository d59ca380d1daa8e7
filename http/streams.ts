/**
 * Long-lived responses (NDJSON scans, MCP SSE streams) that shutdown must end cleanly and that
 * are capped so open connections cannot pile up.
 */
export class OpenStreams {
  readonly #ends = new Set<(reason: string) => void>()
  #closing = false

  constructor(private readonly max: number) {}

  get count(): number {
    return this.#ends.size
  }

  get closing(): boolean {
    return this.#closing
  }

  /** Registers a stream; null when the cap is reached or the server is shutting down. */
  open(end: (reason: string) => void): { release(): void } | null {
    if (this.#closing || this.#ends.size >= this.max) return null
    this.#ends.add(end)
    return { release: () => this.#ends.delete(end) }
  }

  /** Ends every open stream (each writes its own terminal event). */
  endAll(reason: string): void {
    this.#closing = true
    for (const end of [...this.#ends]) end(reason)
  }
}
