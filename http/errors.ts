import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ServiceError, errorDocumentationUrl, type ErrorBody } from '../src/errors.js'
import { baseUrl } from './base-url.js'
import { REST_VOCABULARY, SANDBOX_VOCABULARY } from './inputs.js'
import { SANDBOX_PATHS } from './contract.js'

/**
 * Which of Fastify's own failures (parsing, limits, bad URLs) an error is: the one classification both
 * doors render from, REST as a ServiceError (fromFastify below), MCP as a JSON-RPC error (routes/mcp.ts).
 */
export type FrameworkFailureKind =
  | 'body_too_large'
  | 'unsupported_media_type'
  /** Fastify's JSON parser found the body empty or not JSON. */
  | 'body_not_json'
  | 'bad_content_length'
  | 'malformed_url'
  | 'path_segment_too_long'
  /** A bare SyntaxError (no parser code): REST calls it a bad body, MCP goes by its status. */
  | 'syntax_error'
  | 'client_error'
  | 'internal'

export interface FrameworkFailure {
  kind: FrameworkFailureKind
  /** The status Fastify gave the error; 500 when it gave none. */
  status: number
  /** Fastify's own message (shown for client_error). */
  message: string
}

export function classifyFastifyError(error: FastifyError): FrameworkFailure {
  const status = error.statusCode ?? 500
  const failure = (kind: FrameworkFailureKind): FrameworkFailure => ({ kind, status, message: error.message })
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return failure('body_too_large')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return failure('unsupported_media_type')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return failure('body_not_json')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return failure('bad_content_length')
    case 'FST_ERR_BAD_URL':
      return failure('malformed_url')
    default:
      break
  }
  if (error.statusCode === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH') return failure('path_segment_too_long')
  if (error instanceof SyntaxError) return failure('syntax_error')
  return failure(status >= 400 && status < 500 ? 'client_error' : 'internal')
}

const NOT_JSON = {
  message: 'The request body is not valid JSON.',
  hint: 'Send a valid JSON body with Content-Type: application/json.',
}

/** Fastify's own failures in the public vocabulary (the REST door's rendering of classifyFastifyError). */
export function fromFastify(error: FastifyError): ServiceError {
  const failure = classifyFastifyError(error)
  switch (failure.kind) {
    case 'body_too_large':
      return new ServiceError('payload_too_large', { hint: 'Send a smaller request body.' })
    case 'unsupported_media_type':
      return new ServiceError('unsupported_media_type', { hint: 'Send the body as application/json.' })
    case 'body_not_json':
    case 'syntax_error':
      return new ServiceError('invalid_parameter', NOT_JSON)
    case 'bad_content_length':
      return new ServiceError('invalid_parameter', {
        message: 'The Content-Length header does not match the body.',
        hint: 'Send a correct Content-Length or use chunked encoding.',
      })
    case 'malformed_url':
      return new ServiceError('invalid_parameter', { message: 'The URL is malformed.', hint: 'Percent-encode the path and query.' })
    case 'path_segment_too_long':
      return new ServiceError('invalid_parameter', {
        message: 'A path segment is too long.',
        hint: 'Store codes are 5 digits and product ids at most 16 characters.',
      })
    case 'client_error':
      return new ServiceError('invalid_parameter', { message: failure.message, hint: 'Check the request against the documentation.' })
    case 'internal':
      return new ServiceError('internal_error', {
        hint: 'Retry the request; if it keeps failing, report it with the time of the request.',
        cause: error,
      })
  }
}

/** The sandbox answers through the production service; its advice names sandbox operations, not production's. */
const SANDBOX_REQUEST = new RegExp(`^${SANDBOX_PATHS.root}(?:[/?]|$)`)

/** The Error body of an HTTP answer (JSON or NDJSON), in the REST API's words (the sandbox's, for a sandbox request). */
export function errorBody(request: FastifyRequest, error: ServiceError): ErrorBody {
  const vocabulary = SANDBOX_REQUEST.test(request.url) ? SANDBOX_VOCABULARY : REST_VOCABULARY
  return error.toBody(vocabulary, errorDocumentationUrl(baseUrl(request)))
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ServiceError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
  return reply
    .code(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(errorBody(request, error))
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    const serviceError = error instanceof ServiceError ? error : fromFastify(error)
    if (serviceError.status >= 500) {
      request.log.error({ err: serviceError.cause ?? serviceError, code: serviceError.code }, serviceError.message)
    } else {
      request.log.info({ code: serviceError.code }, serviceError.message)
    }
    return sendError(request, reply, serviceError)
  })
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new ServiceError('route_not_found', {
        message: `No route ${request.method} ${request.url.split('?')[0]}.`,
        hint: 'See GET /api for every endpoint.',
      }),
    ),
  )
}
