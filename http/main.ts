import { ConfigError, loadConfig, type Config } from '../src/config.js'
import { createRuntime } from '../src/runtime.js'
import { buildApp } from './app.js'

/** Log lines never carry the pre-auth token or bearer (they only appear on upstream requests, but be sure). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-dm-uid"]']

export async function serve(config: Config): Promise<{ close: () => Promise<void>; url: string }> {
  const runtime = await createRuntime(config)
  const app = await buildApp({
    runtime,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: REDACT },
  })
  const address = await app.listen({ port: config.port, host: config.host })
  app.log.info({ upstream: runtime.simulated ? `simulator at ${runtime.upstreamUrl}` : runtime.upstreamUrl }, 'store-finder ready')

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // Streams get a terminal event first; then Fastify stops accepting and waits for in-flight requests.
      app.openStreams.endAll('the server is shutting down')
      const grace = setTimeout(() => {
        app.log.warn('shutdown grace period over; closing remaining connections')
        app.server.closeAllConnections()
      }, config.shutdownGraceMs)
      grace.unref()
      await app.close()
      clearTimeout(grace)
      await runtime.close()
    })())
  return { close, url: address }
}

export async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`store-finder: ${error.message}\n`)
      process.exit(2)
    }
    throw error
  }
  let server: Awaited<ReturnType<typeof serve>>
  try {
    server = await serve(config)
  } catch (error) {
    // Fail fast with one line: an instance that cannot reach the fleet's Redis must not serve alone.
    if (error instanceof Error && error.name === 'SharedStartupError') {
      process.stderr.write(`store-finder: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`store-finder: shutdown failed: ${String(error)}\n`)
          process.exit(1)
        },
      )
    })
  }
}
