// The simulator's control API under /__sim/: read the counters, set faults and latency, reset.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { isSimEndpoint, parseFault, SIM_ENDPOINTS } from './faults.js'
import { isRecord, parseJson, readBody, send } from './reply.js'
import type { Simulator } from './types.js'

export type SimControls = Pick<Simulator, 'stats' | 'reset' | 'setFault' | 'setLatency' | 'setListing'>

export async function handleControl(simulator: SimControls, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const json = (status: number, body: unknown): void => send(res, { status, headers: {}, json: body })
  const action = path.slice('/__sim/'.length)
  const expected = action === 'stats' ? 'GET' : 'POST'
  if (!['stats', 'faults', 'latency', 'reset', 'listing'].includes(action)) return json(404, { error: `unknown control route ${path}` })
  if (req.method !== expected) {
    res.setHeader('Allow', expected)
    return json(405, { error: `use ${expected} for ${path}` })
  }
  if (action === 'stats') {
    const { requests: _omitted, ...rest } = simulator.stats()
    return json(200, rest)
  }
  const raw = await readBody(req)
  if (raw === null) return
  const parsed = raw.text.trim() === '' ? { ok: true as const, value: {} } : parseJson(raw.text)
  if (!parsed.ok || !isRecord(parsed.value)) return json(400, { error: 'body must be a JSON object' })
  const body = parsed.value
  const endpoint = body['endpoint'] ?? '*'
  if (action === 'reset') {
    simulator.reset()
    return json(200, { ok: true })
  }
  if (action === 'listing') {
    const listing = body['listing']
    if (listing !== 'allow' && listing !== 'refuse') return json(400, { error: 'listing must be "allow" or "refuse"' })
    simulator.setListing(listing)
    return json(200, { ok: true })
  }
  if (endpoint !== '*' && !isSimEndpoint(endpoint)) {
    return json(400, { error: `endpoint must be "*" or one of ${SIM_ENDPOINTS.join(', ')}` })
  }
  if (action === 'latency') {
    const ms = body['ms']
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return json(400, { error: 'ms must be a non-negative number' })
    simulator.setLatency(endpoint, ms)
    return json(200, { ok: true })
  }
  if (body['fault'] === null) {
    simulator.setFault(endpoint, null)
    return json(200, { ok: true })
  }
  const fault = parseFault(body['fault'])
  if (typeof fault === 'string') return json(400, { error: fault })
  const times = body['times']
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 0)) {
    return json(400, { error: 'times must be a non-negative integer' })
  }
  simulator.setFault(endpoint, times === undefined ? { fault } : { fault, times })
  return json(200, { ok: true })
}
