import { z } from 'zod'
import { PLACE_KINDS } from './gazetteer.js'

const PlaceFields = {
  name: z.string().describe('The place, in Korean.'),
  nameEn: z.string().describe('The place, in English.'),
  kind: z.enum(PLACE_KINDS).describe('station, landmark, province, city, district or town.'),
  category: z.string().optional().describe('For a landmark: palace, beach, market, university, mall, airport, terminal, stadium, park, street, area …'),
  latitude: z.number().describe('Latitude, WGS 84 (approximate: a centroid or the place itself).'),
  longitude: z.number().describe('Longitude, WGS 84.'),
  within: z.string().optional().describe('The province (and city) a district lies in.'),
  lines: z.array(z.string()).optional().describe("A station's lines."),
}

/** The place a keyword or `near` was read as, so an agent or a person can confirm it. */
export const PlaceUnderstoodSchema = z
  .object({
    ...PlaceFields,
    read: z.string().optional().describe('The name as read, when a typing slip was forgiven (헤운대 → 해운대).'),
    others: z
      .array(z.object(PlaceFields))
      .optional()
      .describe('Other places of the same name, most likely first: add the city or line to choose one.'),
  })
  .describe('The place the search understood, and the distances are from.')
export type PlaceUnderstood = z.infer<typeof PlaceUnderstoodSchema>
