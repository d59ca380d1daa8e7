import t from 'tap'
import { sectionNamed } from '../../src/products/sections.js'
import { PRODUCT_SECTIONS } from '../../src/products/tables/categories.js'
import { MemoryProductIndex, simulatorCatalogue } from '../helpers/product-index.js'

// "Not sold" told apart from "try another word" (#30): a keyword that names a section of the catalogue is
// a kind of thing the chain sells; the hint then suggests product words of it that the index holds.

const index = new MemoryProductIndex(simulatorCatalogue())

t.test('a section named as a whole, with a "goods" tail, in English, or by one word of the keyword', async (t) => {
  for (const [keyword, section] of [
    ['주방용품', '주방'],
    ['주방 용품', '주방'],
    ['문구류', '문구'],
    ['stationery', '문구'],
    ['Kitchen Supplies', '주방'],
    ['pet supplies', '반려동물'],
    ['욕실제품', '욕실'],
    ['저렴한 문구', '문구'],
  ] as const) {
    t.equal(sectionNamed(keyword, index)?.name, section, `${keyword} → ${section}`)
  }
})

t.test('a product word, or a thing the chain does not sell, names no section', async (t) => {
  for (const keyword of ['진통제', 'painkiller', '감기약', '우산', '금괴', '용품', 'supplies']) {
    t.equal(sectionNamed(keyword, index), undefined, keyword)
  }
})

t.test('suggested product words are the ones the index holds, none without a usable index', async (t) => {
  const stationery = sectionNamed('문구', index)
  t.ok(stationery && stationery.examples.length > 0, 'examples from the index')
  for (const example of stationery?.examples ?? []) {
    t.ok(
      index.products().some((p) => p.name.replace(/\s/g, '').includes(example.replace(/\s/g, ''))),
      `${example}: a product named with it`,
    )
  }
  const without = new MemoryProductIndex(simulatorCatalogue().filter((p) => !p.name.includes('볼펜')))
  t.notOk(sectionNamed('문구', without)?.examples.includes('볼펜'), 'a word no product has is not suggested')
  t.same(sectionNamed('문구', undefined), { name: '문구', examples: [] })
})

t.test('each section has words and examples; no word names two sections', async (t) => {
  const seen = new Map<string, string>()
  for (const section of PRODUCT_SECTIONS) {
    t.ok(section.words.length > 0 && section.examples.length > 0, section.name)
    for (const word of section.words) {
      const key = word.toLowerCase().replace(/\s/g, '')
      t.notOk(seen.has(key) && seen.get(key) !== section.name, `${word}: one section`)
      seen.set(key, section.name)
    }
  }
})
