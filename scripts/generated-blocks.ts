import { hostSetupMarkdown, oneLineDesktopSnippet } from '../http/docs/hosts.js'
import { simulatorConfigurationTable } from '../simulator/main.js'
import { configurationTable } from '../src/config-table.js'
import { errorCatalogueTable } from '../src/errors.js'
import { mcpToolsTable, restOperationsTable } from './reference-tables.js'

/**
 * The documentation's generated blocks, by file: each is the code's own table, so a document cannot
 * drift from it. `npm run docs` rewrites them; test/habits/docs-in-sync.test.ts fails when one is stale.
 */
export const GENERATED_BLOCKS: Record<string, Record<string, () => string | Promise<string>>> = {
  'docs/rest.md': { operations: restOperationsTable, errors: errorCatalogueTable },
  'docs/operations.md': { configuration: configurationTable, 'simulator-configuration': simulatorConfigurationTable },
  'docs/mcp.md': { tools: mcpToolsTable, hosts: () => hostSetupMarkdown('http://localhost:3000/api/mcp', '###').trimEnd() },
  'README.md': { 'desktop-snippet': () => ['```json', oneLineDesktopSnippet(), '```'].join('\n') },
}

const blockPattern = (name: string) => new RegExp(`(<!-- generated:${name} -->\\n)([\\s\\S]*?)(\\n<!-- /generated:${name} -->)`)

/** The text inside a block, or null when the markers are missing. */
export function readBlock(text: string, name: string): string | null {
  return blockPattern(name).exec(text)?.[2] ?? null
}

export async function replaceBlocks(
  text: string,
  blocks: Record<string, () => string | Promise<string>>,
  file = 'the document',
): Promise<string> {
  let out = text
  for (const [name, render] of Object.entries(blocks)) {
    if (readBlock(out, name) === null) throw new Error(`${file} has no <!-- generated:${name} --> block`)
    const body = await render()
    out = out.replace(blockPattern(name), (_all, open: string, _body: string, close: string) => `${open}${body}${close}`)
  }
  return out
}
