import type { Facility } from './facilities.js'

/**
 * The small tables the directory search reads: how provinces are written, the everyday short names of
 * places, and the words people add that say nothing about where. docs/rest.md lists what they cover.
 */

/** Each province or metropolitan city: its canonical short name and every form addresses and people use. */
export const PROVINCES: ReadonlyArray<readonly [canonical: string, forms: readonly string[]]> = [
  ['서울', ['서울특별시', '서울시', '서울']],
  ['부산', ['부산광역시', '부산시', '부산']],
  ['대구', ['대구광역시', '대구시', '대구']],
  ['인천', ['인천광역시', '인천시', '인천']],
  ['광주', ['광주광역시', '광주']],
  ['대전', ['대전광역시', '대전시', '대전']],
  ['울산', ['울산광역시', '울산시', '울산']],
  ['세종', ['세종특별자치시', '세종시', '세종']],
  ['경기', ['경기도', '경기']],
  ['강원', ['강원특별자치도', '강원도', '강원']],
  ['충북', ['충청북도', '충북']],
  ['충남', ['충청남도', '충남']],
  ['전북', ['전북특별자치도', '전라북도', '전북']],
  ['전남', ['전라남도', '전남']],
  ['경북', ['경상북도', '경북']],
  ['경남', ['경상남도', '경남']],
  ['제주', ['제주특별자치도', '제주도', '제주']],
]

const PROVINCE_BY_FORM = new Map<string, string>(PROVINCES.flatMap(([canonical, forms]) => forms.map((f) => [f, canonical] as const)))
/** Longest first, so 서울특별시 is split off before 서울. */
const PROVINCE_FORMS_LONGEST_FIRST = [...PROVINCE_BY_FORM.keys()].sort((a, b) => b.length - a.length)

/** The canonical province for any way of writing it ("제주도" → 제주), or undefined. */
export function provinceOf(word: string): string | undefined {
  return PROVINCE_BY_FORM.get(word)
}

/** "서울강남" → ["서울", "강남"]: a province glued in front of a place; undefined when there is none. */
export function splitGluedProvince(word: string): [string, string] | undefined {
  for (const form of PROVINCE_FORMS_LONGEST_FIRST) {
    if (word.startsWith(form) && word.length - form.length >= 2) return [form, word.slice(form.length)]
  }
  return undefined
}

/**
 * Everyday short names of places that no store name or address carries as typed. Each maps to what the
 * directory does carry. Kept small on purpose: each entry is a place people name daily in its short form.
 */
export const SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  가디: ['가산디지털단지'],
  고터: ['고속터미널'],
  홍대: ['홍대입구'],
  건대: ['건대입구'],
  서울대: ['서울대입구'],
  남터: ['남부터미널'],
  광안리: ['광안'],
  해운대해수욕장: ['해운대'],
  동대문시장: ['동대문'],
  디큐브: ['디큐브시티'],
  센텀: ['센텀시티'],
  코엑스: ['삼성', '봉은사로'],
}

/** The chain's own names: a store name never carries them. Longest first. */
export const CHAIN_NAMES = ['다이소몰', '다이소', 'daisomall', 'daiso', 'ダイソー']

/**
 * Words that say "a store near …", ask a question, or ask about the store (hours, address, phone) rather
 * than where it is. Matched after a trailing particle is taken off.
 */
export const FILLER_WORDS = new Set([
  ...['근처', '주변', '부근', '인근', '근방', '매장', '지점', '점포', '가게', '쪽', '앞', '안', '점', '의', '에서'],
  ...['어디', '위치', '찾기', '찾아', '찾아줘', '찾아주세요', '알려줘', '알려주세요', '알려', '있는', '가까운', '제일', '가장'],
  ...['가까이', '좀', '지금', '오늘', '내일', '주말', '평일', '여기', '거기', '혹시', '무슨', '어느', '어떤'],
  ...['영업', '영업시간', '운영', '운영시간', '시간', '오픈', '문', '열어', '열어요', '여나요', '여는', '열려', '열었어', '열었나요'],
  ...['닫아', '닫아요', '닫나요', '닫는', '닫음', '마감', '마감시간', '언제', '몇시', '몇', '시', '주소', '전화', '전화번호'],
  ...[
    '번호',
    '정보',
    '방법',
    '가는',
    '가는길',
    '길',
    '해',
    '해요',
    '되는',
    '돼요',
    '되나요',
    '가능',
    '가능한',
    '있는곳',
    '하나요',
    '하는',
    '하니',
    '인가요',
    '예요',
    '이에요',
    '임',
  ],
  ...['where', 'is', 'the', 'a', 'an', 'in', 'at', 'near', 'nearby', 'around', 'store', 'stores', 'shop', 'branch', 'open'],
  ...['hours', 'station', 'stn', 'what', 'time', 'when', 'close', 'closes', 'me', 'find', 'to', 'of', 'closest', 'nearest'],
])

/** Stems whose every inflection is a question or about hours: 어디야, 어디에, 몇시까지, 있어요, 있나요 … */
export const FILLER_STEMS = ['어디', '몇시', '언제', '있', '영업', '운영', '마감']

/** The same "near" words glued to a place ("홍대입구역근처", "강남역에서"). */
export const FILLER_SUFFIXES = ['근처', '주변', '부근', '인근', '근방', '매장', '지점', '에서', '쪽']

/** Particles that end a place name in a sentence ("명동에", "강남으로", "서면까지"), tried only when the word as typed matches nothing. */
export const PARTICLES = ['에서', '으로', '까지', '에', '로', '는', '은', '이', '가', '의', '도', '요', '야']

/** Words for a facility in a keyword ("주차 되는 명동 다이소"): the facility filter, not a place. */
export const FACILITY_WORDS: Readonly<Record<string, Facility>> = {
  주차: 'parking',
  주차장: 'parking',
  주차가능: 'parking',
  parking: 'parking',
  면세: 'taxFree',
  면세점: 'taxFree',
  택스프리: 'taxFree',
  택스리펀: 'taxFree',
  taxfree: 'taxFree',
  엘리베이터: 'elevator',
  엘레베이터: 'elevator',
  elevator: 'elevator',
  유심: 'usim',
  usim: 'usim',
  픽업: 'pickup',
  pickup: 'pickup',
}
