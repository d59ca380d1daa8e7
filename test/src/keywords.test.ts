import t from 'tap'
import { MatchRank, matchRank, matchesAll, parseStoreKeyword, productKeyword, queryPlan } from '../../src/keywords.js'
import { floorLabel, isOpenNow } from '../../src/stores/facts.js'

const words = (raw: string) => parseStoreKeyword(raw).words.map((w) => w.text)

t.test('the chain name and filler words are dropped, wherever they stand', async (t) => {
  t.same(words('다이소 강남역점'), ['강남역점'])
  t.same(words('강남역 다이소'), ['강남역'])
  t.same(words('강남역다이소'), ['강남역'])
  t.same(words('DAISO 명동'), ['명동'])
  t.same(words('다이소몰 홍대'), ['홍대'])
  t.same(words('홍대입구역 근처'), ['홍대입구역'])
  t.same(words('홍대입구역근처 다이소 매장'), ['홍대입구역'])
  t.same(words('부산  해운대'), ['부산', '해운대'])
  t.same(words('"강남 역"'), ['강남역'], 'a station written apart is one word')
  t.same(words('다이소'), [])
  t.same(words('다이소 근처 매장'), [])
})

t.test('each word carries the spellings a store name may use', async (t) => {
  const [hongdae] = parseStoreKeyword('홍대입구역').words
  t.same(hongdae?.forms, ['홍대입구역', '홍대입구'])
  const [myeongdong] = parseStoreKeyword('명동역점').words
  t.same(myeongdong?.forms, ['명동역점', '명동역', '명동'])
  const [busan] = parseStoreKeyword('부산').words
  t.ok(busan?.forms.includes('부산광역시'))
  const [yeoksam] = parseStoreKeyword('역삼역').words
  t.same(yeoksam?.forms, ['역삼역', '역삼'])
})

t.test('the plan sends the most selective word first and never more than three queries', async (t) => {
  t.same(queryPlan(parseStoreKeyword('부산 해운대')), ['해운대', '부산해운대', '부산'])
  t.same(queryPlan(parseStoreKeyword('홍대입구역 근처')), ['홍대입구역', '홍대입구'])
  t.same(queryPlan(parseStoreKeyword('안산 중앙역')), ['중앙역', '중앙', '안산중앙역'])
  t.same(queryPlan(parseStoreKeyword('서울')), ['서울'], 'a province is not expanded to its long name upstream')
  t.ok(queryPlan(parseStoreKeyword('서울 마포구 서교동 홍대입구역점 근처')).length <= 3)
  t.same(queryPlan(parseStoreKeyword('다이소')), [])
})

t.test('every word must appear in the name or address; exact names rank first', async (t) => {
  const gangnam = { name: '강남역점', address: '서울특별시 강남구 강남대로 422 (역삼동)' }
  const gangnam2 = { name: '강남역2호점', address: '서울특별시 강남구 테헤란로 109 (역삼동)' }
  const yeoksam = { name: '역삼점', address: '서울특별시 강남구 논현로 508 (역삼동)' }
  const keyword = parseStoreKeyword('강남역 다이소')
  t.ok(matchesAll(keyword, gangnam))
  t.ok(matchesAll(parseStoreKeyword('서울 강남역'), gangnam))
  t.ok(matchesAll(parseStoreKeyword('강남대로422'), gangnam), 'spaces do not matter')
  t.notOk(matchesAll(parseStoreKeyword('부산 강남역'), gangnam))
  t.equal(matchRank(keyword, gangnam), MatchRank.ExactName)
  t.equal(matchRank(keyword, gangnam2), MatchRank.NamePrefix)
  t.equal(matchRank(parseStoreKeyword('역삼동'), yeoksam), MatchRank.AddressOnly)
  t.equal(matchRank(parseStoreKeyword('부산 해운대'), { name: '부산해운대점' }), MatchRank.ExactName)
})

t.test('product keywords lose only the chain name', async (t) => {
  t.equal(productKeyword('다이소 우산'), '우산')
  t.equal(productKeyword('Daiso 3단 우산'), '3단 우산')
  t.equal(productKeyword('다이소'), '')
})

t.test('openNow reads posted hours in Korea time, including hours past midnight', async (t) => {
  const at = (kst: string) => new Date(`2026-11-23T${kst}:00+09:00`)
  t.equal(isOpenNow('10:00', '22:00', at('09:59')), false)
  t.equal(isOpenNow('10:00', '22:00', at('10:00')), true)
  t.equal(isOpenNow('10:00', '22:00', at('21:59')), true)
  t.equal(isOpenNow('10:00', '22:00', at('22:00')), false)
  t.equal(isOpenNow('10:00', '02:00', at('01:30')), true, 'open past midnight')
  t.equal(isOpenNow('10:00', '02:00', at('03:00')), false)
  t.equal(isOpenNow('00:00', '24:00', at('03:00')), true)
  t.equal(isOpenNow('10:00', '10:00', at('12:00')), null, 'hours that say nothing are unknown')
  t.equal(isOpenNow('10시', '22:00', at('12:00')), null)
})

t.test('floor labels as shoppers read them', async (t) => {
  t.equal(floorLabel(-1), 'B1')
  t.equal(floorLabel(-2), 'B2')
  t.equal(floorLabel(1), '1F')
  t.equal(floorLabel(12), '12F')
  t.equal(floorLabel(null), null)
  t.equal(floorLabel(0), null)
})

t.test('product keywords as people type them: question and filler words dropped', async (t) => {
  t.equal(productKeyword('물티슈 팔아?'), '물티슈')
  t.equal(productKeyword('우산 있어?'), '우산')
  t.equal(productKeyword('다이소에 우산 있어요?'), '우산')
  t.equal(productKeyword('혹시 3단 우산 파나요'), '3단 우산')
  t.equal(productKeyword('있어?'), '', 'nothing but a question names no product')
})
