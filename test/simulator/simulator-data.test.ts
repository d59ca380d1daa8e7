// The simulator's data set: size, realism rules from the brief, the recorded real records, determinism.
import t from 'tap'
import { createSimulatorData, decodeEntities, generateSimulatorData, haversineKm, mulberry32 } from '../../simulator/data.js'
import { REAL_STORES } from '../../simulator/data/stores.js'
import { REAL_PRODUCTS } from '../../simulator/data/products.js'

const data = createSimulatorData()

t.test('there are at least 300 stores and 2,000 products with unique identifiers', async (t) => {
  t.ok(data.stores.length >= 300, `${data.stores.length} stores`)
  t.ok(data.products.length >= 2000, `${data.products.length} products`)
  t.equal(new Set(data.stores.map((s) => s.code)).size, data.stores.length)
  t.equal(new Set(data.stores.map((s) => s.name)).size, data.stores.length)
  t.equal(new Set(data.products.map((p) => p.pdNo)).size, data.products.length)
  t.equal(new Set(data.products.map((p) => p.name)).size, data.products.length)
})

t.test('stores look like the chain: 5-digit codes with real prefixes, Korean addresses, hours, floors', async (t) => {
  for (const s of data.stores) {
    if (!/^(10|11|40|41|70|71)\d{3}$/.test(s.code)) t.fail(`code ${s.code}`)
    if (!/^\d{5}$/.test(s.zip)) t.fail(`zip ${s.zip}`)
    if (!/점$/.test(s.name)) t.fail(`name ${s.name}`)
    if (!/^(서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충청|전북|전라|경상|제주)/.test(s.address)) t.fail(`address ${s.address}`)
    if (!/^\d\d:\d\d$/.test(s.openTime) || !/^\d\d:\d\d$/.test(s.closeTime)) t.fail(`hours ${s.code}`)
    if (s.floors.length === 0 || s.floors.includes(0)) t.fail(`floors ${s.code}`)
    if (s.lat < 33 || s.lat > 38.7 || s.lng < 126 || s.lng > 130) t.fail(`coordinates ${s.code}`)
    if (s.flags.pkupYn !== (s.pickup ? 'Y' : 'N')) t.fail(`pkupYn ${s.code}`)
  }
  const seoul = data.stores.filter((s) => s.address.startsWith('서울')).length
  t.ok(seoul / data.stores.length > 0.3, 'Seoul heavy')
  for (const region of ['부산', '대구', '인천', '광주', '대전', '울산', '경기', '강원', '충청', '전북', '전라', '경상', '제주']) {
    t.ok(
      data.stores.some((s) => s.address.startsWith(region)),
      region,
    )
  }
  t.ok(
    data.stores.some((s) => s.floors.includes(-1)),
    'some basements',
  )
  t.ok(
    data.stores.some((s) => s.name.endsWith('본점')),
    'some 본점',
  )
  t.ok(
    data.stores.some((s) => /\d호점$/.test(s.name)),
    'some N호점',
  )
  t.ok(data.stores.some((s) => s.openTime === '09:00') && data.stores.some((s) => s.closeTime === '23:00'))
  t.ok(data.stores.filter((s) => s.name.includes('강남') || s.address.includes('강남')).length >= 5, '강남 matches several')
})

t.test('the recorded stores are present exactly', async (t) => {
  for (const real of REAL_STORES) {
    t.match(
      data.storeByCode(real.code),
      {
        code: real.code,
        name: real.name,
        address: real.address,
        zip: real.zip,
        lat: real.lat,
        lng: real.lng,
        openTime: real.openTime,
        closeTime: real.closeTime,
        pickup: real.pickup,
      },
      `${real.code} ${real.name}`,
    )
  }
  t.equal(data.storeByCode('10856')?.name, '서울시청광장점')
  t.equal(haversineKm(37.5665, 126.978, 37.5647, 126.9766).toFixed(1), '0.2')
  t.equal(data.storeByCode('10001'), undefined, 'synthetic test code stays free')
  t.equal(data.storeByCode('nope'), undefined)
})

