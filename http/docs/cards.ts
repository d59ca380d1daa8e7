// The discovery cards as plain data for one base URL: the RFC 9727 API catalog linkset, the MCP server
// card and its AI catalog entry, and the MCP manifest documents. Pure functions: discovery.ts serves and
// caches them.

import { isIP } from 'node:net'
import { VERSION } from '../../src/about.js'
import type { ListedTool } from '../../tools/advertise.js'
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../../tools/protocol.js'
import { CAPABILITIES, INSTRUCTIONS, SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE } from '../../tools/server.js'
import { MCP_PATH, SANDBOX_PATHS, SERVER_CARD_PATH, DOC_PATHS, REST_PATHS } from '../contract.js'

export const LINKSET = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json'
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json'
export const AI_CATALOG_TYPE = 'application/ai-catalog+json'
/** The card's description is capped at 100 characters by its schema. */
const CARD_DESCRIPTION = 'Korean retail chain: stores, products in stock with price, floor and zone, stock nearby.'

export function apiCatalog(base: string): object {
  const openapi = [
    { href: `${base}${DOC_PATHS.openapiJson}`, type: 'application/vnd.oai.openapi+json;version=3.1' },
    { href: `${base}${DOC_PATHS.openapiYaml}`, type: 'application/vnd.oai.openapi;version=3.1' },
  ]
  return {
    linkset: [
      {
        anchor: `${base}/.well-known/api-catalog`,
        item: [
          { href: `${base}${REST_PATHS.index}`, title: 'Store Finder HTTP API' },
          { href: `${base}${SANDBOX_PATHS.root}`, title: 'Store Finder sandbox' },
          { href: `${base}${MCP_PATH}`, title: 'Store Finder MCP server' },
        ],
      },
      {
        anchor: `${base}${REST_PATHS.index}`,
        'service-desc': openapi,
        'service-doc': [
          { href: `${base}${DOC_PATHS.developers}`, type: 'text/html' },
          { href: `${base}${DOC_PATHS.markdown}`, type: 'text/markdown' },
        ],
        'service-meta': [
          { href: `${base}${REST_PATHS.index}`, type: 'application/json', title: 'API index' },
          { href: `${base}${DOC_PATHS.llmsTxt}`, type: 'text/plain', title: 'llms.txt' },
          { href: `${base}${DOC_PATHS.auth}`, type: 'text/markdown', title: 'Authentication' },
        ],
      },
      {
        anchor: `${base}${SANDBOX_PATHS.root}`,
        'service-desc': openapi,
        'service-doc': [{ href: `${base}${DOC_PATHS.developers}#sandbox`, type: 'text/html' }],
      },
      {
        anchor: `${base}${MCP_PATH}`,
        'service-desc': [{ href: `${base}${SERVER_CARD_PATH}`, type: SERVER_CARD_TYPE }],
        'service-doc': [
          { href: `${base}${DOC_PATHS.developers}#model-context-protocol-mcp`, type: 'text/html' },
          { href: `${base}${DOC_PATHS.agentInstructions}`, type: 'text/markdown' },
        ],
      },
    ],
  }
}

/** `com.example/store-finder` from https://example.com: the card's reverse-DNS name (an IP address stays as it is). */
function reverseDnsName(base: string): string {
  const host = new URL(base).hostname.replace(/^\[|\]$/g, '')
  return `${isIP(host) ? host.replace(/:/g, '-') : host.split('.').reverse().join('.')}/${SERVER_NAME}`
}

/**
 * The server card at <mcp-url>/server-card (SEP-2127, v2 schema: identity and remotes only; the tools
 * are for tools/list) and the AI Catalog entry pointing at it. The well-known documents below carry
 * the same title, version, endpoint and protocol revisions.
 */
export function endpointCard(base: string): object {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(base),
    title: SERVER_TITLE,
    description: CARD_DESCRIPTION,
    version: VERSION,
    websiteUrl: `${base}${DOC_PATHS.developers}#model-context-protocol-mcp`,
    remotes: [{ type: 'streamable-http', url: `${base}${MCP_PATH}`, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
  }
}

export function aiCatalog(base: string): object {
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${new URL(base).hostname}:${SERVER_NAME}`,
        displayName: SERVER_TITLE,
        type: SERVER_CARD_TYPE,
        url: `${base}${SERVER_CARD_PATH}`,
      },
    ],
  }
}

export function mcpDocuments(base: string, tools: ListedTool[]): { manifest: object; card: object } {
  const endpoint = `${base}${MCP_PATH}`
  const serverInfo = { name: SERVER_NAME, title: SERVER_TITLE, version: VERSION, description: SERVER_DESCRIPTION }
  const common = {
    name: SERVER_NAME,
    title: SERVER_TITLE,
    version: VERSION,
    description: SERVER_DESCRIPTION,
    endpoint,
    transport: 'streamable-http',
    protocolVersion: PROTOCOL_VERSION,
    protocolVersions: [...PROTOCOL_VERSIONS],
    modernProtocolVersion: MODERN_PROTOCOL_VERSION,
    capabilities: CAPABILITIES,
    authentication: { type: 'none', required: false, schemes: [] },
    documentation: `${base}${DOC_PATHS.developers}#model-context-protocol-mcp`,
  }
  return {
    manifest: {
      ...common,
      serverCard: `${base}${SERVER_CARD_PATH}`,
      tools: tools.map((t) => ({ name: t.name, title: t['title'], description: t['description'] })),
      // Ready to paste into a client's mcp.json.
      mcpServers: { [SERVER_NAME]: { type: 'http', url: endpoint } },
    },
    card: {
      ...common,
      serverInfo,
      remotes: [{ type: 'streamable-http', url: endpoint, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
      serverCard: `${base}${SERVER_CARD_PATH}`,
      instructions: INSTRUCTIONS,
      tools,
    },
  }
}
