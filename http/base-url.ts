import type { FastifyRequest } from 'fastify'
import './augment.js' // the app's decorations (types only; see there)

/** The last origin worked out, by what it came from: callers send the same Host on every request. One entry, so bounded. */
let last: { given: string; origin: string } | undefined

/** PUBLIC_BASE_URL when set, else the request's own origin (a Host header that is no host gives 127.0.0.1). */
export function baseUrl(request: FastifyRequest): string {
  if (request.server.publicBaseUrl) return request.server.publicBaseUrl
  const given = `${request.protocol}://${request.host}`
  if (last?.given === given) return last.origin
  const origin = originOf(given, request.protocol)
  last = { given, origin }
  return origin
}

function originOf(given: string, protocol: string): string {
  try {
    const origin = new URL(given).origin
    if (origin !== 'null') return origin
  } catch {
    // Fall through: the Host header is not a valid host[:port].
  }
  return `${protocol}://127.0.0.1`
}
