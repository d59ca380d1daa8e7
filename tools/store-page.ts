import { z } from 'zod'
import { PlaceUnderstoodSchema } from '../src/places/schema.js'
import { StoreSchema, type Store, type StoreSearchResult } from '../src/schemas.js'
import { round5 } from './lean.js'

/** One page of stores: the output of search_stores and search_nearby_stores. */
export const StorePageSchema = z
  .object({
    stores: z.array(StoreSchema).describe('Stores on this page, at most pageSize.'),
    hasMore: z.boolean().describe('True when the page is full, so more stores may exist on nextPage.'),
    nextPage: z.number().int().min(1).describe('Value to pass as currentPage for the next page.'),
    hint: z
      .string()
      .optional()
      .describe('When no store matched, what to try instead; when words of the keyword matched no store, which were left out.'),
    place: PlaceUnderstoodSchema.optional(),
  })
  .describe('One page of Daiso stores.')

/** A store with its coordinates to 5 decimals (about a metre): the upstream's 13 digits cost bytes and mean nothing. */
export const withRoundCoordinates = (store: Store): Store => ({ ...store, lat: round5(store.lat), lng: round5(store.lng) })

export function storePage(found: StoreSearchResult, currentPage: number): z.output<typeof StorePageSchema> {
  const page: z.output<typeof StorePageSchema> = {
    stores: found.stores.map(withRoundCoordinates),
    hasMore: found.hasMore,
    nextPage: currentPage + 1,
  }
  if (found.hint) page.hint = found.hint
  if (found.place) page.place = found.place
  return page
}
