import { METHODS } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import type { z } from 'zod'
import { ServiceError } from '../src/errors.js'

export interface ResponseSpec {
  description: string
  /** JSON body schema; omitted for bodies described only by mediaType. */
  schema?: z.ZodType
  /** Defaults to application/json. */
  mediaType?: string
  /** Further media types of the same response (e.g. NDJSON beside JSON). */
  alternatives?: Array<{ mediaType: string; schema?: z.ZodType; description?: string }>
  example?: unknown
}

/**
 * One public route: the single source for Fastify registration, the ApiIndex (`GET /api`), the
 * OpenAPI document and the 405 handling. `path` uses OpenAPI's `{param}` form.
 */
export interface RouteSpec {
  method: 'GET' | 'POST'
  path: string
  operationId: string
  summary: string
  description: string
  tags: string[]
  query?: z.ZodObject
  params?: z.ZodObject
  body?: { schema: z.ZodType; mediaType: string; description: string }
  responses: Record<number, ResponseSpec>
  /** Listed in the ApiIndex and the OpenAPI document; discovery files are listed in the index only. */
  inOpenApi?: boolean
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown
  /** Extra Fastify route options (body limits, content-type parsers). */
  fastify?: { bodyLimit?: number }
}

export class RouteRegistry {
  readonly routes: RouteSpec[] = []
  /** The instance each path was registered on, so its 405 answers in that scope's shape (JSON-RPC on /api/mcp). */
  readonly #owners = new Map<string, FastifyInstance>()

  add(app: FastifyInstance, spec: RouteSpec): void {
    this.routes.push(spec)
    if (!this.#owners.has(spec.path)) this.#owners.set(spec.path, app)
    app.route({
      method: spec.method,
      url: toFastifyPath(spec.path),
      handler: spec.handler,
      ...(spec.fastify ?? {}),
    })
  }

  /** After every route is added: other methods on a known path answer 405 with Allow. */
  addMethodNotAllowed(app: FastifyInstance): void {
    const byPath = new Map<string, Set<string>>()
    for (const route of this.routes) {
      const methods = byPath.get(route.path) ?? new Set<string>()
      methods.add(route.method)
      if (route.method === 'GET') methods.add('HEAD')
      byPath.set(route.path, methods)
    }
    // Every method Node parses (TRACE, PROPFIND, …; see addHttpMethods) except OPTIONS, which stays with
    // the CORS preflight handler, and CONNECT, which never reaches routing (http/hardening.ts answers it).
    const all = app.supportedMethods.filter((m) => m !== 'OPTIONS' && m !== 'CONNECT') as HTTPMethods[]
    for (const [path, methods] of byPath) {
      const others = all.filter((m) => !methods.has(m))
      if (others.length === 0) continue
      const allow = [...methods, 'OPTIONS'].join(', ')
      const owner = this.#owners.get(path) ?? app
      owner.route({
        method: others,
        url: toFastifyPath(path),
        handler: async (request, reply) => {
          reply.header('allow', allow)
          throw new ServiceError('method_not_allowed', {
            message: `Method ${request.method} is not allowed on ${path}.`,
            hint: `Use one of: ${allow}.`,
          })
        },
      })
    }
  }
}

/**
 * Makes every method Node's parser accepts routable, so a known path answers 405 with Allow for TRACE,
 * PROPFIND or MKCOL too (Fastify knows only the common ones unless told). Call before adding routes.
 */
export function addHttpMethods(app: FastifyInstance): void {
  for (const method of METHODS) {
    if (method === 'CONNECT' || app.supportedMethods.includes(method)) continue
    app.addHttpMethod(method, { hasBody: false })
  }
}

export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}
