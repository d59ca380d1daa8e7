import { bind } from '../../src/inputs.js'
import { findProductNearby as findProductNearbyOperation } from '../../src/operations.js'
import { z } from 'zod'
import { LIMITS } from '../../src/schemas.js'
import { LeanNearbySchema, NEARBY_LIMIT_DEFAULT, NEARBY_LIMIT_MAX, leanNearby } from '../lean.js'
import { renderNearby } from '../render.js'
import { APP_VIEW_TOOL_META } from '../app/meta.js'
import { READ_ONLY, defineTool } from '../definition.js'
import { MCP_MISNAMES, MCP_VOCABULARY, TOOL_NAMES } from '../vocabulary.js'

export const findProductNearby = defineTool({
  name: TOOL_NAMES.findProductNearby,
  title: 'Find a product nearby',
  description: [
    'Does this Daiso (다이소) store have a product, and if not which nearby store does, on which floor, open now? One call, for a word (우산) or product number.',
    `Checks the best ${Math.floor(LIMITS.stockPairsPerCall / (LIMITS.nearbyStoresScanned + 1))} matches (\`products\`; \`matched\` = all) at the ${LIMITS.nearbyStoresScanned} nearest stores. \`here\`: the asked store's items in stock (\`unknown\`: stock unread, not sold out). \`stores\`: the nearest others with any.`,
  ].join('\n'),
  input: bind(findProductNearbyOperation, MCP_VOCABULARY, {
    misnames: MCP_MISNAMES,
    strict: true,
    extra: {
      limit: z.number().int().min(1).max(NEARBY_LIMIT_MAX).default(NEARBY_LIMIT_DEFAULT).describe('Other stores with stock to list.'),
    },
    doorHints: { limit: `Send limit as a whole number from 1 to ${NEARBY_LIMIT_MAX}, or leave it out (${NEARBY_LIMIT_DEFAULT}).` },
  }),
  outputSchema: LeanNearbySchema,
  annotations: { title: 'Find a product nearby', ...READ_ONLY },
  // Hosts with MCP Apps render the result in the view; the text answer stays complete without it.
  _meta: APP_VIEW_TOOL_META,
  async run(service, input, { signal }) {
    return leanNearby(await service.findProductNearby(input, { signal }), input.limit)
  },
  render: renderNearby,
})
