import type { CatalogueShared } from '../../products/index.js'
import { decodeSnapshot, encodeSnapshot, type CatalogueSnapshot } from '../../products/snapshot.js'
import type { FleetRedis } from './redis.js'

const LIST_KEY = 'catalogue:list'
const CLAIM_KEY = 'catalogue:claim'

/**
 * The fleet's copy of the product index: the checked list under one key, and a claim so one instance
 * lists the catalogue. `undefined` answers mean Redis cannot be used now; a copy that fails its checks is
 * no copy (null).
 */
export class RedisCatalogue implements CatalogueShared {
  constructor(private readonly redis: FleetRedis) {}

  async get(): Promise<CatalogueSnapshot | undefined | null> {
    const raw = await this.redis.run((r) => r.get(LIST_KEY))
    if (raw === undefined || raw === null) return raw
    return decodeSnapshot(raw) ?? null
  }

  async set(snapshot: CatalogueSnapshot, ttlMs: number): Promise<void> {
    await this.redis.run((r) => r.set(LIST_KEY, encodeSnapshot(snapshot), 'PX', Math.max(1, Math.round(ttlMs))))
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
