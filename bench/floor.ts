// Runs bench/floor-server.ts as scenario 12's cold questions run the service: a fresh process, 60 warm-up
// questions elsewhere at 0 ms, a pause, then the measured question at the bench's latency.

import { join } from 'node:path'
import { measuredQuestion, WARM_UP_QUESTIONS } from './lib/cold.js'
import type { BenchContext } from './lib/context.js'
import { fetchJson, fetchText, newAgent, query } from './lib/http.js'
import { cleanEnv, freePort, waitForHttp } from './lib/proc.js'

export interface FloorQuestion {
  /** The point asked around: the floor checks the 50 stores the upstream's store search lists nearest to it. */
  point: { curLttd: number; curLitd: number }
  products: string[]
}

export interface FloorRun {
  wallMs: number
  calls: number
  callsByEndpoint: Record<string, number>
}

/** The nearest stores as the service's nearby answer scans them (LIMITS.nearbyStoresScanned), asked of the simulator. */
async function nearestStores(ctx: BenchContext, point: FloorQuestion['point']): Promise<string[]> {
  const answer = await fetchText(`${ctx.simulator.url}/ms/msg/selStr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: '', currentPage: 1, pageSize: 50, ...point, geolocationAgrYn: 'Y' }),
  })
  const rows = (JSON.parse(answer.body) as { data?: Array<{ strCd: string }> }).data ?? []
  if (rows.length === 0) throw new Error(`the simulator listed no store near ${JSON.stringify(point)}`)
  return rows.map((row) => row.strCd)
}

/** One cold question on a fresh floor process; the same pause as the service's cold runs (past its token reuse). */
export async function coldFloor(ctx: BenchContext, measured: FloorQuestion, warmUp: FloorQuestion, latencyMs: number): Promise<FloorRun> {
  await ctx.simulator.control.prepare(0)
  const path = async (q: FloorQuestion) =>
    `/?${query({ stores: (await nearestStores(ctx, q.point)).join(','), products: q.products.join(',') })}`
  const [measuredPath, warmUpPath] = [await path(measured), await path(warmUp)]
  const port = await freePort()
  const child = ctx.launcher.spawnNode(
    'floor',
    ['--import', 'tsx', join(ctx.launcher.root, 'bench/floor-server.ts')],
    cleanEnv({ FLOOR_UPSTREAM: ctx.simulator.url, FLOOR_PORT: String(port) }),
  )
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${url}/?stores=&products=`, child)
    const agent = newAgent()
    for (let i = 0; i < WARM_UP_QUESTIONS; i++) {
      const warm = await fetchJson<unknown>(`${url}${warmUpPath}`, { agent })
      if (warm.status !== 200) throw new Error(`floor warm-up answered ${warm.status}`)
    }
    const { wallMs, calls, callsByEndpoint } = await measuredQuestion(ctx, `${url}${measuredPath}`, agent, latencyMs)
    agent.destroy()
    return { wallMs, calls, callsByEndpoint }
  } finally {
    await child.stop()
  }
}
