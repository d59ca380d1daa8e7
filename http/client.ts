import { BlockList, isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { tagClient, type ClientKey } from '../src/client-context.js'
import { abortSignalOf } from './routes/shared.js'

/** ChatGPT's per-user identifier in a request's `_meta` (an opaque, stable string per end user). */
export const OPENAI_SUBJECT = 'openai/subject'
const SUBJECT = /^[\w.:@|/+=-]{1,128}$/

/**
 * Who is calling, for the upstream fair share, the stream cap and the MCP rate limit. The address is
 * `request.ip`: the peer, or with TRUST_PROXY the client a named proxy reports. Callers arriving from a
 * shared egress range (an AI host's, where many users share a few addresses) form one group, the range,
 * and within it each is told apart by its `openai/subject` where sent, else by address. Elsewhere a
 * subject only splits an address's turn among its users: it never earns an address more than its turn
 * (the address is the backstop, as a subject is whatever the caller says).
 */
export class ClientKeys {
  readonly #ranges: Array<{ name: string; list: BlockList }>

  constructor(sharedEgressRanges: readonly string[]) {
    this.#ranges = sharedEgressRanges.map((range) => {
      const [address = '', prefix] = range.split('/')
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      const list = new BlockList()
      if (prefix === undefined) list.addAddress(address, family)
      else list.addSubnet(address, Number(prefix), family)
      return { name: range, list }
    })
  }

  /** The shared-egress range an address is in, or undefined. */
  sharedRange(address: string): string | undefined {
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
    const bareFamily = bare === address ? family : 'ipv4'
    return this.#ranges.find((range) => range.list.check(bare, bareFamily))?.name
  }

  keyOf(address: string, subject: string | undefined): ClientKey {
    const range = this.sharedRange(address)
    const who = subject && SUBJECT.test(subject) ? subject : undefined
    if (range) return { group: range, member: who ? `subject:${who}` : address, shared: true }
    return { group: address, member: who ? `subject:${who}` : address, shared: false }
  }

  /** The key of a request: its address, and the `openai/subject` of a JSON-RPC body's `_meta`. */
  ofRequest(request: FastifyRequest): ClientKey {
    return this.keyOf(request.ip, subjectOf(request.body))
  }
}

/** `params._meta["openai/subject"]` of a JSON-RPC request, when it is a string. */
export function subjectOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const params = (body as { params?: unknown }).params
  if (params === null || typeof params !== 'object') return undefined
  const meta = (params as { _meta?: unknown })._meta
  if (meta === null || typeof meta !== 'object' || !Object.hasOwn(meta, OPENAI_SUBJECT)) return undefined
  const subject = (meta as Record<string, unknown>)[OPENAI_SUBJECT]
  return typeof subject === 'string' ? subject : undefined
}

/**
 * Tags the signal every route hands the service with its caller's key (src/client-context.ts), so upstream
 * work is counted to it. The signal is the connection's; HTTP/1.1 carries one request at a time on it.
 */
export function installClientKeys(app: FastifyInstance, keys: ClientKeys): void {
  app.addHook('preHandler', (request, reply, done) => {
    tagClient(abortSignalOf(reply), () => keys.ofRequest(request))
    done()
  })
}
