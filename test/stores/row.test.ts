import t from 'tap'
import { decode, encode } from '../../src/upstream/cache-entry.js'
import { rowFromStore, storeFromRow, storesFromRows } from '../../src/stores/row.js'
import type { UpstreamStore } from '../../src/upstream/port.js'

// One mapper between a persisted store row and the domain's store, read through the room's schema.

const store: UpstreamStore = {
  code: '11199',
  name: '강남역점',
  address: '서울특별시 강남구 강남대로 422 (역삼동)',
  lat: 37.497175,
  lng: 127.027926,
  openTime: '10:00',
  closeTime: '22:00',
  distanceKm: null,
  total: 1468,
  facilities: ['parking', 'taxFree'],
  holidayDate: null,
}

t.test('a store persisted and read back is the same store', async (t) => {
  t.same(storeFromRow(JSON.parse(JSON.stringify(rowFromStore(store)))), store)
  const { facilities: _facilities, holidayDate: _holiday, ...bare } = store
  t.same(storeFromRow(rowFromStore(bare)), bare, 'optional fields stay absent')
  t.same(storesFromRows([rowFromStore(store)]), [store])
})

t.test('a row of another shape is refused, and a copy with one such row is refused whole', async (t) => {
  const { closeTime: _closeTime, ...withoutField } = store
  t.equal(storeFromRow(withoutField), undefined, 'a field missing (a copy from an older version)')
  t.equal(storeFromRow({ ...store, lat: '37.49' }), undefined, 'a number written as text')
  t.equal(storeFromRow({ ...store, facilities: ['sauna'] }), undefined, 'a facility this version does not know')
  t.equal(storeFromRow(null), undefined)
  t.equal(storesFromRows([rowFromStore(store), withoutField]), undefined)
  t.equal(storesFromRows({ stores: [] }), undefined)
})

t.test('a shared cache entry of a store is read through the same schema', async (t) => {
  const expiresAt = Date.now() + 60_000
  t.same(decode(encode(store, expiresAt), 'store|11199'), { value: store, expiresAt })
  t.same(decode(encode([store], expiresAt), 'stores|강남|||1|10'), { value: [store], expiresAt })
  const { name: _name, ...nameless } = store
  t.equal(decode(encode(nameless as UpstreamStore, expiresAt), 'store|11199'), undefined, 'another shape is a miss')
  t.equal(decode(encode([nameless as UpstreamStore], expiresAt), 'stores|강남|||1|10'), undefined)
})
