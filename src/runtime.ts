import { ConfigError, SIMULATED, loadConfig, type Config } from './config.js'
import { StoreService } from './service.js'
import { CachedUpstream } from './upstream/cached.js'
import { UpstreamProbe, startupProblem, type UpstreamHealth } from './upstream/probe.js'
import type { BudgetStats } from './upstream/budget.js'
import type { CacheStats } from './upstream/cached.js'
import type { CircuitState } from './upstream/circuit.js'
import type { FleetStatus } from './upstream/fleet/redis.js'
import type { StockPair } from './upstream/port.js'
import type { DirectoryStatus } from './stores/directory.js'
import { UpstreamClient, callBoundMs } from './upstream/client.js'
import type { Fleet } from './upstream/fleet/connect.js'
import type { FleetRedis } from './upstream/fleet/redis.js'
import { StoreDirectory } from './stores/directory.js'
import { DiskDirectory, defaultCacheDir } from './stores/disk.js'
import { CatalogueIndex, type CatalogueIndexStatus } from './products/index.js'
import { DiskCatalogue } from './products/disk.js'
import { LearningUpstream } from './products/learning.js'
import { RefreshWatch, SILENT_LOG, Telemetry, type OpsLog } from './telemetry.js'

/** Rows per crawl page: a page size real clients send (upstream-protocol.md §4.1), so ⌈stores ÷ 100⌉ calls. */
export const DIRECTORY_PAGE_SIZE = 100
/** The shortest gap between two crawls asked for by unknown store codes. */
export const DIRECTORY_MIN_REFRESH_GAP_MS = 10 * 60_000
/**
 * The fleet's crawl claim lives this long unrenewed: its holder renews it every third of it while it
 * crawls and gives it back when it stops, so a dead holder is replaced within 15 s (docs/operations.md).
 */
export const DIRECTORY_CLAIM_MS = 15_000

/** Rows per catalogue listing page: the most the simulator serves, a size real clients send (upstream-protocol.md §4.2). */
export const PRODUCT_INDEX_PAGE_SIZE = 100
/** Connections a server opens toward the upstream at start, so its first question does not wait for them. */
export const START_CONNECTIONS = 4

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
  /** The clock `openNow` is read from. Default: the wall clock; tests that compare answers across time pin it. */
  now?: () => Date
}

/** How long one deep upstream check answers for: a monitor polling every few seconds costs one probe per 30 s. */
export const PROBE_CACHE_MS = 30_000

/** What doctor reads (the cli door does not import src/upstream/). */
export { KNOWN_PAIR, type UpstreamHealth } from './upstream/probe.js'
export { describeDrift } from './upstream/shape.js'

/** The runtime's own state as the doors report it (/readyz, stdio's warnings): read here, never from the client. */
export interface HealthSnapshot {
  circuit: { state: CircuitState; consecutiveFailures: number; opens: number; retryAfterSeconds: number }
  budget: BudgetStats
  cache: CacheStats
  preauthTokensFetched: number
  /** Only with REDIS_URL: the fleet's Redis. */
  shared: FleetStatus | undefined
  /** Only with the store directory on. */
  directory: DirectoryStatus | undefined
  /** Only with the product index on. */
  products: CatalogueIndexStatus | undefined
}

