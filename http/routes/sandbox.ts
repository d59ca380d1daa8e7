import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { SANDBOX_PRODUCTS } from '../../fixtures/sandbox/products.js'
import { SANDBOX_LOOKUP_CODE, SANDBOX_STORES, SANDBOX_STORE_CODES, type SandboxStore } from '../../fixtures/sandbox/stores.js'
import { productKeyword } from '../../src/keywords.js'
import { entryOf } from '../../src/directory/entry.js'
import { searchDirectory } from '../../src/directory/search.js'
import { ServiceError, invalidParameter } from '../../src/errors.js'
import {
  ErrorEventSchema,
  LIMITS,
  ProductSearchResultSchema,
  ProgressEventSchema,
  ResultEventSchema,
  StoreListSchema,
  StoreSchema,
  type ProductSearchResult,
  type ScanProgress,
  type Store,
} from '../../src/schemas.js'
import { floorLabel, isOpenNow } from '../../src/store-facts.js'
import { baseUrl } from '../base-url.js'
import { SANDBOX_PATHS, SANDBOX_PRODUCT_KEYWORDS, SandboxIndexSchema } from '../contract.js'
import { streamScan } from '../ndjson.js'
import { SANDBOX_INPUTS, SANDBOX_VOCABULARY, rawInput } from '../inputs.js'
import type { RouteRegistry } from '../registry.js'
import { wantsNdjson } from './products.js'
import { errorResponses } from './shared.js'

/*
 * The sandbox (docs/spec.md §4.4) answers from fixtures/sandbox only. It reuses the production query schemas
 * so that validation and error bodies are identical, and it never reads app.runtime: it must keep
 * answering when the upstream is unreachable.
 */

function page<T>(items: readonly T[], currentPage: number, size: number): { items: T[]; hasMore: boolean } {
  const start = (currentPage - 1) * size
  return { items: items.slice(start, start + size), hasMore: start + size < items.length }
}

/** A fixture store as production would serve it now. */
export function sandboxStore(store: SandboxStore, now: Date = new Date()): Store {
  return { ...store, openNow: isOpenNow(store.openTime, store.closeTime, now) }
}

/** Without a keyword, every fixture store (docs/spec.md §4.4); a keyword is understood as production understands it. */
export function searchSandboxStores(keyword: string | undefined, currentPage: number, pageSize: number): Store[] {
  // The same directory search as production's, over the fixture stores.
  const found = keyword === undefined ? undefined : searchDirectory(SANDBOX_ENTRIES, { keyword, page: 1, pageSize: SANDBOX_STORES.length })
  const matches =
    found === undefined || !found.named ? SANDBOX_STORES : found.rows.map((row) => SANDBOX_STORES.find((s) => s.code === row.code)!)
  return page(matches, currentPage, pageSize).items.map((store) => sandboxStore(store))
}

const SANDBOX_ENTRIES = SANDBOX_STORES.map((store) => entryOf({ ...store, distanceKm: null, total: null }))

export function searchSandboxProducts(keyword: string, currentPage: number): ProductSearchResult {
  const wanted = productKeyword(keyword)
  const matches = SANDBOX_PRODUCTS.filter((p) => p.name.includes(wanted))
  const { items, hasMore } = page(matches, currentPage, LIMITS.productsWantedPerPage)
  const products = items.map((p) => ({ ...p, floorLabel: floorLabel(p.stairNo) }))
  return { products, asOf: new Date().toISOString(), hasMore, nextPage: currentPage + 1 }
}

