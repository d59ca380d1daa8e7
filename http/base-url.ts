import type { FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_BASE_URL, when configured. */
    publicBaseUrl: string | undefined
  }
}

/** PUBLIC_BASE_URL when set, else the request's own origin. */
export function baseUrl(request: FastifyRequest): string {
  return request.server.publicBaseUrl ?? `${request.protocol}://${request.host || '127.0.0.1'}`
}