export interface Runtime {
  config: Config
  service: StoreService
  /** The cache-and-coalesce layer the service talks to. */
  upstream: CachedUpstream
  /** The chain's store list in memory; undefined with STORE_DIRECTORY=off. */
  directory: StoreDirectory | undefined
  /** The chain's catalogue in memory (src/products/); undefined with PRODUCT_INDEX=off. */
  products: CatalogueIndex | undefined
  /** The raw HTTP client (budget, circuit breaker, pre-auth session): the wiring's and tests'; doors read `health()`. */
  client: UpstreamClient
  /** The runtime's state now, as held in this process. */
  health(): HealthSnapshot
  /** The same, the fleet's shared circuit read first (REDIS_URL). */
  refreshHealth(): Promise<HealthSnapshot>
  /** The deep upstream check with its own probe: nothing cached, the store and product given (doctor). */
  checkUpstream(known: StockPair, keepRaw: boolean): Promise<UpstreamHealth>
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
      catalogueListing: config.simulatorListing,
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
    const tell = (message: string) => watch.failed(message.replace(/^store directory: /, ''))
    directory = new StoreDirectory({
      lister: client,
      pageSize: DIRECTORY_PAGE_SIZE,
      refreshMs: config.directory.refreshMs,
      minRefreshGapMs: DIRECTORY_MIN_REFRESH_GAP_MS,
      claimMs: DIRECTORY_CLAIM_MS,
      disk:
        cacheDir === null
          ? undefined
          : new DiskDirectory(cacheDir ?? defaultCacheDir(), stopSimulator ? SIMULATED : config.upstream.baseUrl, tell),
      shared: fleet?.directory,
      lazy: options.awaitDirectory === true,
      forceRefresh: options.refreshDirectory === true,
      onProblem: tell,
      onRefreshed: () => watch.succeeded(),
    })
    if (!options.awaitDirectory) void directory.start()
  }
  const oneShot = options.awaitDirectory === true
  let products: CatalogueIndex | undefined
  if (config.products.enabled) {
    const { cacheDir } = config.directory
    const productWatch = new RefreshWatch('product index', log)
    products = new CatalogueIndex({
      lister: client,
      pageSize: PRODUCT_INDEX_PAGE_SIZE,
      refreshMs: config.products.refreshMs,
      claimMs: callBoundMs(config.upstream) * 4,
      disk:
        cacheDir === null
          ? undefined
          : // The simulator's catalogue, listed or not, is not the chain's: each has its own copy.
            new DiskCatalogue(
              cacheDir ?? defaultCacheDir(),
              stopSimulator ? `${SIMULATED}:${config.simulatorListing}` : config.upstream.baseUrl,
            ),
      shared: fleet?.catalogue,
      lazy: oneShot,
      onProblem: (message) => productWatch.failed(message.replace(/^product index: /, '')),
      onRefreshed: () => productWatch.succeeded(),
    })
    if (!oneShot) void products.start()
  }
  // Every catalogue answer the service sees is learned by the index (below the store directory's layer).
  const catalogueSide = products ? new LearningUpstream(upstream, products) : upstream
  const service = new StoreService(catalogueSide, config.scan, { stores: directory, products }, options.now)
  // A server's first question needs no handshake and no new connection: both are made now.
  if (!oneShot) client.prepare(START_CONNECTIONS, config.keepTokenFresh)
  const probe = new UpstreamProbe(client, PROBE_CACHE_MS, config.upstream.timeoutMs * 3)
  const health = (): HealthSnapshot => ({
    circuit: client.circuit.snapshot,
    budget: client.budget.stats,
    cache: upstream.stats,
    preauthTokensFetched: client.preauth.tokensFetched,
    shared: fleet?.redis.status,
    directory: directory?.status,
    products: products?.status(),
  })
  return {
    config,
    service,
    upstream,
    directory,
    products,
    client,
    upstreamUrl,
    simulated: stopSimulator !== undefined,
    probe,
    startupProblem: (timeoutMs) => startupProblem(upstream, upstreamUrl, timeoutMs),
    health,
    async refreshHealth() {
      await client.circuit.refresh()
      return health()
    },
    checkUpstream: (known, keepRaw) => new UpstreamProbe(client, 0, config.upstream.timeoutMs * 3, known, keepRaw).check(),
    fleet: fleet?.redis,
    telemetry,
    log,
    async close() {
      // Before Redis closes: a crawl claim this instance holds goes back to the fleet at once.
      await directory?.close()
      products?.close()
      client.close()
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

/**
 * The configuration, or the door's way out: `fail` receives one line naming every bad variable
 * ("Invalid configuration: PORT=…: expected …; HOST=…") and does not return. The servers print it and exit 2
 * (exitWithConfigProblem); the CLI raises its usage failure.
 */
export function configOrExit(fail: (line: string) => never, env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      const [head, ...issues] = error.message.split('\n')
      fail([head, issues.map((line) => line.trim()).join('; ')].filter((part) => part).join(' '))
    }
    throw error
  }
}

/** The servers' way out of a bad configuration: the line on stderr after `prefix`, and exit code 2 (a usage error). */
export const exitWithConfigProblem =
  (prefix: string) =>
  (line: string): never => {
    process.stderr.write(`${prefix}: ${line}\n`)
    process.exit(2)
  }
