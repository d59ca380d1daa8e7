import t from 'tap'
import { PlaceUnderstoodSchema, type PlaceUnderstood } from '../../src/places/schema.js'
import { ErrorSchema, StoreListSchema, type Store } from '../../src/schemas.js'
import { buildTestApp } from '../helpers/app.js'

// Places in store search over REST, against the simulator (its stores are synthetic, scattered around real
// districts): stations, landmarks, districts, romanised and mistyped names, ambiguity, a store name beating a
// place, `near`, points abroad and far answers; on the store directory and on the upstream's own search.

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()

const ascending = (stores: Store[]): boolean => stores.every((s, i) => i === 0 || (s.distanceKm ?? 0) >= (stores[i - 1]?.distanceKm ?? 0))

for (const directory of ['on', 'off'] as const) {
  t.test(`places in store search, store directory ${directory}`, async (t) => {
    // A generous timeout: the directory's crawl must finish on a busy machine for the 'on' half to mean anything.
    const { app, runtime, simulator } = await buildTestApp(t, { env: { STORE_DIRECTORY: directory, UPSTREAM_TIMEOUT_MS: '10000' } })
    if (runtime.directory) {
      await runtime.directory.start()
      t.ok(runtime.directory.ready, 'directory built')
    }
    const search = async (params: Record<string, string | number>) => {
      const res = await app.inject(`/api/branches/search?${qs({ pageSize: 5, ...params })}`)
      t.equal(res.statusCode, 200, JSON.stringify(params))
      const header = (name: string) => {
        const value = res.headers[name]
        return typeof value === 'string' ? decodeURIComponent(value) : undefined
      }
      const placeText = header('search-place')
      const place: PlaceUnderstood | undefined = placeText ? PlaceUnderstoodSchema.parse(JSON.parse(placeText)) : undefined
      return { stores: StoreListSchema.parse(res.json()), place, readAs: header('search-read-as'), hint: header('search-hint') }
    }

    t.test('a station no store is named after answers the stores nearest it, and says which station', async (t) => {
      const { stores, place, hint } = await search({ keyword: '창덕궁' })
      t.match(place, { name: '창덕궁', nameEn: 'Changdeokgung Palace', kind: 'landmark', category: 'palace' })
      t.ok(stores.length === 5 && ascending(stores), 'nearest first')
      t.ok((stores[0]?.distanceKm ?? 99) < 2, `the nearest is ${stores[0]?.distanceKm} km away`)
      t.match(hint, /palace 창덕궁/)
    })

    t.test('a station a store is named after: that store first, then the stores nearest the station', async (t) => {
      const yongsan = await search({ keyword: '용산역' })
      t.match(yongsan.place, { name: '용산역', kind: 'station', lines: ['1호선', '경의중앙선', 'KTX'] })
      t.equal(yongsan.stores[0]?.name, '용산역점')
      const rest = yongsan.stores.slice(1).filter((s) => !s.name.startsWith('용산'))
      t.ok(rest.length >= 3 && ascending(rest), 'then nearest first')
      t.ok(
        rest.every((s) => (s.distanceKm ?? 99) < 5),
        'around the station, not every Seoul store',
      )
      const daegu = await search({ keyword: '동대구역 다이소' })
      t.equal(daegu.stores[0]?.code, '10917', '동대구역점')
      t.equal(daegu.place?.name, '동대구역')
    })

    t.test('landmarks of other kinds: a market by its English name, an airport, a stadium by its nickname', async (t) => {
      const market = await search({ keyword: 'Jagalchi Market' })
      t.equal(market.place?.name, '자갈치시장')
      t.ok(
        market.stores.every((s) => s.address.startsWith('부산')),
        'Busan stores',
      )
      t.equal((await search({ keyword: '인천공항 근처' })).place?.category, 'airport')
      const dome = await search({ keyword: '고척돔' })
      t.equal(dome.place?.name, '고척스카이돔')
      t.ok(ascending(dome.stores))
    })

    t.test('a district that store addresses carry keeps answering the stores at that address', async (t) => {
      const { stores, place } = await search({ keyword: '서대문구' })
      t.equal(place, undefined, 'no place: the address answered')
      t.ok(stores.length > 0 && stores.every((s) => s.address.includes('서대문구')))
      const bundang = await search({ keyword: '분당구' })
      t.ok(bundang.stores.every((s) => s.address.includes('분당구')))
    })

    t.test('a neighbourhood (행정동) no store address carries answers the stores nearest it', async (t) => {
      const { stores, place, hint } = await search({ keyword: '평창동 근처' })
      t.match(place, { name: '평창동', nameEn: 'Pyeongchang-dong', kind: 'neighbourhood', within: '서울특별시 종로구' })
      t.ok(stores.length === 5 && ascending(stores), 'nearest first')
      t.ok((stores[0]?.distanceKm ?? 99) < 3, `the nearest is ${stores[0]?.distanceKm} km away`)
      t.match(hint, /neighbourhood 평창동/)
      const roman = await search({ keyword: 'Pyeongchang-dong' })
      t.equal(roman.place?.name, '평창동', 'by its romanised name, not 평창군')
    })

    t.test('a neighbourhood typed with one slip is read as it, and says so', async (t) => {
      const { stores, place, readAs } = await search({ keyword: '평챵동' })
      t.equal(readAs, '평창동', 'ㅑ for ㅏ')
      t.match(place, { name: '평창동', read: '평창동' })
      t.ok(stores.length > 0 && ascending(stores))
    })

    t.test('a neighbourhood of several districts: the likelier, the others named; a city beside it chooses', async (t) => {
      const seoul = await search({ keyword: '용두동' })
      t.match(seoul.place, { name: '용두동', within: '서울특별시 동대문구' })
      t.same(
        seoul.place?.others?.map((o) => o.within),
        ['대전광역시 중구', '충청북도 제천시'],
      )
      t.match(seoul.hint, /may also mean 용두동 in 대전광역시 중구; 용두동 in 충청북도 제천시/)
      const daejeon = await search({ keyword: '대전 용두동' })
      t.match(daejeon.place, { name: '용두동', within: '대전광역시 중구' })
      t.ok(daejeon.stores.length > 0 && daejeon.stores.every((s) => s.address.startsWith('대전')), 'Daejeon stores')
    })

    t.test('a neighbourhood that store addresses carry keeps answering the stores at that address', async (t) => {
      const { stores, place } = await search({ keyword: '광장동' })
      t.equal(place, undefined, 'no place: the address answered')
      t.ok(stores.length > 0 && stores.every((s) => s.address.includes('광장동')))
      const roman = await search({ keyword: 'Gwangjang-dong' })
      t.equal(roman.readAs, '광장동')
      t.same(
        roman.stores.map((s) => s.code),
        stores.map((s) => s.code),
        'the same stores by its romanised name',
      )
    })

    t.test('a neighbourhood or store of the same name wins over the place: 잠실 lists 잠실점 first', async (t) => {
      const { stores, place } = await search({ keyword: '잠실' })
      t.equal(stores[0]?.code, '10087')
      t.equal(place, undefined)
      const exact = await search({ keyword: '서울역점' })
      t.equal(exact.stores[0]?.code, '11015')
      t.equal(exact.place, undefined, 'a store name as written is the store')
    })

    t.test('romanised names and the spellings people use', async (t) => {
      const pusan = await search({ keyword: 'Pusan' })
      t.equal(pusan.readAs, '부산광역시')
      t.ok(pusan.stores.length > 0 && pusan.stores.every((s) => s.address.startsWith('부산')), 'Busan stores')
      const mapo = await search({ keyword: 'Seodaemun-gu' })
      t.equal(mapo.readAs, '서대문구')
      t.ok(mapo.stores.every((s) => s.address.includes('서대문구')))
      const palace = await search({ keyword: 'Changdeokgung' })
      t.equal(palace.place?.name, '창덕궁')
    })

    t.test('one slip forgiven in a place name, and said', async (t) => {
      const palace = await search({ keyword: '창덬궁' })
      t.equal(palace.readAs, '창덕궁')
      t.equal(palace.place?.read, '창덕궁')
      t.match(palace.hint, /Read '창덬궁' as '창덕궁'/)
      const district = await search({ keyword: '서대뮨구' })
      t.equal(district.readAs, '서대문구', 'ㅠ for ㅜ: an adjacent key')
      t.ok(district.stores.length > 0 && district.stores.every((s) => s.address.includes('서대문구')))
      const two = await search({ keyword: '챵덬궁' })
      t.equal(two.stores.length, 0, 'two slips are not guessed at')
    })

    if (directory === 'on') {
      t.test('one slip forgiven in a store name (the directory knows every name)', async (t) => {
        const hongdae = await search({ keyword: '홍데입구' })
        t.equal(hongdae.readAs, '홍대입구')
        t.equal(hongdae.stores[0]?.code, '10962')
        const station = await search({ keyword: '서울엿' })
        t.equal(station.readAs, '서울역', 'ㅅ for ㄱ, then read as the station')
        t.equal(station.stores[0]?.code, '11015')
        t.equal(station.place?.name, '서울역')
      })
    }

    t.test('a name two places share: the likelier, the other named; a city beside it chooses', async (t) => {
      const sinchon = await search({ keyword: '신촌역' })
      t.same(sinchon.place?.lines, ['2호선'])
      t.same(
        sinchon.place?.others?.map((o) => o.lines),
        [['경의중앙선']],
      )
      t.match(sinchon.hint, /may also mean 신촌역 \(경의중앙선\)/)
      const busan = await search({ keyword: '부산 강서구' })
      t.match(busan.place, { name: '강서구', within: '부산광역시' })
      t.ok(busan.stores.length > 0 && ascending(busan.stores), 'the stores nearest Busan 강서구')
      t.notOk(
        busan.stores.some((s) => s.address.startsWith('서울')),
        'none of Seoul 강서구',
      )
    })

    t.test('near: a place in words stands for coordinates', async (t) => {
      const { stores, place } = await search({ near: '잠실역' })
      t.match(place, { name: '잠실역', kind: 'station' })
      t.ok(stores.length === 5 && ascending(stores))
      const coordinates = await search({ curLttd: place?.latitude ?? 0, curLitd: place?.longitude ?? 0 })
      t.same(
        stores.map((s) => s.code),
        coordinates.stores.map((s) => s.code),
        'the same stores as its coordinates',
      )
      const unknown = await app.inject(`/api/branches/search?${qs({ near: '아틀란티스' })}`)
      t.equal(unknown.statusCode, 400)
      t.match(ErrorSchema.parse(unknown.json()), { code: 'invalid_parameter', message: /'near'.*names no place/ })
      const both = await app.inject(`/api/branches/search?${qs({ near: '잠실역', curLttd: 37.5, curLitd: 127 })}`)
      t.equal(both.statusCode, 400)
      t.match(both.json(), { code: 'invalid_parameter', message: /near/ })
    })

    t.test('keyword and near together: the stores the keyword names, around the place, nearest first', async (t) => {
      const { stores, place } = await search({ keyword: '터미널', near: '동대구역' })
      t.match(place, { name: '동대구역', kind: 'station' })
      t.ok(stores.length === 5 && stores.every((s) => s.name.includes('터미널')) && ascending(stores))
      t.ok(stores[0]?.address.startsWith('대구'), 'the nearest in Daegu')
      const dong = await search({ keyword: '터미널', near: '용두동' })
      t.match(dong.place, { name: '용두동', within: '서울특별시 동대문구' })
      t.ok(dong.stores[0]?.address.startsWith('서울'))
    })

    t.test('a point abroad is refused naming the bounds; a far answer says so', async (t) => {
      const tokyo = await app.inject(`/api/branches/search?${qs({ curLttd: 35.68, curLitd: 139.76 })}`)
      t.equal(tokyo.statusCode, 400)
      t.match(tokyo.json(), { code: 'invalid_parameter', message: /curLitd.*Korea \(latitude 32\.8 to 38\.9, longitude 124\.5 to 132\)/ })
      const sea = await search({ curLttd: 33.3, curLitd: 125.0 })
      t.ok((sea.stores[0]?.distanceKm ?? 0) > 30)
      t.match(sea.hint, /nearest store is \d+\.\d km from this point: none is within 30 km/)
      const near = await search({ curLttd: 37.5133, curLitd: 127.1001 })
      t.notMatch(near.hint ?? '', /none is within/)
    })

    if (directory === 'on') {
      t.test('place understanding adds no upstream call once the directory is built', async (t) => {
        simulator.resetStats()
        await search({ keyword: '창덕궁' })
        await search({ near: '용산역' })
        await search({ keyword: '신촌역' })
        t.equal(simulator.stats().total, 0)
      })
    }
  })
}
