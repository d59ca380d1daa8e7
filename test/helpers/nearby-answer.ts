// The one place tests obtain a find_product_nearby answer for the MCP Apps view: from the real tool,
// through an MCP client, as a host receives it.

import type { Client } from '@modelcontextprotocol/client'
import { LeanNearbySchema } from '../../tools/lean.js'
import { fromWire, type ProductNearby, type WireNearby } from '../../tools/app/view/types.js'

type ToolResult = Awaited<ReturnType<Client['callTool']>>

/**
 * The result exactly as a host would pass it to the view (content, structuredContent, _meta), and its
 * answer as the view reads it (`fromWire`: each item with its product's name again).
 */
export interface NearbyAnswer {
  result: ToolResult & { structuredContent: WireNearby }
  answer: ProductNearby
}

export async function findProductNearbyAnswer(
  client: Client,
  args: { keyword: string; branchCode?: string; latitude?: number; longitude?: number; limit?: number },
): Promise<NearbyAnswer> {
  const result = await client.callTool({ name: 'find_product_nearby', arguments: args })
  if (result.isError) throw new Error(`find_product_nearby failed: ${JSON.stringify(result.content)}`)
  // The view's own types must describe what the tool really sends.
  const wire: WireNearby = LeanNearbySchema.parse(result.structuredContent)
  return { result: { ...result, structuredContent: wire }, answer: fromWire(wire) }
}