export function registerSandboxRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }): void {
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
      'Same parameters and response shape as searchStores, but keyword is optional: without it, all three fixture stores. Fixture stores are filtered by keyword as production filters stores (every word in the name or address); curLttd and curLitd are accepted and ignored.',
    tags: ['Sandbox'],
    query: SANDBOX_INPUTS.searchStores.schema,
    responses: {
      200: { description: 'Fixture stores, at most pageSize.', schema: StoreListSchema },
      ...errorResponses(400),
    },
    handler: async (request) => {
      // Parsed as production parses it; without a keyword or coordinates it lists every fixture store.
      const q = SANDBOX_INPUTS.searchStores.parse(rawInput(request), 'text')
      return searchSandboxStores(q.keyword, q.page, q.pageSize)
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
    handler: async (request) => {
      const { code } = request.params as { code: string }
      const store = code === SANDBOX_LOOKUP_CODE ? SANDBOX_STORES.find((s) => s.code === code) : undefined
      if (!store) {
        throw new ServiceError('not_found', {
          message: `No sandbox store has the code '${code}'.`,
          ko: `매장 코드 '${code}'에 해당하는 매장이 없습니다.`,
          hint: `In the sandbox, only code ${SANDBOX_LOOKUP_CODE} is found; every other code answers 404.`,
        })
      }
      return sandboxStore(store)
    },
  })

  registry.add(app, {
    method: 'GET',
    path: SANDBOX_PATHS.products,
    operationId: 'searchSandboxStoreProducts',
    summary: 'Sandbox: search fixture products in stock at a fixture store',
    description:
      'Same parameters and response shapes as searchStoreProducts, including the NDJSON stream (stream=1 or Accept: application/x-ndjson). branchCode must be a sandbox store code; fixture products are filtered by substring match of keyword on the product name.',
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
      const q = SANDBOX_INPUTS.searchStoreProducts.parse(rawInput(request), 'text')
      if (!SANDBOX_STORE_CODES.includes(q.storeCode)) {
        throw invalidParameter(
          SANDBOX_VOCABULARY.storeCode,
          `no sandbox store has the code '${q.storeCode}'`,
          `Use one of the sandbox store codes: ${SANDBOX_STORE_CODES.join(', ')}.`,
        )
      }
      const result = searchSandboxProducts(q.keyword, q.page)
      if (wantsNdjson(request.headers.accept, q.stream)) {
        await streamScan(request, reply, async (onProgress) => {
          for (const progress of fixtureProgress(result)) onProgress(progress)
          return result
        })
        return reply
      }
      return result
    },
  })
}

/** The progress a real scan of one catalogue page would report, so stream clients can be tried here. */
function fixtureProgress(result: ProductSearchResult): ScanProgress[] {
  const target = LIMITS.productsWantedPerPage
  const found = result.products.length
  const half = Math.floor(found / 2)
  return [
    { found: 0, target, percent: 0, page: result.nextPage - 1, scanned: 0 },
    { found: half, target, percent: Math.round((half / target) * 100), page: result.nextPage - 1, scanned: SANDBOX_PRODUCTS.length >> 1 },
    { found, target, percent: 100, page: result.nextPage - 1, scanned: SANDBOX_PRODUCTS.length },
  ]
}

function sandboxIndex(base: string): z.infer<typeof SandboxIndexSchema> {
  const url = (path: string) => `${base}${path}`
  const q = (path: string, params: Record<string, string>) => `${url(path)}?${new URLSearchParams(params).toString()}`
  return {
    name: 'store-finder sandbox',
    description:
      'A copy of the store and product operations that answers from fixed fixture data: three stores and a dozen in-stock products. It never contacts the upstream retail service, needs no key, and has the same parameters, validation and Error shapes as production, so clients and agents can be tried against it safely.',
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
        description: 'Fixture stores whose name or address contains keyword; curLttd and curLitd are accepted and ignored.',
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
          { description: 'A 404 not_found error.', url: url('/api/sandbox/branches/10528') },
        ],
      },
      {
        operationId: 'searchSandboxStoreProducts',
        method: 'GET',
        path: SANDBOX_PATHS.products,
        production: 'searchStoreProducts',
        description: 'Fixture products whose name contains keyword, in stock at a sandbox store; stream=1 streams NDJSON.',
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
    documentation: url('/developers'),
    openapi: url('/openapi.json'),
  }
}
