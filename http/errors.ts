import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ServiceError, errorDocumentationUrl, type ErrorBody } from '../src/errors.js'
import { baseUrl } from './base-url.js'
import { REST_VOCABULARY } from './inputs.js'

/** Fastify's own failures (parsing, limits, bad URLs) in the public vocabulary. */
export function fromFastify(error: FastifyError): ServiceError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('payload_too_large', { hint: 'Send a smaller request body.' })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError('unsupported_media_type', { hint: 'Send the body as application/json.' })
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ServiceError('invalid_parameter', {
        message: 'The request body is not valid JSON.',
        hint: 'Send a valid JSON body with Content-Type: application/json.',
      })
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError('invalid_parameter', {
        message: 'The Content-Length header does not match the body.',
        hint: 'Send a correct Content-Length or use chunked encoding.',
      })
    default:
      break
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return new ServiceError('invalid_parameter', { message: 'The URL is malformed.', hint: 'Percent-encode the path and query.' })
  }
  if (error.statusCode === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ServiceError('invalid_parameter', {
      message: 'A path segment is too long.',
      hint: 'Store codes are 5 digits and product ids at most 16 characters.',
    })
  }
  if (error instanceof SyntaxError) {
    return new ServiceError('invalid_parameter', {
      message: 'The request body is not valid JSON.',
      hint: 'Send a valid JSON body with Content-Type: application/json.',
    })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return new ServiceError('invalid_parameter', { message: error.message, hint: 'Check the request against the documentation.' })
  }
  return new ServiceError('internal_error', {
    hint: 'Retry the request; if it keeps failing, report it with the time of the request.',
    cause: error,
  })
}

/** The Error body of an HTTP answer (JSON or NDJSON), in the REST API's words. */
export function errorBody(request: FastifyRequest, error: ServiceError): ErrorBody {
  return error.toBody(REST_VOCABULARY, errorDocumentationUrl(baseUrl(request)))
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
