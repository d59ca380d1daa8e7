import { z } from 'zod'
import { StoreSchema, fields } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'

export const getStore = defineTool({
  name: 'get_store',
  title: 'Get a store by code',
  description: [
    'Get one Daiso (다이소) store by its 5-digit code (as returned by search_stores or search_nearby_stores): `name`, `address` (Korean), `lat`/`lng` (WGS 84), `openTime`/`closeTime` (HH:MM, Korea time) and `openNow` (by posted hours; holidays not known).',
    'Fails with code not_found when no store has that code; find codes with search_stores.',
    'Next: search_products with the code as branchCode.',
  ].join('\n'),
  inputSchema: z.strictObject({
    branchCode: fields.branchCode().describe('5-digit store code from search_stores, e.g. 11199.'),
  }),
  outputSchema: StoreSchema,
  annotations: { title: 'Get a store by code', ...READ_ONLY },
  family: 'store',
  hints: {
    branchCode: 'Send branchCode, a 5-digit store code from search_stores (e.g. 11199).',
  },
  async run(service, input, { signal }) {
    return service.getStore(input.branchCode, { signal })
  },
})
