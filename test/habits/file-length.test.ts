import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'

const root = join(import.meta.dirname, '../..')
const LIMIT = 450

/**
 * The reviewed exceptions: each file holds one idea that reads best whole. Adding a file here is a
 * change a reviewer sees; a file that shrinks below the limit leaves the list (the test says so).
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['http/docs/markdown.ts', "the Markdown documents' text (guide, llms.txt, skill, auth): prose, one function per document"],
  ['simulator/data.ts', "the simulator's deterministic data generator: stores, products, stock and placement from one seed"],
  ['simulator/data/regions.ts', 'data: the districts, neighbourhoods and roads the simulated stores are placed in'],
  ['simulator/data/vocabulary.ts', 'data: the product categories, words and colours the simulated catalogue is made of'],
  ['src/products/tables/english.ts', 'data: the English product words, one a line, and the Korean each is read as'],
  [
    'src/products/tables/japanese.ts',
    'data (generated from EDICT): the Japanese product words, one a line, and the English word each is read as',
  ],
])

const sources = execFileSync('git', ['ls-files', '*.ts', '*.js'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.startsWith('test/') && !file.startsWith('fixtures/'))
const lengthOf = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length

t.test(`no source file is over ${LIMIT} lines outside the reviewed allowlist`, async (t) => {
  t.ok(sources.length > 50)
  for (const file of sources) {
    const lines = lengthOf(file)
    if (lines > LIMIT) t.ok(ALLOWED.has(file), `${file} has ${lines} lines: split it, or add it to ALLOWED with its one idea`)
  }
})

t.test('every allowlisted file still exists and still needs its exception', async (t) => {
  for (const file of ALLOWED.keys()) {
    t.ok(sources.includes(file), `${file} is listed but not in the repository`)
    if (sources.includes(file)) t.ok(lengthOf(file) > LIMIT, `${file} is ${lengthOf(file)} lines now: remove it from ALLOWED`)
  }
})
