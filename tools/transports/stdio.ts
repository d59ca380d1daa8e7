import { PassThrough } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server'
import type { Config } from '../../src/config.js'
import { errorDocumentationUrl, isUnreachable, isUpstreamFailure, type ServiceError } from '../../src/errors.js'
import { configOrExit, createRuntime, exitWithConfigProblem, isStartupFailure } from '../../src/runtime.js'
import { speak } from '../../src/vocabulary.js'
import { discoverRefusal, invalidParamsAnswer, unreadableLineAnswer } from '../protocol.js'
import { createMcpServer } from '../server.js'
import { STDIO_VOCABULARY } from '../vocabulary.js'

const log = (line: string) => process.stderr.write(`store-finder mcp: ${line}\n`)

/** How long a session that ends at once still waits for the start-up check's one upstream call. */
const STARTUP_CHECK_GRACE_MS = 1_000

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
const enabled = (config: Config, level: 'info' | 'warn') => LEVELS.indexOf(config.logLevel) <= LEVELS.indexOf(level)

type Id = string | number

/**
 * The params screen (tools/protocol.ts) on a connection transport: a request with invalid params is answered here
 * and never reaches the server. Wraps whatever `onmessage` the SDK installs, whenever it installs it.
 */
export function screenTransport<T extends Transport>(transport: T): T {
  let deliver: Transport['onmessage']
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (deliver ? screened : undefined),
    set: (handler: Transport['onmessage']) => {
      deliver = handler
    },
  })
  const screened: NonNullable<Transport['onmessage']> = (message, extra) => {
    const answer = discoverRefusal(message) ?? invalidParamsAnswer(message)
    if (answer) {
      transport.send(answer).catch(() => {
        // The peer is gone; nothing left to answer.
      })
      return
    }
    deliver?.(message, extra)
  }
  return transport
}

/**
 * Splits the input into lines: a line that is one JSON-RPC message (or blank) goes on to the SDK's
 * transport as it came; any other is answered through `refuse` (see unreadableLineAnswer) and goes no
 * further. Chunks may end mid-line and mid-character.
 */
export function screenLines(pass: (line: string) => void, refuse: (answer: NonNullable<ReturnType<typeof unreadableLineAnswer>>) => void) {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  const take = (text: string) => {
    pending += text
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end + 1)
      pending = pending.slice(end + 1)
      const answer = unreadableLineAnswer(line)
      if (answer) refuse(answer)
      else pass(line)
    }
  }
  return {
    write: (chunk: Buffer) => take(decoder.write(chunk)),
    // An unfinished last line goes on as it is (the transport ignores it, as it would have).
    end: () => {
      take(decoder.end())
      if (pending) pass(pending)
      pending = ''
    },
  }
}

/**
 * Counts requests received and not yet answered, so stdin's end can wait for them. Chains onto
 * whatever `onmessage` accessor is already there (the invalid-params screen), so a request the screen
 * answers itself is never counted.
 */
function trackInFlight<T extends Transport>(transport: T, inFlight: Set<Id>, onIdle: () => void): T {
  const previous = Object.getOwnPropertyDescriptor(transport, 'onmessage')
  let own: Transport['onmessage']
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (previous?.get ? previous.get.call(transport) : own),
    set: (handler: Transport['onmessage']) => {
      const counted: Transport['onmessage'] = handler
        ? (message, extra) => {
            if ('method' in message && 'id' in message) inFlight.add(message.id)
            handler(message, extra)
          }
        : undefined
      if (previous?.set) previous.set.call(transport, counted)
      else own = counted
    },
  })
  const send = transport.send.bind(transport)
  transport.send = async (message, options) => {
    await send(message, options)
    if (!('method' in message) && 'id' in message && message.id !== undefined && inFlight.delete(message.id) && inFlight.size === 0)
      onIdle()
  }
  return transport
}

/**
 * `store-finder mcp`: the same tools over stdio for desktop hosts, in-process (no HTTP hop). stdout
 * carries JSON-RPC only, so anything that would print there is sent to stderr instead. The SDK's
 * serveStdio decides the revision from the opening message: `server/discover` (2026-07-28) or
 * `initialize` (2025-11-25 and older), then pins one server instance for the connection.
 */
