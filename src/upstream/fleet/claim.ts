import type { ClaimState, ClaimStore } from '../../kept/claim.js'
import type { FleetRedis } from './redis.js'

// The value is the owner's id, or "rest:" and the id while the holder rests after a failed refresh.
const TAKE = `
local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] or v == 'rest:' .. ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`
const RENEW = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or v == 'rest:' .. ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[3] .. ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`
const RELEASE = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or v == 'rest:' .. ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

/** A fleet claim under one Redis key; compare-and-set in Lua, so only its holder renews or releases it. */
export class RedisClaim implements ClaimStore {
  constructor(
    private readonly redis: FleetRedis,
    private readonly key: string,
  ) {}

  async take(owner: string, ms: number): Promise<boolean | undefined> {
    const reply = await this.redis.run((r) => r.eval(TAKE, 1, this.key, owner, Math.max(1, Math.round(ms))))
    return reply === undefined ? undefined : reply === 1
  }

  async renew(owner: string, ms: number, resting = false): Promise<boolean | undefined> {
    const reply = await this.redis.run((r) => r.eval(RENEW, 1, this.key, owner, Math.max(1, Math.round(ms)), resting ? 'rest:' : ''))
    return reply === undefined ? undefined : reply === 1
  }

  async release(owner: string): Promise<void> {
    await this.redis.run((r) => r.eval(RELEASE, 1, this.key, owner))
  }

  async state(): Promise<ClaimState | null | undefined> {
    const reply = await this.redis.run((r) => r.multi().get(this.key).pttl(this.key).exec())
    if (reply === undefined || reply === null) return undefined
    const value = reply[0]?.[1]
    const ttl = Number(reply[1]?.[1])
    if (typeof value !== 'string') return null
    const resting = value.startsWith('rest:')
    return { owner: resting ? value.slice('rest:'.length) : value, resting, msLeft: ttl > 0 ? ttl : 0 }
  }
}
