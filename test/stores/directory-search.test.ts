import t from 'tap'
import { StoreListSchema, type Store } from '../../src/schemas.js'
import { buildTestApp } from '../helpers/app.js'

// Store search over the directory, against the simulator at the chain's real size: what people type
// finds the store they mean, and no search makes an upstream call once the directory is built.
// (test/http/real-questions.test.ts keeps the degraded path, the upstream's own search.)

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()

t.test('the store directory', async (t) => {
  const { app, simulator, runtime } = await buildTestApp(t, { env: { STORE_DIRECTORY: 'on' } })
  const directory = runtime.directory!
  await directory.start()
  t.ok(directory.ready, 'built')
  t.ok(directory.size >= 1_400, `${directory.size} stores`)
  const crawl = directory.status.lastCrawl!
  t.ok(crawl.calls <= Math.ceil(directory.size / 100) + 2, `the crawl took ${crawl.calls} calls`)

  const search = async (params: Record<string, string | number>) => {
    const res = await app.inject(`/api/branches/search?${qs(params)}`)
    t.equal(res.statusCode, 200, JSON.stringify(params))
    return { stores: StoreListSchema.parse(res.json()), headers: res.headers }
  }
  const first = async (keyword: string) => (await search({ keyword })).stores[0]

  simulator.resetStats()
  t.after(() => {})

  t.test('words after the place (questions, hours, location) are dropped', async (t) => {
    t.equal((await first('잠실 다이소 어디야'))?.code, '10087')
    t.equal((await first('서울역 다이소 영업시간'))?.code, '11015')
    t.equal((await first('다이소 부산서면점 몇 시에 닫아요?'))?.code, '10440')
    t.equal((await first('제주본점 위치 알려줘'))?.code, '10152')
  })

  t.test('the keyword is kept as typed: Latin letters and case', async (t) => {
    t.equal((await first('여의도IFC몰점'))?.name, '여의도IFC몰점')
    t.equal((await first('ifc몰'))?.name, '여의도IFC몰점')
  })

  t.test('station form, neighbourhood and address parts', async (t) => {
    t.equal((await first('고속터미널역'))?.name, '고속터미널역점')
    t.equal((await first('건대입구역 근처'))?.name, '건대입구역점')
    t.equal((await first('홍대입구역'))?.name, '홍대입구점', '…역 finds …점')
    const jamsil = (await search({ keyword: '잠실동', pageSize: 10 })).stores
    t.ok(
      jamsil.length > 0 && jamsil.every((s) => s.address.includes('잠실동') || s.name.includes('잠실')),
      'a neighbourhood returns its stores',
    )
  })

  t.test('명동 ranks the stores of 명동 above those of 광명동, 봉명동, 화명동', async (t) => {
    const stores = (await search({ keyword: '명동', pageSize: 10 })).stores
    const inMyeongdong = (s: Store) => s.name.startsWith('명동') || /\(명동\d*가?\)/.test(s.address)
    const firstOther = stores.findIndex((s) => !inMyeongdong(s))
    const lastMine = stores.map(inMyeongdong).lastIndexOf(true)
    t.ok(lastMine >= 2, 'several 명동 stores')
    t.ok(firstOther === -1 || firstOther > lastMine, `${stores.map((s) => s.name).join(', ')}`)
  })

  t.test('glued regions, provinces in their common form, everyday short names', async (t) => {
    const mapo = (await search({ keyword: '서울마포', pageSize: 10 })).stores
    t.ok(mapo.length > 3 && mapo.every((s) => s.address.startsWith('서울특별시 마포구')), '서울마포 → stores in 마포구')
    const jeju = (await search({ keyword: '제주도 다이소', pageSize: 10 })).stores
    t.ok(jeju.length > 3 && jeju.every((s) => s.address.startsWith('제주특별자치도')), '제주도 → 제주특별자치도')
    const gyeonggi = (await search({ keyword: '경기도 광명', pageSize: 10 })).stores
    t.ok(gyeonggi.length > 0 && gyeonggi.every((s) => s.address.startsWith('경기도 광명시')))
    const chuncheon = (await search({ keyword: '강원도 춘천', pageSize: 10 })).stores
    t.ok(chuncheon.length > 0 && chuncheon.every((s) => s.address.includes('춘천')), '강원도 ↔ 강원특별자치도')
    t.match((await first('가디'))?.name, /^가산디지털단지(역)?점$/)
    t.match((await first('고터 다이소'))?.name, /^고속터미널(역)?점$/)
    t.match((await first('센텀 다이소'))?.name, /센텀/)
  })

  t.test('a word no store has is dropped and named', async (t) => {
    const { stores } = await search({ keyword: '광안리 해변 다이소' })
    t.equal(stores[0]?.name, '광안점')
    const hollow = await search({ keyword: '잠실 불꽃놀이' })
    t.equal(hollow.stores[0]?.code, '10087')
    t.equal(decodeURIComponent(String(hollow.headers['search-ignored'])), '불꽃놀이')
    t.match(decodeURIComponent(String(hollow.headers['search-hint'])), /Ignored '불꽃놀이'/)
  })

  t.test('romanised and English names', async (t) => {
    t.equal((await first('Jamsil'))?.code, '10087')
    t.equal((await first('hongdae daiso'))?.code, '10962')
    t.equal((await first('Seoul station'))?.code, '11015')
    t.match((await first('Haeundae'))?.address, /해운대구/)
    t.match((await first('MYEONGDONG'))?.name, /명동/)
  })

  t.test('a keyword that matches nothing answers an honest empty list with a hint', async (t) => {
    const korean = await search({ keyword: '다이소 뷁뷁' })
    t.same(korean.stores, [])
    t.match(String(korean.headers['search-hint']), /Try one district/)
    const latin = await search({ keyword: 'Gotham City' })
    t.same(latin.stores, [])
    t.match(String(latin.headers['search-hint']), /names and addresses are Korean/)
    const nothing = await app.inject(`/api/branches/search?${qs({ keyword: '다이소 근처' })}`)
    t.equal(nothing.statusCode, 400, 'only the chain and filler: the caller is told to name a place')
  })

  t.test('coordinates: nearest first from the directory, with facility filter', async (t) => {
    const { stores } = await search({ curLttd: 37.4979, curLitd: 127.0276, pageSize: 5 })
    t.equal(stores[0]?.code, '11199')
    t.ok(stores.every((s, i) => i === 0 || s.distanceKm! >= stores[i - 1]!.distanceKm!))
    const parking = (await search({ curLttd: 37.4979, curLitd: 127.0276, pageSize: 5, facility: 'parking' })).stores
    t.equal(parking.length, 5)
    t.ok(parking.every((s) => s.facilities?.includes('parking')))
    const taxFree = (await search({ keyword: '명동', facility: 'taxFree' })).stores
    t.ok(taxFree.length > 0 && taxFree.every((s) => s.facilities?.includes('taxFree')))
    const bad = await app.inject(`/api/branches/search?${qs({ keyword: '명동', facility: 'sauna' })}`)
    t.equal(bad.statusCode, 400)
  })

  t.test('a facility named in the keyword is the facility filter', async (t) => {
    const parking = (await search({ keyword: '주차 되는 강남 다이소' })).stores
    t.ok(parking.length > 0 && parking.every((s) => s.facilities?.includes('parking') && s.address.includes('강남')))
    const taxFree = (await search({ keyword: '면세 다이소 명동' })).stores
    t.ok(taxFree.length > 0 && taxFree.every((s) => s.facilities?.includes('taxFree')))
  })

  t.test('facilities come from the flags: 10224 as recorded', async (t) => {
    const store = (await app.inject('/api/branches/10224')).json() as Store
    t.same(
      store.facilities?.filter((f) => ['parking', 'elevator', 'ramp', 'taxFree', 'pickup', 'usim'].includes(f)),
      ['ramp', 'taxFree', 'pickup', 'usim'],
    )
  })

  t.test('the nearby and availability searches take their stores from the directory', async (t) => {
    const nearby = await app.inject(`/api/products/nearby?${qs({ branchCode: '10962', keyword: '우산' })}`)
    t.equal(nearby.statusCode, 200)
    const availability = await app.inject('/api/products/1047618?branchCode=11199')
    t.equal(availability.statusCode, 200)
  })

  t.test('no upstream store search after the directory is built', async (t) => {
    t.equal(simulator.stats().calls.selStr, 0, 'selStr calls while answering every search above')
  })

  t.test('/readyz reports size, age and the last crawl', async (t) => {
    const ready = (await app.inject('/readyz')).json() as {
      directory: { size: number; ageSeconds: number; lastCrawl: { outcome: string } }
    }
    t.equal(ready.directory.size, directory.size)
    t.type(ready.directory.ageSeconds, 'number')
    t.equal(ready.directory.lastCrawl.outcome, 'ok')
  })
})
