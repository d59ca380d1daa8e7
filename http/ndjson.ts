import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { inheritClient } from '../src/client-context.js'
import { ServiceError, asServiceError } from '../src/errors.js'
import type { ProductSearchResult, ScanProgress } from '../src/schemas.js'
import { errorBody, sendError } from './errors.js'
import { abortSignalOf } from './routes/shared.js'
import './augment.js' // the app's decorations (types only; see there)

type Scan = (onProgress: (progress: ScanProgress) => void, signal: AbortSignal) => Promise<ProductSearchResult>

/**
 * The lines of one NDJSON scan, as the body Fastify pipes to the socket (so the socket's back-pressure
 * reaches here). Progress is cumulative (found, scanned, percent so far), so while the reader is behind
 * only the newest progress line waits, replacing the one before: a slow reader costs at most the
 * stream's buffer plus one line, however long the scan. The terminal line is never dropped.
 */
export class NdjsonLines extends Readable {
  #progress: string | undefined
  #terminal: string | undefined
  /**
   * No push has been refused since the reader last asked for more (`_read`): lines queue in the stream's
   * own buffer (up to its high-water mark, 16 KiB) before any is replaced, so a reader that keeps up, or
   * one not yet reading when a fast scan starts, gets every line.
   */
  #wanted = true
  #finished = false
  /** Progress lines replaced before they were sent, because the reader was behind. */
  replaced = 0

  constructor(private readonly onClose: () => void) {
    super()
  }

  /** Queues a progress line (or replaces the one still waiting). */
  progress(event: object): void {
    if (this.#finished) return
    if (this.#progress !== undefined) this.replaced++
    this.#progress = `${JSON.stringify(event)}\n`
    this.#flush()
  }

  /** Queues the one terminal line (result or error) and ends the stream after it; later lines are ignored. */
  finish(event: object): void {
    if (this.#finished) return
    this.#finished = true
    this.#terminal = `${JSON.stringify(event)}\n`
    this.#flush()
  }

  get finished(): boolean {
    return this.#finished
  }

  override _read(): void {
    this.#wanted = true
    this.#flush()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.onClose()
    callback(error)
  }

  #flush(): void {
    if (!this.#wanted || this.destroyed) return
    if (this.#progress !== undefined) {
      const line = this.#progress
      this.#progress = undefined
      this.#wanted = this.push(line)
    }
    if (this.#wanted && this.#terminal !== undefined) {
      const line = this.#terminal
      this.#terminal = undefined
      this.#wanted = false
      this.push(line)
      this.push(null)
    }
  }
}

/**
 * Streams a product scan as NDJSON (docs/spec.md §6): `progress` lines as the scan advances, then exactly one
 * `result` or `error` line. Sent through Fastify (its onSend hooks give the stream the same headers as any
 * answer, and its pipe honours back-pressure). A client that disconnects aborts the scan and its upstream calls.
 */
export async function streamScan(
  request: FastifyRequest,
  reply: FastifyReply,
  scan: Scan,
  onLines?: (lines: NdjsonLines) => void,
): Promise<void> {
  const controller = new AbortController()
  inheritClient(controller.signal, abortSignalOf(reply))
  const errorEvent = (error: ServiceError) => {
    const body = errorBody(request, error)
    return { type: 'error', ...body, error: body.error, detail: body.detail ?? body.message }
  }

  const { handle, why } = request.server.openStreams.tryOpen((reason) => {
    controller.abort(new Error(reason))
    lines.finish(errorEvent(new ServiceError('shutting_down', { hint: 'Retry the request in a few seconds.', detail: reason })))
  }, request.ip)
  if (!handle) {
    sendError(
      request,
      reply,
      new ServiceError('overloaded', {
        message:
          why === 'client'
            ? 'This client already has as many streams open as one client may; close one or retry shortly.'
            : 'Too many streams are open; retry shortly.',
        hint: 'Retry after 1 s, or call without streaming.',
        retryAfterSeconds: 1,
      }),
    )
    return
  }
  // Destroyed when the client leaves before the end (Fastify destroys the body it pipes), or after the end.
  const lines = new NdjsonLines(() => {
    handle.release()
    if (!lines.finished) controller.abort(new Error('the client disconnected'))
  })
  lines.once('end', () => handle.release())
  onLines?.(lines)

  // Each event goes out as it is written (inject()'s fake socket has no setNoDelay).
  const socket = reply.raw.socket
  if (typeof socket?.setNoDelay === 'function') socket.setNoDelay(true)
  reply
    .code(200)
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no') // nginx and friends: do not buffer the stream
    .header('vary', 'Accept')
  // The head goes out as soon as Fastify starts piping, not with the first line: a client sees the stream open.
  lines.once('resume', () => {
    if (!reply.raw.headersSent && !reply.raw.destroyed) reply.raw.flushHeaders()
  })
  void reply.send(lines)
  try {
    const result = await scan((progress) => lines.progress({ type: 'progress', ...progress }), controller.signal)
    lines.finish({ type: 'result', ...result })
  } catch (error) {
    lines.finish(errorEvent(asServiceError(error)))
  }
}
