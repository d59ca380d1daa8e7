import type { FleetCircuit, FleetCircuitState } from '../circuit.js'
import type { FleetRedis } from './redis.js'

/** The fleet's breaker: `circuit:open` (expires after the cool-down), `circuit:tripped`, `circuit:failures`, `circuit:probe`. */
export class RedisCircuit implements FleetCircuit {
  constructor(private readonly redis: FleetRedis) {}

  async read(): Promise<FleetCircuitState | undefined> {
    const replies = await this.redis.run((r) =>
      r.pipeline().pttl('circuit:open').exists('circuit:tripped').get('circuit:failures').get('circuit:opens').exec(),
    )
    if (!replies || replies.some(([error]) => error)) return undefined
    const [pttl, tripped, failures, opens] = replies.map(([, value]) => Number(value ?? 0))
    return { openMs: Math.max(0, pttl ?? 0), tripped: tripped === 1, failures: failures ?? 0, opens: opens ?? 0 }
  }

  async claimProbe(ms: number): Promise<boolean | undefined> {
    const reply = await this.redis.run((r) => r.set('circuit:probe', this.redis.instanceId, 'PX', ms, 'NX'))
    return reply === undefined ? undefined : reply === 'OK'
  }

  releaseProbe(): void {
    void this.redis.run((r) => r.del('circuit:probe'))
  }

  async fault(threshold: number, cooldownMs: number, open: boolean): Promise<void> {
    await this.redis.run(async (r) => {
      const [[, failures] = []] =
        (await r
          .multi()
          .incr('circuit:failures')
          .pexpire('circuit:failures', cooldownMs * 10)
          .exec()) ?? []
      if (!open && Number(failures) < threshold) return
      const [[, previous] = []] =
        (await r
          .multi()
          .set('circuit:open', '1', 'PX', cooldownMs, 'GET')
          .set('circuit:tripped', '1', 'PX', cooldownMs * 10)
          .del('circuit:probe')
          .exec()) ?? []
      if (previous === null) await r.incr('circuit:opens')
    })
  }

  async success(): Promise<void> {
    await this.redis.run((r) => r.del('circuit:failures', 'circuit:tripped', 'circuit:open', 'circuit:probe'))
  }
}
