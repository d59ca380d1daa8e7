import { SIMULATED, type Config } from './config.js'
import { StoreService } from './service.js'
import { CachedUpstream } from './upstream/cached.js'
import { UpstreamClient } from './upstream/client.js'

export interface Runtime {
  config: Config
  service: StoreService
  /** The cache-and-coalesce layer the service talks to. */
  upstream: CachedUpstream
  /** The raw HTTP client (budget, circuit breaker, pre-auth session). */
  client: UpstreamClient
  /** The upstream base URL in use (the simulator's address when simulated). */
  upstreamUrl: string
  simulated: boolean
  close(): Promise<void>
}

/**
 * Wires the domain once for every door. With UPSTREAM_BASE_URL=simulated the built-in simulator is
 * started in-process on a free loopback port and the client is pointed at it.
 */
export async function createRuntime(config: Config, options: { fetch?: typeof fetch } = {}): Promise<Runtime> {
  let upstreamUrl = config.upstream.baseUrl
  let stopSimulator: (() => Promise<void>) | undefined
  if (upstreamUrl === SIMULATED) {
    const { startSimulator } = await import('./upstream/simulator/server.js')
    const simulator = await startSimulator({ port: 0, preauthKey: config.upstream.preauthKey })
    upstreamUrl = simulator.url
    stopSimulator = () => simulator.close()
  }
  const client = new UpstreamClient({ ...config.upstream, baseUrl: upstreamUrl, fetch: options.fetch })
  const upstream = new CachedUpstream(client, config.cache)
  const service = new StoreService(upstream, config.scan)
  return {
    config,
    service,
    upstream,
    client,
    upstreamUrl,
    simulated: stopSimulator !== undefined,
    async close() {
      await stopSimulator?.()
    },
  }
}
