import { invalidParameter, missingParameter } from './errors.js'
import { defineOperation, param, type InputOf } from './inputs.js'
import { FACILITIES } from './stores/facilities.js'
import { KOREA_BOUNDS } from './places/bounds.js'
import { LIMITS, fields } from './schemas.js'
import { z } from 'zod'

/**
 * The input of every StoreService operation, in the domain's names: the one place a parameter is
 * declared with its rule, its description and its hint. REST (query, path, NDJSON), MCP and the CLI bind
 * these to their own names (http/inputs.ts, tools/*.ts, cli/), so a parameter added here reaches them all.
 */

const storeCode = param(
  fields.storeCode(),
  'Store code from {searchStores} (11199).',
  'Send {storeCode}, a 5-digit store code from {searchStores} (e.g. 11199).',
)

const storePage = param(
  fields.page().default(1),
  'Page; pass nextPage to continue.',
  'Send {page} as a whole number from 1, or the nextPage of the previous answer.',
)

const facility = param(
  z.enum(FACILITIES, { error: `must be one of ${FACILITIES.join(', ')}` }).optional(),
  'Only stores with it (ramp: step-free; cashless: cards only).',
  `Send facility as one of ${FACILITIES.join(', ')}, or leave it out.`,
)

/** Chosen before anything else is read, so "the 5 nearest open stores" are 5 open stores. */
const openNow = param(z.boolean().optional(), 'true: only stores open now.', 'Send openNow as true or false, or leave it out.')

/**
 * A coordinate needs the other one, and a store code and coordinates are one too many; a store code beside a
 * place in words (`near`, read by the service) is the service's rule.
 */
function coordinatePair(
  input: { latitude?: number | undefined; longitude?: number | undefined; near?: string | undefined; storeCode?: string | undefined },
  door: { name(param: string): string; hint(param: string): string },
) {
  for (const other of ['near', 'storeCode'] as const) {
    if (input[other] !== undefined && (input.latitude !== undefined || input.longitude !== undefined)) {
      return invalidParameter(door.name(other), 'is given together with coordinates; send one of them', door.hint(other))
    }
  }
  if ((input.latitude === undefined) === (input.longitude === undefined)) return undefined
  const missing = input.latitude === undefined ? 'latitude' : 'longitude'
  return missingParameter(door.name(missing), door.hint(missing))
}

/**
 * A place in words (src/places/): the point a search goes around, for people and agents who have no
 * coordinates. Described in a few bytes: three tools carry it in tools/list (12 KB in all).
 */
const nearParam = (about: string) =>
  param(
    fields.keyword().optional(),
    about,
    'Send {near} as a station (선릉역), landmark (경복궁, Haeundae Beach), district (마포구), neighbourhood (서교동) or city, or send {coordinates} instead.',
  )

export const storeSearch = defineOperation({
  params: {
    keyword: param(
      fields.keyword().optional(),
      'Place or store name in Korean (e.g. 강남역).',
      'Send {keyword}: an address, neighbourhood or store name such as 강남.',
    ),
    latitude: param(
      fields.latitude().optional(),
      'Latitude, with {longitude}.',
      `Send both {latitude} (latitude, ${KOREA_BOUNDS.minLatitude} to ${KOREA_BOUNDS.maxLatitude}) and {longitude} (longitude, ${KOREA_BOUNDS.minLongitude} to ${KOREA_BOUNDS.maxLongitude}), a point in Korea, or {near} instead.`,
    ),
    longitude: param(
      fields.longitude().optional(),
      'Longitude, with {latitude}.',
      `Send both {latitude} (latitude, ${KOREA_BOUNDS.minLatitude} to ${KOREA_BOUNDS.maxLatitude}) and {longitude} (longitude, ${KOREA_BOUNDS.minLongitude} to ${KOREA_BOUNDS.maxLongitude}), a point in Korea, or {near} instead.`,
    ),
    near: nearParam('A place name.'),
    facility,
    openNow,
    page: storePage,
    pageSize: param(
      fields.pageSize().default(LIMITS.pageSizeDefault),
      'Stores per page.',
      `Send {pageSize} as a whole number from 1 to ${LIMITS.pageSizeMax}.`,
    ),
  },
  check: coordinatePair,
})

export const getStore = defineOperation({
  params: { storeCode },
})

export const searchStoreProducts = defineOperation({
  params: {
    storeCode,
    keyword: param(
      fields.keyword(),
      'Product word (수납함, umbrella); up to 5 comma-separated.',
      'Send {keyword}, the product name to search for (e.g. 수납함), or up to 5 separated by commas.',
    ),
    page: param(
      fields.page().default(1),
      'Catalogue page; pass nextPage to continue.',
      'Send {page} as a whole number from 1, or the nextPage of the previous answer.',
    ),
  },
})

export const getProductAvailability = defineOperation({
  params: {
    productId: param(
      fields.productId(),
      'Product `id` from {searchStoreProducts} or {searchCatalogue}.',
      'Send {productId}, a product number from {searchStoreProducts} (e.g. 1049275).',
    ),
    storeCode,
  },
})

export const searchCatalogue = defineOperation({
  params: {
    keyword: param(
      fields.keyword(),
      'Product word (우산, umbrella) or number; up to 5 comma-separated.',
      'Send {keyword}, a product name or kind such as 우산, or up to 5 separated by commas.',
    ),
    page: param(fields.page().default(1), storePage.about, storePage.hint),
  },
})

export const findProductNearby = defineOperation({
  params: {
    keyword: param(
      fields.keyword(),
      'Product word (우산, umbrella) or number; up to 5 comma-separated.',
      'Send {keyword}, the product to look for, such as 우산, or up to 5 separated by commas (우산, 멀티탭).',
    ),
    storeCode: param(
      fields.storeCode().optional(),
      'The store asked about (11199), or {coordinates}.',
      'Send {storeCode}, a 5-digit store code from {searchStores} (e.g. 11199), or {coordinates} instead.',
    ),
    latitude: param(
      fields.latitude().optional(),
      'Latitude, with {longitude}.',
      'Send {latitude} together with {longitude}, or {storeCode} instead.',
    ),
    longitude: param(
      fields.longitude().optional(),
      'Longitude, with {latitude}.',
      'Send {longitude} together with {latitude}, or {storeCode} instead.',
    ),
    near: nearParam('A place name.'),
    openNow,
    facility,
  },
  check: coordinatePair,
})

export type StoreSearchInput = InputOf<typeof storeSearch.params>
export type StoreProductsInput = InputOf<typeof searchStoreProducts.params>
export type AvailabilityInput = InputOf<typeof getProductAvailability.params>
export type CatalogueSearchInput = InputOf<typeof searchCatalogue.params>
export type ProductNearbyInput = InputOf<typeof findProductNearby.params>
