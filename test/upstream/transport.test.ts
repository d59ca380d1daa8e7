import { createServer } from 'node:http'
import t from 'tap'
import { Transport } from '../../src/upstream/transport.js'
import { until } from '../helpers/wait.js'

const RETRY = { limit: 0, statuses: [], afterStatuses: [], maxRetryAfterMs: 0, delayMs: () => 0, backoffLimitMs: 0 }

t.test('connections opened ahead of a burst carry it, and none more are opened', async (t) => {
  let connections = 0
  const server = createServer((req, res) => {
    req.resume()
    req.once('end', () => setTimeout(() => res.end('{"ok":true}'), 20))
  })
  server.on('connection', () => (connections += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as { port: number }
  const transport = new Transport({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 5_000, retry: RETRY, headers: {} })

  transport.prewarm(5)
  await until('five connections opened ahead', () => connections === 5)
  transport.prewarm(5)
  const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => transport.send({ method: 'POST', path: `p${i}`, json: { i } })))
  t.same(
    answers.map((a) => a.status),
    [200, 200, 200, 200, 200],
  )
  t.equal(connections, 5, 'the burst went over the connections opened ahead; a second prewarm opened none')

  // They are now the agent's kept-alive connections: another burst reuses them.
  transport.prewarm(5)
  await Promise.all(Array.from({ length: 5 }, () => transport.send({ method: 'GET', path: 'again' })))
  t.equal(connections, 5)
  server.closeAllConnections()
})

t.test('a connection opened ahead that fails is let go, and the call opens its own', async (t) => {
  const server = createServer((_req, res) => res.end('{}'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  const transport = new Transport({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2_000, retry: RETRY, headers: {} })
  transport.prewarm(3) // refused: each spare errors and is dropped, without an unhandled error
  await new Promise((resolve) => setTimeout(resolve, 50))
  await t.rejects(transport.send({ method: 'GET', path: 'x' }), { code: 'ECONNREFUSED' })
})

t.test('opening ahead never throws: a default port, an unresolvable host', async (t) => {
  for (const baseUrl of ['https://upstream.invalid', 'http://upstream.invalid/api/']) {
    const transport = new Transport({ baseUrl, timeoutMs: 2_000, retry: RETRY, headers: {} })
    t.doesNotThrow(() => transport.prewarm(3), `${baseUrl}: no exception`)
    await t.rejects(transport.send({ method: 'GET', path: 'x' }), { code: /ENOTFOUND|EAI_AGAIN/ }, `${baseUrl}: the call fails on its own`)
  }
})
