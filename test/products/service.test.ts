import t from 'tap'
import type { StoreCode } from '../../src/schemas.js'
import { buildTestApp } from '../helpers/app.js'
import { MemoryProductIndex, simulatorCatalogue } from '../helpers/product-index.js'
import { serviceFor } from '../helpers/service.js'

// Product search through the service, against the simulator on a socket, with the product index port
// fed from the simulator's catalogue. Upstream calls are counted at the simulator: 0 catalogue calls
// for an indexed product, at most 3 (in one round) for a word the index does not hold.

const STORE = '11199' as StoreCode
const GANGNAM = { latitude: 37.4979, longitude: 127.0276 }

t.test('product search over the index', async (t) => {
  const { runtime, simulator, config } = await buildTestApp(t)
  const catalogue = simulatorCatalogue(simulator.data)
  const index = new MemoryProductIndex(catalogue)
  const service = serviceFor(runtime.upstream, { limits: config.scan, products: index })
  const calls = async <T>(run: () => Promise<T>) => {
    simulator.resetStats()
    const answer = await run()
    const { calls } = simulator.stats()
    return { answer, catalogue: calls.pdThumbSelSimple, stock: calls.selStrPkupStck, requests: simulator.stats().requests }
  }

  t.test('spacing: 캠핑의자 finds 캠핑 의자 with no catalogue call; the upstream alone finds nothing', async (t) => {
    const { answer, catalogue } = await calls(() => service.searchCatalogue({ keyword: '캠핑의자', page: 1 }))
    t.equal(catalogue, 0)
    t.ok(answer.products.length > 0 && answer.products.every((p) => p.name.replace(/\s/g, '').includes('캠핑의자')))
    t.same(simulator.data.searchProducts('캠핑의자'), [], 'the literal upstream match finds nothing for it')
  })

  t.test('an extra word is left out and named; the in-store scan makes no catalogue call', async (t) => {
    const { answer, catalogue, stock } = await calls(() =>
      service.searchStoreProducts({ storeCode: STORE, keyword: '선물 포장지', page: 1 }),
    )
    t.equal(catalogue, 0)
    t.equal(stock, 1, 'one stock call for the page')
    const listed = [...answer.products, ...(answer.unplaced ?? [])]
    t.ok(listed.length > 0 && listed.every((p) => p.name.includes('포장지')))
    t.same(answer.keywords?.[0]?.ignored, ['선물'])
    t.match(answer.note, /left out '선물'/i)
    const inStock = index.products().filter((p) => p.name.includes('포장지') && simulator.data.stockOf(STORE, p.productId) > 0)
    t.equal(listed.length, Math.min(inStock.length, 50), "every in-stock match is listed, shelved or not: the store's count")
  })

  t.test('inside a longer word: the answer says when only longer words match', async (t) => {
    const { answer } = await calls(() => service.searchCatalogue({ keyword: '끈', page: 1 }))
    t.ok(answer.products.length > 0)
    t.match(answer.note, /no product has '끈' as a word of its own/i)
    const cable = await service.searchCatalogue({ keyword: 'usb-c 케이블', page: 1 })
    t.ok(cable.products.length > 0 && cable.products.every((p) => /USB C/i.test(p.name)))
    t.match(cable.note, /no product has 'usb-c' as a word of its own/i, 'the word quoted as typed, not as it was squashed')
    const tissues = await service.searchCatalogue({ keyword: '티슈', page: 1 })
    t.notOk(
      tissues.products.slice(0, 10).some((p) => p.name.includes('물티슈')),
      'tissues before wet wipes',
    )
  })

  t.test('synonyms and English, with no catalogue call', async (t) => {
    for (const [keyword, expected] of [
      ['배터리', '건전지'],
      ['휴지', '화장지'],
      ['umbrella', '우산'],
      ['AA batteries', '건전지 AA'],
      ['pocket tissue', '티슈'],
      ['phone charger', '충전'],
    ] as const) {
      const { answer, catalogue } = await calls(() => service.searchCatalogue({ keyword, page: 1 }))
      t.equal(catalogue, 0, `${keyword}: no catalogue call`)
      t.ok(answer.products[0]?.name.includes(expected), `${keyword} → ${answer.products[0]?.name}`)
    }
    const english = await service.searchCatalogue({ keyword: 'umbrella', page: 1 })
    t.match(english.note, /read 'umbrella' as 우산/i)
  })

  t.test('a typing slip is corrected and the answer says what it read', async (t) => {
    const { answer, catalogue } = await calls(() => service.searchCatalogue({ keyword: '수넙함', page: 1 }))
    t.equal(catalogue, 0)
    t.match(answer.note, /read '수넙함' as 수납함 \(a typing slip\)/i)
  })

  t.test('not sold: the index and the upstream search agree, in at most 3 calls, and the hint says so', async (t) => {
    const { answer, catalogue, requests } = await calls(() => service.searchStoreProducts({ storeCode: STORE, keyword: '진통제', page: 1 }))
    t.ok(catalogue >= 1 && catalogue <= 3, `${catalogue} catalogue calls`)
    t.same(answer.products, [])
    t.match(answer.hint, /catalogue has no product matching '진통제'.*does not sell it/)
    t.notMatch(answer.hint, /shorter/)
    t.equal(answer.keywords?.[0]?.notSold, true)
    t.equal(requests.filter((r) => r.endpoint === 'selStrPkupStck').length, 0, 'no stock call for nothing')
    const other = await service.searchStoreProducts({ storeCode: STORE, keyword: '반짝이는 우산', page: 1 })
    t.notOk(other.keywords?.[0]?.notSold, 'a word left out beside a product found is not "not sold"')
    t.same(other.keywords?.[0]?.ignored, ['반짝이는'])
  })

  t.test('a section of the catalogue is "try a product word", not "not sold"; a thing it lacks is not sold, everywhere', async (t) => {
    // 문구류 names the chain's stationery section; no product name carries it, and the upstream's search finds nothing.
    t.same(simulator.data.searchProducts('문구류'), [], 'precondition: the upstream alone finds nothing')
    const inStore = await service.searchStoreProducts({ storeCode: STORE, keyword: '문구류', page: 1 })
    t.same(inStore.products, [])
    t.match(inStore.hint, /names a section of the Daiso catalogue \(문구\).*such as .*볼펜/)
    t.notMatch(inStore.hint, /does not sell|shorter/)
    t.notOk(inStore.keywords?.[0]?.notSold, 'not marked not sold')
    const catalogue = await service.searchCatalogue({ keyword: 'stationery', page: 1 })
    t.equal(catalogue.total, 0)
    t.match(catalogue.hint, /'stationery'.*section .*\(문구\)/)
    const nearby = await service.findProductNearby({ keyword: '주방용품', ...GANGNAM })
    t.match(nearby.hint, /'주방용품'.*section .*\(주방\).*such as/)
    for (const keyword of ['진통제', 'painkiller']) {
      const far = await service.findProductNearby({ keyword, ...GANGNAM })
      t.match(far.hint, /catalogue has no product matching .*does not sell it/, `${keyword}: not sold, nearby`)
      const page = await service.searchCatalogue({ keyword, page: 1 })
      t.match(page.hint, /does not sell it/, `${keyword}: not sold, catalogue`)
    }
    // A shopping list says it per keyword.
    const list = await service.searchStoreProducts({ storeCode: STORE, keyword: '진통제, 문구류', page: 1 })
    t.same(
      list.keywords?.map((k) => [k.keyword, k.notSold === true]),
      [
        ['진통제', true],
        ['문구류', false],
      ],
    )
    t.match(list.keywords?.[1]?.hint, /section .*\(문구\)/)
  })

  t.test('a word the index does not hold goes upstream (at most 3 calls) and is learned; next time none', async (t) => {
    const withoutChairs = new MemoryProductIndex(
      catalogue.filter((p) => !p.name.includes('캠핑 의자')),
      { mode: 'growing' },
    )
    const growing = serviceFor(runtime.upstream, { limits: config.scan, products: withoutChairs })
    const first = await calls(() => growing.searchCatalogue({ keyword: '캠핑 의자', page: 1 }))
    t.ok(first.catalogue >= 1 && first.catalogue <= 3, `${first.catalogue} catalogue calls`)
    t.ok(first.answer.products.length > 0 && first.answer.products.every((p) => p.name.includes('캠핑 의자')))
    t.ok(withoutChairs.learned.length > 0 && withoutChairs.learned.every((p) => p.name.includes('캠핑 의자')), 'learned')
    const again = await calls(() => growing.searchStoreProducts({ storeCode: STORE, keyword: '캠핑 의자', page: 1 }))
    t.equal(again.catalogue, 0, 'learned: no catalogue call the second time')
  })

  t.test('an index not usable: the upstream path, one catalogue call', async (t) => {
    const cold = new MemoryProductIndex(catalogue, { usable: false })
    const upstreamOnly = serviceFor(runtime.upstream, { limits: config.scan, products: cold })
    const { answer, catalogue: n } = await calls(() => upstreamOnly.searchCatalogue({ keyword: '멀티탭', page: 1 }))
    t.equal(n, 1)
    t.ok(answer.products.length > 0)
    const english = await upstreamOnly.searchCatalogue({ keyword: 'power strip', page: 1 })
    t.ok(english.products[0]?.name.includes('멀티탭'), 'English is read from the table even without the index')
  })

  t.test('a shopping list in one in-store call: products grouped by keyword, one stock call', async (t) => {
    const { answer, catalogue, stock } = await calls(() =>
      service.searchStoreProducts({ storeCode: STORE, keyword: '건전지, 멀티탭', page: 1 }),
    )
    t.equal(catalogue, 0)
    t.equal(stock, 1, 'both keywords in one stock call')
    t.same(
      answer.keywords?.map((k) => k.keyword),
      ['건전지', '멀티탭'],
    )
    const byId = new Map([...answer.products, ...(answer.unplaced ?? [])].map((p) => [p.id, p.name]))
    for (const [i, word] of ['건전지', '멀티탭'].entries()) {
      const group = answer.keywords?.[i]
      const ids = group?.productIds ?? []
      t.ok(ids.length > 0, `${word} found`)
      t.ok(
        ids.every((id) => byId.get(id)?.includes(word)),
        `${word}: its group holds only its products`,
      )
    }
  })

  t.test('more than five products at once is refused clearly', async (t) => {
    await t.rejects(service.searchCatalogue({ keyword: '우산, 건전지, 멀티탭, 수납함, 티슈, 컵', page: 1 }), {
      code: 'invalid_parameter',
      message: /at most 5/,
    })
  })

  t.test('nearby with the index: no catalogue call, one stock call', async (t) => {
    const { answer, catalogue, stock } = await calls(() => service.findProductNearby({ keyword: '우산', ...GANGNAM }))
    t.equal(catalogue, 0)
    t.equal(stock, 1)
    t.ok(answer.stores.length > 0)
    t.ok(answer.products.every((p) => p.name.includes('우산')))
  })

  t.test('a product number: the index holds it (no catalogue call); one it lacks is asked upstream', async (t) => {
    const umbrella = catalogue.find((p) => p.name.includes('우산'))!
    const { answer, catalogue: n } = await calls(() => service.findProductNearby({ keyword: umbrella.productId, ...GANGNAM }))
    t.equal(n, 0)
    t.same(
      answer.products.map((p) => p.id),
      [umbrella.productId],
    )
    const lacking = new MemoryProductIndex(catalogue.filter((p) => p.productId !== umbrella.productId))
    const fresh = serviceFor(runtime.upstream, { limits: config.scan, products: lacking })
    const asked = await calls(() => fresh.searchCatalogue({ keyword: umbrella.productId, page: 1 }))
    t.equal(asked.catalogue, 1)
    t.same(
      asked.answer.products.map((p) => p.id),
      [umbrella.productId],
    )
    t.ok(lacking.byId(umbrella.productId), 'learned')
  })

  t.test('nearby shopping list: stores with every item first, then most, each item with its floor', async (t) => {
    const { answer, catalogue, stock } = await calls(() => service.findProductNearby({ keyword: '우산, 멀티탭', ...GANGNAM }))
    t.equal(catalogue, 0)
    t.equal(stock, 1, 'one stock call carries both keywords at every store')
    t.same(new Set(answer.products.map((p) => p.keyword)), new Set(['우산', '멀티탭']))
    const missing = answer.stores.map((entry) => entry.missing?.length ?? -1)
    t.ok(missing.every((n) => n >= 0))
    t.same(
      missing,
      [...missing].sort((a, b) => a - b),
      'fewest missing first',
    )
    const complete = answer.stores.filter((entry) => entry.missing?.length === 0)
    t.ok(complete.length > 0, 'some store has both')
    for (const entry of complete.slice(0, 1)) {
      t.same(new Set(entry.items.map((item) => item.keyword)), new Set(['우산', '멀티탭']))
      t.ok(
        entry.items.every((item) => item.placement !== 'not_checked'),
        "the first store's items have their floor looked up",
      )
    }
    t.ok(answer.products.every((p) => p.keyword === '우산' || p.keyword === '멀티탭'))
  })
})
