import cors from '@fastify/cors'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from '../src/config.js'
import type { Runtime } from '../src/runtime.js'
import type { StoreService } from '../src/service.js'
import { ClientKeys, installClientKeys } from './client.js'
import { installErrorHandling } from './errors.js'
import { hardenedServerOptions, installHardening, installServerRefusals } from './hardening.js'
import { createMetrics, installMetrics } from './metrics.js'
import { RouteRegistry, addHttpMethods } from './registry.js'
import { createDiscoveryDocuments, registerDiscoveryRoutes, type DiscoveryDocuments } from './routes/discovery.js'
import { registerHealthRoutes } from './routes/health.js'
import { registerIndexRoute } from './routes/index.js'
import { registerMcpRoutes } from './routes/mcp.js'
import { registerProductRoutes } from './routes/products.js'
import { registerSandboxRoutes } from './routes/sandbox.js'
import { registerStoreRoutes } from './routes/stores.js'
import { OpenStreams } from './streams.js'
import { inDoorWords } from '../src/door-service.js'
import { REST_VOCABULARY } from './inputs.js'
import './augment.js' // the app's decorations (types only; see there)

export interface AppOptions {
  runtime: Runtime
  logger?: FastifyServerOptions['logger']
  /** The server's own pino logger (http/logger.ts), shared with the runtime's operator log lines. */
  loggerInstance?: FastifyBaseLogger
  /** Node's process metrics (memory, event loop, GC) beside the service's: the server process's, not a test's. */
  processMetrics?: boolean
}

/**
 * Everything a route module may use, passed explicitly to each `register…` function: each one names in
 * its signature the part it reads. (Request-level helpers that only hold the request, such as baseUrl
 * and the NDJSON stream, read the app's decorations instead: see http/augment.ts.)
 */
export interface RouteDeps {
  registry: RouteRegistry
  runtime: Runtime
  service: StoreService
  config: Config
  openStreams: OpenStreams
  documents: DiscoveryDocuments
  clientKeys: ClientKeys
}

/** Builds the app without listening (tests use inject(); http/main.ts listens). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { runtime } = options
  const config = runtime.config
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // A `__proto__` key (or `constructor.prototype`) in a JSON body is dropped rather than the whole body
    // refused as "not valid JSON": it is valid JSON, and over stdio the SDK's parser ends up dropping it too,
    // so an MCP tool gets its own answer for the arguments that remain on both doors.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // One line per request instead, from the onResponse hook (http/hardening.ts).
    logController: new LogController({ disableRequestLogging: true }),
    ...hardenedServerOptions(config),
  })
  installServerRefusals(app.server, config.publicBaseUrl)
  addHttpMethods(app)
  const openStreams = new OpenStreams(config.streams.maxOpen, config.streams.maxPerClient)
  app.decorate('publicBaseUrl', config.publicBaseUrl)
  app.decorate('openStreams', openStreams)
  const metrics = config.metrics.enabled ? createMetrics(runtime, { processMetrics: options.processMetrics === true }) : undefined
  app.decorate('metrics', metrics)
  const registry = new RouteRegistry()
  const clientKeys = new ClientKeys(config.sharedEgressRanges)
  const deps: RouteDeps = {
    registry,
    runtime,
    service: runtime.service,
    config,
    openStreams,
    documents: createDiscoveryDocuments(registry),
    clientKeys,
  }

  installErrorHandling(app)
  // Every surface is public and anonymous: any origin, never credentials.
  await app.register(cors, {
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: ['mcp-session-id', 'mcp-protocol-version', 'retry-after', 'ratelimit', 'ratelimit-policy', 'x-request-id'],
    maxAge: 86_400,
    strictPreflight: false,
  })
  installClientKeys(app, clientKeys)
  if (metrics) installMetrics(app, metrics, config.metrics)
  await installHardening(app, { rateLimitPerMinute: config.rateLimitPerMinute, redis: runtime.fleet?.client })

  registerIndexRoute(app, deps)
  registerHealthRoutes(app, deps)
  // The REST door's answers carry hints in its words: the service is wrapped once, here.
  const restService = inDoorWords(deps.service, REST_VOCABULARY)
  registerStoreRoutes(app, { registry, service: restService })
  registerProductRoutes(app, { registry, service: restService })
  await registerMcpRoutes(app, deps)
  registerSandboxRoutes(app, deps)
  registerDiscoveryRoutes(app, deps)
  registry.addMethodNotAllowed(app)
  return app
}
