// Every Fastify type augmentation of this service, in one place. A decoration is for code that holds
// only the request or the app (request.server.…) and cannot be handed the value as an argument; route
// modules get what they use as arguments instead (RouteDeps in http/app.ts). Both are set in buildApp.
import type { Metrics } from './metrics.js'
import type { OpenStreams } from './streams.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * PUBLIC_BASE_URL, when configured: baseUrl(request) (http/base-url.ts) builds every absolute URL in
     * documents and error bodies from it, including in the error handler and the router's frameworkErrors,
     * which have nothing but the request.
     */
    publicBaseUrl: string | undefined
    /**
     * The one cap on long-lived responses, shared by NDJSON scans (http/ndjson.ts) and the MCP GET stream,
     * which reach it through request.server; the app-wide onRequest hook (http/hardening.ts) reads
     * `closing` to refuse new requests, and shutdown (http/main.ts) ends every stream through it.
     */
    openStreams: OpenStreams
    /** Prometheus metrics (METRICS=on), which http/main.ts serves on METRICS_PORT when that is set. */
    metrics: Metrics | undefined
  }
}
