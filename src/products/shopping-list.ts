import { japaneseList } from './foreign-words.js'
import { koreanList } from './korean-words.js'

/** A shopping list holds at most this many items. */
export const MAX_SHOPPING_ITEMS = 5

/**
 * Items of a shopping list are separated by commas (also 、，; and +), by "and" or "&" between English words,
 * by と or や between Japanese ones (傘と電池), and the Korean way (우산이랑 건전지, 컵하고 접시, 그리고: see
 * ./korean-words.ts); spaces separate words of one item. An English item's article goes (a power strip).
 */
export function splitShoppingList(raw: string): string[] {
  return raw
    .split(/[,，、;+]|\s+(?:and|&)\s+/i)
    .flatMap((item) => japaneseList(item.trim()))
    .flatMap((item) => koreanList(item))
    .map((item) => item.trim().replace(/^(?:a|an|the|some)\s+(?=[a-z])/i, ''))
    .filter((item) => item !== '')
}
