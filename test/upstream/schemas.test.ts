import t, { type Test } from 'tap'
import { z } from 'zod'
import {
  CatalogueRow,
  PlacementEnvelope,
  PlacementRow,
  StockEnvelope,
  StoreRow,
  envelope,
  imageUrl,
  parseQuantity,
  placementReplyChecked,
  stockReplyChecked,
} from '../../src/upstream/schemas.js'

const storeRow = {
  strCd: '10224',
  strNm: '강남역2호점',
  strAddr: '서울특별시 강남구 테헤란로 109 (역삼동)',
  strDtlAddr: null,
  opngTime: '10:00',
  clsngTime: '22:00',
  strLitd: 127.028991200366,
  strLttd: 37.4988240219594,
  km: '13181.1',
  totalCnt: 1,
}

t.test('a store row as sent becomes our store', async (t) => {
  t.same(StoreRow.parse(storeRow), {
    code: '10224',
    name: '강남역2호점',
    address: '서울특별시 강남구 테헤란로 109 (역삼동)',
    lat: 37.4988240219594,
    lng: 127.028991200366,
    openTime: '10:00',
    closeTime: '22:00',
    distanceKm: 13181.1,
    total: 1,
    facilities: undefined,
    holidayDate: null,
  })
  t.notOk(
    'facilities' in StoreRow.parse(storeRow) && StoreRow.parse(storeRow).facilities,
    'a row without flags says nothing about facilities',
  )
})

t.test("a store row's Y/N flags become facilities, and hldyDt a date", async (t) => {
  // 10224's recorded flags (upstream-protocol.md §7.1).
  const row = StoreRow.parse({
    ...storeRow,
    parkYn: 'N',
    usimYn: 'Y',
    pkupYn: 'Y',
    elvtYn: 'N',
    entrRampYn: 'Y',
    taxfYn: 'Y',
    nocashYn: 'N',
    hflpYn: 'N',
    hldyDt: '20261124',
  })
  t.same(row.facilities, ['ramp', 'taxFree', 'pickup', 'usim'])
  t.equal(row.holidayDate, '2026-11-24')
  t.equal(StoreRow.parse({ ...storeRow, hldyDt: 'soon' }).holidayDate, null, 'a date that does not read is unknown')
  t.same(StoreRow.parse({ ...storeRow, parkYn: 'N' }).facilities, [], 'flags all N: none')
})

t.test('selStrInfo-style values are accepted: padded string coordinates, 1000-style hours, detail address', async (t) => {
  const row = StoreRow.parse({
    ...storeRow,
    strLttd: '37.49882402195940000000',
    strLitd: '127.02899120036600000000',
    opngTime: '1000',
    clsngTime: '2200',
    strDtlAddr: '지하 1층',
  })
  t.equal(row.lat, 37.4988240219594)
  t.equal(row.openTime, '10:00')
  t.equal(row.closeTime, '22:00')
  t.equal(row.address, '서울특별시 강남구 테헤란로 109 (역삼동) 지하 1층')
})

t.test('a word where a number belongs is a shape error, not garbage', async (t) => {
  t.notOk(StoreRow.safeParse({ ...storeRow, strLttd: '서울' }).success)
  t.notOk(StoreRow.safeParse({ ...storeRow, strCd: undefined, storeCode: '10224' }).success)
  t.notOk(CatalogueRow.safeParse({ pdNo: '1', pdNm: 'x', pdPrc: '무료' }).success)
  t.notOk(PlacementRow.safeParse({ stairNo: '이층', zoneNo: '1' }).success)
})

t.test('catalogue rows: string price to integer, entities decoded, name from exhPdNm when pdNm is empty', async (t) => {
  const row = CatalogueRow.parse({
    pdNo: '1047618',
    pdNm: '심플 팬트리수납함 &amp; 뚜껑',
    pdPrc: '2000',
    atchFileUrl: '/file/PD/20260119/eA4jhxzclhkWBLdfXdne1047618_00_00eA4jhxzclhkWBLdfXdne.jpg',
    totalCnt: 1625,
  })
  t.equal(row.name, '심플 팬트리수납함 & 뚜껑')
  t.equal(row.price, 2000)
  t.equal(row.image, 'https://cdn.daisomall.co.kr/file/PD/20260119/eA4jhxzclhkWBLdfXdne1047618_00_00eA4jhxzclhkWBLdfXdne.jpg')
  t.equal(row.total, 1625)
  const named = CatalogueRow.parse({ pdNo: '1075311', pdNm: '', exhPdNm: '[03 소프트핑크]VT 리들샷', pdPrc: 5000 })
  t.equal(named.name, '[03 소프트핑크]VT 리들샷')
  t.notOk(CatalogueRow.safeParse({ pdNo: '1', pdNm: '', pdPrc: '1000' }).success, 'no name at all is refused')
})

