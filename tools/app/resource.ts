import type { McpServer } from '@modelcontextprotocol/server'
import { viewHtml } from './html.js'
import { APP_VIEW_MIME_TYPE, APP_VIEW_URI } from './meta.js'

/**
 * Lists and serves the view (resources/list, resources/read), from memory. No `csp` in its `_meta.ui`:
 * the view needs no other origin, so hosts apply the spec's restrictive default policy.
 */
export function installAppView(server: McpServer): void {
  server.registerResource(
    'store-finder-nearby-view',
    APP_VIEW_URI,
    {
      title: 'Store Finder: stores, stock and shelf',
      description:
        'The MCP Apps view for find_product_nearby (the answer card with stock, floor and zone and hours, the nearby stores, a schematic map) and search_nearby_stores (the stores on the map).',
      mimeType: APP_VIEW_MIME_TYPE,
    },
    async () => ({
      contents: [
        {
          uri: APP_VIEW_URI,
          mimeType: APP_VIEW_MIME_TYPE,
          text: await viewHtml(),
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    }),
  )
}
