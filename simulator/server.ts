// A stand-in for the retail chain's front-office API ("fapi"), speaking its wire protocol as documented in
// docs/upstream-protocol.md (§8 lists what a fake must do): same paths (at the root and under /api), same envelopes, same JSON
// types as sent, the anonymous pre-auth handshake, and the ways it has been seen or feared to fail.
// Built on node:http alone so that it behaves like a foreign server, not like our own Fastify stack.
//
// This file: the exported API, the counters behind /__sim/stats, and the server's lifecycle. Upstream
// requests are routed and answered in upstream-routes.ts (endpoints.ts for the data, reply.ts for the
// wire), the /__sim/ control API is control.ts.

import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleControl } from './control.js'
import { parseDrift } from './drift.js'
import type { SimControls } from './control.js'
import { createSimulatorData } from './data.js'
import { FaultController, SIM_ENDPOINTS } from './faults.js'
import type { SimEndpoint } from './faults.js'
import { PreAuthority, SIMULATOR_PREAUTH_KEY } from './preauth.js'
import { send, springError } from './reply.js'
import { routeUpstream } from './upstream-routes.js'
import type { Route, UpstreamContext } from './upstream-routes.js'

export type { SimEndpoint, SimFault, SimFaultKind, SimFaultRule } from './faults.js'
export { SIM_ENDPOINTS, SIM_FAULT_KINDS } from './faults.js'
export type { SimProduct, SimStore, SimulatorData } from './data.js'
export { createSimulatorData } from './data.js'
export { SIMULATOR_PREAUTH_KEY, encryptBearer, decryptBearer } from './preauth.js'

import type { SimRequestRecord, SimStats, Simulator, SimulatorOptions } from './types.js'

export type { SimRequestRecord, SimStats, Simulator, SimulatorOptions }

const DEFAULT_TOKEN_TTL_MS = 30_000 // about 30 s upstream (docs/upstream-protocol.md §4.6)
const REQUEST_LOG_LIMIT = 500

function emptyCalls(): Record<SimEndpoint, number> {
  return Object.fromEntries(SIM_ENDPOINTS.map((e) => [e, 0])) as Record<SimEndpoint, number>
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1'
  const baseLatency = options.latencyMs ?? 0
  const data = createSimulatorData(options.seed)
  const faults = new FaultController(baseLatency)
  const auth = new PreAuthority({ key: options.preauthKey ?? SIMULATOR_PREAUTH_KEY, ttlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS })
  let tokensIssued = 0
  let listing = options.catalogueListing ?? 'allow'

  // --- stats: every counter GET /__sim/stats and stats() report, kept here and nowhere else ------

  let calls = emptyCalls()
  let total = 0
  let inFlight = 0
  let maxInFlight = 0
  let requests: SimRequestRecord[] = []
  // Arrival times of the last second, oldest first: enough to know the peak rate a client imposed.
  let arrivals: number[] = []
  let peakPerSecond = 0

  const statsSnapshot = (): SimStats => ({ calls: { ...calls }, total, inFlight, maxInFlight, peakPerSecond, requests: [...requests] })
  const resetStats = (): void => {
    calls = emptyCalls()
    total = 0
    maxInFlight = inFlight
    requests = []
    arrivals = []
    peakPerSecond = 0
  }

  /** An upstream call has arrived (body read); the returned function counts it out when its connection closes. */
  const countArrival = (route: Route, record: SimRequestRecord): (() => void) => {
    calls[route.endpoint]++
    total++
    const now = performance.now()
    arrivals.push(now)
    let expired = 0
    while (expired < arrivals.length && now - arrivals[expired]! >= 1_000) expired++
    if (expired > 0) arrivals = arrivals.slice(expired)
    peakPerSecond = Math.max(peakPerSecond, arrivals.length)
    requests.push(record)
    if (requests.length > REQUEST_LOG_LIMIT) requests.splice(0, requests.length - REQUEST_LOG_LIMIT)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    return () => {
      inFlight--
    }
  }

  // --- routing: /__sim/ to the control API, everything else to the upstream routes --------------

  const controls: SimControls & Pick<Simulator, 'resetStats' | 'issuedTokens'> = {
    stats: statsSnapshot,
    resetStats,
    setFault: (endpoint, rule) => faults.set(endpoint, rule),
    setLatency: (endpoint, ms) => faults.setLatency(endpoint, ms),
    setListing: (value) => {
      listing = value
    },
    reset: () => {
      faults.reset()
      listing = options.catalogueListing ?? 'allow'
      resetStats()
      tokensIssued = 0
    },
    issuedTokens: () => tokensIssued,
  }
  const upstream: UpstreamContext = { data, faults, auth, countArrival, countToken: () => ++tokensIssued, listing: () => listing }
  if (options.drift !== undefined) upstream.drift = parseDrift(options.drift)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/'
    const rawPath = url.split('?')[0] ?? '/'
    if (rawPath.startsWith('/__sim/')) return handleControl(controls, req, res, rawPath)
    return routeUpstream(upstream, req, res, rawPath)
  }

  // --- lifecycle ----------------------------------------------------------------------------------

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the simulator must look like an upstream 500, never hang the client.
      process.emitWarning(`simulator handler failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      send(res, springError(500, req.url ?? '/'))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostForUrl = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address

  let closing: Promise<void> | null = null
  return {
    url: `http://${hostForUrl}:${address.port}`,
    data,
    ...controls,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Hung and keep-alive connections would otherwise hold close() open forever.
        server.closeAllConnections()
      })
      return closing
    },
  }
}
