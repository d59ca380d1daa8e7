import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { IndexedProduct, ProductIndexMode } from './port.js'

/**
 * The product index as kept on disk and in the fleet's Redis, and the checks a copy passes before it is
 * believed. Small functions on purpose: the store directory's checked copies (reusable machinery being built for it) can
 * take their place without touching the index.
 */
export interface CatalogueSnapshot {
  /** When the listing (or the last merge of a grown list) finished, ms since the epoch. */
  builtAt: number
  mode: ProductIndexMode
  /** The upstream's own count at the listing; null for a grown list. */
  total: number | null
  products: IndexedProduct[]
}

/** Bumped when the copy's shape changes: a copy of another format is not read. */
export const SNAPSHOT_FORMAT = 1

const IndexedProductShape = z.object({
  productId: z.string().regex(/^[0-9A-Za-z]+$/),
  name: z.string().min(1),
  price: z.number().int().min(0),
  image: z.string().nullable(),
  category: z.string().nullable(),
  brand: z.string().nullable(),
})

const SnapshotShape = z.object({
  builtAt: z.number().int().positive(),
  mode: z.enum(['listing', 'growing']),
  total: z.number().int().min(0).nullable(),
  products: z.array(IndexedProductShape),
})

const digest = (body: string): string => createHash('sha256').update(body).digest('hex')

/** The copy as text: format, checksum of the body, body. */
export function encodeSnapshot(snapshot: CatalogueSnapshot): string {
  const body = JSON.stringify(snapshot)
  return `{"format":${SNAPSHOT_FORMAT},"sha256":"${digest(body)}","snapshot":${body}}`
}

/** The copy read back, or undefined when it is of another format, cut short, altered or of the wrong shape. */
export function decodeSnapshot(text: string): CatalogueSnapshot | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { format, sha256, snapshot } = parsed as { format?: unknown; sha256?: unknown; snapshot?: unknown }
  if (format !== SNAPSHOT_FORMAT || typeof sha256 !== 'string') return undefined
  if (digest(JSON.stringify(snapshot)) !== sha256) return undefined
  const checked = SnapshotShape.safeParse(snapshot)
  return checked.success ? checked.data : undefined
}

export interface Plausibility {
  /** Fewest products a listing must hold to be believed. */
  minListing: number
  /** The largest share by which a listing may be shorter than the listing held. */
  maxShrink: number
}

/**
 * Why a new list must not replace the held one, or undefined when it may: a listing that is nearly empty,
 * or much shorter than the listing held (a search engine's hiccup, not 30 % of the catalogue gone).
 */
export function implausible(next: CatalogueSnapshot, held: CatalogueSnapshot | undefined, rules: Plausibility): string | undefined {
  if (next.mode !== 'listing') return undefined
  if (next.products.length < rules.minListing) {
    return `the listing holds ${next.products.length} products, fewer than the ${rules.minListing} a catalogue listing must hold`
  }
  if (held?.mode === 'listing' && next.products.length < held.products.length * (1 - rules.maxShrink)) {
    return `the listing holds ${next.products.length} products against ${held.products.length} held (more than ${Math.round(rules.maxShrink * 100)} % fewer)`
  }
  return undefined
}

/** Products by id: `first`'s order, then what only `second` holds; `first` wins where both hold one. */
export function unionOf(first: readonly IndexedProduct[], second: readonly IndexedProduct[]): IndexedProduct[] {
  const seen = new Set(first.map((p) => p.productId))
  return [...first, ...second.filter((p) => !seen.has(p.productId))]
}
