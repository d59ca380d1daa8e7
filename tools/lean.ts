import { z } from 'zod'
import {
  CatalogueProductSchema,
  ProductNearbySchema,
  CataloguePageSchema,
  ProductSearchResultSchema,
  LIMITS,
  ProductSchema,
  type CataloguePage,
  type NearbyItem,
  type NearbyStore,
  type ProductNearby,
  type ProductSearchResult,
  type Shelf,
} from '../src/schemas.js'

/*
 * The MCP shapes of answers (REST keeps the specification's): each product named once and referred to
 * by id, nothing repeated, no nulls (a fact that is not known is left out), coordinates to 5 decimals
 * (about a metre), image URLs only when asked for. A model pays for every byte of an answer.
 */

/** Stores find_product_nearby lists by default, and at most (`limit`). */
export const NEARBY_LIMIT_DEFAULT = 5
export const NEARBY_LIMIT_MAX = LIMITS.nearbyStoresListed

/** 5 decimals of a degree: about 1 m, finer than any store's entrance. */
export const round5 = (degrees: number): number => Math.round(degrees * 1e5) / 1e5

const LeanShelfSchema = z.object({
  floor: z.string().optional().describe('B1, 1F, 2F; absent when not known.'),
  zone: z.number().int().optional(),
  shelf: z
    .enum(['unknown', 'not_checked'])
    .optional()
    .describe('Only without a floor: unknown = the chain has no placement; not_checked = not looked up.'),
})
export type LeanShelf = z.infer<typeof LeanShelfSchema>

const LeanItemSchema = z.object({
  id: z.string().describe('A products[].id.'),
  stock: z.number().int().min(1),
  ...LeanShelfSchema.shape,
})
export type LeanItem = z.infer<typeof LeanItemSchema>

const LeanStoreSchema = z.object({
  code: z.string(),
  name: z.string(),
  distanceKm: z.number().optional().describe('From origin; 0 for the asked store.'),
  lat: z.number(),
  lng: z.number(),
  openNow: z.boolean().optional().describe('By posted hours, Korea time; absent when the hours are unreadable.'),
  hours: z.string().describe('HH:MM-HH:MM, Korea time.'),
  address: z.string(),
  items: z.array(LeanItemSchema).describe('Checked products in stock here.'),
  missing: z.array(z.string()).optional().describe('Shopping list: the keywords it has none of.'),
  // Only ever on `here`; one store shape for both, so tools/list writes it once.
  unknown: z.array(z.string()).optional().describe('here only: product ids whose stock could not be read.'),
  usualShelf: LeanShelfSchema.optional().describe('here only: where it shelves the one product number asked, which it has none of.'),
})
export type LeanStore = z.infer<typeof LeanStoreSchema>

export const LeanNearbySchema = z
  .object({
    origin: z.object({ lat: z.number(), lng: z.number() }),
    products: ProductNearbySchema.shape.products.describe('The catalogue matches checked, best first; items name them by id.'),
    note: ProductNearbySchema.shape.note,
    place: ProductNearbySchema.shape.place,
    matched: z.number().int().min(0).optional().describe('Catalogue matches in all; absent when unknown.'),
    here: LeanStoreSchema.optional().describe('The asked store (with a store code), distance 0.'),
    stores: z.array(LeanStoreSchema).describe('Other stores with a checked product in stock, nearest first.'),
    moreStores: z.number().int().min(1).optional().describe('Stores with stock left out by limit.'),
    asOf: z.string(),
    hint: z.string().optional(),
  })
  .describe('Which products the asked store and the nearest others have.')
export type LeanNearby = z.infer<typeof LeanNearbySchema>

function leanShelf(shelf: Shelf): LeanShelf {
  if (shelf.placement === 'known' && shelf.floorLabel !== null) {
    return { floor: shelf.floorLabel, ...(shelf.zoneNo !== null ? { zone: shelf.zoneNo } : {}) }
  }
  return { shelf: shelf.placement === 'not_checked' ? 'not_checked' : 'unknown' }
}

const leanItem = (item: NearbyItem): LeanItem => ({ id: item.productId, stock: item.stock, ...leanShelf(item) })

function leanStore(store: NearbyStore, items: NearbyItem[], missing?: string[]): LeanStore {
  return {
    code: store.code,
    name: store.name,
    ...(store.distanceKm !== null ? { distanceKm: store.distanceKm } : {}),
    lat: round5(store.lat),
    lng: round5(store.lng),
    ...(store.openNow !== null ? { openNow: store.openNow } : {}),
    hours: `${store.openTime}-${store.closeTime}`,
    address: store.address,
    items: items.map(leanItem),
    ...(missing && missing.length > 0 ? { missing } : {}),
  }
}

/** The domain's nearby answer in the MCP shape, with at most `limit` other stores. */
export function leanNearby(answer: ProductNearby, limit: number = NEARBY_LIMIT_DEFAULT): LeanNearby {
  const lean: LeanNearby = {
    origin: { lat: round5(answer.origin.lat), lng: round5(answer.origin.lng) },
    products: answer.products,
    ...(answer.matched !== null ? { matched: answer.matched } : {}),
    stores: answer.stores.slice(0, limit).map((entry) => leanStore(entry.store, entry.items, entry.missing)),
    asOf: answer.asOf,
  }
  if (answer.here) {
    lean.here = leanStore(answer.here.store, answer.here.items)
    if (answer.here.unknown) lean.here.unknown = answer.here.unknown
    if (answer.here.usualShelf) lean.here.usualShelf = leanShelf(answer.here.usualShelf)
  }
  if (answer.stores.length > limit) lean.moreStores = answer.stores.length - limit
  if (answer.note !== undefined) lean.note = answer.note
  if (answer.place !== undefined) lean.place = answer.place
  if (answer.hint !== undefined) lean.hint = answer.hint
  return lean
}

// --- image URLs: left out unless the caller asks (`includeImages`); a model cannot look at them ---

const imageless = <T extends { image: string | null }>({ image, ...rest }: T, keep: boolean): Omit<T, 'image'> & { image?: string } =>
  keep && image !== null ? { ...rest, image } : rest

const optionalImage = { image: z.string().url().optional().describe('Image URL; only with includeImages, when there is one.') }

// Derived from the specification's schemas, so a field added there reaches MCP too.
export const McpProductSearchResultSchema = ProductSearchResultSchema.extend({
  products: z.array(ProductSchema.omit({ image: true }).extend(optionalImage)),
})
export const McpCataloguePageSchema = CataloguePageSchema.extend({
  products: z.array(CatalogueProductSchema.omit({ image: true }).extend(optionalImage)),
})
export type McpProductSearchResult = z.infer<typeof McpProductSearchResultSchema>
export type McpCataloguePage = z.infer<typeof McpCataloguePageSchema>

export const withImagesIf = <T extends ProductSearchResult | CataloguePage>(
  answer: T,
  includeImages: boolean | undefined,
): Omit<T, 'products'> & { products: Array<Omit<T['products'][number], 'image'> & { image?: string }> } => ({
  ...answer,
  products: answer.products.map((product) => imageless(product, includeImages === true)),
})

/** The door's own argument of the product tools that carry images, and its hint. */
export const includeImagesArgument = {
  includeImages: z.boolean().optional().describe('true: add image URLs.'),
}
export const includeImagesHint = { includeImages: 'Send includeImages as true or false, or leave it out.' }
