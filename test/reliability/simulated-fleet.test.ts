// The documented offline fleet (docs/operations.md): two instances with UPSTREAM_BASE_URL=simulated, each with
// its own in-process simulator, on one real Redis. The fleet shares one pre-auth token through Redis, so one
// instance's simulator sees a token another's simulator issued; it must accept it (the token is signed with a
// secret derived from the shared key, verifiable by any simulator, as the real upstream's is by any server).

import t from 'tap'
import { buildApp } from '../../http/app.js'
import { loadConfig } from '../../src/config.js'
import { createRuntime } from '../../src/runtime.js'
import { testEnv } from '../helpers/app.js'
import { fleetWorkload, sendRoundRobin, type Instance } from '../helpers/fleet.js'
import { startRedis } from '../helpers/redis.js'

t.test('two simulated instances on one Redis answer everything', async (t) => {
  const redis = await startRedis(t)
  const instances: Instance[] = []
  t.teardown(async () => {
    for (const { app, runtime } of instances.splice(0)) {
      await app.close()
      await runtime.close()
    }
  })
  const env = testEnv({
    UPSTREAM_BASE_URL: 'simulated',
    REDIS_URL: redis.url,
    // Room for a loaded machine: a healthy call must not time out, Redis must not look lost.
    UPSTREAM_TIMEOUT_MS: '10000',
    SCAN_DEADLINE_MS: '60000',
    REDIS_TIMEOUT_MS: '2000',
  })
  for (let i = 0; i < 2; i++) {
    const runtime = await createRuntime(loadConfig(env))
    instances.push({ app: await buildApp({ runtime }), runtime })
  }
  t.not(instances[0]!.runtime.upstreamUrl, instances[1]!.runtime.upstreamUrl, 'each instance runs its own simulator')

  const answers = await sendRoundRobin(instances, fleetWorkload(2), 3)
  t.same(
    answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.url} ${a.body.slice(0, 120)}`),
    [],
    'every request answered, whichever instance took it',
  )

  const statsOf = async (url: string) => (await (await fetch(`${url}/__sim/stats`)).json()) as { calls: Record<string, number> }
  const [one, two] = await Promise.all(instances.map(({ runtime }) => statsOf(runtime.upstreamUrl)))
  const handshakes = (one!.calls.authRequest ?? 0) + (two!.calls.authRequest ?? 0)
  const protectedCalls = (s: { calls: Record<string, number> }) =>
    Object.entries(s.calls)
      .filter(([endpoint]) => endpoint !== 'authRequest')
      .reduce((sum, [, n]) => sum + n, 0)
  t.ok(protectedCalls(one!) > 0 && protectedCalls(two!) > 0, 'both simulators answered protected calls')
  t.ok(handshakes >= 1, `the fleet fetched its token (${handshakes} handshakes for both simulators)`)
})
