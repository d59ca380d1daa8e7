// The sequential reference algorithm that scenario 1 compares the service with: a tiny standalone client
// of the upstream wire protocol (the simulator's, same as the chain's), written the way the reference
// service works. One catalogue page of 10 → one stock batch for that page → placements for the page's
// in-stock products in parallel → the next page, until 10 in-stock products are found. The pre-auth
// token is fetched when the first protected call needs it and reused after that. Nothing is cached and
// nothing overlaps across steps. It shares no code with the service on purpose.

import { createCipheriv, randomBytes } from 'node:crypto'

export interface ReferenceOptions {
  pageSize?: number
  wanted?: number
  maxPages?: number
  /** The storefront's AES-128 key for the bearer (the simulator uses the same constant). */
  preauthKey?: string
  userAgent?: string
}

export interface ReferenceProduct {
  id: string
  stock: number
  floor: number | null
  zone: number | null
}

export interface ReferenceResult {
  products: ReferenceProduct[]
  pages: number
  calls: number
  ms: number
}

interface Envelope<T> {
  success?: boolean
  message?: string | null
  data?: T[] | null
}

export async function referenceSearch(
  baseUrl: string,
  storeCode: string,
  keyword: string,
  options: ReferenceOptions = {},
): Promise<ReferenceResult> {
  const pageSize = options.pageSize ?? 10
  const wanted = options.wanted ?? 10
  const maxPages = options.maxPages ?? 100
  const key = options.preauthKey ?? 'PRE_AUTH_ENC_KEY'
  const userAgent = options.userAgent ?? 'store-finder-bench-reference/1.0'
  const started = performance.now()
  let calls = 0
  let auth: Record<string, string> | null = null

  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T[]> => {
    calls += 1
    const response = await fetch(`${baseUrl}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': userAgent, ...headers },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`reference: ${path} answered HTTP ${response.status}`)
    const envelope = JSON.parse(text) as Envelope<T>
    if (envelope.success !== true || !Array.isArray(envelope.data))
      throw new Error(`reference: ${path} failed: ${envelope.message ?? 'no data'}`)
    return envelope.data
  }

  const authHeaders = async (): Promise<Record<string, string>> => {
    if (auth) return auth
    calls += 1
    const response = await fetch(`${baseUrl}/auth/request`, { headers: { 'user-agent': userAgent } })
    const jwt = (await response.text()).trim()
    const uid = response.headers.get('x-dm-uid') ?? ''
    if (!response.ok || !jwt || !uid) throw new Error(`reference: pre-auth failed (HTTP ${response.status})`)
    const iv = randomBytes(16)
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv)
    const bearer = iv.toString('base64') + Buffer.concat([cipher.update(jwt, 'utf8'), cipher.final()]).toString('base64')
    auth = { authorization: `Bearer ${bearer}`, 'x-dm-uid': uid, cookie: `DM_UID=${uid}` }
    return auth
  }

  const products: ReferenceProduct[] = []
  let pages = 0
  for (let page = 1; page <= maxPages && products.length < wanted; page++) {
    const rows = await post<{ pdNo: string }>('pdo/pdThumbSelSimple', { searchText: keyword, currentPage: page, pageSize })
    pages += 1
    if (rows.length === 0) break
    const stock = await post<{ pdNo: string; strCd: string; stck: string }>(
      'pd/pdh/selStrPkupStck',
      rows.map((row) => ({ pdNo: row.pdNo, strCd: storeCode })),
      await authHeaders(),
    )
    const inStock = stock.filter((row) => row.strCd === storeCode && Number(row.stck) > 0)
    const headers = await authHeaders()
    const placed = await Promise.all(
      inStock.map(async (row) => {
        const [place] = await post<{ stairNo: string; zoneNo: string }>(
          'pdo/selIntPdStDispInfo',
          { pdNo: row.pdNo, strCd: storeCode },
          headers,
        )
        return {
          id: row.pdNo,
          stock: Number(row.stck),
          floor: place ? Number(place.stairNo) : null,
          zone: place ? Number(place.zoneNo) : null,
        }
      }),
    )
    products.push(...placed)
    if (rows.length < pageSize) break
  }
  return { products, pages, calls, ms: performance.now() - started }
}
