import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Runtime } from '../src/runtime.js'
import { installErrorHandling } from './errors.js'
import { hardenedServerOptions, installHardening } from './hardening.js'
import { RouteRegistry } from './registry.js'
import { registerDiscoveryRoutes } from './routes/discovery.js'
import { registerHealthRoutes } from './routes/health.js'
import { registerIndexRoute } from './routes/index.js'
import { registerMcpRoutes } from './routes/mcp.js'
import { registerProductRoutes } from './routes/products.js'
import { registerSandboxRoutes } from './routes/sandbox.js'
import { registerStoreRoutes } from './routes/stores.js'
import { OpenStreams } from './streams.js'

export interface AppOptions {
  runtime: Runtime
  logger?: FastifyServerOptions['logger']
}

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime
    registry: RouteRegistry
  }
}

/** Builds the app without listening (tests use inject(); http/main.ts listens). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { runtime } = options
  const config = runtime.config
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    ...hardenedServerOptions(config.publicBaseUrl),
  })
  app.decorate('runtime', runtime)
  app.decorate('publicBaseUrl', config.publicBaseUrl)
  app.decorate('openStreams', new OpenStreams(config.streams.maxOpen))
  const registry = new RouteRegistry()
  app.decorate('registry', registry)

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
  await installHardening(app, { rateLimitPerMinute: config.rateLimitPerMinute, redis: runtime.shared?.client })

  registerIndexRoute(app, registry)
  registerHealthRoutes(app, registry)
  registerStoreRoutes(app, registry, runtime.service)
  registerProductRoutes(app, registry, runtime.service)
  await registerMcpRoutes(app, registry)
  registerSandboxRoutes(app, registry)
  registerDiscoveryRoutes(app, registry)
  registry.addMethodNotAllowed(app)
  return app
}
