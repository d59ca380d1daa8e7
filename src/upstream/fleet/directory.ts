import type { DirectoryShared } from '../../stores/directory.js'
import { RedisClaim } from './claim.js'
import type { FleetRedis } from './redis.js'

const LIST_KEY = 'directory:list'
const CLAIM_KEY = 'directory:claim'

/**
 * The fleet's copy of the store directory: the list under one key, as text the directory checks when it
 * reads it (src/kept/copy.ts), and a claim so one instance crawls at a time.
 */
export class RedisDirectory implements DirectoryShared {
  readonly claim: RedisClaim

  constructor(private readonly redis: FleetRedis) {
    this.claim = new RedisClaim(redis, CLAIM_KEY)
  }

  read(): Promise<string | null | undefined> {
    return this.redis.run((r) => r.get(LIST_KEY))
  }

  async write(text: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.run((r) => r.set(LIST_KEY, text, 'PX', Math.max(1, Math.round(ttlMs))))) === 'OK'
  }
}
