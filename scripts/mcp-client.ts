/*
 * The one place the packaging smoke test talks MCP as a client: switching SDK major versions means
 * changing these imports and constructors only.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

export interface Probe {
  tools: string[]
  /** The text of a search_stores call, to show the tools really answer. */
  sample: string
  stderr: string
}

async function probe(client: Client, connect: () => Promise<void>, stderr: () => string): Promise<Probe> {
  await connect()
  try {
    const { tools } = await client.listTools()
    const result = await client.callTool({ name: 'search_stores', arguments: { keyword: '강남', pageSize: 1 } })
    const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? ''
    if (result.isError) throw new Error(`search_stores failed: ${text}`)
    return { tools: tools.map((tool) => tool.name), sample: text, stderr: stderr() }
  } finally {
    await client.close()
  }
}

/** Starts `command args` as a host would, lists the tools and calls one. */
export async function probeStdio(options: { command: string; args: string[]; cwd: string; env: Record<string, string> }): Promise<Probe> {
  const transport = new StdioClientTransport({
    ...options,
    env: { ...(process.env as Record<string, string>), ...options.env },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({ name: 'store-finder-smoke', version: '1.0.0' })
  return probe(
    client,
    () => client.connect(transport),
    () => stderr,
  )
}

/** Connects to a Streamable HTTP endpoint, lists the tools and calls one. */
export async function probeHttp(url: string): Promise<Probe> {
  const client = new Client({ name: 'store-finder-smoke', version: '1.0.0' })
  return probe(
    client,
    () => client.connect(new StreamableHTTPClientTransport(new URL(url))),
    () => '',
  )
}