t.test('products look like the catalogue: 7-digit numbers, price points, image paths', async (t) => {
  const pricePoints = new Set([500, 1000, 1500, 2000, 3000, 4000, 5000])
  let nullImages = 0
  let oldHost = 0
  let entities = 0
  for (const p of data.products) {
    if (!/^\d{7}$/.test(p.pdNo)) t.fail(`pdNo ${p.pdNo}`)
    if (!pricePoints.has(p.price)) t.fail(`price ${p.pdNo} ${p.price}`)
    if (p.imagePath === null) nullImages++
    else {
      const m = /^(https:\/\/img\.daisomall\.co\.kr)?\/file\/PD\/(\d{8})\/([A-Za-z0-9]{20})(\d{7})_00_00([A-Za-z0-9]{20})\.jpg$/.exec(
        p.imagePath,
      )
      if (m === null || m[3] !== m[5] || m[4] !== p.pdNo) t.fail(`image ${p.imagePath}`)
      if (m?.[1] !== undefined) oldHost++
    }
    if (/&(amp|quot|#39);/.test(p.name)) {
      entities++
      if (p.decodedName !== decodeEntities(p.name) || p.decodedName.includes('&#39;')) t.fail(`decoded ${p.name}`)
    }
    if (p.brand !== null && !/^[^>]+>\d{5}>[^>]+$/.test(p.brand)) t.fail(`brand ${p.brand}`)
    if (!/^CA[A-Z]\d{3}$/.test(p.categoryCode)) t.fail(`category ${p.categoryCode}`)
  }
  const n = data.products.length
  t.ok(nullImages / n > 0.05 && nullImages / n < 0.11, `null images ${(nullImages / n).toFixed(3)}`)
  t.ok(oldHost / n > 0.03 && oldHost / n < 0.08, `old host ${(oldHost / n).toFixed(3)}`)
  t.ok(entities / n > 0.01 && entities / n < 0.04, `entities ${(entities / n).toFixed(3)}`)
  t.ok(data.products.some((p) => p.brand === null) && data.products.some((p) => p.brand !== null))
})

t.test('the recorded products are present exactly', async (t) => {
  for (const real of REAL_PRODUCTS) {
    t.match(data.productByNo(real.pdNo), {
      pdNo: real.pdNo,
      name: real.name,
      displayName: real.displayName,
      price: real.price,
      imagePath: real.imagePath,
      brand: real.brand,
    })
  }
  t.equal(data.productByNo('9999999'), undefined)
})

t.test('common keywords hit many products', async (t) => {
  const minimum: Record<string, number> = { 수납: 60, 물티슈: 15, 건전지: 15, 앰플: 10, 수세미: 10 }
  for (const [keyword, min] of Object.entries(minimum)) {
    const hits = data.searchProducts(keyword)
    t.ok(hits.length >= min, `${keyword}: ${hits.length}`)
    t.ok(hits.every((p) => p.name.includes(keyword) || p.displayName.includes(keyword)))
  }
})

t.test('search ranks exact numbers and whole phrases first and is case-insensitive', async (t) => {
  t.same(
    data.searchProducts('1049275').map((p) => p.pdNo),
    ['1049275'],
  )
  const ampoules = data
    .searchProducts('앰플')
    .slice(0, 3)
    .map((p) => p.pdNo)
  t.same(ampoules, ['1049275', '1049277', '1041749'], 'best sellers first')
  t.same(
    data.searchProducts('vt 앰플').map((p) => p.pdNo),
    data.searchProducts('VT 앰플').map((p) => p.pdNo),
  )
  t.ok(data.searchProducts('다용도 수세미')[0]?.name.includes('다용도 수세미'))
  const spread = data.searchProducts('수세미 다용도')
  t.ok(spread.length > 0 && spread.every((p) => p.name.includes('수세미') && p.name.includes('다용도')), 'tokens match in any order')
  t.equal(data.searchProducts('').length, data.products.length, 'empty search lists the catalogue')
  t.equal(data.searchProducts('  수납 '), data.searchProducts('수납'), 'repeated searches are cached')
})

t.test('about 30 % of pairs are in stock with 1 to 40 units', async (t) => {
  let pairs = 0
  let inStock = 0
  let noPlacement = 0
  for (const s of data.stores.slice(0, 60)) {
    for (const p of data.products) {
      pairs++
      const n = data.stockOf(s.code, p.pdNo)
      if (!Number.isInteger(n) || n < 0 || n > 40) t.fail(`stock ${n}`)
      if (n > 0) {
        inStock++
        const place = data.placementOf(s.code, p.pdNo)
        if (place === null) noPlacement++
        else if (!s.floors.includes(place.stairNo) || place.zoneNo < 1 || place.zoneNo > 80) t.fail(`placement ${s.code} ${p.pdNo}`)
      }
    }
  }
  t.ok(inStock / pairs > 0.27 && inStock / pairs < 0.33, `in stock ${(inStock / pairs).toFixed(3)}`)
  t.ok(noPlacement / inStock > 0.015 && noPlacement / inStock < 0.05, `no placement ${(noPlacement / inStock).toFixed(3)}`)
  t.equal(data.stockOf('99999', '1049275'), 0)
  t.equal(data.stockOf('10224', '9999999'), 0)
  t.equal(data.placementOf('99999', '1049275'), null)
  t.equal(data.stockOf('10224', '1049275'), 3, 'recorded fixture value')
  t.same(data.placementOf('11199', '1024881'), { stairNo: 2, zoneNo: 7 })
})

t.test('the same seed gives the same data; another seed gives other generated records', async (t) => {
  t.equal(createSimulatorData(), data, 'memoised per seed')
  const again = generateSimulatorData()
  t.not(again, data)
  t.same(again.stores, data.stores)
  t.same(again.products, data.products)
  const sample = data.products.slice(0, 50)
  t.same(
    sample.map((p) => again.stockOf('10528', p.pdNo)),
    sample.map((p) => data.stockOf('10528', p.pdNo)),
  )
  t.same(
    sample.map((p) => again.placementOf('10528', p.pdNo)),
    sample.map((p) => data.placementOf('10528', p.pdNo)),
  )

  const other = createSimulatorData(7)
  t.equal(createSimulatorData(7), other)
  t.notSame(
    other.stores.map((s) => s.code),
    data.stores.map((s) => s.code),
  )
  t.equal(other.storeByCode('10224')?.name, '강남역2호점', 'real records do not depend on the seed')
  t.equal(other.productByNo('1047618')?.price, 2000)
  t.notSame(
    sample.map((p) => other.stockOf('10528', p.pdNo)),
    sample.map((p) => data.stockOf('10528', p.pdNo)),
  )
})

t.test('mulberry32 is a deterministic uniform source', async (t) => {
  const a = mulberry32(1)
  const b = mulberry32(1)
  const xs = Array.from({ length: 1000 }, () => a())
  t.same(
    Array.from({ length: 1000 }, () => b()),
    xs,
  )
  t.ok(xs.every((x) => x >= 0 && x < 1))
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length
  t.ok(mean > 0.45 && mean < 0.55)
})
