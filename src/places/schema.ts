import { z } from 'zod'
import type { PlaceKind } from './gazetteer.js'

/** One place as an answer names it. */
export interface PlaceDescribed {
  name: string
  nameEn: string
  kind: PlaceKind
  category?: string
  latitude: number
  longitude: number
  within?: string
  lines?: string[]
}

/** The place a keyword or `near` was read as, so an agent or a person can confirm it. */
export interface PlaceUnderstood extends PlaceDescribed {
  /** The name as read, when a typing slip was forgiven (헤운대 → 해운대). */
  read?: string
  /** Other places of the same name, most likely first. */
  others?: PlaceDescribed[]
}

/**
 * Declared as an object whose fields are said in words: every tool's output schema goes to every MCP connection
 * (tools/list stays within 12 KB), so the fields are described here and in the docs rather than declared on
 * three tools; the server still checks that a place has its name and position.
 */
export const PlaceUnderstoodSchema = z
  .looseObject({})
  .refine((v) => typeof v['name'] === 'string' && typeof v['latitude'] === 'number' && typeof v['longitude'] === 'number', {
    message: 'a place has a name, latitude and longitude',
  })
  // Its fields are described in docs/rest.md (Places), not here: tools/list carries this three times.
  .describe('The place understood: name, nameEn, kind, latitude, longitude, others (same name).') as unknown as z.ZodType<PlaceUnderstood>
