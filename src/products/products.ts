import { UpstreamError } from '../upstream/errors.js'
import type { CatalogueItem } from '../upstream/port.js'
import type { IndexedProduct } from './port.js'

// Small pieces the product index uses on each product and each failure.

/** The upstream answered, and said no to an empty search (a 4xx or success:false), rather than failing. */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false
  if (error.kind === 'rejected') return true
  return error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500
}

export function indexedOf(item: CatalogueItem): IndexedProduct {
  return {
    productId: item.productId,
    name: item.name,
    price: item.price,
    image: item.image,
    category: item.category ?? null,
    brand: item.brand ?? null,
  }
}

export function sameProduct(a: IndexedProduct, b: IndexedProduct): boolean {
  return a.name === b.name && a.price === b.price && a.image === b.image && a.category === b.category && a.brand === b.brand
}

export function messageOf(error: unknown): string {
  if (error instanceof UpstreamError) return error.publicDetail
  return error instanceof Error ? error.message : String(error)
}
