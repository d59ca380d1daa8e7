import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { ClientKeys } from '../../http/client.js'
import { buildTestApp } from '../helpers/app.js'

// TRUST_PROXY names the proxies whose X-Forwarded-For is believed. From any other peer the header is
// ignored, whatever it says: the peer is the client for request.ip, the rate limit and the client key.
// (app.inject's peer is 127.0.0.1 unless given.)

const ACCEPT = 'application/json, text/event-stream'

/** A route that reports what the app believes about the caller (itself not counted), added before the app is ready. */
function addWhoami(app: FastifyInstance): void {
  const keys = new ClientKeys([])
  app.get('/test/whoami', { config: { rateLimit: false } }, async (request) => ({ ip: request.ip, key: keys.ofRequest(request) }))
}

const whoami = async (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  (await app.inject({ url: '/test/whoami', headers, remoteAddress })).json() as { ip: string; key: { group: string; member: string } }

/** REST statuses of a request per forwarded address, in order. */
async function restStatuses(app: FastifyInstance, forwarded: string[], remoteAddress = '127.0.0.1'): Promise<number[]> {
  const statuses: number[] = []
  for (const address of forwarded) {
    const res = await app.inject({ url: '/api/branches/11199', headers: { 'x-forwarded-for': address }, remoteAddress })
    statuses.push(res.statusCode)
  }
  return statuses
}

/** MCP tools/call outcomes per forwarded address: 'ran' or the error code of a refused call. */
async function toolCalls(app: FastifyInstance, forwarded: string[]): Promise<string[]> {
  const outcomes: string[] = []
  for (const [i, address] of forwarded.entries()) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'x-forwarded-for': address },
      payload: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'get_store', arguments: { branchCode: '11199' } } },
    })
    const data = res.body.split('\n').find((line) => line.startsWith('data: '))
    const result = (JSON.parse(data?.slice(6) ?? '{}') as { result?: { isError?: boolean; structuredContent?: { code?: string } } }).result
    outcomes.push(result?.isError ? String(result.structuredContent?.code) : 'ran')
  }
  return outcomes
}

const A = '203.0.113.7'
const B = '198.51.100.9'

t.test('without TRUST_PROXY a forged X-Forwarded-For is ignored: the peer is the client', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '2' } })
  addWhoami(app)
  const seen = await whoami(app, { 'x-forwarded-for': A })
  t.equal(seen.ip, '127.0.0.1', 'request.ip')
  t.match(seen.key, { group: '127.0.0.1', member: '127.0.0.1' }, 'the client key')
  t.same(await restStatuses(app, [A, B], '10.1.1.1'), [200, 200])
  t.same(await restStatuses(app, [`${B}, ${A}`], '10.1.1.1'), [429], 'two forwarded addresses share the peer’s one bucket')
  t.same(await toolCalls(app, [A, B, `${A}, ${B}`]), ['ran', 'ran', 'rate_limited'], 'and one tool-call quota')
})

t.test('TRUST_PROXY=127.0.0.1: the client the proxy reports is the client, from that proxy only', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' } })
  addWhoami(app)
  const seen = await whoami(app, { 'x-forwarded-for': A })
  t.equal(seen.ip, A, 'request.ip is the forwarded client')
  t.match(seen.key, { group: A, member: A }, 'so is the client key')
  // The proxy appends the peer it saw; what a client put before it is its own claim and is not believed.
  t.equal((await whoami(app, { 'x-forwarded-for': `10.9.9.9, ${A}` })).ip, A, 'only the entry the trusted proxy added counts')
  t.equal((await whoami(app, { 'x-forwarded-for': A }, '192.0.2.50')).ip, '192.0.2.50', 'from another peer the header is ignored')

  t.same(await restStatuses(app, [A, B, A, B]), [200, 200, 200, 200], 'two forwarded clients have two buckets')
  t.same(await restStatuses(app, [A, B]), [429, 429], 'each bucket holds two requests')
  t.same(await restStatuses(app, ['192.0.2.1'], '192.0.2.50'), [200], 'an untrusted peer counts as itself')
  t.same(await toolCalls(app, [A, B, A, B, A]), ['ran', 'ran', 'ran', 'ran', 'rate_limited'], 'tool calls are counted per forwarded client')
})
