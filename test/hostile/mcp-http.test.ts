// Hostile input at MCP over HTTP (/api/mcp), in both protocol generations: method and argument names
// that are properties of every object, keywords with control characters (tools and prompt completion),
// other methods than GET/POST, and Accept q-values on the GET document.
import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { rawRequest } from '../helpers/raw-http.js'
import { BUILT_IN_NAMES, ERAS, json, rpc, toolError } from './speak.js'

t.test('MCP over HTTP, hostile input', async (t) => {
  const { url, simulator, runtime } = await listenTestApp(t)
  t.beforeEach(() => {
    simulator.reset()
    runtime.upstream.clear()
  })

  for (const era of ERAS) {
    t.test(`${era}: a method named like a built-in property is -32601 method not found`, async (t) => {
      for (const method of BUILT_IN_NAMES) {
        const answer = await rpc(url, era, method)
        // The 2026-07-28 transport says an unknown method is 404; the initialize-era one answers 200.
        t.equal(answer.status, era === 'modern' ? 404 : 200, `${method}: HTTP status`)
        t.match(answer.messages, [{ id: 1, error: { code: -32601 } }], `${method}: method not found`)
      }
    })

    t.test(`${era}: a tool argument named like a built-in property gets the tool's own invalid-argument answer`, async (t) => {
      for (const name of BUILT_IN_NAMES) {
        for (const [tool, rest] of [
          ['get_store', ''],
          ['get_store', ',"branchCode":"11199"'],
          ['search_stores', ',"keyword":"강남"'],
          ['search_products', ',"branchCode":"11199","keyword":"수납"'],
        ] as const) {
          const args = `{"${name}":${name === '__proto__' ? '{}' : '1'}${rest}}`
          const answer = await rpc(url, era, 'tools/call', `{"name":"${tool}","arguments":${args}}`)
          const what = `${tool} ${args}`
          t.equal(answer.status, 200, `${what}: HTTP 200`)
          t.notOk(
            answer.messages.some((m) => m.error),
            `${what}: a tool result, not a JSON-RPC error (${JSON.stringify(answer.messages[0]?.error)})`,
          )
          const error = toolError(answer)
          if (name === '__proto__' && rest !== '') {
            // The JSON parser drops a __proto__ key (as the stdio door's SDK does): the rest of the call stands.
            t.notOk(error, `${what}: answered as without the key`)
            continue
          }
          t.ok(error, `${what}: isError`)
          t.match(error?.code, /^(missing|invalid)_parameter$/, `${what}: the parameter error`)
          t.type(error?.hint, 'string', `${what}: the hint is text`)
          if (name !== '__proto__' && rest !== '')
            t.match(error?.message, new RegExp(`'${name}'.*not a known parameter`), `${what}: names it`)
        }
      }
    })

    t.test(`${era}: prompts/get and completion/complete with built-in names`, async (t) => {
      for (const name of BUILT_IN_NAMES) {
        const value = name === '__proto__' ? '{}' : '"x"'
        const got = await rpc(url, era, 'prompts/get', `{"name":"find_product_at_store","arguments":{"${name}":${value}}}`)
        t.not(got.status, 500, `prompts/get ${name}: no 500`)
        t.notOk(
          got.messages.some((m) => m.error?.code === -32603),
          `prompts/get ${name}: not an internal error`,
        )
        t.match(got.messages, [{ error: { code: -32602 } }], `prompts/get ${name}: invalid params (the prompt's arguments are missing)`)
        const prompt = await rpc(url, era, 'prompts/get', `{"name":"${name}","arguments":{}}`)
        t.notOk(
          prompt.messages.some((m) => m.error?.code === -32603),
          `a prompt named ${name}: not an internal error`,
        )
        t.match(prompt.messages, [{ error: { code: -32602 } }], `a prompt named ${name}: invalid params`)
        const completed = await rpc(
          url,
          era,
          'completion/complete',
          `{"ref":{"type":"ref/prompt","name":"find_product_at_store"},"argument":{"name":"${name}","value":"강남"}}`,
        )
        t.not(completed.status, 500, `completion of an argument named ${name}: no 500`)
        t.notOk(
          completed.messages.some((m) => m.error?.code === -32603),
          `completion of ${name}: not an internal error`,
        )
      }
      const tool = await rpc(url, era, 'tools/call', '{"name":"constructor","arguments":{}}')
      t.notOk(
        tool.messages.some((m) => m.error?.code === -32603),
        'a tool named constructor: not an internal error',
      )
    })

    t.test(
      `${era}: control characters (C0, C1) and lone surrogates in a keyword are refused by the tools and complete to nothing`,
      async (t) => {
        for (const bad of ['강남\u0001', '강남\u001b[2J', '강\u0085남', '강남\u009f', '\u0080', '강\ud800남']) {
          const before = simulator.stats().total
          const called = await rpc(url, era, 'tools/call', JSON.stringify({ name: 'search_stores', arguments: { keyword: bad } }))
          t.match(
            toolError(called),
            { code: 'invalid_parameter', message: /control characters|well-formed/ },
            `search_stores ${JSON.stringify(bad)}`,
          )
          const products = await rpc(
            url,
            era,
            'tools/call',
            JSON.stringify({ name: 'search_products', arguments: { branchCode: '11199', keyword: bad } }),
          )
          t.match(
            toolError(products),
            { code: 'invalid_parameter', message: /control characters|well-formed/ },
            `search_products ${JSON.stringify(bad)}`,
          )
          for (const prompt of ['find_product_at_store', 'find_store_with_product']) {
            const argument = prompt === 'find_product_at_store' ? 'store' : 'place'
            const completed = await rpc(
              url,
              era,
              'completion/complete',
              JSON.stringify({ ref: { type: 'ref/prompt', name: prompt }, argument: { name: argument, value: bad } }),
            )
            t.equal(completed.status, 200)
            t.match(
              completed.messages,
              [{ result: { completion: { values: [] } } }],
              `${prompt}.${argument} ${JSON.stringify(bad)}: nothing`,
            )
          }
          t.equal(simulator.stats().total, before, `${JSON.stringify(bad)}: nothing was sent upstream`)
        }
        // The same completion without the control character does reach the store search.
        const fine = await rpc(
          url,
          era,
          'completion/complete',
          JSON.stringify({ ref: { type: 'ref/prompt', name: 'find_product_at_store' }, argument: { name: 'store', value: '강남' } }),
        )
        t.match(fine.messages, [{ result: { completion: { values: ['강남역점'] } } }], 'a clean value completes')
      },
    )
  }

  t.test('a constructor.prototype argument is not a parse error: the JSON parser drops it', async (t) => {
    for (const era of ERAS) {
      const answer = await rpc(
        url,
        era,
        'tools/call',
        '{"name":"get_store","arguments":{"constructor":{"prototype":{"x":1}},"branchCode":"11199"}}',
      )
      t.equal(answer.status, 200, era)
      t.match(answer.messages, [{ result: { structuredContent: { code: '11199' } } }], `${era}: the call stands without it`)
    }
  })

  t.test('the SDK path (a call with a progress token) answers built-in argument names as the fast path does', async (t) => {
    for (const name of BUILT_IN_NAMES) {
      const answer = await rpc(
        url,
        'legacy',
        'tools/call',
        `{"name":"get_store","arguments":{"${name}":1,"branchCode":"11199"},"_meta":{"progressToken":"p"}}`,
      )
      t.equal(answer.status, 200, name)
      const error = toolError(answer)
      if (name === '__proto__') t.notOk(error, `${name}: dropped by the JSON parser`)
      else t.match(error, { code: 'invalid_parameter', hint: String }, name)
    }
  })

  t.test('other methods on /api/mcp are 405 with Allow, in JSON-RPC as every refusal there', async (t) => {
    for (const method of ['TRACE', 'PROPFIND', 'PATCH', 'DELETE', 'PUT', 'MKCOL']) {
      const answer = await rawRequest(url, [`${method} /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`])
      t.equal(answer.status, 405, method)
      t.equal(answer.headers.allow, 'GET, HEAD, POST, OPTIONS', `${method}: Allow`)
      t.match(
        json(t, answer.body, method),
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: new RegExp(`${method} is not allowed`), data: { code: 'method_not_allowed' } },
        },
        `${method}: a JSON-RPC error`,
      )
    }
  })

  t.test('malformed percent-encoding in the query of /api/mcp is 400 in JSON-RPC', async (t) => {
    for (const query of ['%FF', 'x=%', 'x=%C0%AF', 'x=%E']) {
      for (const method of ['GET', 'POST']) {
        const answer = await rawRequest(url, [
          `${method} /api/mcp?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ])
        t.equal(answer.status, 400, `${method} ?${query}`)
        t.match(
          json(t, answer.body, query),
          { jsonrpc: '2.0', error: { code: -32600, data: { code: 'invalid_parameter' } } },
          `${method} ?${query}`,
        )
      }
    }
  })

  for (const era of ERAS)
    t.test(`${era}: a POST whose Accept refuses either type with q=0 is 406, never a stream it refused`, async (t) => {
      for (const accept of [
        'application/json, text/event-stream;q=0',
        'application/json;q=0, text/event-stream',
        'application/json, text/event-stream;q=0.0, */*',
      ]) {
        for (const [method, params] of [
          ['tools/list', '{}'],
          ['tools/call', '{"name":"get_store","arguments":{"branchCode":"11199"}}'],
        ] as const) {
          const answer = await rpc(url, era, method, params, { accept })
          t.equal(answer.status, 406, `${method} with ${accept}`)
          t.match(answer.type, /^application\/json/, `${method} with ${accept}: JSON, not a stream`)
          t.match(answer.messages, [{ error: { code: -32000, message: /Not Acceptable/ } }], `${method} with ${accept}`)
        }
      }
      // A q between 0 and 1 still accepts the type.
      const fine = await rpc(url, era, 'tools/list', '{}', { accept: 'application/json;q=0.9, text/event-stream;q=0.1' })
      t.equal(fine.status, 200, 'q=0.1 still accepts')
    })

  t.test('GET /api/mcp honours Accept q-values: text/event-stream;q=0 is the JSON document, never a stream', async (t) => {
    for (const accept of [
      'text/event-stream;q=0, application/json',
      'text/event-stream;q=0',
      'application/json;q=1, text/event-stream;q=0.5',
    ]) {
      const res = await fetch(`${url}/api/mcp`, { headers: { accept } })
      t.equal(res.status, 200, accept)
      t.match(res.headers.get('content-type'), /^application\/json/, `${accept}: JSON`)
      t.match(await res.json(), { serverInfo: { name: 'store-finder' } })
    }
  })
})
