// Fault matrix, MCP door: the five tools over Streamable HTTP (a real SDK client against /api/mcp) ×
// every upstream fault on every endpoint each depends on. A failure is a tool result with isError true
// whose one text block is the REST Error body (same code, status and sanitised detail); never a
// JSON-RPC error, never a transport failure. After recovery the same call gives the healthy result.

import t from 'tap'
import type { Client } from '@modelcontextprotocol/client'
import type { SimEndpoint, SimFault } from '../../simulator/server.js'
import { PINNED_NOW, listenTestApp } from '../helpers/app.js'
import { connectHttp } from '../helpers/mcp-client.js'
import {
  AVAILABILITY_DEPENDS,
  INPUT,
  LANES,
  LanePool,
  MATRIX_ENV,
  PRODUCT_FAILURE,
  PRODUCT_SEARCH_DEPENDS,
  STORE_DEPENDS,
  STORE_FAILURE,
  type TapTest,
  answered,
  checkErrorBody,
  checkFaultReached,
  coldStart,
  faultsFor,
  watchRejections,
  withoutAsOf,
} from './matrix.js'

interface ToolOp {
  tool: string
  args: Record<string, unknown>
  depends: readonly SimEndpoint[]
  failure: { status: number; code: string }
}

const OPS: ToolOp[] = [
  { tool: 'search_stores', args: { keyword: INPUT.keyword, pageSize: 5 }, depends: STORE_DEPENDS, failure: STORE_FAILURE },
  {
    tool: 'search_nearby_stores',
    args: { latitude: INPUT.latitude, longitude: INPUT.longitude, pageSize: 5 },
    depends: STORE_DEPENDS,
    failure: STORE_FAILURE,
  },
  { tool: 'get_store', args: { branchCode: INPUT.storeCode }, depends: STORE_DEPENDS, failure: STORE_FAILURE },
  {
    tool: 'search_products',
    args: { branchCode: INPUT.branchCode, keyword: INPUT.productKeyword },
    depends: PRODUCT_SEARCH_DEPENDS,
    failure: PRODUCT_FAILURE,
  },
  {
    tool: 'get_product_availability',
    args: { productId: INPUT.productId, branchCode: INPUT.branchCode },
    depends: AVAILABILITY_DEPENDS,
    failure: PRODUCT_FAILURE,
  },
]
const AVAILABILITY = OPS[4]!

interface Lane {
  ctx: Awaited<ReturnType<typeof listenTestApp>>
  client: Client
}

type CallResult = Awaited<ReturnType<Client['callTool']>>

/** An app on its own simulator, listening, with a connected SDK client; all closed at the end of `t`. */
async function newLane(t: TapTest): Promise<Lane> {
  const ctx = await listenTestApp(t, { env: MATRIX_ENV, now: PINNED_NOW })
  const { client } = await connectHttp(t, ctx.url, { name: 'fault-matrix' })
  return { ctx, client }
}

const call = (lane: Lane, op: ToolOp): Promise<CallResult> =>
  answered(lane.client.callTool({ name: op.tool, arguments: op.args }), `tools/call ${op.tool}`)

/** The one text block of an isError result, parsed. */
function errorBodyOf(result: CallResult): unknown {
  const content = result.content as Array<{ type: string; text?: string }>
  if (result.isError !== true || content.length !== 1 || content[0]?.type !== 'text') return { notAnErrorResult: result }
  return JSON.parse(content[0].text ?? 'null') as unknown
}

t.test('fault matrix: MCP tools over Streamable HTTP', async (t) => {
  const rejections = watchRejections()
  t.teardown(() => rejections.stop())
  const lanes: Lane[] = []
  for (let i = 0; i < LANES; i++) lanes.push(await newLane(t))
  const pool = new LanePool(lanes)
  /** A hang waits out the upstream timeout: each hang case gets a lane of its own, so they all wait at once. */
  const laneFor =
    (t: TapTest, fault: SimFault) =>
    (run: (lane: Lane) => Promise<void>): Promise<void> =>
      fault.kind === 'hang' ? newLane(t).then(run) : pool.use(run)
  const first = lanes[0]!

  const baseline = new Map<string, unknown>()
  for (const op of OPS) {
    await coldStart(first.ctx.simulator, first.ctx.runtime)
    const result = await call(first, op)
    t.notOk(result.isError, `${op.tool} succeeds when healthy`)
    baseline.set(op.tool, result.structuredContent)
  }

  const recovers = async (t: TapTest, lane: Lane, op: ToolOp) => {
    lane.ctx.simulator.reset()
    const again = await call(lane, op)
    t.notOk(again.isError, `after recovery: success ${again.isError ? JSON.stringify(again.content).slice(0, 400) : ''}`)
    t.same(
      withoutAsOf(again.structuredContent),
      withoutAsOf(baseline.get(op.tool)),
      'after recovery: the healthy result (nothing cached from the failure)',
    )
  }

  await t.test('cases', async (t) => {
    t.jobs = 64 // the pool still runs at most LANES pooled cases at a time
    for (const op of OPS) {
      for (const endpoint of op.depends) {
        for (const { name, fault } of faultsFor(endpoint)) {
          t.test(`${op.tool} × ${endpoint}: ${name} → isError ${op.failure.code}`, (t) =>
            laneFor(
              t,
              fault,
            )(async (lane) => {
              const { simulator, runtime, url } = lane.ctx
              await coldStart(simulator, runtime)
              simulator.setFault(endpoint, fault)
              const result = await call(lane, op)
              t.equal(result.isError, true, 'an isError tool result (not a protocol error)')
              t.notOk(result.structuredContent, 'no structuredContent on a failure')
              const body = errorBodyOf(result)
              checkErrorBody(t, body, op.failure, endpoint)
              t.match(body, { documentation: `${url}/developers#errors` })
              if (fault.kind === 'rateLimited') t.match(body, { hint: /retry after \d+ s/i }, 'the hint says when to retry')
              if (fault.kind === 'hang') t.match(body, { detail: /timeout|deadline/ }, 'the timeout ended the hang')
              checkFaultReached(t, simulator, endpoint, fault)
              await recovers(t, lane, op)
            }),
          )
        }
      }
    }

    for (const { name, fault } of faultsFor('selIntPdStDispInfo')) {
      t.test(`get_product_availability × selIntPdStDispInfo: ${name} → success with null placement`, (t) =>
        laneFor(
          t,
          fault,
        )(async (lane) => {
          await coldStart(lane.ctx.simulator, lane.ctx.runtime)
          lane.ctx.simulator.setFault('selIntPdStDispInfo', fault)
          const result = await call(lane, AVAILABILITY)
          t.notOk(result.isError)
          const healthy = baseline.get(AVAILABILITY.tool) as Record<string, unknown>
          t.same(
            withoutAsOf(result.structuredContent),
            withoutAsOf({ ...healthy, stairNo: null, zoneNo: null, floorLabel: null }),
            'stock and nearby stores as usual, placement null',
          )
          checkFaultReached(t, lane.ctx.simulator, 'selIntPdStDispInfo', fault)
          await recovers(t, lane, AVAILABILITY)
        }),
      )
    }
  })

  t.test('still serving after the whole matrix', async (t) => {
    for (const lane of lanes) {
      await coldStart(lane.ctx.simulator, lane.ctx.runtime)
      for (const op of OPS) t.same(withoutAsOf((await call(lane, op)).structuredContent), withoutAsOf(baseline.get(op.tool)), op.tool)
    }
    t.same(rejections.seen, [], 'no unhandled rejections')
  })
})
