import t from 'tap'
import { gazetteer } from '../../src/places/gazetteer.js'
import { jamoDistance, placeKey, romanKey } from '../../src/places/names.js'
import { findPlace, placeWords } from '../../src/places/understand.js'

// The gazetteer alone: every kind of place by its Korean, English and romanised names and the spellings
// people use, one name that is two stations kept apart, slips forgiven, and what it does not know.

t.test('names are compared without spaces, hyphens or case; romanised as es-hangul does', async (t) => {
  t.equal(placeKey('Myeong-dong'), 'myeongdong')
  t.equal(placeKey("I'Park  Mall"), 'iparkmall')
  t.equal(romanKey('광화문'), 'gwanghwamun')
})

t.test('one jamo-level slip is distance 1; two are more', async (t) => {
  t.equal(jamoDistance('헤운대', '해운대'), 1, 'ㅔ for ㅐ')
  t.equal(jamoDistance('선능역', '선릉역'), 1, 'ㄴ for ㄹ')
  t.equal(jamoDistance('가남역', '강남역'), 1, 'a dropped batchim')
  t.equal(jamoDistance('핸운대', '해운대'), 1, 'a batchim added')
  t.equal(jamoDistance('해운대', '해운대대', 3), 2, 'a syllable added is two jamo or more')
  t.equal(jamoDistance('경복궁', '경복궁'), 0)
  t.equal(jamoDistance('헤운데', '해운대'), 2, 'two slips are not forgiven')
  t.equal(jamoDistance('광안리', '해운대', 3), 4, 'stops counting past max')
})

t.test('each kind of place, by each kind of name', async (t) => {
  const places = await gazetteer()
  const read = (text: string) => {
    const m = places.lookup(text)
    return m ? { name: m.place.name, kind: m.place.kind, how: m.how } : undefined
  }
  // Stations, with their lines.
  t.match(read('용산역'), { name: '용산역', kind: 'station', how: 'name' })
  t.match(read('Yongsan Station'), { name: '용산역', kind: 'station' })
  t.match(read('yongsannyeok') ?? read('yongsanyeok'), { name: '용산역' }, 'romanised by es-hangul')
  t.match(places.lookup('동대구역')?.place.lines, ['대구1호선', 'KTX', 'SRT'])
  t.match(read('잠실'), { name: '잠실', kind: 'landmark' }, 'an area outright beats a station by its short form')
  t.match(read('역삼'), { name: '역삼역', kind: 'station', how: 'short' }, 'a station by its name without 역')
  // Landmarks of several categories.
  t.match(read('창덕궁'), { name: '창덕궁', kind: 'landmark' })
  t.match(read('Jagalchi Market'), { name: '자갈치시장' })
  t.match(read('Haeundae Beach'), { name: '해운대해수욕장' })
  t.match(read('인천공항'), { name: '인천국제공항' })
  t.match(read('ICN'), { name: '인천국제공항' })
  t.match(read('고척돔'), { name: '고척스카이돔' })
  t.match(read('연대'), { name: '연세대학교' })
  t.equal(places.lookup('불국사')?.place.category, 'historic')
  // Provinces, cities, districts and towns.
  t.match(read('Pusan'), { name: '부산광역시', kind: 'province' }, 'the older spelling people still use')
  t.match(read('제주도'), { name: '제주특별자치도', kind: 'province' })
  t.match(read('수원시'), { name: '수원시', kind: 'city' })
  t.match(read('Seodaemun-gu'), { name: '서대문구', kind: 'district' })
  t.match(read('분당구'), { name: '분당구', kind: 'district' })
  t.equal(places.lookup('분당구')?.place.parent, '경기도 성남시')
  t.match(read('신탄진'), { name: '신탄진', kind: 'town' }, 'a GeoNames town')
  // The spellings people use.
  t.match(read('Hongdae'), { name: '홍대' })
  t.match(read('Myeong-dong'), { name: '명동' })
  t.match(read('myungdong'), { name: '명동' })
  t.equal(read('Tokyo'), undefined, 'a place abroad is not in it')
  t.equal(read('우산'), undefined, 'nor a product word')
})

t.test('one name, two stations: 신촌역 on Line 2 and on the Gyeongui-Jungang Line are kept apart', async (t) => {
  const places = await gazetteer()
  const m = places.lookup('신촌역')
  t.equal(m?.place.name, '신촌역')
  t.same(m?.place.lines, ['2호선'])
  t.equal(m?.others.length, 1)
  t.same(m?.others[0]?.lines, ['경의중앙선'])
  t.not(m?.place.id, m?.others[0]?.id)
  t.not(m?.place.latitude, m?.others[0]?.latitude)
})

t.test('an ambiguous district is read as the likeliest and names the others; a city beside it chooses', async (t) => {
  const places = await gazetteer()
  const gangseo = places.lookup('강서구')
  t.equal(gangseo?.place.parent, '서울특별시')
  t.ok(
    gangseo?.others.some((o) => o.parent === '부산광역시'),
    'Busan has one too',
  )
  t.equal((await findPlace('부산 강서구'))?.place.parent, '부산광역시')
  t.equal((await findPlace('대구 중구'))?.place.parent, '대구광역시')
  t.equal((await findPlace('인천광역시 동구'))?.place.parent, '인천광역시')
})

