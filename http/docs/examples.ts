import type { z } from 'zod'
import { SANDBOX_PRODUCTS } from '../../fixtures/sandbox/products.js'
import { SANDBOX_STORES, type SandboxStore } from '../../fixtures/sandbox/stores.js'
import { ERROR_CODES, errorDocumentationUrl, type ErrorBody, type ErrorCode } from '../../src/errors.js'
import {
  CataloguePageSchema,
  ErrorSchema,
  ProductAvailabilitySchema,
  ProductNearbySchema,
  ProductSearchResultSchema,
  StoreListSchema,
  StoreSchema,
} from '../../src/schemas.js'
import { floorLabel } from '../../src/stores/facts.js'

/*
 * Examples for the OpenAPI document and the docs, taken from the sandbox fixtures so they are real
 * values a client can reproduce against /api/sandbox. The OpenAPI test validates each one against
 * its schema.
 */

const [gangnamFixture, myeongdong, hongdae] = SANDBOX_STORES as [SandboxStore, SandboxStore, SandboxStore]
const gangnam: z.infer<typeof StoreSchema> = { ...gangnamFixture, openNow: true }

const ERROR_EXAMPLES: Record<number, { code: ErrorCode; message: string; hint: string; detail?: string }> = {
  400: {
    code: 'missing_parameter',
    message: "Missing required parameter 'branchCode'.",
    hint: 'Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).',
  },
  404: { code: 'not_found', message: ERROR_CODES.not_found.en, hint: 'Check the store code; search stores first with searchStores.' },
  500: {
    code: 'internal_error',
    message: 'The upstream retail service failed: it answered HTTP 500.',
    hint: 'This is not a problem with your request. Retry in a few seconds.',
    detail: 'stock: HTTP 500',
  },
  502: {
    code: 'upstream_error',
    message: 'The upstream retail service failed: it did not answer in time.',
    hint: 'This is not a problem with your request. Retry in a few seconds.',
    detail: 'stores: no answer within the timeout',
  },
  503: { code: 'overloaded', message: ERROR_CODES.overloaded.en, hint: 'Retry after 1 s; keep to a few requests per second.' },
}

export function errorExample(status: number, base: string): ErrorBody | undefined {
  const entry = ERROR_EXAMPLES[status]
  if (!entry) return undefined
  const body: ErrorBody = {
    error: ERROR_CODES[entry.code].ko,
    code: entry.code,
    message: entry.message,
    hint: entry.hint,
    status,
    documentation: errorDocumentationUrl(base),
  }
  if (entry.detail !== undefined) body.detail = entry.detail
  return body
}

/** The stock-read time of the examples. */
const AS_OF = '2026-11-23T05:30:00.000Z'

export const productSearchExample = {
  products: SANDBOX_PRODUCTS.filter((p) => p.name.includes('수세미')).map((p) => ({ ...p, floorLabel: floorLabel(p.stairNo) })),
  asOf: AS_OF,
  hasMore: false,
  nextPage: 2,
}

const [scrubber, gloves] = SANDBOX_PRODUCTS as [(typeof SANDBOX_PRODUCTS)[number], (typeof SANDBOX_PRODUCTS)[number]]

export const availabilityExample = {
  stock: 12,
  stairNo: 1,
  zoneNo: 4,
  floorLabel: '1F',
  otherBranches: [
    { code: myeongdong.code, name: myeongdong.name, address: myeongdong.address, stock: 3, distanceKm: 8.4, openNow: true },
    { code: hongdae.code, name: hongdae.name, address: hongdae.address, stock: 7, distanceKm: 11.4, openNow: true },
  ],
  product: { id: scrubber.id, name: scrubber.name, price: scrubber.price },
  store: { code: gangnam.code, name: gangnam.name, openNow: true, openTime: gangnam.openTime, closeTime: gangnam.closeTime },
  asOf: AS_OF,
}

export const catalogueExample = {
  products: [scrubber, gloves].map(({ id, name, price, image }) => ({ id, name, price, image })),
  total: 2,
  hasMore: false,
  nextPage: 2,
}

const nearbyStore = (store: SandboxStore, distanceKm: number) => ({
  code: store.code,
  name: store.name,
  address: store.address,
  lat: store.lat,
  lng: store.lng,
  distanceKm,
  openNow: true,
  openTime: store.openTime,
  closeTime: store.closeTime,
})

export const nearbyExample = {
  origin: { lat: gangnam.lat, lng: gangnam.lng },
  products: [scrubber, gloves].map(({ id, name, price }) => ({ id, name, price })),
  matched: 2,
  here: {
    store: nearbyStore(gangnam, 0),
    items: [
      {
        productId: scrubber.id,
        productName: scrubber.name,
        price: scrubber.price,
        stock: scrubber.stock,
        stairNo: scrubber.stairNo,
        zoneNo: scrubber.zoneNo,
        floorLabel: floorLabel(scrubber.stairNo),
        placement: 'known',
      },
    ],
  },
  stores: [
    {
      store: nearbyStore(myeongdong, 8.4),
      items: [
        {
          productId: scrubber.id,
          productName: scrubber.name,
          price: scrubber.price,
          stock: 3,
          stairNo: 2,
          zoneNo: 11,
          floorLabel: '2F',
          placement: 'known',
        },
        {
          productId: gloves.id,
          productName: gloves.name,
          price: gloves.price,
          stock: 5,
          stairNo: null,
          zoneNo: null,
          floorLabel: null,
          placement: 'unknown',
        },
      ],
    },
  ],
  asOf: AS_OF,
}

/** The example body of a response with this schema and status, if there is one. */
export function exampleFor(schema: z.ZodType, status: number, base: string): unknown {
  if (schema === ErrorSchema) return errorExample(status, base)
  if (schema === StoreSchema) return gangnam
  if (schema === StoreListSchema) return [gangnam]
  if (schema === ProductSearchResultSchema) return productSearchExample
  if (schema === ProductAvailabilitySchema) return availabilityExample
  if (schema === CataloguePageSchema) return catalogueExample
  if (schema === ProductNearbySchema) return nearbyExample
  return undefined
}

const PARAMETER_EXAMPLES: Record<string, unknown> = {
  'searchStores.keyword': '강남',
  'searchSandboxStores.keyword': '강남',
  'searchCatalogue.keyword': '우산',
  'findProductNearby.keyword': '우산',
  keyword: '수세미',
  curLttd: 37.4979,
  curLitd: 127.0276,
  currentPage: 1,
  pageSize: 10,
  branchCode: '11199',
  branchCd: '11199',
  code: '11199',
  id: '1019373',
  stream: '1',
}

export function parameterExample(operationId: string, name: string): unknown {
  return PARAMETER_EXAMPLES[`${operationId}.${name}`] ?? PARAMETER_EXAMPLES[name]
}
