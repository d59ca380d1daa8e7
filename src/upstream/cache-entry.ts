// What the upstream cache holds, and how an entry travels through the shared (Redis) layer.
import { storeFromRow, storesFromRows } from '../stores/row.js'
import type { CatalogueRows, Placement, UpstreamStore } from './port.js'

// lru-cache stores no undefined; "no such store" and "no placement" are answers worth keeping.
export const NONE = Symbol('none')
/** One stock quantity with the time (epoch ms) it was read from the upstream. */
export interface StockEntry {
  q: number
  t: number
}
export type Entry = UpstreamStore[] | UpstreamStore | CatalogueRows | Placement | StockEntry | typeof NONE

export const isStockEntry = (entry: Entry | undefined): entry is StockEntry =>
  typeof entry === 'object' && entry !== null && 'q' in entry && typeof entry.q === 'number' && typeof entry.t === 'number'

/** A cheap estimate of an entry's heap footprint: exact sizes would cost a serialisation per entry. */
export function approximateBytes(entry: Entry, key: string): number {
  const base = 100 + key.length * 2
  if (entry === NONE || isStockEntry(entry)) return base
  if (Array.isArray(entry)) return base + entry.length * 400
  if ('items' in entry) return base + entry.items.length * 350
  return base + 300
}

/** Shared entries carry their expiry, so the local copy lives no longer than the shared one. */
export function encode(value: Entry, expiresAt: number): string {
  return JSON.stringify(value === NONE ? { e: expiresAt, none: true } : { e: expiresAt, v: value })
}

/**
 * A shared entry read back; undefined when it is not one. Store entries (`store|…`, `stores|…`) are read
 * through the store room's row schema (src/stores/row.ts), so an entry written by another version is a
 * miss, not a store without a field.
 */
export function decode(raw: string, key: string): { value: Entry; expiresAt: number } | undefined {
  try {
    const parsed = JSON.parse(raw) as { e?: unknown; v?: unknown; none?: unknown }
    if (typeof parsed.e !== 'number') return undefined
    if (parsed.none === true) return { value: NONE, expiresAt: parsed.e }
    if (parsed.v === undefined || parsed.v === null) return undefined
    const value = key.startsWith('store|')
      ? storeFromRow(parsed.v)
      : key.startsWith('stores|')
        ? storesFromRows(parsed.v)
        : (parsed.v as Entry)
    return value === undefined ? undefined : { value, expiresAt: parsed.e }
  } catch {
    return undefined
  }
}
