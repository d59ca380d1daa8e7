import type { ProductIndex } from './port.js'
import { productMatcher } from './search.js'
import { PRODUCT_SECTIONS, type ProductSection } from './tables/categories.js'

/**
 * "Not sold" told apart from "try another word" (#30): a keyword that matches no product but names a
 * section of the catalogue (주방용품, stationery, pet supplies) asks for a kind of thing the chain sells, so
 * the hint suggests product words of that section instead of saying the chain does not sell it.
 */
export interface SectionNamed {
  /** The section, as a shelf sign names it (주방). */
  name: string
  /** Product words of it the product index holds (none without a usable index). */
  examples: string[]
}

const squash = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\-_/·.,]+/g, '')

/** Words that only say "goods of" after a section's name: 욕실용품 is 욕실, kitchen supplies is kitchen. */
const GENERIC_TAIL = /(?:용품|제품|류|supplies|goods|products|items|stuff)$/

const BY_WORD: ReadonlyMap<string, ProductSection> = (() => {
  const map = new Map<string, ProductSection>()
  for (const section of PRODUCT_SECTIONS) for (const word of section.words) map.set(squash(word), section)
  return map
})()

function sectionOfWord(word: string): ProductSection | undefined {
  const squashed = squash(word)
  if (squashed === '') return undefined
  const exact = BY_WORD.get(squashed)
  if (exact) return exact
  const stem = squashed.replace(GENERIC_TAIL, '')
  return stem !== squashed && stem !== '' ? BY_WORD.get(stem) : undefined
}

/** The section a keyword names, as a whole or by one of its words; undefined when it names none. */
export function sectionNamed(keyword: string, index: ProductIndex | undefined): SectionNamed | undefined {
  const section =
    sectionOfWord(keyword) ??
    keyword
      .split(/\s+/)
      .map(sectionOfWord)
      .find((found) => found !== undefined)
  if (!section) return undefined
  const usable = index !== undefined && index.usable()
  const matcher = usable ? productMatcher(index.products()) : undefined
  const examples = matcher
    ? section.examples.filter((example) => {
        const reading = matcher.read(example)
        return reading.products.length > 0 && reading.ignored.length === 0
      })
    : []
  return { name: section.name, examples }
}
