import { errorCatalogueTable } from '../src/errors.js'

/** What each generated block of the README holds. */
export const GENERATED_BLOCKS: Record<string, () => string> = {
  errors: errorCatalogueTable,
}

const blockPattern = (name: string) => new RegExp(`(<!-- generated:${name} -->\\n)([\\s\\S]*?)(\\n<!-- /generated:${name} -->)`)

/** The text inside a block, or null when the markers are missing. */
export function readBlock(text: string, name: string): string | null {
  return blockPattern(name).exec(text)?.[2] ?? null
}

export function replaceBlocks(text: string, blocks: Record<string, () => string>): string {
  let out = text
  for (const [name, render] of Object.entries(blocks)) {
    if (readBlock(out, name) === null) throw new Error(`README.md has no <!-- generated:${name} --> block`)
    out = out.replace(blockPattern(name), (_all, open: string, _body: string, close: string) => `${open}${render()}${close}`)
  }
  return out
}
