// The one place tests obtain a find_product_nearby answer for the MCP Apps view: from the real tool,
// through an MCP client, as a host receives it.

import type { Client } from '@modelcontextprotocol/client'
import type { NearbyItem, NearbyStore, ProductNearby } from '../../tools/app/view/types.js'

type ToolResult = Awaited<ReturnType<Client['callTool']>>

/** The result exactly as a host would pass it to the view (content, structuredContent, _meta), and its answer. */
export interface NearbyAnswer {
  result: ToolResult & { structuredContent: ProductNearby }
  answer: ProductNearby
}

export async function findProductNearbyAnswer(
  client: Client,
  args: { keyword: string; branchCode?: string; latitude?: number; longitude?: number },
): Promise<NearbyAnswer> {
  const asOf = new Date().toISOString()
  const result = await client.callTool({ name: 'find_product_nearby', arguments: args })
  if (result.isError) throw new Error(`find_product_nearby failed: ${JSON.stringify(result.content)}`)
  const structured = result.structuredContent as Record<string, unknown>
  if (Array.isArray(structured['stores'])) {
    const answer = structured as unknown as ProductNearby
    return { result: { ...result, structuredContent: answer }, answer }
  }
  // until the store-shaped nearby answer lands: the old shape ({products, results, hint}) converted to the new one, with the
  // stores' coordinates and hours from get_store and asOf the time of the call.
  const answer = await fromOldShape(client, structured as unknown as OldShape, args, asOf)
  return {
    result: { ...result, content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer },
    answer,
  }
}

// until the store-shaped nearby answer lands
interface OldShape {
  products: { id: string; name: string; price: number }[]
  results: {
    store: { code: string; name: string; address: string; distanceKm: number | null; openNow: boolean | null }
    productId: string
    productName: string
    price: number
    stock: number
    stairNo: number | null
    zoneNo: number | null
    floorLabel: string | null
  }[]
  hint?: string
}

// until the store-shaped nearby answer lands
async function fromOldShape(
  client: Client,
  old: OldShape,
  args: { branchCode?: string; latitude?: number; longitude?: number },
  asOf: string,
): Promise<ProductNearby> {
  const PLACEMENTS_LOOKED = 5 // LIMITS.nearbyPlacementsLooked: the nearest rows whose shelf was looked up
  const details = new Map<string, { lat: number; lng: number; openTime: string; closeTime: string; openNow: boolean | null }>()
  const codes = new Set(old.results.map((row) => row.store.code))
  if (args.branchCode) codes.add(args.branchCode)
  for (const code of codes) {
    const got = await client.callTool({ name: 'get_store', arguments: { branchCode: code } })
    if (got.isError) throw new Error(`get_store ${code} failed: ${JSON.stringify(got.content)}`)
    details.set(code, got.structuredContent as { lat: number; lng: number; openTime: string; closeTime: string; openNow: boolean | null })
  }
  const storeOf = (base: { code: string; name: string; address: string; distanceKm: number | null }): NearbyStore => {
    const d = details.get(base.code)
    if (!d) throw new Error(`no details for store ${base.code}`)
    return {
      code: base.code,
      name: base.name,
      address: base.address,
      lat: d.lat,
      lng: d.lng,
      distanceKm: base.code === args.branchCode ? 0 : base.distanceKm,
      openNow: d.openNow as boolean,
      openTime: d.openTime,
      closeTime: d.closeTime,
    }
  }
  const groups = new Map<string, { store: NearbyStore; items: NearbyItem[] }>()
  old.results.forEach((row, index) => {
    let group = groups.get(row.store.code)
    if (!group) {
      group = { store: storeOf(row.store), items: [] }
      groups.set(row.store.code, group)
    }
    group.items.push({
      productId: row.productId,
      productName: row.productName,
      price: row.price,
      stock: row.stock,
      stairNo: row.stairNo,
      zoneNo: row.zoneNo,
      floorLabel: row.floorLabel,
      placement: row.floorLabel !== null ? 'known' : index < PLACEMENTS_LOOKED ? 'unknown' : 'not_checked',
    })
  })
  let here: ProductNearby['here']
  let origin: ProductNearby['origin']
  if (args.branchCode) {
    const asked = details.get(args.branchCode)
    if (!asked) throw new Error('no details for the asked store')
    origin = { lat: asked.lat, lng: asked.lng }
    here = groups.get(args.branchCode)
    if (!here) {
      const got = await client.callTool({ name: 'get_store', arguments: { branchCode: args.branchCode } })
      const store = got.structuredContent as { code: string; name: string; address: string }
      here = { store: storeOf({ ...store, distanceKm: 0 }), items: [] }
    }
    groups.delete(args.branchCode)
  } else {
    origin = { lat: args.latitude as number, lng: args.longitude as number }
  }
  const answer: ProductNearby = {
    origin,
    products: old.products,
    matched: null,
    stores: [...groups.values()], // rows come nearest first, so groups do too
    asOf,
  }
  if (here) answer.here = here
  if (old.hint) answer.hint = old.hint
  return answer
}
