import type { FleetRedis } from './redis.js'

/** The cache's view of Redis: plain strings under `cache:<key>`, load claims under `claim:<key>`. */
export class RedisCacheStore {
  constructor(private readonly redis: FleetRedis) {}

  get usable(): boolean {
    return this.redis.usable
  }

  get(keys: string[]): Promise<Array<string | null> | undefined> {
    if (keys.length === 0) return Promise.resolve([])
    return this.redis.run((r) => r.mget(keys.map((k) => `cache:${k}`)))
  }

  set(key: string, value: string, ttlMs: number): void {
    if (ttlMs <= 0) return
    void this.redis.run((r) => r.set(`cache:${key}`, value, 'PX', ttlMs))
  }

  async claim(keys: string[], ms: number, owner: string): Promise<boolean[] | undefined> {
    if (keys.length === 0) return []
    const replies = await this.redis.run((r) => {
      const pipe = r.pipeline()
      for (const key of keys) pipe.set(`claim:${key}`, owner, 'PX', ms, 'NX')
      return pipe.exec()
    })
    if (!replies || replies.some(([error]) => error)) return undefined
    return replies.map(([, value]) => value === 'OK')
  }

  release(keys: string[]): void {
    if (keys.length === 0) return
    void this.redis.run((r) => r.del(keys.map((k) => `claim:${k}`)))
  }

  async claimed(keys: string[]): Promise<boolean[] | undefined> {
    if (keys.length === 0) return []
    const values = await this.redis.run((r) => r.mget(keys.map((k) => `claim:${k}`)))
    return values?.map((v) => v !== null)
  }
}
