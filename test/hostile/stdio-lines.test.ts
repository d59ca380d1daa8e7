// The stdio door's line screen without a process: how lines are split across chunks (mid-line,
// mid-character) and which are passed on or answered. The spawned door is test/hostile/stdio.test.ts.
import t from 'tap'
import { screenLines } from '../../tools/transports/stdio.js'
import { unreadableLineAnswer } from '../../tools/protocol.js'

t.test('lines are passed on whole, however the chunks fall', async (t) => {
  const passed: string[] = []
  const refused: unknown[] = []
  const screen = screenLines(
    (line) => passed.push(line),
    (answer) => refused.push(answer),
  )
  const text =
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_stores","arguments":{"keyword":"강남"}}}\r\nnot json\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  const bytes = Buffer.from(text)
  // One byte at a time: every split, inside the Korean characters' UTF-8 too.
  for (let i = 0; i < bytes.length; i++) screen.write(bytes.subarray(i, i + 1))
  t.same(passed, [text.split('\n')[0] + '\n'], 'the first line, as it came (CRLF included)')
  t.match(refused, [{ id: null, error: { code: -32700 } }], 'the second answered')
  screen.end()
  t.equal(passed.length, 2, 'an unfinished last line goes on at the end')
  t.equal(passed[1], '{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
})

t.test('which lines are answered', async (t) => {
  t.equal(unreadableLineAnswer('   \r\n'), undefined, 'blank: neither')
  t.equal(unreadableLineAnswer('{"jsonrpc":"2.0","method":"notifications/initialized"}\n'), undefined, 'a notification passes')
  t.equal(unreadableLineAnswer('{"jsonrpc":"2.0","id":1,"result":{}}'), undefined, 'a response passes')
  t.match(unreadableLineAnswer('{"jsonrpc":"2.0","id":"a","method":7}'), { id: 'a', error: { code: -32600 } }, 'the id is kept')
  t.match(unreadableLineAnswer('{"jsonrpc":"2.0","id":true,"method":"x"}'), { id: null, error: { code: -32600 } }, 'an unusable id is null')
  t.match(unreadableLineAnswer('[]'), { id: null, error: { code: -32600, message: /no batches/ } })
  t.match(unreadableLineAnswer('{'), { id: null, error: { code: -32700 } })
  t.match(unreadableLineAnswer('{"__proto__":{"id":1}}'), { id: null, error: { code: -32600 } }, 'no id from the prototype')
})
