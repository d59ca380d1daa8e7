/*
 * The one place the packaging smoke test talks MCP as a client: switching SDK major versions means
 * changing these imports and constructors only.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio'

export interface Probe {
  tools: string[]
  /** The text of a search_stores call, to show the tools really answer. */
  sample: string
  stderr: string
}

async function probe(client: Client, connect: () => Promise<void>, stderr: () => string): Promise<Probe> {
  try {
    await connect()
  } catch (error) {
    // The host's view is "disconnected"; the server's (or npm's) own words are on its stderr.
    const said = stderr()
      .split('\n')
      .filter((line) => line && !line.startsWith('npm warn'))
      .join('\n')
    throw new Error(`${error instanceof Error ? error.message : String(error)}${said ? `; the server said:\n${said}` : ''}`, {
      cause: error,
    })
  }
  try {
    const { tools } = await client.listTools()
    const result = await client.callTool({ name: 'search_stores', arguments: { keyword: '강남', pageSize: 1 } })
    const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? ''
    if (result.isError) throw new Error(`search_stores failed: ${text}`)
    // The structured answer when the client negotiated one (its text block is then a reading for people).
    const sample = result.structuredContent === undefined ? text : JSON.stringify(result.structuredContent)
    return { tools: tools.map((tool) => tool.name), sample, stderr: stderr() }
  } finally {
    await client.close()
  }
}

/**
 * Starts `command args` as a host would: in `cwd`, with only the environment hosts pass on (the SDK's
 * getDefaultEnvironment(): HOME, PATH, SHELL, TERM, USER…) plus the snippet's own `env`; lists the tools
 * and calls one. A server that exits before answering fails with what it wrote to stderr.
 */
export async function probeStdio(options: { command: string; args: string[]; cwd: string; env: Record<string, string> }): Promise<Probe> {
  const transport = new StdioClientTransport({
    ...options,
    env: { ...getDefaultEnvironment(), ...options.env },
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
