import { setMaxListeners } from 'node:events'
import type { FastifyReply } from 'fastify'
import { ERROR_CODES } from '../../src/errors.js'
import { ErrorSchema } from '../../src/schemas.js'
import type { ResponseSpec } from '../registry.js'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: a parameter is missing or malformed (missing_parameter, invalid_parameter).',
  404: 'No such store or product (not_found).',
  429: 'Per-client rate limit reached (rate_limited); see Retry-After.',
  500: 'The upstream failed during a product operation, or an unexpected error (internal_error).',
  502: 'The upstream retail service failed or rejected the request (upstream_error).',
  503: 'Overloaded or the upstream is failing fast (overloaded, upstream_unavailable); see Retry-After.',
}

/** Error responses in the spec's Error shape for the given statuses. */
export function errorResponses(...statuses: number[]): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = {}
  for (const status of statuses) {
    const codes = Object.entries(ERROR_CODES)
      .filter(([, entry]) => entry.status === status)
      .map(([code]) => code)
    out[status] = { description: STATUS_TEXT[status] ?? `Error (${codes.join(', ')}).`, schema: ErrorSchema }
  }
  return out
}

/** Aborts when the client goes away before the response is complete, so upstream work stops too. */
export function abortSignalOf(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  const raw = reply.raw
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort(new Error('the client disconnected'))
  })
  return controller.signal
}
