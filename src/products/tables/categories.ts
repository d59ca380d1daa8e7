// Source: compiled by the store-finder project from general knowledge of the sections a Daiso shop and its
// online mall sort goods into (nothing copied; the upstream's catalogue rows carry only a category code,
// onlSclCd, and the category names of its SearchGoods documents, exhLargeCtgrNm and the like, are not read by
// this service: docs/rest.md, Product search). The simulator models the same sections (simulator/data/vocabulary.ts).
// Licence: CC0-1.0 (public-domain dedication), also usable under the project's MIT licence. Date: 2026-11-26.
// Rebuild: none; this file is the source (edit it by hand, `test/products/tables.test.ts` checks its shape).
//
// Each section: its name, the words people use for the section itself rather than for a product in it
// (주방용품, stationery, pet supplies), and a few product words of it to suggest instead. A keyword that
// names a section but matches no product is "try a product word", never "the chain does not sell it".

export const PRODUCT_SECTIONS_SOURCE = { compiledBy: 'store-finder project', licence: 'CC0-1.0', date: '2026-11-26' } as const

export interface ProductSection {
  /** The section as a shopper would see it on a shelf sign. */
  readonly name: string
  /** Words naming the section, Korean and English; compared without spaces or case. */
  readonly words: readonly string[]
  /** Product words of the section, suggested in the hint when the product index holds them. */
  readonly examples: readonly string[]
}

export const PRODUCT_SECTIONS: readonly ProductSection[] = [
  {
    name: '수납/정리',
    words: ['수납', '수납용품', '정리', '정리용품', '수납정리', 'storage', 'organizer', 'organiser', 'storage supplies'],
    examples: ['수납함', '리빙박스', '정리함'],
  },
  {
    name: '주방',
    words: ['주방', '주방용품', '부엌', '부엌용품', '식기', '식기류', 'kitchen', 'kitchenware', 'tableware', 'kitchen supplies'],
    examples: ['컵', '접시', '도마', '밀폐용기'],
  },
  {
    name: '욕실',
    words: ['욕실', '욕실용품', '화장실용품', '목욕용품', 'bath', 'bathroom', 'bath supplies', 'bathroom supplies'],
    examples: ['칫솔', '수건', '샤워볼'],
  },
  {
    name: '청소/세탁',
    words: ['청소', '청소용품', '세탁', '세탁용품', 'cleaning', 'cleaning supplies', 'laundry', 'laundry supplies'],
    examples: ['수세미', '밀대', '빨래집게'],
  },
  {
    name: '문구',
    words: ['문구', '문구류', '문구용품', '사무용품', '학용품', '필기구', 'stationery', 'office supplies', 'school supplies'],
    examples: ['볼펜', '노트', '가위'],
  },
  {
    name: '뷰티',
    words: ['뷰티', '뷰티용품', '화장품', '미용', '미용용품', '메이크업', '스킨케어', 'beauty', 'cosmetics', 'makeup', 'skincare'],
    examples: ['화장솜', '립밤', '마스크팩'],
  },
  {
    name: '위생',
    words: ['위생', '위생용품', 'hygiene', 'toiletries'],
    examples: ['화장지', '물티슈', '마스크'],
  },
  {
    name: '전기/디지털',
    words: ['전기', '전기용품', '전자', '전자제품', '디지털', '디지털용품', '전자기기', 'electronics', 'electrical', 'digital', 'gadgets'],
    examples: ['건전지', '멀티탭', '충전기', '케이블'],
  },
  {
    name: '인테리어',
    words: ['인테리어', '인테리어소품', '인테리어용품', '장식', '장식품', '소품', 'decor', 'decoration', 'interior', 'home decor'],
    examples: ['액자', '쿠션', '조명'],
  },
  {
    name: '원예',
    words: ['원예', '원예용품', '가드닝', '가드닝용품', 'gardening', 'garden supplies'],
    examples: ['화분', '모종삽', '분갈이흙'],
  },
  {
    name: '반려동물',
    words: ['반려동물', '반려동물용품', '애완', '애완용품', '애완동물', '애견용품', '펫', '펫용품', 'pet', 'pets', 'pet supplies'],
    examples: ['배변패드', '펫 간식', '고양이 장난감'],
  },
  {
    name: '공구',
    words: ['공구', '공구류', '공구용품', '철물', 'diy', 'diy용품', 'tools', 'hardware'],
    examples: ['드라이버', '망치', '줄자'],
  },
  {
    name: '파티',
    words: ['파티', '파티용품', '이벤트', '이벤트용품', '생일용품', 'party', 'party supplies'],
    examples: ['풍선', '생일초', '가랜드'],
  },
  {
    name: '식품',
    words: ['식품', '먹거리', '간식류', '과자류', '음료류', 'food', 'groceries', 'snacks'],
    examples: ['과자', '커피', '사탕'],
  },
  {
    name: '여행/레저',
    words: [
      '여행',
      '여행용품',
      '캠핑',
      '캠핑용품',
      '레저',
      '레저용품',
      '스포츠',
      '스포츠용품',
      '아웃도어',
      'travel',
      'travel goods',
      'camping',
      'sports',
      'outdoor',
    ],
    examples: ['캠핑 의자', '파우치', '목베개'],
  },
  {
    name: '완구/유아',
    words: ['완구', '완구류', '장난감류', '유아용품', '키즈', '아동용품', 'toys', 'kids', 'baby goods'],
    examples: ['장난감', '블록', '색칠놀이'],
  },
  {
    name: '패션/잡화',
    words: ['패션', '패션잡화', '잡화', '의류', '액세서리', '악세사리', 'fashion', 'accessories', 'clothing'],
    examples: ['양말', '머리끈', '파우치'],
  },
]
