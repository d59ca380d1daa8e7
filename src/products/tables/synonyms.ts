// Source: compiled by the store-finder project from general knowledge of everyday Korean shop words
// (no external list was copied). Licence: CC0-1.0 (public-domain dedication), also usable under the
// project's MIT licence. Date: 2026-11-27 (groups added by hand since 2026-11-26). Rebuild: none; this file is the source (edit it by hand,
// `test/products/tables.test.ts` checks its shape).
//
// Each line is a group of words a shopper uses for the same thing; a word of a group finds products
// named with any other word of it. Groups are symmetric; a word may sit in several groups. Kept to
// pairs a Daiso shelf label really uses interchangeably (colours, materials, everyday names).

export const SYNONYM_GROUPS_SOURCE = { compiledBy: 'store-finder project', licence: 'CC0-1.0', date: '2026-11-27' } as const

const GROUPS = `
검정 검정색 검은색 검은 블랙
흰색 하얀색 하얀 하양 화이트
회색 그레이
베이지 베이지색
남색 네이비
분홍 분홍색 핑크
민트 민트색
노랑 노란색 노란 옐로우 옐로
갈색 브라운
아이보리 상아색
보라 보라색 라벤더 퍼플
빨강 빨간색 빨간 레드
파랑 파란색 파란 블루
초록 초록색 녹색 그린
주황 주황색 오렌지
금색 골드
은색 실버
투명 클리어
스텐 스테인리스 스테인레스
플라스틱 플라스틱제
실리콘 실리콘제
나무 원목 우드
유리 글라스
종이 페이퍼
건전지 배터리 전지
보조배터리 파워뱅크
휴지 화장지 두루마리
티슈 미용티슈 각티슈
키친타올 키친타월
물티슈 웻티슈
멀티탭 콘센트 전원탭
충전기 어댑터
케이블 충전케이블
이어폰 이어셋
전구 램프
무드등 수면등
수세미 스펀지
고무장갑 설거지장갑
텀블러 보온병
물병 물통 보틀
컵 잔
머그컵 머그
도시락통 도시락
밀폐용기 반찬통
지퍼백 지퍼팩
위생백 비닐봉지 비닐봉투
쓰레기봉투 쓰레기봉지 종량제
랩 랩핑
수건 타월 타올
칫솔 치솔
면도기 면도칼
때타월 때밀이 이태리타월
발매트 발판 매트
샤워볼 샤워스펀지
볼펜 펜
형광펜 하이라이터
연필 펜슬
지우개 고무지우개
점착메모지 포스트잇 메모지
마스킹테이프 마테
스테이플러 호치키스 찍개
수정테이프 수정액
노트 공책
다이어리 플래너 수첩
필통 펜케이스
딱풀 풀
가위 재단가위
선크림 썬크림 자외선차단제
립밤 립글로즈 립케어
핸드크림 손크림
마스크팩 시트마스크
화장솜 코튼
클렌징폼 폼클렌징 세안제
수납함 수납박스 정리함 보관함
리빙박스 수납박스
옷걸이 행거
압축팩 압축백 압축봉투
신발정리대 신발정리
액자 사진틀
조화 인조식물
커튼 암막커튼
캔들 양초 초
디퓨저 방향제
화분 플랜터
분무기 스프레이
모종삽 삽
배변패드 패드
리드줄 목줄 산책줄
장난감 토이
간식 트릿
드라이버 드라이버세트
줄자 메저자
순간접착제 본드 접착제
커터칼 커터
케이블타이 케이블묶음
풍선 벌룬
생일초 케이크초
포장지 선물포장지 래핑지
선물상자 기프트박스
쇼핑백 종이가방
종이컵 일회용컵
종이접시 일회용접시
사탕 캔디
젤리 구미
감자칩 과자 스낵
생수 물
커피믹스 커피
목베개 넥필로우
덤벨 아령
쿨토시 팔토시
파우치 주머니
캐리어 여행가방
머리끈 헤어끈 헤어타이
빗 헤어브러시
손톱깎이 손톱깍이
청소포 밀대포
먼지떨이 먼지털이
세탁망 빨래망
빨래집게 빨래집개
분리수거함 분리수거 쓰레기통
휴지통 쓰레기통
실내화 슬리퍼
뽁뽁이 에어캡
휴대폰 핸드폰 스마트폰 폰
거치대 스탠드
`

/** The groups as arrays of words, spaces inside a word kept ("보조 배터리" is one spelling). */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = GROUPS.trim()
  .split('\n')
  .map((line) => splitGroup(line.trim()))
  .filter((group) => group.length > 1)

/** "보조배터리 파워뱅크" is three spellings: a one-syllable-apart pair written with a space is one word. */
function splitGroup(line: string): string[] {
  return line.split(/\s+/)
}
