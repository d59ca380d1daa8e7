// Why one file for every discovery document (OpenAPI JSON/YAML, /developers, the RFC 9727 linkset, the
// MCP cards, the agent-skills index): they share one cache, one ETag scheme and one content negotiation;
// each document is one registration below.

import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import YAML from 'yaml'
import { invalidParameter } from '../../src/errors.js'
import { toolDefinitions } from '../../tools/index.js'
import { advertisedTools, type ListedTool } from '../../tools/advertise.js'
import { prefers } from '../accept.js'
import { baseUrl } from '../base-url.js'
import { DEVELOPERS_CSP, developersHtml } from '../docs/developers.js'
import {
  SKILL_DESCRIPTION,
  SKILL_NAME,
  agentInstructionsMarkdown,
  authMarkdown,
  developerGuideMarkdown,
  llmsTxt,
  overviewMarkdown,
  skillMarkdown,
} from '../docs/markdown.js'
import { operationsOf, toolsOf, type DocDocument, type DocModel } from '../docs/model.js'
import { buildOpenApi, type OpenApiDocument } from '../docs/openapi.js'
import type { RouteRegistry, RouteSpec } from '../registry.js'
import { MCP_PATH, SERVER_CARD_PATH, DOC_PATHS } from '../contract.js'
import { AI_CATALOG_TYPE, LINKSET, SERVER_CARD_TYPE, aiCatalog, apiCatalog, endpointCard, mcpDocuments } from '../docs/cards.js'

/*
 * Discovery documents (docs/spec.md §4.5). Each is generated from the route table, the zod schemas and the
 * MCP tool list, for one base URL (PUBLIC_BASE_URL or the request's origin), and cached per base URL.
 * CORS `*` comes from the app-wide CORS registration; every route here goes through the registry, so
 * GET /api lists it and other methods answer 405.
 */

const MD = 'text/markdown; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const CACHE_CONTROL = 'public, max-age=300' // 5 min: documents change only with a deploy

