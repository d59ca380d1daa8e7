// The HTTP door's own nouns: the paths other modules link to and the schemas of documents only this
// door serves. Kept below the routes so documents (http/docs/) and routes import them, not each other.

import { z } from 'zod'
import { DOCS_PATH } from '../src/errors.js'

/**
 * The REST API's paths (OpenAPI's `{param}` form), written here only: the routes register them,
 * REST_VOCABULARY names them in hints, and the documents link to them.
 */
export const REST_PATHS = {
  index: '/api',
  storeSearch: '/api/branches/search',
  store: '/api/branches/{code}',
  products: '/api/products',
  product: '/api/products/{id}',
  productNearby: '/api/products/nearby',
  catalogue: '/api/catalogue',
  upstreamHealth: '/api/health/upstream',
  liveness: '/healthz',
  readiness: '/readyz',
} as const

/** The documents' paths, written here only (the developer guide's is the errors' `documentation` link, src/errors.ts). */
export const DOC_PATHS = {
  developers: DOCS_PATH,
  openapiJson: '/openapi.json',
  openapiYaml: '/openapi.yaml',
  agentInstructions: '/agent-instructions.md',
  llmsTxt: '/llms.txt',
  auth: '/auth.md',
  markdown: '/md',
} as const

export const MCP_PATH = '/api/mcp'
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`

export const SANDBOX_PATHS = {
  root: '/api/sandbox',
  storeSearch: '/api/sandbox/branches/search',
  store: '/api/sandbox/branches/{code}',
  products: '/api/sandbox/products',
} as const

export const McpServerInfoSchema = z
  .object({
    serverInfo: z.object({
      name: z.string(),
      version: z.string(),
      title: z.string(),
      description: z.string(),
    }),
    endpoint: z.string().url().describe('The Streamable HTTP endpoint.'),
    tools: z.array(z.record(z.string(), z.unknown())).describe('The tools exactly as tools/list returns them.'),
    transport: z.literal('streamable-http'),
    protocol: z.string(),
    protocolVersion: z
      .string()
      .describe('The newest initialize-era version; what initialize answers to a client proposing one the server does not know.'),
    protocolVersions: z
      .array(z.string())
      .describe('Every revision served: 2026-07-28 (server/discover) and the initialize-era ones initialize accepts and echoes back.'),
    manifest: z.string().url().describe('The MCP server card.'),
    capabilities: z.record(z.string(), z.unknown()),
    instructions: z.string().optional(),
  })
  .describe('What GET /api/mcp answers: the MCP server, its endpoint and its tools.')

/** GET /api: every public endpoint and discovery document (spec: ApiIndex). */
export const ApiIndexSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string().optional(),
  authentication: z.object({ type: z.string(), required: z.boolean(), signup: z.string().optional() }),
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), operationId: z.string(), description: z.string() })),
  documentation: z.record(z.string(), z.string()),
})

const SandboxOperationSchema = z.object({
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  production: z.string().describe('The production operation this one mirrors.'),
  description: z.string(),
  examples: z.array(z.object({ description: z.string(), url: z.string().url() })),
})

export const SandboxIndexSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    upstream: z.literal('never contacted'),
    authentication: z.object({ type: z.literal('none'), required: z.literal(false) }),
    storeCodes: z.array(z.string()).describe('Fixture store codes.'),
    lookupStoreCode: z.string().describe('The only code getSandboxStore answers with a Store; others are 404.'),
    productKeywords: z.array(z.string()).describe('Keywords that match fixture products.'),
    operations: z.array(SandboxOperationSchema),
    documentation: z.string().url(),
    openapi: z.string().url(),
  })
  .describe('What the sandbox is, its fixture data and an example request for each sandbox operation.')

/** Keywords shown in the sandbox root and the developer page; each matches at least one fixture product. */
export const SANDBOX_PRODUCT_KEYWORDS = ['수세미', '실리콘', '청소', '극세사', '수납']
