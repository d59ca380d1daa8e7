import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createSandbox } from '../../fixtures/sandbox/service.js'
import { SANDBOX_LOOKUP_CODE, SANDBOX_ORIGIN, SANDBOX_STORE_CODES } from '../../fixtures/sandbox/stores.js'
import type { Config } from '../../src/config.js'
import { ServiceError, invalidParameter } from '../../src/errors.js'
import {
  ErrorEventSchema,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  StoreListSchema,
  StoreSchema,
} from '../../src/schemas.js'
import { baseUrl } from '../base-url.js'
import { SANDBOX_PATHS, SANDBOX_PRODUCT_KEYWORDS, SandboxIndexSchema, DOC_PATHS } from '../contract.js'
import { SANDBOX_INPUTS, SANDBOX_VOCABULARY, rawInput, storeCodeInPath } from '../inputs.js'
import type { RouteRegistry } from '../registry.js'
import { answerProductSearch } from './products.js'
import { errorResponses, abortSignalOf } from './shared.js'
import { storeSearchAnswer } from './stores.js'
import { inDoorWords } from '../../src/door-service.js'

/*
 * The sandbox (docs/spec.md §4.4) is the production service over a fixture upstream (fixtures/sandbox/):
 * the same store search, product scan, paging, NDJSON progress, keyword rules and errors. It never reads
 * app.runtime, so it keeps answering when the upstream is unreachable. What is its own is what the spec
 * says of it: coordinates are ignored, no keyword lists every fixture store, only one code is found by
 * the store lookup, and the product search takes only fixture store codes.
 */

export function registerSandboxRoutes(app: FastifyInstance, { registry, config }: { registry: RouteRegistry; config: Config }): void {
  const sandbox = createSandbox(config.scan)
  // Its hints name sandbox operations, put in the sandbox's words once, here.
  const service = inDoorWords(sandbox.service, SANDBOX_VOCABULARY)
  app.addHook('onClose', async () => sandbox.close())

  registry.add(app, {
    method: 'GET',
    path: SANDBOX_PATHS.root,
    operationId: 'getSandboxIndex',
    summary: 'Sandbox root: fixture data and example requests',
    description:
      'What the sandbox is, its fixture store codes and an example request for each sandbox operation. The sandbox answers from fixed fixture data and never contacts the upstream service.',
    tags: ['Sandbox'],
    responses: { 200: { description: 'The sandbox root.', schema: SandboxIndexSchema } },
    handler: async (request, reply) => {
      const base = baseUrl(request)
      reply.header('cache-control', 'public, max-age=300')
      return sandboxIndex(base)
    },
  })

  registry.add(app, {
    method: 'GET',
    path: SANDBOX_PATHS.storeSearch,
    operationId: 'searchSandboxStores',
    summary: 'Sandbox: search the fixture stores',
    description:
      "Same parameters and response shape as searchStores, but keyword is optional: without it, all three fixture stores (nearest the lookup store first). A keyword is understood by the production store search, over the fixture stores: every word in the name, station form or address, the chain's name and filler words ignored, a word no store has left out (Search-Ignored header); a keyword of nothing but such words is a 400. curLttd and curLitd are accepted and ignored.",
    tags: ['Sandbox'],
    query: SANDBOX_INPUTS.searchStores.schema,
    responses: {
      200: { description: 'Fixture stores, at most pageSize.', schema: StoreListSchema },
      ...errorResponses(400),
    },
    handler: async (request, reply) => {
      const { latitude: _lat, longitude: _lng, ...input } = SANDBOX_INPUTS.searchStores.parse(rawInput(request), 'text')
      const signal = abortSignalOf(reply)
      if (input.keyword !== undefined) return storeSearchAnswer(reply, await service.searchStores(input, { signal }))
      // No keyword: every fixture store, nearest the sandbox's own point first; not a distance the caller asked for.
      const all = await service.searchStores({ ...input, latitude: SANDBOX_ORIGIN.lat, longitude: SANDBOX_ORIGIN.lng }, { signal })
      return storeSearchAnswer(reply, { ...all, stores: all.stores.map(({ distanceKm: _km, ...store }) => store) })
    },
  })

  registry.add(app, {
    method: 'GET',
    path: SANDBOX_PATHS.store,
    operationId: 'getSandboxStore',
    summary: 'Sandbox: get a fixture store by code',
    description: `Same response shape as getStore. Code ${SANDBOX_LOOKUP_CODE} returns a Store; any other code returns 404 in the Error shape, so clients can exercise both paths.`,
    tags: ['Sandbox'],
    params: SANDBOX_INPUTS.getStore.pathSchema,
    responses: {
      200: { description: 'The fixture store.', schema: StoreSchema },
      ...errorResponses(404),
    },
    handler: async (request, reply) => {
      const code = storeCodeInPath(request)
      if (code === null || code !== SANDBOX_LOOKUP_CODE) {
        const typed = String((request.params as { code?: unknown }).code ?? '')
        throw new ServiceError('not_found', {
          message: `No sandbox store has the code '${typed}'.`,
          ko: `매장 코드 '${typed}'에 해당하는 매장이 없습니다.`,
          hint: `In the sandbox, only code ${SANDBOX_LOOKUP_CODE} is found; every other code answers 404.`,
        })
      }
      return service.getStore(code, { signal: abortSignalOf(reply) })
    },
  })

  registry.add(app, {
    method: 'GET',
    path: SANDBOX_PATHS.products,
    operationId: 'searchSandboxStoreProducts',
    summary: 'Sandbox: search fixture products in stock at a fixture store',
    description:
      'Same parameters and response shapes as searchStoreProducts, including the NDJSON stream (stream=1 or Accept: application/x-ndjson): the production product scan, paging and progress over a fixture catalogue. branchCode must be a sandbox store code; keyword is read as production reads it with its product index, over the fixture catalogue (spacing, synonyms, English words, a typing slip, several products separated by commas).',
    tags: ['Sandbox'],
    query: SANDBOX_INPUTS.searchStoreProducts.schema,
    responses: {
      200: {
        description: 'Fixture products in stock at the store.',
        schema: ProductSearchResultSchema,
        alternatives: [
          {
            mediaType: 'application/x-ndjson',
            schema: z.union([ProgressEventSchema, ResultEventSchema, ErrorEventSchema]),
            description: 'One JSON event per line: progress events, then exactly one result event.',
          },
        ],
      },
      ...errorResponses(400),
    },
    handler: async (request, reply) => {
      const { stream, ...input } = SANDBOX_INPUTS.searchStoreProducts.parse(rawInput(request), 'text')
      if (!SANDBOX_STORE_CODES.includes(input.storeCode)) {
        throw invalidParameter(
          SANDBOX_VOCABULARY.storeCode,
          `no sandbox store has the code '${input.storeCode}'`,
          `Use one of the sandbox store codes: ${SANDBOX_STORE_CODES.join(', ')}.`,
        )
      }
      return answerProductSearch(request, reply, service, input, stream)
    },
  })
}

