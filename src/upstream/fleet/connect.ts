import type { FleetCacheOptions } from '../cached.js'
import type { FleetState } from '../client.js'
import { RedisBudget } from './budget.js'
import { RedisCacheStore } from './cache-store.js'
import { RedisCatalogue } from './catalogue.js'
import { RedisCircuit } from './circuit.js'
import { RedisDirectory } from './directory.js'
import { FleetRedis, type FleetRedisOptions } from './redis.js'
import { RedisTokens } from './tokens.js'

export interface Fleet {
  redis: FleetRedis
  /** The budget, pre-auth token and breaker the upstream client shares with the other instances. */
  state: FleetState
  /** The shared layer behind this instance's cache. */
  cache: FleetCacheOptions
  /** The store directory's shared copy and crawl claim. */
  directory: RedisDirectory
  /** The product index's shared copy and listing claim. */
  catalogue: RedisCatalogue
}

/**
 * Connects to the fleet's Redis and builds every piece shared through it. Loaded only when REDIS_URL
 * is set (src/runtime.ts imports it lazily), so a single instance never loads the Redis client.
 */
export async function connectFleet(
  options: FleetRedisOptions,
  budget: { perSecond: number; concurrency: number; callBoundMs: number },
): Promise<Fleet> {
  const redis = await FleetRedis.connect(options)
  return {
    redis,
    state: {
      budget: new RedisBudget(redis, { perSecond: budget.perSecond, concurrency: budget.concurrency, leaseMs: budget.callBoundMs }),
      tokens: new RedisTokens(redis),
      circuit: new RedisCircuit(redis),
      usable: () => redis.usable,
    },
    cache: { store: new RedisCacheStore(redis), claimMs: budget.callBoundMs },
    directory: new RedisDirectory(redis),
    catalogue: new RedisCatalogue(redis),
  }
}