export const SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json'
export const SKILL_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`

interface DocumentSpec {
  /** Its key in GET /api's `documentation` map. */
  name: string
  path: string
  operationId: string
  title: string
  description: string
  mediaType: string
  /** Sends the document, built for the request's base URL. */
  respond(built: Built, request: FastifyRequest, reply: FastifyReply): FastifyReply
}

const serve = (reply: FastifyReply, mediaType: string, body: string | Buffer) =>
  reply.header('content-type', mediaType).header('cache-control', CACHE_CONTROL).send(body)

export const DISCOVERY_DOCUMENTS: readonly DocumentSpec[] = [
  {
    name: 'openapi',
    path: DOC_PATHS.openapiJson,
    operationId: 'getOpenApiJson',
    title: 'OpenAPI (JSON)',
    description: 'OpenAPI 3.1 description of every operation.',
    mediaType: JSON_TYPE,
    respond: (b, _q, r) => serve(r, JSON_TYPE, b.openapiJson),
  },
  {
    name: 'openapiYaml',
    path: DOC_PATHS.openapiYaml,
    operationId: 'getOpenApiYaml',
    title: 'OpenAPI (YAML)',
    description: 'The same OpenAPI 3.1 document as YAML.',
    mediaType: 'application/yaml',
    respond: (b, _q, r) => serve(r, 'application/yaml', b.openapiYaml),
  },
  {
    name: 'developers',
    path: DOC_PATHS.developers,
    operationId: 'getDeveloperPage',
    title: 'Developer guide',
    description:
      'Developer guide (HTML, readable without JavaScript; Markdown with Accept: text/markdown): quick start, endpoints with curl, errors, MCP, a sandbox try-it form.',
    mediaType: 'text/html; charset=utf-8',
    respond: (b, request, r) => {
      r.header('vary', 'Accept')
      if (prefersMarkdown(request.headers.accept)) return serve(r, MD, b.developersMarkdown)
      r.header('content-security-policy', DEVELOPERS_CSP)
      r.header('referrer-policy', 'strict-origin-when-cross-origin')
      r.header('x-frame-options', 'DENY')
      return serve(r, 'text/html; charset=utf-8', b.developersHtml)
    },
  },
  {
    name: 'agentInstructions',
    path: DOC_PATHS.agentInstructions,
    operationId: 'getAgentInstructions',
    title: 'Agent instructions',
    description: 'How an LLM agent should use the tools and the API.',
    mediaType: MD,
    respond: (b, _q, r) => serve(r, MD, b.agentInstructions),
  },
  {
    name: 'llmsTxt',
    path: DOC_PATHS.llmsTxt,
    operationId: 'getLlmsTxt',
    title: 'llms.txt',
    description: 'The llmstxt.org index of the documents for language models.',
    mediaType: 'text/plain; charset=utf-8',
    respond: (b, _q, r) => serve(r, 'text/plain; charset=utf-8', b.llms),
  },
  {
    name: 'auth',
    path: DOC_PATHS.auth,
    operationId: 'getAuthDocument',
    title: 'Authentication',
    description: 'Authentication: none; anonymous, free, CORS for any origin.',
    mediaType: MD,
    respond: (b, _q, r) => serve(r, MD, b.auth),
  },
  {
    name: 'markdown',
    path: DOC_PATHS.markdown,
    operationId: 'getMarkdownOverview',
    title: 'Markdown overview',
    description: 'The whole service in one Markdown page.',
    mediaType: MD,
    respond: (b, _q, r) => serve(r, MD, b.overview),
  },
  {
    name: 'apiCatalog',
    path: '/.well-known/api-catalog',
    operationId: 'getApiCatalog',
    title: 'API catalog',
    description: 'RFC 9727 API catalog (linkset).',
    mediaType: LINKSET,
    respond: (b, _q, r) => {
      // RFC 9727 §2: the catalog also announces itself, so a HEAD request finds it.
      r.header('link', `<${b.base}/.well-known/api-catalog>; rel="api-catalog"`)
      // A Buffer, so Fastify does not append a charset to the profiled media type.
      return serve(r, LINKSET, Buffer.from(b.apiCatalog, 'utf8'))
    },
  },
  {
    name: 'mcpEndpointServerCard',
    path: SERVER_CARD_PATH,
    operationId: 'getMcpServerCardAtEndpoint',
    title: 'MCP server card (SEP-2127)',
    description:
      'The MCP server card at <mcp-url>/server-card: identity, the Streamable HTTP remote and every protocol revision it serves (application/mcp-server-card+json, with an ETag).',
    mediaType: SERVER_CARD_TYPE,
    respond: (b, request, r) => {
      r.header('etag', b.endpointCardEtag).header('vary', 'Accept')
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === b.endpointCardEtag)) {
        return r.code(304).header('cache-control', CACHE_CONTROL).send()
      }
      // A Buffer, so Fastify does not append a charset to the media type.
      return serve(r, SERVER_CARD_TYPE, b.endpointCard)
    },
  },
  {
    name: 'aiCatalog',
    path: '/.well-known/ai-catalog.json',
    operationId: 'getAiCatalog',
    title: 'AI catalog',
    description: 'AI Catalog listing the MCP server card.',
    mediaType: AI_CATALOG_TYPE,
    respond: (b, _q, r) => serve(r, AI_CATALOG_TYPE, b.aiCatalog),
  },
  {
    name: 'mcp',
    path: '/.well-known/mcp.json',
    operationId: 'getMcpManifest',
    title: 'MCP manifest',
    description: 'The MCP server: endpoint, transport, protocol versions and tools.',
    mediaType: JSON_TYPE,
    respond: (b, _q, r) => serve(r, JSON_TYPE, b.mcpManifest),
  },
  {
    name: 'mcpServerCard',
    path: '/.well-known/mcp/server-card.json',
    operationId: 'getMcpServerCard',
    title: 'MCP server card',
    description: 'MCP server card: name, version, endpoint, transport, capabilities and the tools as tools/list returns them.',
    mediaType: JSON_TYPE,
    respond: (b, _q, r) => serve(r, JSON_TYPE, b.serverCard),
  },
  {
    name: 'agentSkills',
    path: '/.well-known/agent-skills/index.json',
    operationId: 'getAgentSkillsIndex',
    title: 'Agent skills index',
    description: 'Agent Skills discovery index with a sha256 digest of each skill file.',
    mediaType: JSON_TYPE,
    respond: (b, _q, r) => serve(r, JSON_TYPE, b.skillsIndex),
  },
  {
    name: 'agentSkill',
    path: SKILL_PATH,
    operationId: 'getAgentSkill',
    title: 'Agent skill',
    description: `The ${SKILL_NAME} agent skill (SKILL.md).`,
    mediaType: MD,
    respond: (b, _q, r) => serve(r, MD, b.skill),
  },
]

interface Built {
  base: string
  openapi: OpenApiDocument
  openapiJson: string
  openapiYaml: string
  developersHtml: string
  developersMarkdown: string
  overview: string
  agentInstructions: string
  auth: string
  llms: string
  skill: Buffer
  apiCatalog: string
  mcpManifest: string
  serverCard: string
  endpointCard: Buffer
  endpointCardEtag: string
  aiCatalog: Buffer
  skillsIndex: string
}

/** PUBLIC_BASE_URL or the request origin, normalised; a Host that is no URL host is refused. */
export function documentBase(request: FastifyRequest): string {
  const raw = baseUrl(request)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw invalidParameter('Host', 'is not a valid host name', 'Send a valid Host header, or set PUBLIC_BASE_URL on the server.')
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * Markdown when the client asks for it explicitly and does not prefer HTML: `Accept: text/markdown`
 * (curl, agents) gets Markdown, a browser's `text/html,…,*∕*;q=0.8` gets HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  return prefers(accept, ['text/markdown', 'text/x-markdown'], ['text/html'])
}

const digest = (bytes: Buffer | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`

