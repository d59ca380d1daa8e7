import { CHAIN_NAMES } from './stores/places.js'

/*
 * Product keywords as people type them. Store keywords are read in src/stores/keyword.ts; the chain's
 * names are the one table both share.
 */

/**
 * Question and filler words people type around a product ("물티슈 팔아?", "우산 있어요?"): none names a
 * product, and the catalogue matches the whole text, so each would make the search find nothing.
 */
const PRODUCT_FILLER_WORDS = new Set([
  '있어',
  '있어요',
  '있나',
  '있나요',
  '있니',
  '있음',
  '있을까',
  '있을까요',
  '있는지',
  '있습니까',
  '팔아',
  '팔아요',
  '파나요',
  '파니',
  '팔까',
  '팔까요',
  '팔',
  '파는',
  '판매',
  '재고',
  '사고',
  '살',
  '수',
  '싶어',
  '싶어요',
  '어디',
  '어디서',
  '어디에',
  '찾아줘',
  '찾아',
  '알려줘',
  '좀',
  '혹시',
  '에',
  '에서',
  '에는',
  '는',
  '도',
  '의',
  '제품',
  '상품',
  // What people say they want it for ("건전지가 필요해요", "우산 사려고요"); the particle on the product word is read off later.
  '필요',
  '필요해',
  '필요해요',
  '필요한데',
  '필요합니다',
  '사려고',
  '사려고요',
  '사러',
  '사야',
  '사야해',
  '사야해요',
  '구해요',
  '구매',
  '찾고',
  '찾고있어요',
  '찾는데',
  '찾아요',
  '찾습니다',
  '주세요',
  '있는',
  '있는데',
  '있는곳',
  '파는곳',
  '파는데',
  '어딨어',
  '어딨어요',
  '어디있어',
  '어디있어요',
  '근처',
  '근처에',
  // Where in the store ("건전지 몇 층에 있어요"): every answer gives the floor and zone anyway.
  '몇',
  '몇층',
  '몇층에',
  '층',
  '층에',
  '어느',
  '어느층',
  '위치',
  '어디쯤',
  // As agents and visitors ask in English: "do you have an umbrella", "I need batteries" (not "can": a trash can).
  'i',
  'need',
  'want',
  'looking',
  'for',
  'where',
  'buy',
  'find',
  'get',
  'do',
  'you',
  'have',
  'sell',
  'is',
  'are',
  'there',
  'any',
  'a',
  'an',
  'the',
  'some',
  'please',
  'near',
  'me',
  'nearby',
])

/**
 * A product keyword as people type it: the chain's name, question marks and question or filler words
 * taken out ("다이소 우산", "우산 있어?" and "물티슈 팔아요?" search the catalogue for 우산 and 물티슈).
 * Returns the empty string when nothing but those was typed.
 */
const CHAIN_NAME_PATTERN = new RegExp(CHAIN_NAMES.join('|'), 'gi')

export function productKeyword(raw: string): string {
  const words = raw
    .normalize('NFC')
    .replace(CHAIN_NAME_PATTERN, ' ')
    .replace(/[?？!！.,~]+/g, ' ')
    // "Where can I buy tape?": can before a pronoun asks; a can alone is a thing (trash can).
    .replace(/\bcan\s+(?=(?:i|you|we)\b)/gi, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !PRODUCT_FILLER_WORDS.has(word.toLowerCase()))
  return words.join(' ')
}
