import t from 'tap'
import { readFileSync } from 'node:fs'
import { ENGLISH_TABLE_SOURCE, ENGLISH_WORDS } from '../../src/products/tables/english.js'
import { SYNONYM_GROUPS, SYNONYM_GROUPS_SOURCE } from '../../src/products/tables/synonyms.js'
import { PRODUCT_SECTIONS_SOURCE } from '../../src/products/tables/categories.js'

t.test('the English table holds at least 300 everyday words, each read as Korean', async (t) => {
  t.ok(ENGLISH_WORDS.size >= 300, `${ENGLISH_WORDS.size} entries`)
  for (const [english, korean] of ENGLISH_WORDS) {
    t.match(english, /^[a-z0-9][a-z0-9 '-]*$/, `${english}: lower case, singular`)
    t.ok(korean.length > 0 && korean.every((word) => /[\uac00-\ud7a3]|^[A-Z0-9]+$/.test(word)), `${english}: ${korean.join('/')}`)
  }
})

t.test('synonym groups have two words or more, written without spaces', async (t) => {
  t.ok(SYNONYM_GROUPS.length > 50)
  for (const group of SYNONYM_GROUPS) {
    t.ok(group.length >= 2)
    t.ok(group.every((word) => !/\s/.test(word)))
  }
})

t.test('each table says its source, licence and date, and the README attributes them', async (t) => {
  for (const source of [ENGLISH_TABLE_SOURCE, SYNONYM_GROUPS_SOURCE, PRODUCT_SECTIONS_SOURCE]) {
    t.equal(source.licence, 'CC0-1.0')
    t.match(source.date, /^\d{4}-\d{2}-\d{2}$/)
  }
  for (const file of ['src/products/tables/english.ts', 'src/products/tables/synonyms.ts', 'src/products/tables/categories.ts']) {
    t.match(readFileSync(file, 'utf8').slice(0, 600), /Source: .*Licence: CC0-1\.0.*Date: \d{4}-\d{2}-\d{2}/s, file)
  }
  const readme = readFileSync('README.md', 'utf8')
  t.match(readme, /src\/products\/tables\/english\.ts/)
  t.match(readme, /src\/products\/tables\/synonyms\.ts/)
  t.match(readme, /src\/products\/tables\/categories\.ts/)
})