t.test('a slip in a name of three syllables or more is forgiven and says what it read', async (t) => {
  const places = await gazetteer()
  t.match(places.lookup('창덕궁'), { how: 'name' })
  t.match(places.lookup('창덬궁'), { how: 'slip', read: '창덕궁', place: { name: '창덕궁' } })
  t.match(places.lookup('잠실엿'), { how: 'slip', place: { name: '잠실역' } }, 'an adjacent key (ㅅ for ㄱ)')
  t.match(places.lookup('광하문광장'), { how: 'slip', place: { name: '광화문광장' } }, 'half a vowel dropped (ㅏ for ㅘ)')
  t.equal(places.lookup('남산'.replace('산', '신')), undefined, 'two syllables: no slip forgiven')
  t.equal(places.lookup('헤운데'), undefined, 'two slips: not read')
})

t.test('the words around a place are dropped before it is looked up', async (t) => {
  t.same(placeWords('경복궁 근처 다이소'), ['경복궁'])
  t.same(placeWords('daiso near Gyeongbokgung Palace'), ['gyeongbokgung', 'palace'])
  t.same(placeWords('선릉역근처'), ['선릉역'])
  t.equal((await findPlace('다이소 광안리 근처'))?.place.name, '광안리해수욕장')
  t.equal(await findPlace('다이소 근처'), undefined)
})

t.test('neighbourhoods (읍·면·동): filed under the district that holds them now, numbered ones joined as people say them', async (t) => {
  const places = await gazetteer()
  const read = (text: string) => {
    const m = places.lookup(text)
    return m && { name: m.place.name, kind: m.place.kind, within: m.place.parent, how: m.how, others: m.others.map((o) => o.parent) }
  }
  t.match(read('서교동'), { name: '서교동', kind: 'neighbourhood', within: '서울특별시 마포구', how: 'name' })
  t.match(read('Seogyo-dong'), { name: '서교동' }, 'by its romanised name')
  t.match(read('군위읍'), { name: '군위읍', within: '대구광역시 군위군' }, '군위군 moved to Daegu in 2023: filed there, once')
  t.match(read('월영동'), { within: '경상남도 창원시 마산합포구' }, 'a dong of the old 마산시 under today’s district')
  t.match(read('숭의1동'), { within: '인천광역시 미추홀구', others: [] }, '인천 남구 (old code) and 미추홀구 kept once')
  t.match(read('상당구'), { kind: 'district', within: '충청북도 청주시' }, 'a district the boundaries name bare sits in its city')
  // 역삼1동 and 역삼2동 are 역삼동, as addresses and people say; 역삼 alone is the station first, the dong named.
  const yeoksam = places.lookup('역삼동')
  const [one, two] = ['역삼1동', '역삼2동'].map((n) => places.lookup(n)?.place)
  t.match(yeoksam?.place, { name: '역삼동', kind: 'neighbourhood', parent: '서울특별시 강남구' })
  t.ok(
    yeoksam &&
      one &&
      two &&
      yeoksam.place.latitude <= Math.max(one.latitude, two.latitude) &&
      yeoksam.place.longitude >= Math.min(one.longitude, two.longitude),
    'between its two parts',
  )
  t.match(read('yeoksam-dong'), { name: '역삼동', within: '서울특별시 강남구' })
  t.match(read('역삼'), { name: '역삼역', how: 'short', others: ['서울특별시 강남구'] })
  t.match(read('창신1동'), { name: '창신제1동' }, '제 left out, as it is written')
  t.match(read('가홰동'), { name: '가회동', how: 'slip' }, 'one slip (ㅙ for ㅚ)')
  t.equal(read('우산'), undefined, 'a single dong’s stem is no name (우산동 stays 우산동)')
  // One name, many districts: the busiest first (most named stations and landmarks near), then Statistics Korea's
  // order; the others named.
  const yongdu = read('용두동')
  t.match(yongdu, { within: '서울특별시 동대문구' })
  t.same(yongdu?.others, ['대전광역시 중구', '충청북도 제천시'])
  t.match(await findPlace('대전 용두동'), { place: { name: '용두동', parent: '대전광역시 중구' } }, 'a city beside it chooses')
  t.match(await findPlace('제천 용두동'), { place: { parent: '충청북도 제천시' } })
  t.match(read('신사동'), { within: '서울특별시 강남구' }, '강남구’s, by 신사역 and 가로수길, before 은평구’s')
  t.ok(read('신사동')?.others.includes('서울특별시 은평구'), 'and 은평구’s named')
  t.match(read('삼성동'), { within: '서울특별시 강남구' }, 'COEX’s 삼성동, not 관악구’s')
  t.match(await findPlace('은평 신사동'), { place: { parent: '서울특별시 은평구' } }, 'a district beside it still chooses')
  t.match(await findPlace('강남 신사동'), { place: { parent: '서울특별시 강남구' } }, '강남 is an area, and 강남구 beside a dong')
  // A dong that is a landmark already is one place, not two.
  t.same(places.lookup('명동')?.others, [])
  const seen = new Set<string>()
  for (const p of places.places.filter((p) => p.kind === 'neighbourhood')) {
    const key = `${p.parent} ${p.name}`
    if (seen.has(key)) t.fail(`${key} twice`)
    seen.add(key)
  }
  t.ok(seen.size > 3500, `${seen.size} neighbourhoods`)
})

t.test('the gazetteer is small and every place is in Korea', async (t) => {
  const places = await gazetteer()
  const count = (kind: string) => places.places.filter((p) => p.kind === kind).length
  t.ok(count('landmark') >= 200, `${count('landmark')} landmarks`)
  t.ok(count('district') >= 250, `${count('district')} districts`)
  t.equal(count('province'), 17)
  for (const p of places.places) {
    if (p.latitude < 33 || p.latitude > 38.7 || p.longitude < 124.5 || p.longitude > 131)
      t.fail(`${p.name} at ${p.latitude}, ${p.longitude}`)
  }
})
