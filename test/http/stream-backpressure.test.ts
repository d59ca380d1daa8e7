import { connect, type Socket } from 'node:net'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import Fastify from 'fastify'
import t from 'tap'
import type { ProductSearchResult } from '../../src/schemas.js'
import { installHardening } from '../../http/hardening.js'
import { NdjsonLines, streamScan } from '../../http/ndjson.js'
import { OpenStreams } from '../../http/streams.js'
import { until } from '../helpers/wait.js'

/*
 * A reader that stops reading must hold the NDJSON producer back, not make the server buffer the answer.
 * Over a real socket: the client stops reading (its kernel buffers fill, then the server's, then the
 * socket refuses writes); the scan keeps reporting progress until it is observed that its lines are being
 * replaced rather than queued. Decided by what happened (lines replaced, bytes held), never by time.
 */

/** Far above what a pipe holds (16 KiB in the stream, 16 KiB in the response) and far below what the scan emits. */
const HELD_BOUND_BYTES = 256 * 1024
/** The scan gives up here if the reader's pause were never felt: about 90 MB of progress lines. */
const MAX_EVENTS = 1_000_000

t.test('a paused reader holds the NDJSON scan back; the server holds a bounded amount', async (t) => {
  const app = Fastify()
  app.decorate('openStreams', new OpenStreams(4))
  await installHardening(app, { rateLimitPerMinute: 0 })
  let lines: NdjsonLines | undefined
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (payload instanceof NdjsonLines) lines = payload
    return payload
  })
  const observed = { emitted: 0, emittedBytes: 0, maxHeldBytes: 0, releasedAt: -1 }
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  app.get('/scan', async (request, reply) => {
    await streamScan(request, reply, async (onProgress) => {
      for (let i = 0; i < MAX_EVENTS && (lines?.replaced ?? 0) < 1_000; i++) {
        const progress = { found: 0, target: 10, percent: Math.floor((i * 100) / MAX_EVENTS), page: 1 + Math.floor(i / 50), scanned: i }
        onProgress(progress)
        observed.emitted++
        observed.emittedBytes += JSON.stringify({ type: 'progress', ...progress }).length + 1
        const held = (lines?.readableLength ?? 0) + reply.raw.writableLength
        observed.maxHeldBytes = Math.max(observed.maxHeldBytes, held)
        if (i % 64 === 0) await yieldToLoop() // let the socket drain what the reader takes
      }
      observed.releasedAt = observed.emitted
      await released // the reader catches up before the result, so the result follows the newest progress
      return { products: [{ name: 'last' }], note: 'done' } as unknown as ProductSearchResult
    })
    return reply
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())

  const { port } = new URL(address)
  const socket: Socket = connect(Number(port), '127.0.0.1')
  t.teardown(() => socket.destroy())
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.pause() // read nothing: the kernel buffers fill, then the server's writes are refused
  socket.write('GET /scan HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n')

  await until('the scan to find its progress lines replaced (the reader is behind)', () => observed.releasedAt >= 0)
  t.ok((lines?.replaced ?? 0) >= 1_000, `progress lines were replaced while the reader was paused (${lines?.replaced})`)
  t.ok(observed.emitted < MAX_EVENTS, `the scan felt the pause before its last event (${observed.emitted} emitted)`)
  t.ok(
    observed.maxHeldBytes <= HELD_BOUND_BYTES,
    `the server held at most ${observed.maxHeldBytes} bytes of ${observed.emittedBytes} emitted`,
  )
  t.ok(observed.emittedBytes > HELD_BOUND_BYTES, 'the scan emitted more than the server would hold')

  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.resume()
  release()
  await closed

  const raw = Buffer.concat(chunks).toString('utf8')
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'))
  t.match(head, /^HTTP\/1\.1 200/)
  t.match(head, /content-type: application\/x-ndjson/i)
  t.match(head, /x-request-id: \S+/i, 'the onSend hooks ran: request id')
  t.match(head, /x-content-type-options: nosniff/i, 'the onSend hooks ran: security headers')
  const body = dechunk(raw.slice(raw.indexOf('\r\n\r\n') + 4))
  const events = body
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; scanned?: number })
  const progress = events.filter((event) => event.type === 'progress')
  t.equal(events.at(-1)?.type, 'result', 'the last line is the result')
  t.equal(events.filter((event) => event.type !== 'progress').length, 1, 'exactly one terminal line')
  t.equal(progress.length, observed.emitted - (lines?.replaced ?? 0), 'every progress line not replaced was sent')
  const scanned = progress.map((event) => event.scanned ?? -1)
  t.same(
    scanned,
    [...scanned].sort((a, b) => a - b),
    'progress never goes back',
  )
  t.equal(scanned.at(-1), observed.emitted - 1, 'the newest progress line was sent before the result')
})

/** The body of a chunked HTTP/1.1 response. */
function dechunk(text: string): string {
  let out = ''
  let rest = Buffer.from(text, 'utf8')
  for (;;) {
    const lineEnd = rest.indexOf('\r\n')
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
    if (!size) return out
    out += rest.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8')
    rest = rest.subarray(lineEnd + 2 + size + 2)
  }
}
