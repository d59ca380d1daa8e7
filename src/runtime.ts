import { SIMULATED, type Config } from './config.js'
import { StoreService } from './service.js'
import { CachedUpstream } from './upstream/cached.js'
import { UpstreamProbe, startupProblem } from './upstream/probe.js'
import { UpstreamClient, callBoundMs } from './upstream/client.js'
import type { Fleet } from './upstream/fleet/connect.js'
import type { FleetRedis } from './upstream/fleet/redis.js'
import { StoreDirectory } from './stores/directory.js'
import { DiskDirectory, defaultCacheDir } from './stores/disk.js'
import { DirectoryUpstream } from './stores/upstream.js'
import { RefreshWatch, SILENT_LOG, Telemetry, type OpsLog } from './telemetry.js'

/** Rows per crawl page: a page size real clients send (upstream-protocol.md §4.1), so ⌈stores ÷ 100⌉ calls. */
export const DIRECTORY_PAGE_SIZE = 100
/** The shortest gap between two crawls asked for by unknown store codes. */
export const DIRECTORY_MIN_REFRESH_GAP_MS = 10 * 60_000

export interface RuntimeOptions {
  fetch?: typeof fetch
  /**
   * One-shot processes (the CLI) wait for the store directory before a store search, reading the disk copy
   * or crawling; servers build it in the background and answer from the upstream meanwhile.
   */
  awaitDirectory?: boolean
  /** Crawl the store list now, whatever the disk copy's age (`--refresh`). */
  refreshDirectory?: boolean
  /**
   * Where the runtime tells operators what happens behind the answers (Redis lost and back, a list's
   * refresh failing and recovering, shutdown): the server's logger, stdio's stderr lines. Default: nothing
   * (the CLI, whose answers say what a user needs).
   */
  log?: OpsLog
}

/** How long one deep upstream check answers for: a monitor polling every few seconds costs one probe per 30 s. */
export const PROBE_CACHE_MS = 30_000

export interface Runtime {
  config: Config
  service: StoreService
  /** The cache-and-coalesce layer the service talks to. */
  upstream: CachedUpstream
  /** The chain's store list in memory; undefined with STORE_DIRECTORY=off. */
  directory: StoreDirectory | undefined
  /** The raw HTTP client (budget, circuit breaker, pre-auth session). */
  client: UpstreamClient
  /** The upstream base URL in use (the simulator's address when simulated). */
  upstreamUrl: string
  simulated: boolean
  /** The deep upstream check behind /api/health/upstream (cached and coalesced). */
  probe: UpstreamProbe
  /** One upstream call: a one-line reason the upstream cannot be reached, or undefined. */
  startupProblem(timeoutMs?: number): Promise<string | undefined>
  /** The fleet's Redis (REDIS_URL), or undefined when this process keeps its state to itself. */
  fleet: FleetRedis | undefined
  /** Counts behind /metrics. */
  telemetry: Telemetry
  /** The operator log handed in (or the silent one). */
  log: OpsLog
  close(): Promise<void>
}

/**
 * Wires the domain once for every door. With UPSTREAM_BASE_URL=simulated the built-in simulator is
 * started in-process on a free loopback port and the client is pointed at it.
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? SILENT_LOG
  const telemetry = new Telemetry()
  let upstreamUrl = config.upstream.baseUrl
  let stopSimulator: (() => Promise<void>) | undefined
  if (upstreamUrl === SIMULATED) {
    const { startSimulator } = await import('../simulator/server.js')
    const simulator = await startSimulator({
      port: 0,
      preauthKey: config.upstream.preauthKey,
      ...(config.simulatorDrift ? { drift: config.simulatorDrift } : {}),
    })
    upstreamUrl = simulator.url
    stopSimulator = () => simulator.close()
  }
  let fleet: Fleet | undefined
  if (config.redis) {
    // Loaded only when asked for, so a single instance pays nothing for the Redis client.
    const { connectFleet } = await import('./upstream/fleet/connect.js')
    try {
      fleet = await connectFleet(config.redis, {
        perSecond: config.upstream.maxRps,
        concurrency: config.upstream.maxConcurrency,
        callBoundMs: callBoundMs(config.upstream),
      })
    } catch (error) {
      await stopSimulator?.()
      throw error
    }
  }
  if (fleet) watchRedis(fleet.redis, log)
  const client = new UpstreamClient({ ...config.upstream, baseUrl: upstreamUrl, fetch: options.fetch, fleet: fleet?.state, telemetry })
  const upstream = new CachedUpstream(client, config.cache, fleet?.cache)
  let directory: StoreDirectory | undefined
  if (config.directory.enabled) {
    const { cacheDir } = config.directory
    const watch = new RefreshWatch('store directory', log)
    directory = new StoreDirectory({
      lister: client,
      pageSize: DIRECTORY_PAGE_SIZE,
      refreshMs: config.directory.refreshMs,
      minRefreshGapMs: DIRECTORY_MIN_REFRESH_GAP_MS,
      claimMs: callBoundMs(config.upstream) * 4,
      disk:
        cacheDir === null
          ? undefined
          : new DiskDirectory(cacheDir ?? defaultCacheDir(), stopSimulator ? SIMULATED : config.upstream.baseUrl),
      shared: fleet?.directory,
      lazy: options.awaitDirectory === true,
      forceRefresh: options.refreshDirectory === true,
      onProblem: (message) => watch.failed(message.replace(/^store directory: /, '')),
      onRefreshed: () => watch.succeeded(),
    })
    if (!options.awaitDirectory) void directory.start()
  }
  const service = new StoreService(directory ? new DirectoryUpstream(upstream, directory) : upstream, config.scan)
  const probe = new UpstreamProbe(client, PROBE_CACHE_MS, config.upstream.timeoutMs * 3)
  return {
    config,
    service,
    upstream,
    directory,
    client,
    upstreamUrl,
    simulated: stopSimulator !== undefined,
    probe,
    startupProblem: (timeoutMs) => startupProblem(upstream, upstreamUrl, timeoutMs),
    fleet: fleet?.redis,
    telemetry,
    log,
    async close() {
      directory?.close()
      await fleet?.redis.close()
      await stopSimulator?.()
    },
  }
}

/** Redis lost and back, each said once as it happens (the fleet falls back to this instance's own state meanwhile). */
function watchRedis(redis: FleetRedis, log: OpsLog): void {
  redis.onChange((usable) => {
    const { url } = redis.status
    if (usable) log.info({ redis: url }, `Redis is back (${url}): shared cache, budget, token and breaker resume`)
    else
      log.warn(
        { redis: url },
        `Redis lost (${url}): this instance runs on its own cache, its share of the upstream budget and its own breaker until it returns`,
      )
  })
}

/**
 * A runtime that cannot start for a reason the person running it must fix (fleet mode: the Redis in
 * REDIS_URL is unreachable). Doors print its message as one line and exit non-zero.
 */
export function isStartupFailure(error: unknown): error is Error {
  return error instanceof Error && error.name === 'FleetStartupError'
}