export async function main(): Promise<void> {
  // A stray console.log from any dependency would corrupt the JSON-RPC stream on stdout.
  console.log = console.error
  console.info = console.error
  console.debug = console.error

  const config = configOrExit(exitWithConfigProblem('store-finder mcp'))

  let runtime: Awaited<ReturnType<typeof createRuntime>>
  try {
    // The runtime's operator lines (Redis lost and back, a list's refresh failing and recovering) as
    // stderr lines at LOG_LEVEL, without the fields: their reasons name upstream steps, which are for a server's logs.
    runtime = await createRuntime(config, {
      log: {
        info: (_fields, message) => void (enabled(config, 'info') && log(`info: ${message}`)),
        warn: (_fields, message) => void (enabled(config, 'warn') && log(`warn: ${message}`)),
      },
    })
  } catch (error) {
    if (isStartupFailure(error)) {
      log(error.message)
      process.exit(1)
    }
    throw error
  }
  let opens = runtime.health().circuit.opens
  const onFailure = (tool: string, error: ServiceError) => {
    if (!isUpstreamFailure(error) || !enabled(config, 'warn')) return
    const body = error.toBody(STDIO_VOCABULARY)
    log(
      `warn: ${tool} failed: ${error.code}: ${body.message}${error.detail ? ` (${error.detail})` : ''}${isUnreachable(error) ? ` ${body.hint}` : ''}`,
    )
    const now = runtime.health().circuit
    if (now.opens > opens) {
      log(`warn: circuit breaker open after repeated upstream failures; failing fast for ${now.retryAfterSeconds} s`)
    }
    opens = now.opens
  }
  // Without PUBLIC_BASE_URL there is no address to point at, so error results carry none.
  const documentationUrl = config.publicBaseUrl ? errorDocumentationUrl(config.publicBaseUrl) : undefined

  let startup: Promise<void> = Promise.resolve()

  // Requests received and not yet answered: on stdin EOF they are answered before the process exits.
  const inFlight = new Set<Id>()
  let drained: (() => void) | undefined

  let closing = false
  const shutdown = async (why: string) => {
    if (closing) return
    closing = true
    if (enabled(config, 'info')) log(`closing (${why})`)
    try {
      await handle.close()
      await runtime.close()
    } catch (error) {
      log(`shutdown failed: ${String(error)}`)
      process.exit(1)
    }
    process.exit(0)
  }
  // The client closed its end: no more requests can come, but the ones it sent still deserve answers.
  // Bounded by the scan deadline, the longest any call may take.
  let ending = false
  const endOfInput = async (why: string) => {
    if (ending || closing) return
    ending = true
    if (inFlight.size > 0) {
      if (enabled(config, 'info')) log(`${why}; answering ${inFlight.size} call(s) in flight first`)
      await new Promise<void>((resolve) => {
        drained = resolve
        setTimeout(resolve, config.scan.deadlineMs + 2_000).unref()
      })
    }
    // The start-up check's warning is the first thing a person reads in the host's log; a short session
    // (a host probing the server, a test) ends before that one upstream call has come back.
    await Promise.race([startup, new Promise((resolve) => setTimeout(resolve, STARTUP_CHECK_GRACE_MS).unref())])
    await shutdown(why)
  }

  // The SDK's transport ends the session when its input ends, aborting the calls in flight. It reads
  // from this pass-through instead, which the process ends only after those calls are answered.
  const input = new PassThrough()
  const transport = trackInFlight(screenTransport(new StdioServerTransport(input, process.stdout)), inFlight, () => drained?.())
  const lines = screenLines(
    (line) => input.write(line),
    (answer) => void transport.send(answer as JSONRPCMessage).catch(() => {}),
  )
  process.stdin.on('data', lines.write)
  process.stdin.once('end', lines.end)
  const handle = serveStdio(
    ({ era }) => createMcpServer(runtime.service, { documentationUrl, era, onFailure, vocabulary: STDIO_VOCABULARY }),
    {
      transport,
      onerror: (error) => log(`transport error: ${error.message}`),
    },
  )
  process.stdin.once('end', () => void endOfInput('stdin ended'))
  process.stdin.once('close', () => void endOfInput('stdin closed'))
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown(signal))

  if (enabled(config, 'info')) {
    log(`ready on stdio (upstream: ${runtime.simulated ? `simulator at ${runtime.upstreamUrl}` : runtime.upstreamUrl})`)
  }
  startup = runtime.startupProblem().then((problem) => {
    if (problem && enabled(config, 'warn')) log(`warn: ${speak(problem, STDIO_VOCABULARY)}`)
  })
  await startup
}
