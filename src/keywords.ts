/**
 * Understanding store keywords as people and agents type them. The upstream matches one substring
 * against name and address with no whitespace normalisation (docs/upstream-protocol.md §4.1), so
 * "다이소 강남역점", "강남역 다이소", "홍대입구역 근처" or "부산 해운대" find nothing there as typed.
 * Here a keyword becomes words (chain names and filler dropped), each with the spellings it may take
 * in a store name, and a short plan of upstream queries, most selective first.
 */

/** The chain's own names: a store name never carries them, so they only get in the way. Longest first. */
const CHAIN_NAMES = ['다이소몰', '다이소', 'daisomall', 'daiso', 'ダイソー']

/** Words that say "a store near …" rather than where. */
const FILLER_WORDS = new Set([
  '근처',
  '주변',
  '부근',
  '인근',
  '근방',
  '매장',
  '지점',
  '점포',
  '가게',
  '쪽',
  '앞',
  '안',
  '어디',
  '위치',
  '찾기',
  '찾아줘',
  '알려줘',
  '있는',
  '가까운',
  '제일',
  '가장',
  '가까이',
  '에서',
  '의',
  '점',
])
/** The same words glued to a place ("홍대입구역근처", "강남역에서"). */
const FILLER_SUFFIXES = ['근처', '주변', '부근', '인근', '근방', '매장', '지점', '에서', '쪽']

/** Short province names as people write them, and how addresses spell them (a Map: the key is the caller's word). */
const REGION_SPELLINGS = new Map<string, string[]>(
  Object.entries({
    서울: ['서울특별시'],
    부산: ['부산광역시'],
    대구: ['대구광역시'],
    인천: ['인천광역시'],
    광주: ['광주광역시', '광주 '],
    대전: ['대전광역시'],
    울산: ['울산광역시'],
    세종: ['세종특별자치시'],
    경기: ['경기도'],
    강원: ['강원특별자치도', '강원도'],
    충북: ['충청북도'],
    충남: ['충청남도'],
    전북: ['전북특별자치도', '전라북도'],
    전남: ['전라남도'],
    경북: ['경상북도'],
    경남: ['경상남도'],
    제주: ['제주특별자치도'],
  }),
)

/** A word that names a province or city is the least selective thing to send upstream. */
const REGION_WORD = /^(서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주|충청|전라|경상)/

export interface KeywordWord {
  /** The word as the caller meant it, normalised ("강남역"). */
  text: string
  /** Spellings a store's name or address may carry for it, `text` first ("홍대입구역" → "홍대입구"). */
  forms: string[]
}

export interface StoreKeyword {
  /** The keyword as received. */
  raw: string
  /** Words left after chain names and filler are dropped; empty when nothing but those was typed. */
  words: KeywordWord[]
}

/** How a store matched, best first: the order results are ranked in. */
export const MatchRank = { ExactName: 0, NamePrefix: 1, NameContains: 2, AddressOnly: 3 } as const
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank]

const squash = (text: string): string => text.normalize('NFC').replace(/\s+/g, '').toLowerCase()

export function parseStoreKeyword(raw: string): StoreKeyword {
  let text = raw.normalize('NFC').toLowerCase()
  for (const name of CHAIN_NAMES) text = text.split(name).join(' ')
  const tokens = text
    .replace(/["'“”‘’`,.!?·()[\]{}<>~]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '')
  // "강남 역" is one place written apart.
  const joined: string[] = []
  for (const token of tokens) {
    if ((token === '역' || token === '점' || token === '본점') && joined.length > 0) joined[joined.length - 1] += token
    else joined.push(token)
  }
  const words: KeywordWord[] = []
  for (const token of joined) {
    const word = stripFillerSuffix(token)
    if (word === '' || FILLER_WORDS.has(word)) continue
    if (words.some((w) => w.text === word)) continue
    words.push({ text: word, forms: formsOf(word) })
  }
  return { raw, words }
}

function stripFillerSuffix(token: string): string {
  for (const suffix of FILLER_SUFFIXES) {
    if (token.length > suffix.length + 1 && token.endsWith(suffix)) return token.slice(0, -suffix.length)
  }
  return token
}

/**
 * "홍대입구역" names 홍대입구점; "명동역" names 명동본점; "강남점" names 강남역점 as often as not. Each
 * form drops one suffix; two-character stems are kept ("역삼역" → "역삼"), one-character ones are not.
 */
function formsOf(word: string): string[] {
  const forms = [word]
  let stem = word
  for (const suffix of ['본점', '점', '역']) {
    if (stem.length > suffix.length + 1 && stem.endsWith(suffix)) {
      stem = stem.slice(0, -suffix.length)
      forms.push(stem)
    }
  }
  const region = REGION_SPELLINGS.get(word)
  if (region) forms.push(...region.map((r) => r.trim()))
  return forms
}

/** Province and city names match half the country; station and store names few stores. */
function selectivity(word: KeywordWord): number {
  let score = word.text.length
  if (REGION_WORD.test(word.text) && word.text.length <= 5) score -= 10
  if (/(시|도|군)$/.test(word.text)) score -= 5
  if (/(역|점|동|로|길)$/.test(word.text)) score += 5
  return score
}

/**
 * What to send upstream, in order, at most `limit` queries: the most selective word as typed, then its
 * shorter forms, then all words run together ("안산 중앙역" → "안산중앙역"), then the next word.
 */
export function queryPlan(keyword: StoreKeyword, limit = 3): string[] {
  const bySelectivity = [...keyword.words].sort((a, b) => selectivity(b) - selectivity(a))
  const plan: string[] = []
  const add = (query: string) => {
    if (query !== '' && !plan.includes(query) && plan.length < limit) plan.push(query)
  }
  const [first, ...rest] = bySelectivity
  if (!first) return plan
  add(first.text)
  for (const form of first.forms.slice(1)) if (!REGION_SPELLINGS.has(first.text)) add(form)
  if (keyword.words.length > 1) add(keyword.words.map((w) => w.text).join(''))
  for (const word of rest) add(word.text)
  return plan
}

/** Whether a store carries every word of the keyword (in any of its forms) in its name and address. */
export function matchesAll(keyword: StoreKeyword, store: { name: string; address: string }): boolean {
  const haystack = squash(`${store.name}${store.address}`)
  return keyword.words.every((word) => word.forms.some((form) => haystack.includes(squash(form))))
}

/** Exact and prefix matches on the store name rank first, then name matches, then address-only ones. */
export function matchRank(keyword: StoreKeyword, store: { name: string }): MatchRank {
  const name = squash(store.name)
  let best: MatchRank = MatchRank.AddressOnly
  // "부산 해운대" names 부산해운대점 better than any one of its words does.
  const joined = keyword.words.length > 1 ? [{ text: '', forms: [keyword.words.map((w) => w.text).join('')] }] : []
  for (const word of [...joined, ...keyword.words]) {
    for (const form of word.forms) {
      const f = squash(form)
      if (name === f || name === `${f}점` || name === `${f}본점` || name === `${f}역점`) return MatchRank.ExactName
      if (name.startsWith(f)) best = MatchRank.NamePrefix
      else if (name.includes(f) && best > MatchRank.NameContains) best = MatchRank.NameContains
    }
  }
  return best
}

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
    .split(/\s+/)
    .filter((word) => word !== '' && !PRODUCT_FILLER_WORDS.has(word))
  return words.join(' ')
}
