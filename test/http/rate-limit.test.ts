import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { connectHttp, type Era } from '../helpers/mcp-client.js'

// RATE_LIMIT_PER_MINUTE at both doors: REST counts requests and answers 429; /api/mcp counts tool calls
// only and answers a refused one as a tool error the model reads, with the seconds to wait.

const ACCEPT = 'application/json, text/event-stream'
const LIMIT = { RATE_LIMIT_PER_MINUTE: '2' }

type Message = { id?: unknown; result?: { isError?: boolean; structuredContent?: Record<string, unknown>; tools?: unknown[] } }

/** POSTs a raw JSON-RPC body to /api/mcp; an event stream is read as its messages. */
async function post(url: string, body: unknown): Promise<{ status: number; type: string; messages: Message[] }> {
  const res = await fetch(`${url}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT },
    body: JSON.stringify(body),
  })
  const type = res.headers.get('content-type') ?? ''
  const text = await res.text()
  const messages = /event-stream/.test(type)
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Message)
    : text
      ? ([] as Message[]).concat(JSON.parse(text) as Message)
      : []
  return { status: res.status, type, messages }
}

const getStore = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_store', arguments: { branchCode: '11199' }, ...(meta ? { _meta: meta } : {}) },
})

const byId = (messages: Message[]) => new Map(messages.map((m) => [m.id, m]))

for (const era of ['legacy', 'modern'] as Era[]) {
  t.test(`${era}: only tools/call is counted, and the one over the limit is a tool error with retryAfterSeconds`, async (t) => {
    const { url, app } = await listenTestApp(t, { env: LIMIT })
    const { client } = await connectHttp(t, url, { name: 'throttle-test', era })
    for (let i = 0; i < 5; i++) {
      const { tools } = await client.listTools()
      t.ok(tools.length > 0, `tools/list ${i + 1} answered`)
      await client.listPrompts()
    }
    for (let i = 0; i < 2; i++) {
      const allowed = await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } })
      t.notOk(allowed.isError, `call ${i + 1} runs`)
      t.match(allowed.structuredContent, { code: '11199' })
    }
    const refused = await client.callTool({ name: 'get_store', arguments: { branchCode: '11199' } })
    t.equal(refused.isError, true, 'the third call is a tool error, a normal result to the client')
    const content = refused.structuredContent as { code: string; retryAfterSeconds: number; status: number }
    t.equal(content.code, 'rate_limited')
    t.equal(content.status, 429)
    t.type(content.retryAfterSeconds, 'number')
    t.ok(content.retryAfterSeconds > 0 && content.retryAfterSeconds <= 60, `retryAfterSeconds ${content.retryAfterSeconds}`)
    const text = (refused.content as Array<{ type: string; text: string }>)[0]!.text
    t.match(text, new RegExp(`retry in ${content.retryAfterSeconds} s`), 'the text says when to retry')
    t.same(JSON.parse(text), content, 'the text mirrors the structured content')
    t.ok((await client.listTools()).tools.length > 0, 'listing still works once throttled')

    // REST keeps its own count of requests and its 429.
    for (let i = 0; i < 2; i++) t.equal((await app.inject('/api/branches/11199')).statusCode, 200)
    const limited = await app.inject('/api/branches/11199')
    t.equal(limited.statusCode, 429)
    t.match(limited.json(), { code: 'rate_limited' })
    t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
    t.ok(limited.headers['ratelimit'] ?? limited.headers['ratelimit-limit'], 'RateLimit headers')
  })
}

t.test('a batch counts each tools/call in it; the refused ones are answered beside the rest', async (t) => {
  const { url } = await listenTestApp(t, { env: LIMIT })
  const list = { jsonrpc: '2.0', id: 10, method: 'tools/list' }
  const first = await post(url, [getStore(1), getStore(2), getStore(3), list])
  t.equal(first.status, 200)
  const answers = byId(first.messages)
  t.equal(first.messages.length, 4, 'every request of the batch is answered once')
  t.notOk(answers.get(1)?.result?.isError, 'first call runs')
  t.notOk(answers.get(2)?.result?.isError, 'second call runs')
  t.match(answers.get(3)?.result, { isError: true, structuredContent: { code: 'rate_limited', retryAfterSeconds: Number } })
  t.ok(Array.isArray(answers.get(10)?.result?.tools), 'tools/list answered')

  const refusedOnly = await post(url, [getStore(4), getStore(5), { jsonrpc: '2.0', method: 'notifications/initialized' }])
  t.equal(refusedOnly.status, 200)
  t.match(refusedOnly.type, /event-stream/)
  t.same(
    refusedOnly.messages.map((m) => [m.id, m.result?.structuredContent?.['code']]),
    [
      [4, 'rate_limited'],
      [5, 'rate_limited'],
    ],
  )
  const single = await post(url, getStore(6))
  t.match(single.messages, [{ id: 6, result: { isError: true, structuredContent: { code: 'rate_limited' } } }])
  const listed = await post(url, [list])
  t.ok(Array.isArray(listed.messages[0]?.result?.tools), 'a batch without tool calls is not counted')
})

t.test('behind a shared egress range each openai/subject has its own quota; elsewhere the address is the quota', async (t) => {
  await t.test('in a shared egress range', async (t) => {
    const { url } = await listenTestApp(t, { env: { ...LIMIT, SHARED_EGRESS_RANGES: '127.0.0.0/8' } })
    const as = (subject: string, id: number) => post(url, getStore(id, { 'openai/subject': subject }))
    for (let i = 1; i <= 2; i++) t.notOk((await as('user-a', i)).messages[0]?.result?.isError, `user-a call ${i}`)
    t.match((await as('user-a', 3)).messages, [{ result: { isError: true, structuredContent: { code: 'rate_limited' } } }])
    t.notOk((await as('user-b', 4)).messages[0]?.result?.isError, 'user-b behind the same address is not throttled')
    t.notOk((await post(url, getStore(5))).messages[0]?.result?.isError, 'nor a caller without a subject')
  })
  await t.test('outside a shared range', async (t) => {
    const { url } = await listenTestApp(t, { env: { ...LIMIT, SHARED_EGRESS_RANGES: 'none' } })
    const as = (subject: string, id: number) => post(url, getStore(id, { 'openai/subject': subject }))
    for (let i = 1; i <= 2; i++) t.notOk((await as('user-a', i)).messages[0]?.result?.isError, `user-a call ${i}`)
    t.match(
      (await as('user-b', 3)).messages,
      [{ result: { isError: true, structuredContent: { code: 'rate_limited' } } }],
      'a new subject does not buy the address another quota',
    )
  })
})

t.test('without RATE_LIMIT_PER_MINUTE tool calls are not counted', async (t) => {
  const { url } = await listenTestApp(t)
  for (let i = 1; i <= 5; i++) t.notOk((await post(url, getStore(i))).messages[0]?.result?.isError, `call ${i}`)
})