function sandboxIndex(base: string): z.infer<typeof SandboxIndexSchema> {
  const url = (path: string) => `${base}${path}`
  const q = (path: string, params: Record<string, string>) => `${url(path)}?${new URLSearchParams(params).toString()}`
  return {
    name: 'store-finder sandbox',
    description:
      'The production store and product operations over fixed fixture data instead of the upstream retail service: three stores and a dozen products, each in stock at every store but the batteries, sold out at 10528. It never contacts the upstream, needs no key, and answers through the same search, scan, paging, validation and Error shapes as production, so clients and agents can be tried against it safely.',
    upstream: 'never contacted',
    authentication: { type: 'none', required: false },
    storeCodes: [...SANDBOX_STORE_CODES],
    lookupStoreCode: SANDBOX_LOOKUP_CODE,
    productKeywords: [...SANDBOX_PRODUCT_KEYWORDS],
    operations: [
      {
        operationId: 'searchSandboxStores',
        method: 'GET',
        path: SANDBOX_PATHS.storeSearch,
        production: 'searchStores',
        description:
          'Fixture stores the keyword names, understood as production understands it; curLttd and curLitd are accepted and ignored.',
        examples: [
          { description: 'Stores matching 강남.', url: q(SANDBOX_PATHS.storeSearch, { keyword: '강남' }) },
          {
            description: 'A nearby search (coordinates are ignored: all fixture stores).',
            url: q(SANDBOX_PATHS.storeSearch, { curLttd: '37.4979', curLitd: '127.0276' }),
          },
          { description: 'All three fixture stores (no keyword).', url: url(SANDBOX_PATHS.storeSearch) },
          { description: 'A 400 invalid_parameter error (pageSize above 10).', url: q(SANDBOX_PATHS.storeSearch, { pageSize: '11' }) },
        ],
      },
      {
        operationId: 'getSandboxStore',
        method: 'GET',
        path: SANDBOX_PATHS.store,
        production: 'getStore',
        description: `Code ${SANDBOX_LOOKUP_CODE} returns a Store; any other code returns 404.`,
        examples: [
          { description: 'The fixture store.', url: url(`/api/sandbox/branches/${SANDBOX_LOOKUP_CODE}`) },
          { description: 'A 404 not_found error.', url: url(SANDBOX_PATHS.store.replace('{code}', '10528')) },
        ],
      },
      {
        operationId: 'searchSandboxStoreProducts',
        method: 'GET',
        path: SANDBOX_PATHS.products,
        production: 'searchStoreProducts',
        description: "Fixture products matching keyword that are in stock at a sandbox store; stream=1 streams the scan's NDJSON progress.",
        examples: [
          { description: 'Products matching 수세미 at 11199.', url: q(SANDBOX_PATHS.products, { branchCode: '11199', keyword: '수세미' }) },
          {
            description: 'The same as an NDJSON stream.',
            url: q(SANDBOX_PATHS.products, { branchCode: '11199', keyword: '수세미', stream: '1' }),
          },
          { description: 'A 400 missing_parameter error (no branchCode).', url: q(SANDBOX_PATHS.products, { keyword: '수세미' }) },
        ],
      },
    ],
    documentation: url(DOC_PATHS.developers),
    openapi: url(DOC_PATHS.openapiJson),
  }
}
