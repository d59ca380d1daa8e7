import { SIMULATED, type Config } from './config.js'
import { StoreService } from './service.js'
import { CachedUpstream } from './upstream/cached.js'
import { UpstreamClient, callBoundMs, type SharedUpstreamState } from './upstream/client.js'
import type { SharedRedis } from './upstream/shared.js'

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
  /** The fleet's Redis (REDIS_URL), or undefined when this process keeps its state to itself. */
  shared: SharedRedis | undefined
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
  let shared: SharedRedis | undefined
  let sharedUpstream: SharedUpstreamState | undefined
  let remote: ConstructorParameters<typeof CachedUpstream>[2]
  if (config.redis) {
    // Loaded only when asked for, so a single instance pays nothing for the Redis client.
    const redis = await import('./upstream/shared.js')
    try {
      shared = await redis.SharedRedis.connect(config.redis)
    } catch (error) {
      await stopSimulator?.()
      throw error
    }
    const connected = shared
    const boundMs = callBoundMs(config.upstream)
    sharedUpstream = {
      budget: new redis.RedisFleetBudget(connected, {
        perSecond: config.upstream.maxRps,
        concurrency: config.upstream.maxConcurrency,
        leaseMs: boundMs,
      }),
      tokens: new redis.RedisSharedTokens(connected),
      circuit: new redis.RedisSharedCircuit(connected),
      usable: () => connected.usable,
    }
    remote = { store: new redis.RedisRemoteStore(connected), claimMs: boundMs }
  }
  const client = new UpstreamClient({ ...config.upstream, baseUrl: upstreamUrl, fetch: options.fetch, shared: sharedUpstream })
  const upstream = new CachedUpstream(client, config.cache, remote)
  const service = new StoreService(upstream, config.scan)
  return {
    config,
    service,
    upstream,
    client,
    upstreamUrl,
    simulated: stopSimulator !== undefined,
    shared,
    async close() {
      await shared?.close()
      await stopSimulator?.()
    },
  }
}

/**
 * A runtime that cannot start for a reason the person running it must fix (fleet mode: the Redis in
 * REDIS_URL is unreachable). Doors print its message as one line and exit non-zero.
 */
export function isStartupFailure(error: unknown): error is Error {
  return error instanceof Error && error.name === 'SharedStartupError'
}
