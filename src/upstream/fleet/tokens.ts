import type { FleetToken, FleetTokens } from '../preauth.js'
import type { FleetRedis } from './redis.js'

/** The fleet's pre-auth token: `preauth:token` (JSON, expiring with the token) and `preauth:claim`. */
export class RedisTokens implements FleetTokens {
  constructor(private readonly redis: FleetRedis) {}

  async get(): Promise<FleetToken | null | undefined> {
    const raw = await this.redis.run((r) => r.get('preauth:token'))
    if (raw === undefined || raw === null) return raw
    try {
      const token = JSON.parse(raw) as Partial<FleetToken>
      if (typeof token.jwt === 'string' && typeof token.uid === 'string' && typeof token.expiresAt === 'number') {
        return { jwt: token.jwt, uid: token.uid, expiresAt: token.expiresAt }
      }
    } catch {
      // A value this version cannot read counts as no token.
    }
    return null
  }

  put(token: FleetToken): void {
    const ttl = token.expiresAt - Date.now()
    if (ttl > 0) void this.redis.run((r) => r.set('preauth:token', JSON.stringify(token), 'PX', ttl))
  }

  async claim(ms: number): Promise<boolean | undefined> {
    const reply = await this.redis.run((r) => r.set('preauth:claim', this.redis.instanceId, 'PX', ms, 'NX'))
    return reply === undefined ? undefined : reply === 'OK'
  }

  release(): void {
    void this.redis.run((r) => r.del('preauth:claim'))
  }

  drop(jwt: string): void {
    void this.redis.run(async (r) => {
      const raw = await r.get('preauth:token')
      if (raw && raw.includes(jwt)) await r.del('preauth:token')
    })
  }
}
