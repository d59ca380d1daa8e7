/**
 * Store facilities people ask about ("which store has parking?", "tax-free?"), named in English. Which
 * upstream flag each comes from is in src/upstream/schemas.ts (FACILITY_FLAGS) and docs/rest.md.
 */
export const FACILITIES = [
  'parking',
  'elevator',
  'ramp',
  'taxFree',
  'pickup',
  'usim',
  'overseasUsim',
  'cashless',
  'eReceipt',
  'photoSticker',
] as const
export type Facility = (typeof FACILITIES)[number]

/** What each facility means, for parameter descriptions and the docs. */
export const FACILITY_MEANINGS: Record<Facility, string> = {
  parking: 'parking',
  elevator: 'an elevator',
  ramp: 'a ramp at the entrance (step-free)',
  taxFree: 'tax-free shopping for tourists',
  pickup: 'pickup of online orders',
  usim: 'USIM (phone SIM) sales',
  overseasUsim: 'USIMs for visitors from abroad',
  cashless: 'cashless (cards only)',
  eReceipt: 'e-receipts',
  photoSticker: 'a photo sticker booth',
}
