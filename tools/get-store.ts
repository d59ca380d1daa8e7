import { bind } from '../src/inputs.js'
import { getStore as getStoreOperation } from '../src/operations.js'
import { StoreSchema } from '../src/schemas.js'
import { READ_ONLY, defineTool } from './definition.js'
import { MCP_VOCABULARY } from './vocabulary.js'

export const getStore = defineTool({
  name: 'get_store',
  title: 'Get a store by code',
  description: [
    'Get one Daiso (다이소) store by its 5-digit code (as returned by search_stores or search_nearby_stores): `name`, `address` (Korean), `lat`/`lng` (WGS 84), `openTime`/`closeTime` (HH:MM, Korea time) and `openNow` (by posted hours; holidays not known).',
    'Fails with code not_found when no store has that code; find codes with search_stores.',
    'Next: search_products with the code as branchCode.',
  ].join('\n'),
  input: bind(getStoreOperation, MCP_VOCABULARY, { strict: true }),
  outputSchema: StoreSchema,
  annotations: { title: 'Get a store by code', ...READ_ONLY },
  async run(service, input, { signal }) {
    return service.getStore(input.storeCode, { signal })
  },
})
