import type { DirectoryShared, DirectorySnapshot } from '../../stores/directory.js'
import { storesFromRows } from '../../stores/row.js'
import type { FleetRedis } from './redis.js'

const LIST_KEY = 'directory:list'
const CLAIM_KEY = 'directory:claim'

/** The fleet's copy of the store directory: the list under one key, and a claim so one instance crawls. */
export class RedisDirectory implements DirectoryShared {
  constructor(private readonly redis: FleetRedis) {}

  async get(): Promise<DirectorySnapshot | undefined | null> {
    const raw = await this.redis.run((r) => r.get(LIST_KEY))
    if (raw === undefined) return undefined
    if (raw === null) return null
    try {
      const parsed = JSON.parse(raw) as Partial<Record<keyof DirectorySnapshot, unknown>>
      const stores = storesFromRows(parsed.stores)
      return typeof parsed.builtAt === 'number' && typeof parsed.total === 'number' && stores
        ? { builtAt: parsed.builtAt, total: parsed.total, stores }
        : null
    } catch {
      return null
    }
  }

  async set(snapshot: DirectorySnapshot, ttlMs: number): Promise<void> {
    await this.redis.run((r) => r.set(LIST_KEY, JSON.stringify(snapshot), 'PX', ttlMs))
  }

  async claim(owner: string, ms: number): Promise<boolean | undefined> {
    const reply = await this.redis.run((r) => r.set(CLAIM_KEY, owner, 'PX', ms, 'NX'))
    return reply === undefined ? undefined : reply === 'OK'
  }

  async release(owner: string): Promise<void> {
    await this.redis.run(async (r) => {
      if ((await r.get(CLAIM_KEY)) === owner) await r.del(CLAIM_KEY)
    })
  }

  async claimed(): Promise<boolean | undefined> {
    const value = await this.redis.run((r) => r.get(CLAIM_KEY))
    return value === undefined ? undefined : value !== null
  }
}
