/*
 * The MCP Apps view (the io.modelcontextprotocol/ui extension, SEP-1865, apps spec 2026-01-26): its
 * URI, media type and the metadata that links a tool to it. No I/O here, so tool definitions can import it.
 *
 * The strings are the ones @modelcontextprotocol/ext-apps exports (RESOURCE_MIME_TYPE, EXTENSION_ID,
 * RESOURCE_URI_META_KEY); test/tools/app/resource.test.ts holds them equal. The package itself is a
 * development dependency only: its server helper is one line over registerResource, and depending on it
 * at run time would bring its required peer @modelcontextprotocol/client (about 7 MB) into every install.
 */

/** Versioned: hosts cache view shells by URI, so a change that old shells cannot render gets a new one. */
export const APP_VIEW_URI = 'ui://store-finder/nearby-v1.html'
export const APP_VIEW_MIME_TYPE = 'text/html;profile=mcp-app'
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui'
/** The flat key older hosts read (deprecated in the apps spec, still what ext-apps' registerAppTool fills in). */
const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri'

/** `_meta` of a tool whose results the view renders (find_product_nearby, search_nearby_stores): tools/list, never the result. */
export const APP_VIEW_TOOL_META = {
  ui: { resourceUri: APP_VIEW_URI },
  [LEGACY_RESOURCE_URI_KEY]: APP_VIEW_URI,
} as const

/** What the server declares under `capabilities.extensions`; hosts such as Claude render nothing without it. */
export const UI_EXTENSION_CAPABILITY = { [UI_EXTENSION_ID]: { mimeTypes: [APP_VIEW_MIME_TYPE] } }
