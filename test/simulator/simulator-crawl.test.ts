// The simulator's store search serves a crawl of the whole chain as upstream-protocol.md §4.1 describes:
// an empty keyword lists every store, nearest first, paged, with totalCnt on every row; past the last page
// an empty success. And the chain has its real size, with the stores the tests name.
import t from 'tap'
import { startSimulator } from '../../simulator/server.js'
import { createSimulatorData } from '../../simulator/data.js'

const sim = await startSimulator({ port: 0 })
t.teardown(() => sim.close())

interface Row {
  strCd: string
  totalCnt: number
  currentPageCnt: number
  rnum: number
  km: string
  parkYn: string
}

async function page(currentPage: number, pageSize: number): Promise<{ success: boolean; data: Row[] }> {
  const res = await fetch(`${sim.url}/ms/msg/selStr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: '', curLttd: 37.5665, curLitd: 126.978, geolocationAgrYn: 'Y', currentPage, pageSize }),
  })
  return (await res.json()) as { success: boolean; data: Row[] }
}

t.test('an empty keyword pages through every store, with totalCnt on every row', async (t) => {
  const first = await page(1, 100)
  const total = first.data[0]!.totalCnt
  t.ok(total >= 1_400 && total <= 1_600, `${total} stores: the chain's real size`)
  const codes = new Set<string>()
  let last = 0
  for (let p = 1; p <= Math.ceil(total / 100); p++) {
    const { success, data } = await page(p, 100)
    t.equal(success, true)
    for (const row of data) {
      t.equal(row.totalCnt, total)
      t.equal(row.currentPageCnt, data.length)
      t.equal(row.rnum, (p - 1) * 100 + data.indexOf(row) + 1)
      t.ok(Number(row.km) >= last, 'nearest first across pages')
      last = Number(row.km)
      t.match(row.parkYn, /^[YN]$/)
      codes.add(row.strCd)
    }
  }
  t.equal(codes.size, total, 'every store once')
  const past = await page(Math.ceil(total / 100) + 1, 100)
  t.same(past, { ...past, success: true, data: [] }, 'past the last page: an empty success')
})

t.test('the stores the tests name are all there, with unique codes and names', async (t) => {
  const data = createSimulatorData()
  for (const code of ['11199', '10528', '10962', '10224', '10856', '10087', '11015', '10440', '10502', '40508']) {
    t.ok(data.storeByCode(code), code)
  }
  t.equal(new Set(data.stores.map((s) => s.code)).size, data.stores.length)
  t.equal(new Set(data.stores.map((s) => s.name)).size, data.stores.length)
  const provinces = new Set(data.stores.map((s) => s.address.split(' ')[0]))
  t.ok(provinces.size >= 17, `${provinces.size} provinces and metropolitan cities`)
})
