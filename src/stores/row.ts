import { z } from 'zod'
import type { CopyKind } from '../kept/copy.js'
import type { RowCheck } from '../kept/plausible.js'
import type { UpstreamStore } from '../upstream/port.js'
import { FACILITIES } from './facilities.js'

/**
 * A store as it is persisted (the directory's disk and Redis copies, the fleet's cache entries) and read
 * back: one schema, so a copy written by another version, truncated or garbled is refused row by row rather
 * than served through a cast. The fields are the domain's own (src/upstream/schemas.ts turns the wire's
 * into them); a field added to the store is added here, and a row without it is no longer read as a store.
 */
export const StoredStoreSchema = z.object({
  code: z.string().regex(/^[0-9A-Za-z]+$/),
  name: z.string().min(1),
  address: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  openTime: z.string(),
  closeTime: z.string(),
  distanceKm: z.number().nullable(),
  total: z.number().int().nullable(),
  facilities: z.array(z.enum(FACILITIES)).optional(),
  holidayDate: z.string().nullable().optional(),
})
export type StoredStore = z.infer<typeof StoredStoreSchema>

export const StoredStoresSchema = z.array(StoredStoreSchema)

/** A field added to the domain's store does not compile here until the persisted row has it too, and back. */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false
const ROW_HAS_EVERY_FIELD: SameKeys<StoredStore, UpstreamStore> = true
void ROW_HAS_EVERY_FIELD

/** The persisted row of a domain store; the whole row, so reading it back gives the same store. */
export function rowFromStore(store: UpstreamStore): StoredStore {
  const row: StoredStore = {
    code: store.code,
    name: store.name,
    address: store.address,
    lat: store.lat,
    lng: store.lng,
    openTime: store.openTime,
    closeTime: store.closeTime,
    distanceKm: store.distanceKm,
    total: store.total,
  }
  if (store.facilities !== undefined) row.facilities = store.facilities
  if (store.holidayDate !== undefined) row.holidayDate = store.holidayDate
  return row
}

/** A persisted row read back as a domain store, or undefined when it is not one (another format, a garbled copy). */
export function storeFromRow(value: unknown): UpstreamStore | undefined {
  const parsed = StoredStoreSchema.safeParse(value)
  return parsed.success ? storeOf(parsed.data) : undefined
}

/** Persisted rows read back as domain stores, or undefined when any row is not one: a copy is used whole or not at all. */
export function storesFromRows(value: unknown): UpstreamStore[] | undefined {
  const parsed = StoredStoresSchema.safeParse(value)
  return parsed.success ? parsed.data.map(storeOf) : undefined
}

function storeOf(row: StoredStore): UpstreamStore {
  const store: UpstreamStore = {
    code: row.code,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    openTime: row.openTime,
    closeTime: row.closeTime,
    distanceKm: row.distanceKm,
    total: row.total,
  }
  if (row.facilities !== undefined) store.facilities = row.facilities
  if (row.holidayDate !== undefined) store.holidayDate = row.holidayDate
  return store
}

/** What the directory keeps beside the rows: the upstream's own count at the crawl. */
export const StoreCopyMeta = z.object({ total: z.number().int().nonnegative() })

/**
 * The store directory's copies. Version 2: the checked envelope (src/kept/copy.ts); version 1 was
 * `{format: 1, builtAt, total, stores}`, read by casts, and is refused (and rebuilt) now.
 */
export const STORE_COPY: CopyKind<UpstreamStore, z.output<typeof StoreCopyMeta>> = {
  format: 'store-directory',
  version: 2,
  row: StoredStoreSchema,
  meta: StoreCopyMeta,
}

/** A store has a code and a place: (0, 0) is what a row without coordinates turns into. */
export const STORE_ROW_CHECK: RowCheck<UpstreamStore> = {
  keyOf: (store) => store.code || undefined,
  located: (store) => Number.isFinite(store.lat) && Number.isFinite(store.lng) && !(store.lat === 0 && store.lng === 0),
  same: (a, b) => a.name === b.name && a.address === b.address && a.lat === b.lat && a.lng === b.lng,
}
