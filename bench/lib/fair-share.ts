// One client bursting on one instance of a fleet while another sends a few calls on a second instance:
// how many of the burst's calls go upstream while each of the other client's calls waits. Shared by the
// fleet fairness test (which asserts the counts) and bench/fleet-fairness.ts (which prints the figures).

import { clientSignal, type ClientKey } from '../../src/client-context.js'
import type { UpstreamBudget } from '../../src/upstream/budget.js'

export interface TrickleWait {
  /** Calls of the bursting client started while this call waited. */
  burstGrants: number
  ms: number
}

export interface BurstAndTrickle {
  /** Each trickling call's wait, in order. */
  waits: TrickleWait[]
  /** Who started, in order ('A' bursting, 'B' trickling). */
  order: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Client A sends `burst` calls at once through budget `one`; once `startAfter` of them have started,
 * client B sends `trickle` calls through budget `two`, one after another. A client left undefined runs
 * with no key (the anonymous client): both undefined is the fleet's behaviour without per-client turns.
 */
export async function burstAndTrickle(
  one: UpstreamBudget,
  two: UpstreamBudget,
  options: { burst: number; trickle: number; startAfter: number; callMs: number; a?: ClientKey; b?: ClientKey },
): Promise<BurstAndTrickle> {
  const order: string[] = []
  let started = 0
  let reached: () => void = () => {}
  const enough = new Promise<void>((resolve) => (reached = resolve))
  const burst = Array.from({ length: options.burst }, () =>
    one.run(
      'burst',
      async () => {
        order.push('A')
        started += 1
        if (started >= options.startAfter) reached()
        await sleep(options.callMs)
      },
      options.a && clientSignal(options.a),
    ),
  )
  await enough
  const waits: TrickleWait[] = []
  for (let i = 0; i < options.trickle; i += 1) {
    const before = started
    const asked = performance.now()
    await two.run(
      'trickle',
      async () => {
        waits.push({ burstGrants: started - before, ms: performance.now() - asked })
        order.push('B')
        await sleep(options.callMs)
      },
      options.b && clientSignal(options.b),
    )
  }
  await Promise.all(burst)
  return { waits, order }
}