/** The discovery documents for one base URL, built on first use and cached; the MCP door serves the same skill. */
export interface DiscoveryDocuments {
  forBase(base: string): Promise<Built>
  /** The agent skill (SKILL.md bytes) for one base URL, as /.well-known/agent-skills serves it. */
  agentSkill(base: string): Promise<{ name: string; bytes: Buffer }>
}

/**
 * Built lazily, from the route table as it stands at the first request: every route module is
 * registered by then, including the ones registered after the MCP door that serves the skill.
 */
export function createDiscoveryDocuments(registry: RouteRegistry): DiscoveryDocuments {
  // Bounded: with no PUBLIC_BASE_URL the key comes from the Host header, which any client chooses.
  const cache = new LRUCache<string, Promise<Built>>({ max: 16 })
  const listTools = () => advertisedTools() as ListedTool[]

  const build = async (base: string): Promise<Built> => {
    const openapi = buildOpenApi(registry.routes, base)
    const documents: DocDocument[] = DISCOVERY_DOCUMENTS.map((d) => ({
      path: d.path,
      url: `${base}${d.path}`,
      title: d.title,
      description: d.description,
      mediaType: d.mediaType,
    }))
    const model: DocModel = {
      base,
      // The documents have their own table on /developers; the operations are the rest.
      operations: operationsOf(openapi).filter((op) => !DISCOVERY_DOCUMENTS.some((d) => d.path === op.path)),
      documents,
      tools: toolsOf(toolDefinitions),
      mcpEndpoint: `${base}${MCP_PATH}`,
    }
    const guide = developerGuideMarkdown(model)
    const skill = Buffer.from(skillMarkdown(model), 'utf8')
    const { manifest, card } = mcpDocuments(base, listTools())
    const cardBytes = Buffer.from(JSON.stringify(endpointCard(base), null, 2), 'utf8')
    return {
      base,
      openapi,
      openapiJson: JSON.stringify(openapi, null, 2),
      // No anchors/aliases: some OpenAPI tools do not resolve YAML aliases.
      openapiYaml: YAML.stringify(openapi, { aliasDuplicateObjects: false, lineWidth: 0 }),
      // The page shows the host snippets once, at its top; the Markdown form keeps them in its MCP section.
      developersHtml: developersHtml(model, developerGuideMarkdown(model, { hostSnippets: false })),
      developersMarkdown: guide,
      overview: overviewMarkdown(model),
      agentInstructions: agentInstructionsMarkdown(model),
      auth: authMarkdown(model),
      llms: llmsTxt(model),
      skill,
      apiCatalog: JSON.stringify(apiCatalog(base), null, 2),
      mcpManifest: JSON.stringify(manifest, null, 2),
      serverCard: JSON.stringify(card, null, 2),
      endpointCard: cardBytes,
      endpointCardEtag: `"${createHash('sha256').update(cardBytes).digest('base64url').slice(0, 27)}"`,
      aiCatalog: Buffer.from(JSON.stringify(aiCatalog(base), null, 2), 'utf8'),
      skillsIndex: JSON.stringify(
        {
          $schema: SKILLS_INDEX_SCHEMA,
          skills: [
            { name: SKILL_NAME, type: 'skill-md', description: SKILL_DESCRIPTION, url: `${base}${SKILL_PATH}`, digest: digest(skill) },
          ],
        },
        null,
        2,
      ),
    }
  }

  const forBase = (base: string): Promise<Built> => {
    let built = cache.get(base)
    if (!built) {
      built = build(base)
      built.catch(() => cache.delete(base))
      cache.set(base, built)
    }
    return built
  }
  return {
    forBase,
    // The MCP door serves the same skill bytes through the Skills extension (skills/list, skills/get).
    agentSkill: async (base) => ({ name: SKILL_NAME, bytes: (await forBase(base)).skill }),
  }
}

export function registerDiscoveryRoutes(
  app: FastifyInstance,
  { registry, documents }: { registry: RouteRegistry; documents: DiscoveryDocuments },
): void {
  const documentsFor = (request: FastifyRequest): Promise<Built> => documents.forBase(documentBase(request))

  for (const doc of DISCOVERY_DOCUMENTS) {
    const spec: RouteSpec = {
      method: 'GET',
      path: doc.path,
      operationId: doc.operationId,
      summary: doc.title,
      description: doc.description,
      tags: ['Discovery'],
      responses: { 200: { description: doc.description, mediaType: doc.mediaType.split(';')[0] } },
      handler: async (request, reply) => doc.respond(await documentsFor(request), request, reply),
    }
    registry.add(app, spec)
  }
}
