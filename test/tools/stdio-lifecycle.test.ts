import t, { type Test } from 'tap'
import { spawnStoreFinder } from '../helpers/process.js'

/** Runs `store-finder mcp`, writes the given JSON-RPC lines, closes stdin at once and collects everything until exit. */
async function session(t: Test, lines: object[], env: Record<string, string>) {
  const proc = spawnStoreFinder(t, 'mcp', { PUBLIC_BASE_URL: '', LOG_LEVEL: 'info', ...env })
  proc.child.stdin.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(''))
  // Bounded: a server that never exits fails the test with a message naming the wait.
  const code = await proc.exit('store-finder mcp to exit after its stdin ended')
  const stderr = proc.stderr()
  const messages = proc
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id?: number; result?: Record<string, unknown>; error?: unknown })
  return { code, stderr, messages }
}

const initialize = [
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
]

t.test('on stdin EOF, calls still in flight are answered before the process exits', async (t) => {
  const { code, stderr, messages } = await session(
    t,
    [
      ...initialize,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_products', arguments: { branchCode: '11199', keyword: '수납' } },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_product_availability', arguments: { productId: '1047618', branchCode: '11199' } },
      },
    ],
    { UPSTREAM_BASE_URL: 'simulated' },
  )
  t.equal(code, 0)
  const one = messages.find((m) => m.id === 1)
  const two = messages.find((m) => m.id === 2)
  t.ok(one?.result, 'the product search was answered')
  t.notOk(one?.result?.isError)
  t.match(one?.result?.structuredContent, { products: Array })
  t.ok(two?.result, 'the availability call was answered')
  t.match(stderr, /stdin (ended|closed); answering \d call\(s\) in flight first/)
})

t.test('upstream failures and the breaker opening are warnings on stderr; hints point at that log', async (t) => {
  const { code, stderr, messages } = await session(
    t,
    [...initialize, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_stores', arguments: { keyword: '강남' } } }],
    // Nothing listens on port 9 (discard) on loopback: every upstream call is a network failure.
    { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_RETRIES: '0', CIRCUIT_FAILURE_THRESHOLD: '1' },
  )
  t.equal(code, 0)
  const answer = messages.find((m) => m.id === 1)?.result as { isError?: boolean; content: Array<{ text: string }> } | undefined
  t.equal(answer?.isError, true, 'an error result, never an empty list')
  const body = JSON.parse(answer!.content[0]!.text) as { code: string; hint: string }
  t.match(body.code, /^upstream_(error|unavailable)$/)
  t.notMatch(body.hint, /\/api\//, 'no HTTP path in a stdio hint')
  t.match(stderr, /warn: the upstream at http:\/\/127\.0\.0\.1:9 cannot be reached/)
  t.match(stderr, /warn: (search_stores failed: upstream_(error|unavailable)|circuit breaker open)/)
  t.match(stderr, /warn: circuit breaker open after repeated upstream failures/)
})
