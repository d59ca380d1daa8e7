// The one place tests build an MCP SDK client: over Streamable HTTP to an app URL, over stdio to
// `store-finder mcp`, or in memory to a server object. Each closes at the end of the test that made it.

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server'
import type { createMcpServer } from '../../tools/server.js'
import { ROOT, STORE_FINDER_ARGS } from './process.js'
import type { Teardown } from './tap.js'

/** The subset of tap's Test these helpers need. */
/** The protocol revision a modern (2026-07-28) client pins. */
export const MODERN = '2026-07-28'

/**
 * Which protocol generation the client speaks: `legacy` (initialize handshake), `modern` (pinned to
 * 2026-07-28), or left out for the SDK's own default negotiation.
 */
export type Era = 'legacy' | 'modern'

export interface ClientOptions {
  /** clientInfo.name; tests name themselves so server logs say who asked. */
  name?: string
  era?: Era
}

function newClient({ name = 'store-finder-test', era }: ClientOptions): Client {
  if (era === undefined) return new Client({ name, version: '1.0.0' })
  return new Client({ name, version: '1.0.0' }, { versionNegotiation: era === 'modern' ? { mode: { pin: MODERN } } : { mode: 'legacy' } })
}

/** An SDK client connected over Streamable HTTP to the app at `url` (its /api/mcp). */
export async function connectHttp(
  t: Teardown,
  url: string,
  options: ClientOptions = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/api/mcp`))
  const client = newClient(options)
  await client.connect(transport)
  t.teardown(() => client.close())
  return { client, transport }
}

/**
 * An SDK client connected over stdio to `store-finder mcp` run from the source tree (through tsx);
 * `stderr()` is everything the server logged so far.
 */
export async function connectStdio(
  t: Teardown,
  options: ClientOptions & { env?: Record<string, string> } = {},
): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...STORE_FINDER_ARGS, 'mcp'],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), STORE_DIRECTORY_CACHE_DIR: 'off', ...options.env },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const client = newClient(options)
  t.teardown(() => client.close())
  await client.connect(transport)
  return { client, transport, stderr: () => stderr }
}

/**
 * An SDK client linked in memory to `server`; `sent` records every message the server sends.
 * Client and server both close at teardown.
 */
export async function connectInMemory(
  t: Teardown,
  server: ReturnType<typeof createMcpServer>,
  options: ClientOptions = {},
): Promise<{ client: Client; sent: JSONRPCMessage[] }> {
  const client = newClient(options)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const sent: JSONRPCMessage[] = []
  const send = serverSide.send.bind(serverSide)
  serverSide.send = async (message, sendOptions) => {
    sent.push(message)
    return send(message, sendOptions)
  }
  await server.connect(serverSide)
  await client.connect(clientSide)
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return { client, sent }
}
