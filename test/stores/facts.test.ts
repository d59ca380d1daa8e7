import t from 'tap'
import { floorLabel, isOpenNow } from '../../src/stores/facts.js'

t.test('openNow reads posted hours in Korea time, including hours past midnight', async (t) => {
  const at = (kst: string) => new Date(`2026-11-23T${kst}:00+09:00`)
  t.equal(isOpenNow('10:00', '22:00', at('09:59')), false)
  t.equal(isOpenNow('10:00', '22:00', at('10:00')), true)
  t.equal(isOpenNow('10:00', '22:00', at('21:59')), true)
  t.equal(isOpenNow('10:00', '22:00', at('22:00')), false)
  t.equal(isOpenNow('10:00', '02:00', at('01:30')), true, 'open past midnight')
  t.equal(isOpenNow('10:00', '02:00', at('03:00')), false)
  t.equal(isOpenNow('00:00', '24:00', at('03:00')), true)
  t.equal(isOpenNow('10:00', '10:00', at('12:00')), null, 'hours that say nothing are unknown')
  t.equal(isOpenNow('10시', '22:00', at('12:00')), null)
})

t.test('floor labels as shoppers read them', async (t) => {
  t.equal(floorLabel(-1), 'B1')
  t.equal(floorLabel(-2), 'B2')
  t.equal(floorLabel(1), '1F')
  t.equal(floorLabel(12), '12F')
  t.equal(floorLabel(null), null)
  t.equal(floorLabel(0), null)
})
