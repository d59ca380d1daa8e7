import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import { ConfigError, loadConfig, type Config } from '../src/config.js'
import { DOCS_PATH } from '../src/errors.js'
import { createRuntime } from '../src/runtime.js'
import { screenTransport } from './screen.js'
import { createMcpServer } from './server.js'

const log = (line: string) => process.stderr.write(`store-finder mcp: ${line}\n`)

/**
 * `store-finder mcp`: the same tools over stdio for desktop hosts, in-process (no HTTP hop). stdout
 * carries JSON-RPC only, so anything that would print there is sent to stderr instead. The SDK's
 * serveStdio decides the revision from the opening message: `server/discover` (2026-07-28) or
 * `initialize` (2025-11-25 and older), then pins one server instance for the connection.
 */
export async function main(): Promise<void> {
  // A stray console.log from any dependency would corrupt the JSON-RPC stream on stdout.
  console.log = console.error
  console.info = console.error
  console.debug = console.error

  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      log(error.message)
      process.exit(2)
    }
    throw error
  }

  const runtime = await createRuntime(config)
  // Without PUBLIC_BASE_URL there is no address to point at, so error results carry none.
  const documentationUrl = config.publicBaseUrl ? `${config.publicBaseUrl}${DOCS_PATH}#errors` : undefined
  let closing = false
  const shutdown = async (why: string) => {
    if (closing) return
    closing = true
    if (config.logLevel !== 'silent') log(`closing (${why})`)
    try {
      await handle.close()
      await runtime.close()
    } catch (error) {
      log(`shutdown failed: ${String(error)}`)
      process.exit(1)
    }
    process.exit(0)
  }

  const handle = serveStdio(({ era }) => createMcpServer(runtime.service, { documentationUrl, era }), {
    transport: screenTransport(new StdioServerTransport()),
    onerror: (error) => log(`transport error: ${error.message}`),
  })
  process.stdin.once('end', () => void shutdown('stdin ended'))
  process.stdin.once('close', () => void shutdown('stdin closed'))
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown(signal))

  if (config.logLevel !== 'silent') {
    log(`ready on stdio (upstream: ${runtime.simulated ? `simulator at ${runtime.upstreamUrl}` : runtime.upstreamUrl})`)
  }
}
