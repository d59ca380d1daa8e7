import type { McpUiHostContext, McpUiInitializeResult } from '@modelcontextprotocol/ext-apps'

/*
 * The view's side of the MCP Apps protocol (JSON-RPC 2.0 over postMessage with the host), written by
 * hand rather than bundling ext-apps' App class: the view needs five messages, and the App class brings
 * the MCP client's Protocol, zod and a JSON Schema validator (about 660 KB minified) into a page that is
 * otherwise about 20 KB. The browser test drives it with ext-apps' own AppBridge, which validates every
 * message against the spec's schemas, so a drift from the protocol fails there.
 */

/** The apps protocol revision this view speaks (ext-apps 2.x's LATEST_PROTOCOL_VERSION). */
export const APPS_PROTOCOL_VERSION = '2026-01-26'

type Message = { jsonrpc: '2.0'; id?: number | string; method?: string; params?: unknown; result?: unknown; error?: { message?: string } }

export type HostContext = McpUiHostContext
export type InitializeResult = McpUiInitializeResult

export class HostBridge {
  #nextId = 1
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  readonly #handlers = new Map<string, (params: unknown) => void>()

  constructor(private readonly host: Window) {
    window.addEventListener('message', (event) => {
      // Only the host that embeds the view speaks to it.
      if (event.source !== this.host) return
      this.#receive(event.data as Message)
    })
  }

  /** Handles a host notification (`ui/notifications/tool-result` …); one handler per method. */
  on(method: string, handler: (params: unknown) => void): void {
    this.#handlers.set(method, handler)
  }

  request(method: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#post({ jsonrpc: '2.0', id, method, params })
    })
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.#post({ jsonrpc: '2.0', method, params })
  }

  #post(message: Message): void {
    // The host's origin is not known to a sandboxed view (it is often opaque), hence '*'; replies are
    // accepted from the embedding window only (see the constructor).
    this.host.postMessage(message, '*')
  }

  #receive(message: Message): void {
    if (message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') return
    if (message.method === undefined) {
      const pending = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined
      if (!pending) return
      this.#pending.delete(message.id as number)
      if (message.error) pending.reject(new Error(message.error.message ?? 'the host refused the request'))
      else pending.resolve(message.result)
      return
    }
    if (message.id !== undefined) {
      // Requests from the host: teardown and ping need only an empty answer; the view offers nothing else.
      if (message.method === 'ui/resource-teardown' || message.method === 'ping') {
        this.#post({ jsonrpc: '2.0', id: message.id, result: {} })
      } else {
        this.#post({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } } as Message)
      }
      return
    }
    this.#handlers.get(message.method)?.(message.params)
  }
}
