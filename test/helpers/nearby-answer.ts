// The one place tests obtain a find_product_nearby answer for the MCP Apps view: from the real tool,
// through an MCP client, as a host receives it.

import type { Client } from '@modelcontextprotocol/client'
import { ProductNearbySchema } from '../../src/schemas.js'
import type { ProductNearby } from '../../tools/app/view/types.js'

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
  const result = await client.callTool({ name: 'find_product_nearby', arguments: args })
  if (result.isError) throw new Error(`find_product_nearby failed: ${JSON.stringify(result.content)}`)
  // The view's own types must describe what the tool really sends.
  const answer: ProductNearby = ProductNearbySchema.parse(result.structuredContent)
  return { result: { ...result, structuredContent: answer }, answer }
}
