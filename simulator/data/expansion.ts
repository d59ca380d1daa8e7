// The second pass of store generation, which brings the simulated chain to its real size (about 1,500
// stores; the sitemap lists 1,808 codes, upstream-protocol.md §7.1). The first pass (regions.ts) is left
// exactly as it was, so every store the tests name keeps its code, name and place.

/** Extra stores per store of the first pass, per district. */
export const EXPANSION_FACTOR = 3

/** Spread of extra stores around a district's centre, in degrees (about ±3.3 km north-south). */
export const EXPANSION_SPREAD = { lat: 0.06, lng: 0.07 }

/** Words a store name adds to a neighbourhood: 신림사거리점, 구미시장점, 천안터미널점. */
export const NAME_SUFFIXES = ['사거리', '시장', '로데오', '중앙', '터미널', '대학로', '먹자골목', '공원'] as const

/** Stores inside a mart or mall carry its name: 홈플러스동래점, 이마트월계점. */
export const HOST_PREFIXES = ['홈플러스', '이마트', '롯데마트', '롯데몰', '뉴코아', '하나로마트', 'NC'] as const

export interface NamedExtraStore {
  readonly name: string
  readonly address: string
  readonly zip: string
  readonly lat: number
  readonly lng: number
}

/**
 * Places people name that the first pass does not hold, each with a store: a name with Latin letters,
 * a beach whose name no address carries, a second store in 명동 itself.
 */
export const NAMED_EXTRA_STORES: readonly NamedExtraStore[] = [
  { name: '여의도IFC몰점', address: '서울특별시 영등포구 국제금융로 10 (여의도동)', zip: '07326', lat: 37.5251, lng: 126.9255 },
  { name: '광안점', address: '부산광역시 수영구 광안해변로 219 (광안동)', zip: '48303', lat: 35.1532, lng: 129.1186 },
  { name: '충무로역점', address: '서울특별시 중구 퇴계로 126 (충무로2가)', zip: '04546', lat: 37.5609, lng: 126.9863 },
  { name: '명동2호점', address: '서울특별시 중구 명동8길 27 (명동2가)', zip: '04537', lat: 37.5617, lng: 126.9851 },
  { name: '코엑스몰점', address: '서울특별시 강남구 영동대로 513 (삼성동)', zip: '06164', lat: 37.5117, lng: 127.0592 },
]
