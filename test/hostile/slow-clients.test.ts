// Slow and greedy clients: an unfinished body, an unfinished header block and an idle keep-alive
// connection are each closed by the server after the configured limits (asserted as "closed at all
// within a generous bound", never as a timing), and one client cannot hold more event streams (MCP
// SSE and NDJSON) than its share while another client still streams. Slow sockets: full lane only.
import t from 'tap'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { connect, type Socket } from 'node:net'
import { listenTestApp } from '../helpers/app.js'
import { within } from '../helpers/wait.js'

/** Far above the 1 s limits the tests set (and Node's 1 s check interval), far below tap's timeout. */
const CLOSE_BOUND_MS = 30_000

/** Connects, writes `chunks`, and resolves with everything received once the server closes the socket. */
function untilClosed(url: string, chunks: string[]): { socket: Socket; closed: Promise<string> } {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port) })
  let received = ''
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
    socket.on('error', () => {})
    socket.on('close', () => resolve(received))
  })
  socket.on('connect', () => {
    for (const chunk of chunks) socket.write(chunk)
  })
  return { socket, closed }
}

t.test('slow clients are closed after the connection time limits', async (t) => {
  const { url, app } = await listenTestApp(t, {
    env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1000' },
  })
  // The settings reach Node's server (its own defaults, 60 s, 300 s and 5 s, would pass the waits below too slowly or not at all).
  t.match(app.server, { headersTimeout: 1000, requestTimeout: 1000, keepAliveTimeout: 1000 }, 'the limits are the server’s')

  t.test('an unfinished header block', async (t) => {
    const { socket, closed } = untilClosed(url, ['GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '])
    t.teardown(() => socket.destroy())
    const received = await within('the server to close a connection whose headers never end', closed, { timeoutMs: CLOSE_BOUND_MS })
    t.pass('closed by the server')
    if (received) t.match(received, /^HTTP\/1\.1 408 [^]*"code":"request_timeout"/, 'any answer is a 408 in the Error shape')
  })

  t.test('an unfinished body', async (t) => {
    const head =
      'POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n'
    const { socket, closed } = untilClosed(url, [head, '{"jsonrpc":"2.0",'])
    t.teardown(() => socket.destroy())
    const received = await within('the server to close a connection whose body never ends', closed, { timeoutMs: CLOSE_BOUND_MS })
    t.pass('closed by the server')
    if (received) t.match(received, /^HTTP\/1\.1 408 [^]*"code":"request_timeout"/, 'any answer is a 408 in the Error shape')
  })

  t.test('an idle keep-alive connection after its answer', async (t) => {
    const { socket, closed } = untilClosed(url, ['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'])
    t.teardown(() => socket.destroy())
    const received = await within('the server to close an idle keep-alive connection', closed, { timeoutMs: CLOSE_BOUND_MS })
    t.match(received, /^HTTP\/1\.1 200 /, 'the request itself was answered')
    t.match(received, /keep-alive/i, 'and the connection was kept alive at first')
    t.equal(received.match(/HTTP\/1\.1 /g)?.length, 1, 'one answer, then the close')
  })
})

interface Opened {
  status: number
  res: IncomingMessage
  req: ClientRequest
  /** The body, read to its end (for refusals). */
  text(): Promise<string>
}

/** A GET from `localAddress` (a distinct client on loopback) whose answer is kept open. */
function open(url: string, path: string, accept: string, localAddress: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { headers: { accept }, localAddress, agent: false })
    req.on('error', reject)
    req.on('response', (res) => {
      resolve({
        status: res.statusCode ?? 0,
        res,
        req,
        text: () =>
          new Promise((done) => {
            let body = ''
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
            res.on('end', () => done(body))
          }),
      })
    })
    req.end()
  })
}

t.test('one client holds at most its share of event streams; another still streams', async (t) => {
  const { url, simulator, app } = await listenTestApp(t, {
    env: { MAX_STREAMS_PER_CLIENT: '2', MAX_OPEN_STREAMS: '10', UPSTREAM_TIMEOUT_MS: '60000', SCAN_DEADLINE_MS: '60000' },
  })
  // The catalogue call hangs, so an NDJSON scan stays open until its client leaves.
  simulator.setFault('pdThumbSelSimple', { kind: 'hang' })
  const held: Opened[] = []
  t.teardown(() => held.forEach((o) => o.req.destroy()))
  const A = '127.0.0.1'
  const B = '127.0.0.2'
  const sse = (from: string) => open(url, '/api/mcp', 'text/event-stream', from)
  const ndjson = (from: string) => open(url, '/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9', 'application/x-ndjson', from)

  const first = await within('client A: an SSE stream', sse(A))
  const second = await within('client A: an NDJSON stream', ndjson(A))
  held.push(first, second)
  t.equal(first.status, 200, 'A: SSE stream 1')
  t.equal(second.status, 200, 'A: NDJSON stream 2')
  t.match(first.res.headers['content-type'], /^text\/event-stream/)
  t.match(second.res.headers['content-type'], /^application\/x-ndjson/)

  const thirdSse = await within('client A: a third stream (SSE)', sse(A))
  t.equal(thirdSse.status, 503, 'A: a third SSE stream is refused')
  t.ok(thirdSse.res.headers['retry-after'], 'with Retry-After')
  t.match(JSON.parse(await thirdSse.text()), { jsonrpc: '2.0', error: { message: /this client already has/ } }, 'in JSON-RPC')
  const thirdNdjson = await within('client A: a third stream (NDJSON)', ndjson(A))
  t.equal(thirdNdjson.status, 503, 'A: a third NDJSON stream is refused')
  t.match(JSON.parse(await thirdNdjson.text()), { code: 'overloaded', status: 503, hint: String }, 'in the Error shape')

  const other = await within('client B: an SSE stream', sse(B))
  const otherNdjson = await within('client B: an NDJSON stream', ndjson(B))
  held.push(other, otherNdjson)
  t.equal(other.status, 200, 'B streams SSE while A is at its cap')
  t.equal(otherNdjson.status, 200, 'B streams NDJSON while A is at its cap')
  t.equal(app.openStreams.count, 4, 'two streams each')

  // A closes one: A may open one again.
  first.req.destroy()
  await within(
    'the server to release A’s closed stream',
    (async () => {
      while (app.openStreams.count !== 3) await new Promise((r) => setTimeout(r, 10))
    })(),
  )
  const again = await within('client A: a stream after closing one', sse(A))
  held.push(again)
  t.equal(again.status, 200, 'A streams again after closing one')
})
