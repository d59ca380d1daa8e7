import { readFileSync } from 'node:fs'

/**
 * The service's one identity: every door, document and card takes its name, title, summary and version
 * from here. The version is package.json's, found by walking up from this file, so it holds from the
 * sources (src/about.ts) and from the build (dist/src/about.js) alike.
 */
function readPackage(): { name: string; version: string; repository?: { url?: string } } {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@store-finder/store-finder' && pkg.version) return pkg as { name: string; version: string }
    } catch {
      // not here: one folder up
    }
    if (dir.pathname === '/') throw new Error('store-finder: its package.json was not found above src/about')
  }
}

const pkg = readPackage()

export const ABOUT = {
  /** The MCP server name, the CLI command, the skill and the host-config key. */
  name: 'store-finder',
  title: 'Store Finder',
  /** The HTTP API's title (OpenAPI, /developers, the Markdown documents). */
  apiTitle: 'Store Finder and In-Store Stock API',
  summary:
    'Daiso (다이소) Korea: find stores, the products in stock at a store with price, floor and zone, the catalogue, and which nearby stores have a product. Read-only and anonymous.',
  packageName: pkg.name,
  version: pkg.version,
  repository: 'https://github.com/store-finder/store-finder',
} as const

export const VERSION: string = ABOUT.version
