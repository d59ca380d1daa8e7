import type { FastifyReply, FastifyRequest } from 'fastify'

type HeaderValue = string | number | string[]

/**
 * The headers every response carries (the app's onSend hook sets them on ordinary replies): the request
 * id, and the security headers. Kept once here so hijacked streaming replies carry exactly the same.
 */
export function commonHeaders(request: FastifyRequest, reply: FastifyReply): Record<string, string> {
  return {
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
    'x-frame-options': String(reply.getHeader('x-frame-options') ?? 'DENY'),
    'referrer-policy': 'no-referrer',
  }
}

/**
 * The one head writer for hijacked (streaming) replies: NDJSON scans, the MCP pump and the MCP GET
 * stream. A hijacked reply skips the onSend hooks, so it gets here what every other response gets:
 * the headers already set on the reply (CORS from @fastify/cors, Retry-After, Vary …), then the common
 * headers above, then the stream's own.
 */
export function writeStreamHead(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  own: Record<string, HeaderValue | undefined> | Headers = {},
): void {
  const out: Record<string, HeaderValue> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) out[name] = value as HeaderValue
  Object.assign(out, commonHeaders(request, reply))
  if (own instanceof Headers) {
    own.forEach((value, name) => {
      out[name] = value
    })
  } else {
    for (const [name, value] of Object.entries(own)) if (value !== undefined) out[name] = value
  }
  reply.raw.writeHead(status, out)
}
