import { join } from 'node:path'
import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { fetchText } from '../lib/http.js'
import { interleavedLoads, type LoadRequest } from '../lib/load.js'
import { cleanEnv, freePort, waitForHttp, type Child } from '../lib/proc.js'
import { round } from '../lib/stats.js'
import { BENCH_STORE } from './cold-search.js'

export const STORE_PATH = `/api/branches/${BENCH_STORE}`
/** autocannon connections for the req/s scenarios. */
export const CONNECTIONS = 10
const WARM_UP_S = 2
const SLICES = 3

/** How scenarios 3 and 4 split their measuring time: each target gets SLICES slices, alternating. */
export function slicePlan(loadSeconds: number): { warmS: number; slices: number; sliceS: number } {
  return { warmS: WARM_UP_S, slices: SLICES, sliceS: Math.max(1, Math.round(loadSeconds / SLICES)) }
}

const storeLookup: LoadRequest[] = [{ method: 'GET', path: STORE_PATH }]

/** Scenario 3: cached store lookup req/s vs a bare Fastify route, same machine, same run. */
export async function throughputScenario(ctx: BenchContext): Promise<ScenarioRow> {
  const service = await ctx.warmService()
  const sample = await fetchText(`${service.url}${STORE_PATH}`)
  if (sample.status !== 200) throw new Error(`GET ${STORE_PATH} answered ${sample.status}: ${sample.body.slice(0, 300)}`)
  // The default LOG_LEVEL=info logs every request; measured too, for the record.
  // Its log lines go to /dev/null, so that reading them costs the load generator nothing.
  const infoService = await ctx.startService('service (LOG_LEVEL=info)', { LOG_LEVEL: 'info' }, { logs: 'discard' })
  const bare = await startBare(ctx, sample.body)
  try {
    await fetchText(`${infoService.url}${STORE_PATH}`)
    const plan = slicePlan(ctx.options.loadSeconds)
    const results = await interleavedLoads(
      [
        { name: 'bare', baseUrl: bare.url, options: { connections: CONNECTIONS, requests: storeLookup } },
        { name: 'service', baseUrl: service.url, options: { connections: CONNECTIONS, requests: storeLookup } },
        { name: 'serviceInfo', baseUrl: infoService.url, options: { connections: CONNECTIONS, requests: storeLookup } },
      ],
      plan,
    )
    const rest = results.get('service')
    const bareResult = results.get('bare')
    const info = results.get('serviceInfo')
    if (!rest || !bareResult || !info) throw new Error('a load result is missing')
    const ratio = rest.rps / bareResult.rps
    const invalid = rest.non2xx + rest.errors + bareResult.non2xx + bareResult.errors
    return {
      id: 3,
      title: `cached GET ${STORE_PATH} vs bare Fastify`,
      figure: `${rest.rps} vs ${bareResult.rps} req/s → ratio ${round(ratio, 2)} (LOG_LEVEL=info: ${info.rps} req/s, ${round(info.rps / bareResult.rps, 2)})`,
      target: 'ratio ≥ 0.6',
      met: ratio >= 0.6 && invalid === 0,
      data: {
        connections: CONNECTIONS,
        plan,
        service: rest,
        bare: bareResult,
        ratio: round(ratio, 3),
        serviceLogLevelInfo: info,
        ratioLogLevelInfo: round(info.rps / bareResult.rps, 3),
      },
      notes: [
        `autocannon in the bench process, ${CONNECTIONS} connections; after a ${plan.warmS} s warm-up each, the three servers are measured in ${plan.slices} alternating slices of ${plan.sliceS} s (bare, service, service at LOG_LEVEL=info, …) so background load hits all alike. All are child processes answering the same JSON body; the service at LOG_LEVEL=warn logs no request lines, the bare route has no logger.`,
        `req/s per slice: bare ${bareResult.sliceRps?.join('/')}, service ${rest.sliceRps?.join('/')}, LOG_LEVEL=info ${info.sliceRps?.join('/')}.`,
        ...(invalid > 0 ? [`${invalid} non-2xx answers or errors: the figure is not valid.`] : []),
      ],
    }
  } finally {
    await bare.child.stop()
    await infoService.stop()
  }
}

async function startBare(ctx: BenchContext, body: string): Promise<{ url: string; child: Child }> {
  const port = await freePort()
  const child = ctx.launcher
    .spawnNode(
      'bare fastify',
      ['--import', 'tsx', join(ctx.launcher.root, 'bench/lib/bare-server.ts')],
      cleanEnv({ PORT: String(port), BARE_BODY: body, BARE_PATH: STORE_PATH }),
    )
    .keepStdout()
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${url}${STORE_PATH}`, child)
  } catch (error) {
    await child.stop()
    throw error
  }
  return { url, child }
}
