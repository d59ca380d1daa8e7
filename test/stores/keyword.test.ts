import t from 'tap'
import { FixtureUpstream } from '../../fixtures/sandbox/upstream.js'
import { createSimulatorData } from '../../simulator/data.js'
import { entryOf } from '../../src/stores/entry.js'
import { readStoreKeyword } from '../../src/stores/keyword.js'
import { matchEveryWord, searchDirectory } from '../../src/stores/search.js'
import { findStoresByKeyword, queryPlan } from '../../src/stores/upstream-search.js'

// One reading of a store keyword (src/stores/keyword.ts) for the directory and for the upstream's own
// search while the directory is not built: the same words dropped, the same places kept.

const words = (raw: string) => readStoreKeyword(raw).tokens.map((token) => token.text)

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
  t.same(words('강남 영업시간'), ['강남'])
  t.same(words('홍대입구역 몇시까지'), ['홍대입구역'])
  t.same(words('다이소'), [])
  t.same(words('다이소 근처 매장'), [])
  t.same(readStoreKeyword('주차 되는 명동').facility, 'parking', 'a facility word is the facility filter')
  t.same(words('주차 되는 명동'), ['명동'])
})

t.test('the upstream plan sends the most selective word first and never more than three queries', async (t) => {
  const plan = (raw: string) => queryPlan(readStoreKeyword(raw).tokens)
  t.same(plan('부산 해운대'), ['해운대', '부산해운대', '부산'])
  t.same(plan('홍대입구역 근처'), ['홍대입구역', '홍대입구'])
  t.same(plan('안산 중앙역'), ['중앙역', '중앙', '안산중앙역'])
  t.same(plan('서울'), ['서울'], 'a province is not expanded to its long name upstream')
  t.same(plan('가디'), ['가디', '가산디지털단지'], 'an everyday short name is sent as the directory reads it')
  t.same(plan('명동에'), ['명동에', '명동'], 'a trailing particle is tried off')
  t.ok(plan('서울 마포구 서교동 홍대입구역점 근처').length <= 3)
  t.same(plan('다이소'), [])
})

t.test('every word must name the store; exact names rank first', async (t) => {
  const entries = [
    { code: '1', name: '강남역2호점', address: '서울특별시 강남구 테헤란로 109 (역삼동)' },
    { code: '2', name: '강남역점', address: '서울특별시 강남구 강남대로 422 (역삼동)' },
    { code: '3', name: '역삼점', address: '서울특별시 강남구 논현로 508 (역삼동)' },
  ].map((s) => entryOf({ ...s, lat: 37.5, lng: 127, openTime: '10:00', closeTime: '22:00', distanceKm: null, total: null }))
  const codes = (raw: string) => matchEveryWord(readStoreKeyword(raw).tokens, entries, undefined).map((s) => s.entry.store.code)
  t.same(codes('강남역 다이소'), ['2', '1', '3'], '강남역 also names a store in 강남구, after the ones it names by name')
  t.same(codes('서울 강남역'), ['2', '1', '3'])
  t.same(codes('강남대로 422'), ['2'])
  t.same(codes('부산 강남역'), [], 'a word no candidate has empties the answer: nothing is left out')
  t.same(codes('역삼동'), ['3', '2', '1'])
})

/**
 * Keywords people type, with words for the question around the place. Each is read by both paths over the
 * simulator's chain: the directory over every store, the degraded path through a substring-only upstream.
 */
const SHARED_KEYWORDS = [
  '강남 영업시간',
  '홍대입구역 몇시까지',
  '다이소 강남역점',
  '강남역 다이소 어디야',
  '명동에 있는 다이소',
  '잠실역 근처 매장',
  '부산 해운대',
  '해운대 다이소 주소',
  '서울 홍대',
  '가디 다이소',
  '신촌역 오늘 열어요?',
]

t.test('the directory and the degraded path read a keyword the same way (a shared table)', async (t) => {
  const chain = createSimulatorData().stores.map(({ code, name, lat, lng, address, openTime, closeTime }) => ({
    code,
    name,
    lat,
    lng,
    address,
    openTime,
    closeTime,
  }))
  const upstream = new FixtureUpstream({ stores: chain, products: [] })
  const all = await upstream.listStores(1, chain.length)
  const entries = all.stores.map(entryOf)
  for (const keyword of SHARED_KEYWORDS) {
    const directory = searchDirectory(entries, { keyword, page: 1, pageSize: chain.length })
    const degraded = await findStoresByKeyword(upstream, readStoreKeyword(keyword), { page: 1, pageSize: 10 }, undefined)
    t.same(directory.ignored, [], `${keyword}: the directory leaves no word out`)
    t.ok(degraded.rows.length > 0, `${keyword}: the degraded path finds stores`)
    // The upstream sends candidates for one spelling at a time, so the degraded path may find fewer stores;
    // the ones it finds are the directory's, and its best match is the directory's best.
    const named = new Set(directory.rows.map((row) => row.code))
    t.same(
      degraded.rows.filter((row) => !named.has(row.code)).map((row) => `${row.code} ${row.name}`),
      [],
      `${keyword}: every store found on the degraded path is one the directory finds`,
    )
    t.equal(degraded.rows[0]?.code, directory.rows[0]?.code, `${keyword}: the same best match`)
  }
})
