// Source: compiled by the store-finder project from general knowledge of everyday Korean shop words
// (no external list was copied). Licence: CC0-1.0 (public-domain dedication), also usable under the
// project's MIT licence. Date: 2026-11-27. Rebuild: none; this file is the source (edit it by hand,
// `test/products/tables.test.ts` checks its shape).
//
// Words that describe a product without naming one: what it is for (휴대용, 차량용), its size (미니,
// 대용량), how it works (접이식, 무선), who it is for (아동용). "휴대용 선풍기" asks for a fan; when the
// catalogue has no fan, what 휴대용 alone finds (wet wipes, umbrellas) is not the answer. Colours and
// materials are such words too; their other spellings come from the synonym table (./synonyms.ts).

export const MODIFIER_WORDS_SOURCE = { compiledBy: 'store-finder project', licence: 'CC0-1.0', date: '2026-11-27' } as const

const WORDS = `
휴대용 미니 초미니 소형 중형 대형 특대형 대용량 소용량 빅사이즈 슬림 와이드 롱 숏
접이식 일회용 다회용 다용도 충전식 무선 유선 자동 수동 고속 저소음 초강력 강력 방수 생활방수 논슬립 미끄럼방지
가정용 차량용 여행용 사무용 업소용 학생용 아동용 유아용 어린이 성인용 남성용 여성용 반려동물용 캠핑용 욕실용 주방용
원형 사각 타원형 투명 반투명 무지 심플 고급 프리미엄 신상 인기
검정 블랙 흰색 화이트 회색 그레이 베이지 남색 네이비 분홍 핑크 민트 노랑 옐로우 갈색 브라운 아이보리 보라 퍼플
빨강 레드 파랑 블루 초록 그린 주황 오렌지 금색 골드 은색 실버 스텐 스테인리스 플라스틱 실리콘 나무 원목 유리 종이
`

/** The words, as typed in names (lower case for Latin). */
export const MODIFIER_WORDS: readonly string[] = WORDS.trim().split(/\s+/)
