// Hostile input below routing, on raw sockets: large bodies sent in one go (the client must read the
import type { Test } from 'tap'
// 413/415 answer, not a reset) and the requests Node refuses itself (no Host, a Host after 1,000 other
// headers, Expect, CONNECT, an over-long header, a malformed request line), each in the Error shape.
import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { rawRequest, type RawAnswer } from '../helpers/raw-http.js'
import { assertErrorShape, json } from './speak.js'

const TWO_MB = Buffer.alloc(2 * 1024 * 1024, 'a')

function post(url: string, path: string, headers: string, body: Buffer): Promise<RawAnswer> {
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n${headers}Content-Length: ${body.length}\r\n\r\n`
  // Head and body in one write: the whole request is on its way before any answer.
  return rawRequest(url, [Buffer.concat([Buffer.from(head), body])])
}

function chunked(url: string, path: string, headers: string, body: Buffer): Promise<RawAnswer> {
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n${headers}Transfer-Encoding: chunked\r\n\r\n`
  return rawRequest(url, [Buffer.concat([Buffer.from(`${head}${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])])
}

t.test('large bodies sent in one go: the client reads the answer', async (t) => {
  const { url } = await listenTestApp(t)

  const rpcRefusal = (t: Test, answer: RawAnswer, status: number, what: string) => {
    t.notOk(answer.reset, `${what}: no reset`)
    t.equal(answer.status, status, `${what}: ${status}`)
    t.match(json(t, answer.body, what), { jsonrpc: '2.0', id: null, error: { code: -32000, message: String } }, `${what}: a JSON-RPC error`)
  }
  const restRefusal = (t: Test, answer: RawAnswer, status: number, code: string, what: string) => {
    t.notOk(answer.reset, `${what}: no reset`)
    t.equal(answer.status, status, `${what}: ${status}`)
    assertErrorShape(t, json(t, answer.body, what), status, code, what)
  }

  t.test('2 MB of JSON to /api/mcp is 413 with a JSON-RPC error', async (t) => {
    rpcRefusal(t, await post(url, '/api/mcp', 'Content-Type: application/json\r\n', TWO_MB), 413, 'Content-Length')
    rpcRefusal(t, await chunked(url, '/api/mcp', 'Content-Type: application/json\r\n', TWO_MB), 413, 'chunked')
  })

  t.test('2 MB with a wrong content type to /api/mcp is 415 with a JSON-RPC error', async (t) => {
    rpcRefusal(t, await post(url, '/api/mcp', 'Content-Type: text/plain\r\n', TWO_MB), 415, 'text/plain')
    rpcRefusal(t, await post(url, '/api/mcp', 'Content-Type: application/x-www-form-urlencoded\r\n', TWO_MB), 415, 'form')
  })

  t.test('2 MB to a REST route is answered in the Error shape', async (t) => {
    restRefusal(t, await post(url, '/api/products', 'Content-Type: application/json\r\n', TWO_MB), 413, 'payload_too_large', 'JSON')
    restRefusal(
      t,
      await post(url, '/api/branches/search', 'Content-Type: application/octet-stream\r\n', TWO_MB),
      415,
      'unsupported_media_type',
      'octet-stream',
    )
    restRefusal(t, await chunked(url, '/api/catalogue', 'Content-Type: application/json\r\n', TWO_MB), 413, 'payload_too_large', 'chunked')
  })

  t.test('5 MB on a GET is 413 in the Error shape, not an answer followed by a reset', async (t) => {
    const five = Buffer.alloc(5 * 1024 * 1024, 'a')
    for (const path of ['/api/branches/search?keyword=%EA%B0%95%EB%82%A8', '/healthz', '/nope']) {
      const head = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${five.length}\r\n\r\n`
      restRefusal(t, await rawRequest(url, [head, five]), 413, 'payload_too_large', `GET ${path}`)
    }
    // A small body on a GET is ignored, as before, and drained so the answer is read whole.
    const small = Buffer.alloc(200 * 1024, 'a')
    const head = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: ${small.length}\r\n\r\n`
    const answer = await rawRequest(url, [head, small])
    t.equal(answer.status, 200)
    t.notOk(answer.reset, 'no reset after a GET with a small body')
  })

  t.test('after a drained refusal the same connection still answers', async (t) => {
    const head = (type: string, length: number) =>
      `POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`
    const body = Buffer.alloc(512 * 1024, 'a')
    const answer = await rawRequest(url, [
      Buffer.concat([Buffer.from(head('text/plain', body.length)), body]),
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    ])
    t.equal(answer.status, 415)
    t.match(answer.text, /HTTP\/1\.1 200 OK/, 'the next request on the connection was answered')
  })
})

t.test('requests Node refuses itself are answered in the Error shape', async (t) => {
  const { url } = await listenTestApp(t)
  const refusal = (t: Test, answer: RawAnswer, status: number, code: string, what: string) => {
    t.notOk(answer.reset, `${what}: no reset`)
    t.equal(answer.status, status, `${what}: ${status}`)
    t.match(answer.headers['content-type'], /^application\/json/, `${what}: JSON`)
    assertErrorShape(t, json(t, answer.body, what), status, code, what)
  }

  t.test('HTTP/1.1 without Host is 400', async (t) => {
    refusal(t, await rawRequest(url, ['GET /api HTTP/1.1\r\nConnection: close\r\n\r\n']), 400, 'invalid_parameter', 'no Host')
    // The MCP endpoint says it in JSON-RPC, as every refusal there.
    const mcp = await rawRequest(url, ['GET /api/mcp HTTP/1.1\r\nConnection: close\r\n\r\n'])
    t.equal(mcp.status, 400, 'no Host on /api/mcp')
    t.match(json(t, mcp.body, 'no Host on /api/mcp'), { jsonrpc: '2.0', id: null, error: { code: Number, message: /Host/ } })
    // HTTP/1.0 has no Host requirement.
    t.equal((await rawRequest(url, ['GET /healthz HTTP/1.0\r\n\r\n'])).status, 200, 'HTTP/1.0 without Host')
  })

  t.test('a Host after 1,000 other headers is 400', async (t) => {
    const many = Array.from({ length: 1_000 }, (_, i) => `X-Filler-${i}: v\r\n`).join('')
    const answer = await rawRequest(url, [`GET /api HTTP/1.1\r\n${many}Host: 127.0.0.1\r\nConnection: close\r\n\r\n`])
    refusal(t, answer, 400, 'invalid_parameter', 'Host as header 1,001')
    t.match(json(t, answer.body, 'Host after 1,000'), { message: /Host/ })
  })

  t.test('Expect other than 100-continue is 417', async (t) => {
    // (Node reads any value holding the word 100-continue as that, e.g. `100-continue, foo`.)
    for (const expect of ['foo', '200-ok', 'continue'])
      refusal(
        t,
        await rawRequest(url, [`GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: ${expect}\r\nConnection: close\r\n\r\n`]),
        417,
        'expectation_failed',
        `Expect: ${expect}`,
      )
  })

  t.test('CONNECT is answered 405 with Allow, not silently closed', async (t) => {
    for (const target of ['example.com:443', '127.0.0.1:22', '/api'])
      refusal(
        t,
        await rawRequest(url, [`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`]),
        405,
        'method_not_allowed',
        `CONNECT ${target}`,
      )
    const answer = await rawRequest(url, ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'])
    t.equal(answer.headers.allow, 'GET, HEAD, POST, OPTIONS')
  })

  t.test('a header line too long is 431', async (t) => {
    refusal(
      t,
      await rawRequest(url, [`GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`]),
      431,
      'headers_too_large',
      'a 20 KB header',
    )
    const many = Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(60)}\r\n`).join('')
    refusal(
      t,
      await rawRequest(url, [`GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n${many}\r\n`]),
      431,
      'headers_too_large',
      '400 headers of 60 bytes',
    )
  })

  t.test('a malformed request line is 400', async (t) => {
    for (const line of [
      'GET/api HTTP/1.1 x',
      'GET /api HTTP/9.9',
      '\u0001\u0002 garbage',
      'G@T /api HTTP/1.1',
      'GET /a\u0000pi HTTP/1.1',
    ]) {
      refusal(t, await rawRequest(url, [`${line}\r\nHost: 127.0.0.1\r\n\r\n`]), 400, 'invalid_parameter', JSON.stringify(line))
    }
    // Raw UTF-8 in the target: the answer shows the percent-encoded form to send instead.
    const korean = await rawRequest(url, [Buffer.from('GET /api/branches/search?keyword=강남 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')])
    refusal(t, korean, 400, 'invalid_parameter', 'raw UTF-8 in the target')
    t.match(json(t, korean.body, 'raw UTF-8'), { hint: /keyword=%EA%B0%95%EB%82%A8/ })
  })
})
