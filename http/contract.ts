// The HTTP door's own nouns: the paths other modules link to and the schemas of documents only this
// door serves. Kept below the routes so documents (http/docs/) and routes import them, not each other.

import { z } from 'zod'

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
