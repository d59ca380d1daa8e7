// Hostile input at MCP over stdio (`store-finder mcp`), written as raw lines so that names such as
// `__proto__` reach the server as typed: every request is answered (a host must never wait forever),
// built-in names are -32601 or the tool's own parameter error, control characters are refused or
// complete to nothing. Spawns a process: full lane only.
import t, { type Test } from 'tap'
import { spawnStoreFinder } from '../helpers/process.js'
import { BUILT_IN_NAMES, MODERN } from './speak.js'

type Message = { id?: number; result?: Record<string, unknown>; error?: { code: number; message: string } }

/** Writes raw JSON-RPC lines to `store-finder mcp`, ends stdin and reads every answer until it exits. */
async function session(t: Test, lines: string[]): Promise<Map<number, Message>> {
  const proc = spawnStoreFinder(t, 'mcp', { UPSTREAM_BASE_URL: 'simulated', PUBLIC_BASE_URL: '', LOG_LEVEL: 'warn' })
  proc.child.stdin.end(`${lines.join('\n')}\n`)
  t.equal(await proc.exit('store-finder mcp to answer and exit after its stdin ended'), 0, 'exits cleanly')
  const answers = new Map<number, Message>()
  for (const line of proc.stdout().split('\n').filter(Boolean)) {
    const message = JSON.parse(line) as Message
    if (typeof message.id === 'number') answers.set(message.id, message)
  }
  return answers
}

const initialize = (version: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'hostile', version: '1' } },
  })

const envelope = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'hostile', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
})

function toolError(message: Message | undefined): { code?: string; hint?: unknown; message?: string } | undefined {
  const result = message?.result as { isError?: boolean; content?: Array<{ text: string }> } | undefined
  return result?.isError && result.content?.[0] ? (JSON.parse(result.content[0].text) as { code?: string }) : undefined
}

for (const era of ['legacy', 'modern'] as const) {
  t.test(`${era}: hostile requests over stdio are each answered`, async (t) => {
    // A modern request carries the envelope in params._meta; a legacy session starts with initialize.
    const params = (inner: string) => (era === 'modern' ? `{${inner}${inner ? ',' : ''}"_meta":${envelope}}` : `{${inner}}`)
    const lines: string[] = era === 'legacy' ? [initialize('2025-11-25'), '{"jsonrpc":"2.0","method":"notifications/initialized"}'] : []
    const expect: Array<{ id: number; what: string; check: (t: Test, m: Message | undefined) => void }> = []
    let id = 1
    const send = (method: string, inner: string, what: string, check: (t: Test, m: Message | undefined) => void) => {
      lines.push(`{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${params(inner)}}`)
      expect.push({ id: id++, what, check })
    }

    for (const method of BUILT_IN_NAMES) {
      send(method, '', `method ${method}`, (t, m) => t.match(m, { error: { code: -32601 } }, `method ${method}: method not found`))
    }
    for (const name of BUILT_IN_NAMES) {
      const value = name === '__proto__' ? '{}' : '1'
      send('tools/call', `"name":"get_store","arguments":{"${name}":${value}}`, `${name} alone`, (t, m) =>
        t.match(toolError(m), { code: /^(missing|invalid)_parameter$/, hint: String }, `get_store {${name}}: the tool's parameter error`),
      )
      send('tools/call', `"name":"search_stores","arguments":{"${name}":${value},"keyword":"강남"}`, `${name} beside a keyword`, (t, m) => {
        if (name === '__proto__')
          t.match(m, { result: { structuredContent: { stores: Array } } }, '__proto__ is dropped by the JSON parser')
        else
          t.match(
            toolError(m),
            { code: 'invalid_parameter', message: new RegExp(`'${name}'`), hint: String },
            `${name}: not a known parameter`,
          )
      })
      send(
        'prompts/get',
        `"name":"find_product_at_store","arguments":{"${name}":${name === '__proto__' ? '{}' : '"x"'}}`,
        `prompt ${name}`,
        (t, m) => t.match(m, { error: { code: -32602 } }, `prompts/get with ${name}: invalid params`),
      )
    }
    for (const bad of ['강남\u0001', '강\u0085남', '\u009f']) {
      const value = JSON.stringify(bad)
      send('tools/call', `"name":"search_stores","arguments":{"keyword":${value}}`, `keyword ${value}`, (t, m) =>
        t.match(toolError(m), { code: 'invalid_parameter', message: /control characters/ }, `search_stores ${value}: refused`),
      )
      send(
        'completion/complete',
        `"ref":{"type":"ref/prompt","name":"find_product_at_store"},"argument":{"name":"store","value":${value}}`,
        `completion ${value}`,
        (t, m) => t.match(m, { result: { completion: { values: [] } } }, `completion of ${value}: nothing`),
      )
    }
    send(
      'completion/complete',
      '"ref":{"type":"ref/prompt","name":"find_product_at_store"},"argument":{"name":"store","value":"강남"}',
      'a clean completion',
      (t, m) => t.match(m, { result: { completion: { values: ['강남역점'] } } }, 'a clean value completes'),
    )

    const answers = await session(t, lines)
    for (const { id, what, check } of expect) {
      const answer = answers.get(id)
      t.ok(answer, `${what}: answered`)
      t.not(answer?.error?.code, -32603, `${what}: not an internal error`)
      check(t, answer)
    }
  })
}

t.test('lines that are not one JSON-RPC message are answered, with their id when they have one', async (t) => {
  const lines = [
    initialize('2025-11-25'),
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[1,2]}',
    '{"jsonrpc":"2.0","id":3,"method":42}',
    '{"jsonrpc":"1.0","id":4,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get_store","arguments":{"branchCode":"11199"},"_meta":"x"}}',
    '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_store","arguments":"x"}}',
    '[{"jsonrpc":"2.0","id":7,"method":"tools/list"}]',
    'not json',
    '',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":8,"method":"tools/list"}',
  ]
  const proc = spawnStoreFinder(t, 'mcp', { UPSTREAM_BASE_URL: 'simulated', PUBLIC_BASE_URL: '', LOG_LEVEL: 'warn' })
  proc.child.stdin.end(`${lines.join('\n')}\n`)
  t.equal(await proc.exit('store-finder mcp to answer and exit after its stdin ended'), 0)
  const answers = proc
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Message & { id: unknown })
  const byId = (id: number) => answers.find((m) => m.id === id)
  for (const id of [1, 2, 3, 4, 5]) t.match(byId(id), { error: { code: -32600, message: /Invalid Request/ } }, `id ${id}: invalid request`)
  t.match(byId(6), { error: { code: -32602 } }, 'id 6: invalid params (a message, with wrong arguments)')
  t.match(byId(8), { result: { tools: Array } }, 'a good line after bad ones is served')
  const anonymous = answers.filter((m) => m.id === null)
  t.same(
    anonymous.map((m) => m.error?.code).sort(),
    [-32700, -32600, -32600].sort(),
    'the batch, the non-JSON line and the unusable id are answered with id null; the blank line is skipped',
  )
  t.notMatch(proc.stderr(), /invalid_union|transport error/, 'no validation dump on stderr')
})
