import { bind } from '../../src/inputs.js'
import { getStore as getStoreOperation } from '../../src/operations.js'
import { StoreSchema } from '../../src/schemas.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { renderStore } from '../render.js'
import { withRoundCoordinates } from '../store-page.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const getStore = defineTool({
  name: TOOL_NAMES.getStore,
  title: 'Get a store by code',
  description: [
    'One Daiso (다이소) store by its 5-digit code: name, address, coordinates, hours (Korea time), openNow (posted hours; holidays unknown).',
  ].join('\n'),
  input: bind(getStoreOperation, MCP_VOCABULARY, { misnames: MCP_MISNAMES, strict: true }),
  outputSchema: StoreSchema,
  annotations: { title: 'Get a store by code', ...READ_ONLY },
  async run(service, input, { signal }) {
    return withRoundCoordinates(await service.getStore(input.storeCode, { signal }))
  },
  render: renderStore,
})
