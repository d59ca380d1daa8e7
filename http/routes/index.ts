import type { FastifyInstance } from 'fastify'
import { ABOUT, VERSION } from '../../src/about.js'
import { explicitQuality } from '../accept.js'
import { baseUrl } from '../base-url.js'
import { ApiIndexSchema, SANDBOX_PATHS, DOC_PATHS, REST_PATHS } from '../contract.js'
import type { RouteRegistry } from '../registry.js'
import { DISCOVERY_DOCUMENTS } from './discovery.js'

/** The documents GET /api names: every discovery document (by its name in the table) and the sandbox root. */
export function documentationPaths(): Record<string, string> {
  return Object.fromEntries([...DISCOVERY_DOCUMENTS.map((d) => [d.name, d.path]), ['sandbox', SANDBOX_PATHS.root]])
}

export function registerIndexRoute(app: FastifyInstance, { registry }: { registry: RouteRegistry }): void {
  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.index,
    operationId: 'getApiIndex',
    summary: 'API index',
    description: 'Every public endpoint and discovery document.',
    tags: ['Discovery'],
    responses: { 200: { description: 'The API index.', schema: ApiIndexSchema } },
    handler: async (request) => {
      const base = baseUrl(request)
      return {
        name: ABOUT.name,
        description:
          'Store finder and in-store stock API for Daiso (다이소) Korea: find stores, then products in stock at a store with floor and zone, the catalogue, and which nearby stores have a product.',
        version: VERSION,
        authentication: { type: 'none', required: false },
        endpoints: registry.routes.map((r) => ({
          method: r.method,
          path: r.path,
          operationId: r.operationId,
          description: r.summary,
        })),
        documentation: Object.fromEntries(
          Object.entries(documentationPaths())
            .filter(([, path]) => registry.routes.some((r) => r.path === path))
            .map(([name, path]) => [name, `${base}${path}`]),
        ),
      }
    },
  })

  // A convenience for people typing the bare address, not an API operation, so it stays out of the
  // route table (index, OpenAPI, /developers).
  app.get('/', async (request, reply) => {
    // Browsers name text/html explicitly; curl and API clients send */* or application/json.
    const wantsHtml = explicitQuality(request.headers.accept, 'text/html') > 0
    return reply.header('vary', 'accept').redirect(wantsHtml ? DOC_PATHS.developers : REST_PATHS.index, 302)
  })
}
