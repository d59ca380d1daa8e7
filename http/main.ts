import type { Config } from '../src/config.js'
import { configOrExit, createRuntime, exitWithConfigProblem, isStartupFailure } from '../src/runtime.js'
import { speak } from '../src/vocabulary.js'
import type { Server } from 'node:http'
import { buildApp } from './app.js'
import { REST_VOCABULARY } from './inputs.js'
import { createLogger } from './logger.js'
import { listenMetrics } from './metrics.js'
import { DOC_PATHS, MCP_PATH, REST_PATHS } from './contract.js'
import './augment.js' // the app's decorations (types only; see there)

/** A start-up failure a person can act on: main() prints the message as one line and exits non-zero. */
export class StartupError extends Error {
  override readonly name = 'StartupError'
}

export interface ServeOptions {
  /** Where log lines go (default stdout); tests read them. */
  logDestination?: NodeJS.WritableStream
}

export async function serve(
  config: Config,
  options: ServeOptions = {},
): Promise<{ close: () => Promise<void>; url: string; metricsUrl: string | undefined }> {
  const logger = createLogger(config, options.logDestination)
  const runtime = await createRuntime(config, { log: logger })
  const app = await buildApp({ runtime, loggerInstance: logger, processMetrics: true })
  let address: string
  let metricsServer: Server | undefined
  let metricsUrl: string | undefined
  try {
    address = await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await runtime.close()
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `port ${config.port} on ${config.host} is already in use; stop the other process or choose another with PORT=<number> (PORT=0 picks a free one)`,
      )
    }
    if (code === 'EACCES') throw new StartupError(`not allowed to listen on port ${config.port}; use a port above 1023 with PORT=<number>`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new StartupError(`HOST=${config.host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0`)
    throw error
  }
  if (app.metrics && config.metrics.port !== 0) {
    try {
      ;({ server: metricsServer, url: metricsUrl } = await listenMetrics(app.metrics, config.metrics))
    } catch (error) {
      await app.close()
      await runtime.close()
      throw new StartupError(
        `METRICS_PORT=${config.metrics.port} on METRICS_HOST=${config.metrics.host} cannot be used (${(error as NodeJS.ErrnoException).code ?? String(error)}); choose another METRICS_PORT`,
      )
    }
  }
  // The address people can open: a wildcard bind is reachable on loopback.
  const base = config.publicBaseUrl ?? address.replace(/\/\/(0\.0\.0\.0|\[::\])(?=:)/, '//127.0.0.1')
  app.log.info(
    { upstream: runtime.simulated ? `simulator at ${runtime.upstreamUrl}` : runtime.upstreamUrl },
    `store-finder ready: API ${base}${REST_PATHS.index} · docs ${base}${DOC_PATHS.developers} · MCP ${base}${MCP_PATH}`,
  )
  if (metricsUrl) app.log.info({ metrics: metricsUrl }, `metrics at ${metricsUrl} (off the public port)`)
  // Not awaited: the server is up either way; the check only tells the person early.
  void runtime.startupProblem().then((problem) => {
    if (problem) app.log.warn(speak(problem, REST_VOCABULARY))
  })

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // Streams get a terminal event first; then Fastify stops accepting and waits for in-flight requests.
      app.log.info(
        { openStreams: app.openStreams.count, graceMs: config.shutdownGraceMs },
        `shutting down: ending open streams, waiting up to ${config.shutdownGraceMs} ms for requests in flight`,
      )
      app.openStreams.endAll('the server is shutting down')
      const grace = setTimeout(() => {
        app.log.warn('shutdown grace period over; closing remaining connections')
        app.server.closeAllConnections()
      }, config.shutdownGraceMs)
      grace.unref()
      await app.close()
      clearTimeout(grace)
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()))
      await runtime.close()
      app.log.info('shut down')
    })())
  return { close, url: address, metricsUrl }
}

export async function main(): Promise<void> {
  // One line: "Invalid configuration: PORT="eighty": expected ...; HOST=...".
  const config = configOrExit(exitWithConfigProblem('store-finder'))
  let server: Awaited<ReturnType<typeof serve>>
  try {
    server = await serve(config)
  } catch (error) {
    // One line and a non-zero exit: a busy port, or (fleet mode) a Redis the instance cannot reach,
    // since an instance serving alone would spend the whole fleet's upstream budget.
    if (error instanceof StartupError || isStartupFailure(error)) {
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
