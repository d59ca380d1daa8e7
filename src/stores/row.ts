import { z } from 'zod'
import type { CopyKind } from '../kept/copy.js'
import type { RowCheck } from '../kept/plausible.js'
import type { UpstreamStore } from '../upstream/port.js'
import { FACILITIES } from './facilities.js'

/**
 * A store row as the directory keeps it on disk and in the fleet's Redis (the domain's UpstreamStore,
 * not the upstream's wire row): checked field by field when a copy is read, never cast.
 */
export const StoredStoreRow = z.object({
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
}) satisfies z.ZodType<UpstreamStore>

/** What the directory keeps beside the rows: the upstream's own count at the crawl. */
export const StoreCopyMeta = z.object({ total: z.number().int().nonnegative() })

/**
 * The store directory's copies. Version 2: the checked envelope (src/kept/copy.ts); version 1 was
 * `{format: 1, builtAt, total, stores}`, read by casts, and is refused (and rebuilt) now.
 */
export const STORE_COPY: CopyKind<UpstreamStore, z.output<typeof StoreCopyMeta>> = {
  format: 'store-directory',
  version: 2,
  row: StoredStoreRow,
  meta: StoreCopyMeta,
}

/** A store has a code and a place: (0, 0) is what a row without coordinates turns into. */
export const STORE_ROW_CHECK: RowCheck<UpstreamStore> = {
  keyOf: (store) => store.code || undefined,
  located: (store) => Number.isFinite(store.lat) && Number.isFinite(store.lng) && !(store.lat === 0 && store.lng === 0),
  same: (a, b) => a.name === b.name && a.address === b.address && a.lat === b.lat && a.lng === b.lng,
}
