import type { FastifyReply, FastifyRequest } from 'fastify'
import { inheritClient } from '../src/client-context.js'
import { ServiceError, asServiceError } from '../src/errors.js'
import type { ProductSearchResult, ScanProgress } from '../src/schemas.js'
import { errorBody, sendError } from './errors.js'
import { abortSignalOf } from './routes/shared.js'
import { writeStreamHead } from './stream-head.js'
import './augment.js' // the app's decorations (types only; see there)

type Scan = (onProgress: (progress: ScanProgress) => void, signal: AbortSignal) => Promise<ProductSearchResult>

/**
 * Streams a product scan as NDJSON (docs/spec.md §6): `progress` lines as the scan advances, then exactly one
 * `result` or `error` line. A client that disconnects aborts the scan and its upstream calls.
 */
export async function streamScan(request: FastifyRequest, reply: FastifyReply, scan: Scan): Promise<void> {
  const controller = new AbortController()
  inheritClient(controller.signal, abortSignalOf(reply))
  let ended = false
  const raw = reply.raw
  const write = (event: object) => {
    if (!ended && !raw.destroyed) raw.write(`${JSON.stringify(event)}\n`)
  }
  const finish = (event: object) => {
    write(event)
    ended = true
    raw.end()
  }
  const errorEvent = (error: ServiceError) => {
    const body = errorBody(request, error)
    return { type: 'error', ...body, error: body.error, detail: body.detail ?? body.message }
  }

  const { handle, why } = request.server.openStreams.tryOpen((reason) => {
    controller.abort(new Error(reason))
    finish(errorEvent(new ServiceError('shutting_down', { hint: 'Retry the request in a few seconds.', detail: reason })))
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

  reply.hijack()
  try {
    writeStreamHead(request, reply, 200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no', // nginx and friends: do not buffer the stream
      vary: 'Accept',
    })
    // Each event goes out as it is written (inject()'s fake socket has no setNoDelay).
    if (typeof raw.socket?.setNoDelay === 'function') raw.socket.setNoDelay(true)
    raw.once('close', () => {
      if (!ended) controller.abort(new Error('the client disconnected'))
    })
    const result = await scan((progress) => write({ type: 'progress', ...progress }), controller.signal)
    if (!ended) finish({ type: 'result', ...result })
  } catch (error) {
    if (!ended) finish(errorEvent(asServiceError(error)))
  } finally {
    handle.release()
  }
}
