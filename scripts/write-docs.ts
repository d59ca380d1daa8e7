// `npm run docs`: rewrites the README's generated blocks (between <!-- generated:NAME --> and
// <!-- /generated:NAME -->) from the code's own tables. test/habits/docs-in-sync.test.ts fails when
// a block is stale, so a change to the code's tables cannot ship with old documentation.
import { readFileSync, writeFileSync } from 'node:fs'
import { GENERATED_BLOCKS, replaceBlocks } from './generated-blocks.js'

const file = new URL('../README.md', import.meta.url)
const before = readFileSync(file, 'utf8')
const after = replaceBlocks(before, GENERATED_BLOCKS)
if (after !== before) writeFileSync(file, after)
process.stdout.write(after !== before ? 'README.md: generated blocks rewritten\n' : 'README.md: generated blocks already current\n')
