import t from 'tap'
import { createSandbox } from '../../fixtures/sandbox/service.js'
import type { StoreCode } from '../../src/schemas.js'

// The sandbox reads product words as production does with a usable product index.
const limits = { maxPages: 5, deadlineMs: 5_000, maxConcurrent: 4 }

t.test('the sandbox understands English, synonyms and shopping lists over its fixture catalogue', async (t) => {
  const sandbox = createSandbox(limits)
  t.teardown(() => sandbox.close())
  const { service } = sandbox
  const code = '11199' as StoreCode
  const english = await service.searchStoreProducts({ storeCode: code, keyword: 'AA batteries', page: 1 })
  t.same(
    english.products.map((p) => p.name),
    ['알카라인 건전지 AA 4입'],
  )
  t.match(english.note, /read 'aa batteries' as 건전지 AA/i)
  const synonym = await service.searchCatalogue({ keyword: '스텐 집게', page: 1 })
  t.same(
    synonym.products.map((p) => p.name),
    ['스테인리스 주방 집게'],
    '스텐 reads 스테인리스',
  )
  const list = await service.searchStoreProducts({ storeCode: code, keyword: '수세미, 배터리', page: 1 })
  t.same(
    list.keywords?.map((k) => [k.keyword, k.productIds.length > 0]),
    [
      ['수세미', true],
      ['배터리', true],
    ],
  )
})

t.test('REST: a word left out travels in the Search-Ignored header too', async (t) => {
  const { buildTestApp } = await import('../helpers/app.js')
  const { app } = await buildTestApp(t)
  const res = await app.inject({
    method: 'GET',
    url: `/api/sandbox/products?branchCode=11199&keyword=${encodeURIComponent('반짝이는 수세미')}`,
  })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['search-ignored'], encodeURIComponent('반짝이는'))
  const body = res.json() as { products: Array<{ name: string }>; keywords: Array<{ ignored: string[] }> }
  t.ok(body.products.length > 0 && body.products.every((p) => p.name.includes('수세미')))
  t.same(body.keywords[0]?.ignored, ['반짝이는'])
})