t.test('image paths: CDN prefix, old host rewritten, protocol-relative, escaped, null', async (t) => {
  t.equal(imageUrl(null), null)
  t.equal(imageUrl(''), null)
  t.equal(imageUrl('https://img.daisomall.co.kr/file/PD/a.jpg'), 'https://cdn.daisomall.co.kr/file/PD/a.jpg')
  t.equal(imageUrl('//cdn.daisomall.co.kr/file/PD/b.jpg'), 'https://cdn.daisomall.co.kr/file/PD/b.jpg')
  t.equal(imageUrl('file/PD/c.jpg'), 'https://cdn.daisomall.co.kr/file/PD/c.jpg')
  t.equal(imageUrl('/file/PD/d.jpg?x=1&amp;y=2'), 'https://cdn.daisomall.co.kr/file/PD/d.jpg?x=1&y=2')
})

t.test('quantities: numbers and digit strings are known; junk, negatives and empties are unknown', async (t) => {
  t.equal(parseQuantity('3'), 3)
  t.equal(parseQuantity('0'), 0)
  t.equal(parseQuantity(17), 17)
  t.equal(parseQuantity('NaN'), null)
  t.equal(parseQuantity('-1'), null)
  t.equal(parseQuantity(''), null)
  t.equal(parseQuantity(null), null)
  t.equal(parseQuantity(2.5), null)
})

t.test('placement: strings to integers, basements negative', async (t) => {
  t.same(PlacementRow.parse({ storeErp: '04515', stairNo: '-2', zoneNo: '60' }), { floor: -2, zone: 60 })
})

t.test('the envelope accepts missing optional keys and rejects a missing success flag', async (t) => {
  const schema = envelope(z.array(z.number()))
  t.ok(schema.safeParse({ message: null, data: [], success: true }).success)
  t.notOk(schema.safeParse({ data: [] }).success)
})

/** A hand check gives zod's answer for every reply zod accepts, and undefined (left to zod) for the rest. */
function answersAsZod(t: Test, schema: z.ZodType, checked: (reply: unknown) => unknown, replies: unknown[]): void {
  for (const reply of replies) {
    const byZod = schema.safeParse(reply)
    const byHand = checked(reply)
    if (byZod.success) t.strictSame(byHand, byZod.data, `same answer for ${JSON.stringify(reply)}`)
    else t.equal(byHand, undefined, `left to zod: ${JSON.stringify(reply)}`)
  }
}

t.test('the hand check of a stock reply answers what zod answers, and leaves every malformed reply to zod', async (t) => {
  const row = { pdNo: ' 1049275 ', strCd: '11199', sleStsCd: '1', stck: '3' }
  const replies: unknown[] = [
    { success: true, message: 'success', data: [row, { ...row, stck: 0 }, { ...row, stck: null }, { pdNo: '1', strCd: '2' }] },
    { success: true, data: [] },
    { success: true, message: null, data: null },
    { success: false, message: 'Unauthorized' },
    { success: true, resultCode: '200', data: [{ ...row, stck: 'abc' }] },
    // Malformed: zod refuses each, so the hand check must not accept it.
    null,
    [],
    'ok',
    { success: 'true', data: [] },
    { success: true, message: 3, data: [] },
    { success: true, data: {} },
    { success: true, data: [null] },
    { success: true, data: [[]] },
    { success: true, data: [{ ...row, pdNo: 1049275 }] },
    { success: true, data: [{ ...row, strCd: undefined }] },
    { success: true, data: [{ ...row, stck: true }] },
    { success: true, data: [{ ...row, stck: {} }] },
    { success: true, data: [row, { ...row, stck: [3] }] },
  ]
  answersAsZod(t, StockEnvelope, stockReplyChecked, replies)
})

t.test('the hand check of a placement reply answers what zod answers, and leaves every malformed reply to zod', async (t) => {
  const row = { storeErp: '04515', stairNo: '2', zoneNo: '60' }
  const replies: unknown[] = [
    { success: true, message: 'success', data: [row] },
    {
      success: true,
      data: [
        { ...row, stairNo: ' -2 ', zoneNo: 7 },
        { stairNo: 1, zoneNo: '0' },
      ],
    },
    { success: true, data: [] },
    { success: true, message: null, data: null },
    { success: true },
    { success: false, message: 'Unauthorized' },
    // Malformed: zod refuses each, so the hand check must not accept it.
    null,
    [],
    { success: 'true', data: [] },
    { success: true, message: 3, data: [] },
    { success: true, data: {} },
    { success: true, data: [null] },
    { success: true, data: [{ ...row, stairNo: '2층' }] },
    { success: true, data: [{ ...row, stairNo: '1.5' }] },
    { success: true, data: [{ ...row, stairNo: 1.5 }] },
    { success: true, data: [{ ...row, stairNo: '' }] },
    { success: true, data: [{ ...row, stairNo: '201' }] },
    { success: true, data: [{ ...row, stairNo: -21 }] },
    { success: true, data: [{ ...row, zoneNo: '-1' }] },
    { success: true, data: [{ ...row, zoneNo: '100001' }] },
    { success: true, data: [{ ...row, zoneNo: null }] },
    { success: true, data: [{ storeErp: '04515', stairNo: '2' }] },
    { success: true, data: [{ ...row, stairNo: true }] },
    { success: true, data: [row, { ...row, zoneNo: [60] }] },
  ]
  answersAsZod(t, PlacementEnvelope, placementReplyChecked, replies)
})
