// `npm run docs`: rewrites the generated blocks of the documentation (between <!-- generated:NAME -->
// and <!-- /generated:NAME -->) from the code's own tables.
import { readFileSync, writeFileSync } from 'node:fs'
import { GENERATED_BLOCKS, replaceBlocks } from './generated-blocks.js'

for (const [path, blocks] of Object.entries(GENERATED_BLOCKS)) {
  const file = new URL(`../${path}`, import.meta.url)
  const before = readFileSync(file, 'utf8')
  const after = await replaceBlocks(before, blocks, path)
  if (after !== before) writeFileSync(file, after)
  process.stdout.write(`${path}: ${after !== before ? 'generated blocks rewritten' : 'generated blocks already current'}\n`)
}
