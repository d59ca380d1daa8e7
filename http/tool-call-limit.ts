import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ClientKey } from '../src/client-context.js'
import type { CallGate } from '../tools/transports/gate.js'
import { subjectOf, type ClientKeys } from './client.js'

/**
 * The per-client limit on MCP tool calls (RATE_LIMIT_PER_MINUTE), counted per call rather than per HTTP
 * request: the REST limiter (http/hardening.ts) leaves /api/mcp alone, and the MCP door asks this gate
 * for each tools/call it is sent (tools/transports/gate.ts), answering a refused one as a tool error.
 *
 * The count is @fastify/rate-limit's own (`createRateLimit`, its programmatic check): the same store
 * as the REST limit, so with REDIS_URL the fleet shares it, a lost Redis skips the limit rather than
 * refusing, and the window is the REST one. A hand-written counter would repeat all of that; the
 * plugin's route hooks would not do, as they count HTTP requests and answer 429.
 *
 * The key is the caller's client key (http/client.ts): its address, or within a shared egress range
 * (an AI host's, many users behind a few addresses) its `openai/subject` where sent, so the users of one
 * AI host do not share one quota. Outside such a range a subject does not split an address's quota:
 * the subject is whatever the caller says, and would otherwise buy an address any number of quotas.
 * Addresses are taken as the REST limiter takes them (an IPv6 address by its /64, which one host holds).
 */
export function toolCallGate(
  app: FastifyInstance,
  keys: ClientKeys,
  perMinute: number,
): ((request: FastifyRequest) => CallGate) | undefined {
  if (perMinute <= 0 || !app.hasDecorator('createRateLimit')) return undefined
  // The plugin asks a key generator for the request's key; a batch's calls may each carry their own subject.
  const current = new WeakMap<FastifyRequest, string>()
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => current.get(request) ?? normalizeIP(request.ip),
    allowList: () => false, // the REST limiter's exemptions (health checks, this endpoint) are not this one's
  })
  return (request) => async (call) => {
    current.set(request, rateKey(keys.keyOf(request.ip, subjectOf(call))))
    const verdict = await limiter(request)
    if (verdict.isAllowed || !verdict.isExceeded) return undefined
    return { retryAfterSeconds: Math.max(1, verdict.ttlInSeconds), limit: verdict.max }
  }
}

/** The quota a client key counts against: its address, or in a shared egress range its member. */
export function rateKey(key: ClientKey): string {
  const who = (part: string) => (part.startsWith('subject:') ? part : normalizeIP(part))
  return key.shared ? `${key.group} ${who(key.member)}` : who(key.group)
}
