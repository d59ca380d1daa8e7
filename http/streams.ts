/**
 * Long-lived responses (NDJSON scans, MCP SSE streams) that shutdown must end cleanly and that
 * are capped so open connections cannot pile up: in all, and per client, so one client cannot hold
 * every slot and block streaming for everyone else.
 */
export class OpenStreams {
  readonly #ends = new Set<(reason: string) => void>()
  /** Open streams per client key (the client's address as http/client.ts sees it). */
  readonly #perClient = new Map<string, number>()
  #closing = false

  constructor(
    private readonly max: number,
    private readonly maxPerClient: number = max,
  ) {}

  get count(): number {
    return this.#ends.size
  }

  get closing(): boolean {
    return this.#closing
  }

  /**
   * Registers a stream; null when the server is shutting down, the cap is reached, or this client
   * already holds its share (`why` says which, for the refusal).
   */
  open(end: (reason: string) => void, client = ''): { release(): void } | null {
    return this.tryOpen(end, client).handle
  }

  tryOpen(end: (reason: string) => void, client = ''): { handle: { release(): void } | null; why?: 'closing' | 'full' | 'client' } {
    if (this.#closing) return { handle: null, why: 'closing' }
    if (this.#ends.size >= this.max) return { handle: null, why: 'full' }
    const held = this.#perClient.get(client) ?? 0
    if (held >= this.maxPerClient) return { handle: null, why: 'client' }
    this.#ends.add(end)
    this.#perClient.set(client, held + 1)
    let released = false
    return {
      handle: {
        release: () => {
          if (released) return
          released = true
          this.#ends.delete(end)
          const left = (this.#perClient.get(client) ?? 1) - 1
          if (left <= 0) this.#perClient.delete(client)
          else this.#perClient.set(client, left)
        },
      },
    }
  }

  /** Ends every open stream (each writes its own terminal event). */
  endAll(reason: string): void {
    this.#closing = true
    for (const end of [...this.#ends]) end(reason)
  }
}
