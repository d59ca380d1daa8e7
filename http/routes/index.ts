import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { VERSION } from '../../src/config.js'
import { explicitQuality } from '../accept.js'
import { baseUrl } from '../base-url.js'
import type { RouteRegistry } from '../registry.js'

export const ApiIndexSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string().optional(),
  authentication: z.object({ type: z.string(), required: z.boolean(), signup: z.string().optional() }),
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), operationId: z.string(), description: z.string() })),
  documentation: z.record(z.string(), z.string()),
})

/** Discovery documents listed in the index; each is served by the route that owns it. */
export const DOCUMENTATION_PATHS: Record<string, string> = {
  developers: '/developers',
  openapi: '/openapi.json',
  openapiYaml: '/openapi.yaml',
  agentInstructions: '/agent-instructions.md',
  llmsTxt: '/llms.txt',
  auth: '/auth.md',
  markdown: '/md',
  apiCatalog: '/.well-known/api-catalog',
  mcp: '/.well-known/mcp.json',
  mcpServerCard: '/.well-known/mcp/server-card.json',
  mcpEndpointServerCard: '/api/mcp/server-card',
  aiCatalog: '/.well-known/ai-catalog.json',
  agentSkills: '/.well-known/agent-skills/index.json',
  sandbox: '/api/sandbox',
}

export function registerIndexRoute(app: FastifyInstance, { registry }: { registry: RouteRegistry }): void {
  registry.add(app, {
    method: 'GET',
    path: '/api',
    operationId: 'getApiIndex',
    summary: 'API index',
    description: 'Every public endpoint and discovery document.',
    tags: ['Discovery'],
    responses: { 200: { description: 'The API index.', schema: ApiIndexSchema } },
    handler: async (request) => {
      const base = baseUrl(request)
      const documented = new Set(Object.values(DOCUMENTATION_PATHS))
      return {
        name: 'store-finder',
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
          Object.entries(DOCUMENTATION_PATHS)
            .filter(([, path]) => documented.has(path) && registry.routes.some((r) => r.path === path))
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
    return reply.header('vary', 'accept').redirect(wantsHtml ? DOCUMENTATION_PATHS.developers! : '/api', 302)
  })
}
