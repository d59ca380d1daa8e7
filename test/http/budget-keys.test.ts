// The caller's key reaches the upstream budget through the signal each door hands the service
// (src/client-context.ts): REST, the NDJSON stream, MCP's fast path and the SDK's path.
import type { InjectOptions } from 'fastify'
import t from 'tap'
import { clientOf, clientSignal, inheritClient, tagClient, type ClientKey } from '../../src/client-context.js'
import { UpstreamBudget } from '../../src/upstream/budget.js'
import { buildTestApp } from '../helpers/app.js'

const alice: ClientKey = { group: '192.0.2.7', member: '192.0.2.7', shared: false }

t.test('a tag is read lazily, once, and passes to derived signals', async (t) => {
  let worked = 0
  const door = new AbortController().signal
  tagClient(door, () => {
    worked += 1
    return alice
  })
  t.equal(worked, 0, 'not worked out until asked')
  const deadline = new AbortController().signal
  inheritClient(deadline, door)
  t.same(clientOf(deadline), alice)
  t.same(clientOf(door), alice)
  t.equal(worked, 1, 'worked out once for the request')
  t.equal(clientOf(new AbortController().signal), undefined, 'an untagged signal serves nobody in particular')
  t.equal(clientOf(undefined), undefined)
  t.same(clientOf(clientSignal(alice)), alice)
})

t.test('every door counts its upstream calls to the caller', async (t) => {
  const seen: Array<ClientKey | undefined> = []
  const run = UpstreamBudget.prototype.run
  UpstreamBudget.prototype.run = function (endpoint, task, signal) {
    // The pre-auth handshake is shared by every caller and counted to none.
    if (endpoint !== 'authRequest') seen.push(clientOf(signal))
    return run.call(this, endpoint, task, signal) as never
  }
  t.teardown(() => {
    UpstreamBudget.prototype.run = run
  })
  const { app } = await buildTestApp(t)
  const ask = async (name: string, request: InjectOptions, remoteAddress: string) => {
    seen.length = 0
    const res = await app.inject({ ...request, remoteAddress })
    t.ok(res.statusCode < 300, `${name}: ${res.statusCode}`)
    t.ok(seen.length > 0, `${name}: upstream calls made`)
    t.ok(
      seen.every((key) => key?.group === remoteAddress),
      `${name}: every call counted to ${remoteAddress} (${JSON.stringify([...new Set(seen.map((key) => key?.group))])})`,
    )
  }
  await ask('REST', { url: '/api/products?branchCode=11199&keyword=%EB%AC%BC%ED%8B%B0%EC%8A%88' }, '192.0.2.7')
  await ask(
    'NDJSON',
    { url: '/api/products?branchCode=10224&keyword=%EC%88%98%EB%82%A9', headers: { accept: 'application/x-ndjson' } },
    '192.0.2.8',
  )
  const mcp = (id: number, params: object) => ({
    method: 'POST' as const,
    url: '/api/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id, method: 'tools/call', params },
  })
  await ask('MCP fast path', mcp(1, { name: 'search_products', arguments: { branchCode: '11199', keyword: '건전지' } }), '192.0.2.9')
  await ask(
    'MCP through the SDK (a progress token)',
    mcp(2, { name: 'search_products', arguments: { branchCode: '10224', keyword: '텀블러' }, _meta: { progressToken: 'p' } }),
    '192.0.2.10',
  )
})
