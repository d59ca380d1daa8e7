import type { FastifyRequest } from 'fastify'
import './augment.js' // the app's decorations (types only; see there)

/** PUBLIC_BASE_URL when set, else the request's own origin (a Host header that is no host gives 127.0.0.1). */
export function baseUrl(request: FastifyRequest): string {
  if (request.server.publicBaseUrl) return request.server.publicBaseUrl
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin
    if (origin !== 'null') return origin
  } catch {
    // Fall through: the Host header is not a valid host[:port].
  }
  return `${request.protocol}://127.0.0.1`
}
