// Hostile input at the REST door (/api/..., the sandbox, the discovery paths): query parameters named
// like built-in properties, malformed percent-encoding, control characters in keywords, other methods,
// empty aliases and Accept q-values. Raw sockets where an HTTP client would repair the request.
import t from 'tap'
import { PINNED_NOW, listenTestApp } from '../helpers/app.js'
import { rawRequest } from '../helpers/raw-http.js'
import { BUILT_IN_NAMES, assertErrorShape, json } from './speak.js'

const get = (url: string, target: string, headers = '') =>
  rawRequest(url, [`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`])

/** Every REST operation with a query that succeeds, so an added parameter is all that changes. */
const QUERIES = [
  '/api/branches/search?keyword=%EA%B0%95%EB%82%A8',
  '/api/branches/11199?',
  '/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9',
  '/api/products/1047618?branchCode=11199',
  '/api/products/nearby?branchCode=11199&keyword=%EC%88%98%EB%82%A9',
  '/api/catalogue?keyword=%EC%9A%B0%EC%82%B0',
  '/api/sandbox/branches/search?keyword=%EA%B0%95%EB%82%A8',
  '/api/sandbox/branches/11199?',
  '/api/sandbox/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9',
]

t.test('REST, hostile input', async (t) => {
  // Each answer is compared with ten later ones: a store closing between them (22:00 KST) is no difference.
  const { url, simulator, runtime } = await listenTestApp(t, { now: PINNED_NOW })
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
  })

  t.test('a query parameter named like a built-in property is ignored as unknown, never a 500', async (t) => {
    for (const query of QUERIES) {
      const plain = await fetch(`${url}${query}`)
      t.equal(plain.status, 200, `${query}: the plain query succeeds`)
      const expected = await plain.json()
      for (const name of BUILT_IN_NAMES) {
        for (const value of ['1', '']) {
          const target = `${query}${query.endsWith('?') ? '' : '&'}${name}=${value}`
          const res = await fetch(`${url}${target}`)
          t.equal(res.status, 200, `${target}: ignored`)
          const body = (await res.json()) as Record<string, unknown>
          // Read times differ between two reads; the rest of the answer is the same.
          t.same(withoutTimes(body), withoutTimes(expected), `${target}: the same answer as without it`)
        }
      }
    }
    // Alone, such a name is no parameter at all: the required one is still missing.
    for (const name of BUILT_IN_NAMES) {
      const res = await fetch(`${url}/api/products?${name}=11199`)
      t.equal(res.status, 400, `?${name}= alone`)
      assertErrorShape(t, await res.json(), 400, 'missing_parameter', `?${name}= alone`)
    }
  })

  t.test('a keyword word named like a built-in property names no place and no facility', async (t) => {
    // The sandbox searches its stores as the production directory does (the directory's own test is below).
    for (const name of BUILT_IN_NAMES) {
      const alone = await fetch(`${url}/api/sandbox/branches/search?keyword=${name}`)
      t.equal(alone.status, 200, `sandbox ${name}`)
      t.same(await alone.json(), [], `sandbox ${name}: no store (not every store, as a facility word would give)`)
      const beside = await fetch(`${url}/api/sandbox/branches/search?keyword=${encodeURIComponent(`강남 ${name}`)}`)
      t.match(await beside.json(), [{ code: '11199' }], `sandbox 강남 ${name}: still 강남역점`)
    }
  })

  t.test('malformed percent-encoding in a query is 400 invalid_parameter in the Error shape, on REST and the sandbox', async (t) => {
    const bad = ['%FF', '%', '%E', '%C0%AF', '%EA%B0', '%ED%A0%80', 'a%2', '%G1', '%E2%82']
    const paths = [
      '/api/branches/search',
      '/api/products',
      '/api/catalogue',
      '/api/sandbox/branches/search',
      '/api/sandbox/products',
      '/api',
    ]
    for (const path of paths) {
      for (const value of bad) {
        for (const target of [`${path}?keyword=${value}`, `${path}?${value}=x`, `${path}?branchCode=11199&keyword=${value}&stream=1`]) {
          const answer = await get(url, target)
          t.equal(answer.status, 400, target)
          t.match(answer.headers['content-type'], /^application\/json/, `${target}: JSON`)
          assertErrorShape(t, json(t, answer.body, target), 400, 'invalid_parameter', target)
        }
      }
    }
    // In a path segment too (the router finds it, before any hook).
    for (const target of ['/api/branches/%FF', '/api/branches/%C0%AF', '/api/products/%E?branchCode=11199', '/api/sandbox/branches/%']) {
      const answer = await get(url, target)
      t.equal(answer.status, 400, target)
      assertErrorShape(t, json(t, answer.body, target), 400, 'invalid_parameter', target)
    }
    // Well-formed escapes of the same bytes' neighbours pass.
    t.equal((await get(url, '/api/branches/search?keyword=%EA%B0%95%EB%82%A8')).status, 200, 'valid UTF-8 escapes')
    t.equal(simulator.stats().total > 0, true, 'the valid one reached the upstream')
  })

  t.test('control characters, C0 and C1, in a keyword are 400 and never sent upstream', async (t) => {
    for (const bad of ['%01', '%1B%5B2J', '%7F', '%C2%80', '%C2%85', '%C2%9F']) {
      const before = simulator.stats().total
      for (const target of [
        `/api/branches/search?keyword=%EA%B0%95${bad}`,
        `/api/products?branchCode=11199&keyword=%EC%88%98${bad}`,
        `/api/products?branchCode=11199&keyword=%EC%88%98${bad}&stream=1`,
        `/api/products/nearby?branchCode=11199&keyword=%EC%88%98${bad}`,
        `/api/catalogue?keyword=%EC%9A%B0${bad}`,
        `/api/sandbox/branches/search?keyword=%EA%B0%95${bad}`,
        `/api/sandbox/products?branchCode=11199&keyword=%EC%88%98${bad}`,
      ]) {
        const answer = await get(url, target)
        t.equal(answer.status, 400, target)
        t.match(json(t, answer.body, target), { code: 'invalid_parameter', message: /keyword.*control characters/ }, target)
      }
      t.equal(simulator.stats().total, before, `${bad}: nothing sent upstream`)
    }
  })

  t.test('other methods are 405 with Allow on REST, sandbox, discovery and MCP paths', async (t) => {
    const paths = [
      '/api/branches/search',
      '/api/branches/11199',
      '/api/products',
      '/api/products/1047618',
      '/api/catalogue',
      '/api/sandbox/products',
      '/api',
      '/openapi.json',
      '/llms.txt',
      '/.well-known/mcp/server-card.json',
      '/.well-known/api-catalog',
      '/healthz',
    ]
    for (const method of ['TRACE', 'PROPFIND', 'PATCH', 'DELETE', 'PUT', 'POST', 'MKCOL', 'LOCK']) {
      for (const path of paths) {
        const answer = await rawRequest(url, [
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        ])
        t.equal(answer.status, 405, `${method} ${path}`)
        t.equal(answer.headers.allow, 'GET, HEAD, OPTIONS', `${method} ${path}: Allow`)
        assertErrorShape(t, json(t, answer.body, `${method} ${path}`), 405, 'method_not_allowed', `${method} ${path}`)
      }
    }
  })

  t.test('an empty alias counts as absent beside a valid branchCode, not as a disagreement', async (t) => {
    for (const query of [
      '/api/products?branchCode=11199&branchCd=&keyword=%EC%88%98%EB%82%A9',
      '/api/products?branchCd=&branchCode=11199&keyword=%EC%88%98%EB%82%A9',
      '/api/products?branchCode=11199&branchCd=&keyword=%EC%88%98%EB%82%A9&stream=1',
      '/api/products?branchCode=11199&branchCd=%20&keyword=%EC%88%98%EB%82%A9',
      '/api/products/1047618?branchCode=11199&branchCd=',
      '/api/products/nearby?branchCode=11199&branchCd=&keyword=%EC%88%98%EB%82%A9',
      '/api/sandbox/products?branchCode=11199&branchCd=&keyword=%EC%88%98%EB%82%A9',
    ]) {
      const res = await fetch(`${url}${query}`)
      t.equal(res.status, 200, query)
      await res.text()
    }
    // Both given and different is still refused, naming the alias.
    const both = await fetch(`${url}/api/products?branchCode=11199&branchCd=10528&keyword=x`)
    t.equal(both.status, 400)
    t.match(await both.json(), { code: 'invalid_parameter', message: /branchCd.*disagrees/ })
    // An empty branchCode beside a valid alias: the alias is the code.
    const alias = await fetch(`${url}/api/products/1047618?branchCode=&branchCd=11199`)
    t.equal(alias.status, 200, 'an empty branchCode with a valid branchCd')
  })

  t.test('Accept q-values are honoured: application/x-ndjson;q=0 does not stream', async (t) => {
    const query = '/api/products?branchCode=11199&keyword=%EC%88%98%EB%82%A9'
    for (const accept of [
      'application/x-ndjson;q=0, application/json',
      'application/x-ndjson;q=0',
      'application/json, application/x-ndjson;q=0.5',
      'application/x-ndjson;q=abc, application/json',
      '*/*',
    ]) {
      const res = await fetch(`${url}${query}`, { headers: { accept } })
      t.equal(res.status, 200, accept)
      t.match(res.headers.get('content-type'), /^application\/json/, `${accept}: one JSON answer`)
      t.match(await res.json(), { products: Array }, accept)
    }
    // The documents negotiate through the same reader.
    const home = await fetch(`${url}/`, { headers: { accept: 'text/html;q=0, application/json' }, redirect: 'manual' })
    t.equal(home.headers.get('location'), '/api', '/ with text/html;q=0 goes to the JSON index, not the page')
    const page = await fetch(`${url}/developers`, { headers: { accept: 'text/markdown;q=0, text/html' } })
    t.match(page.headers.get('content-type'), /^text\/html/, '/developers with text/markdown;q=0 is HTML')
    await page.text()
    const markdown = await fetch(`${url}/developers`, { headers: { accept: 'text/markdown' } })
    t.match(markdown.headers.get('content-type'), /^text\/markdown/, 'and Markdown when asked for')
    await markdown.text()
    const streamed = await fetch(`${url}${query}`, { headers: { accept: 'application/json;q=0.5, application/x-ndjson' } })
    t.match(streamed.headers.get('content-type'), /^application\/x-ndjson/, 'preferred NDJSON streams')
    await streamed.text()
  })
})

/** An answer without its read times (asOf), which differ between two reads of the same stock. */
function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'asOf' ? [] : [[k, withoutTimes(v)]])))
}

t.test('the store directory: a keyword named like a built-in property is an ordinary word', async (t) => {
  const { app, runtime, simulator } = await listenTestApp(t, { env: { STORE_DIRECTORY: 'on' } })
  await runtime.directory!.start()
  simulator.resetStats()
  for (const name of BUILT_IN_NAMES) {
    const alone = await app.inject(`/api/branches/search?keyword=${name}`)
    t.equal(alone.statusCode, 200, `${name}: not refused as a keyword without a place`)
    t.same(alone.json(), [], `${name}: no store`)
    const beside = await app.inject(`/api/branches/search?keyword=${encodeURIComponent(`강남역 ${name}`)}`)
    t.equal(beside.statusCode, 200)
    t.match(beside.json(), [{ code: '11199' }], `강남역 ${name}: the facility filter is not set by it`)
  }
  t.equal(simulator.stats().total, 0, 'answered from the directory')
})
