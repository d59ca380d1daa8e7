// The simulator's nouns, apart from its server so the pieces it is built from (control, upstream routes) can
// name them without importing the server.

import type { SimulatorData } from './data.js'
import type { SimEndpoint, SimFault, SimFaultRule } from './faults.js'
import type { PreAuthFailure } from './preauth.js'

export interface SimulatorOptions {
  port?: number /* 0 = random */
  host?: string /* default 127.0.0.1 */
  latencyMs?: number /* default 0, per call */
  tokenTtlMs?: number /* default 30_000 */
  seed?: number
  /** 16-character AES key for bearers; default SIMULATOR_PREAUTH_KEY. */
  preauthKey?: string
  /** A field renamed in one step's replies for the simulator's life, as `<step>:<field>-><new name>` (simulator/drift.ts). */
  drift?: string
  /** `refuse`: an empty or wildcard catalogue search finds nothing instead of listing the catalogue (default `allow`). */
  catalogueListing?: 'allow' | 'refuse'
}

export interface SimRequestRecord {
  endpoint: SimEndpoint
  body: unknown
  headers: Record<string, string | string[] | undefined>
  /** Extension: why the pre-auth check rejected this call, when it did. */
  authFailure?: PreAuthFailure
}

export interface SimStats {
  calls: Record<SimEndpoint, number>
  total: number
  inFlight: number
  maxInFlight: number
  /** Most requests that arrived within any one second (a sliding window) since the last reset. */
  peakPerSecond: number
  requests: SimRequestRecord[] /* last 500 */
}

export interface Simulator {
  url: string // e.g. 'http://127.0.0.1:41234' (no trailing slash)
  data: SimulatorData
  stats(): SimStats
  resetStats(): void
  setFault(endpoint: SimEndpoint | '*', rule: SimFaultRule | SimFault | null): void
  setLatency(endpoint: SimEndpoint | '*', ms: number): void
  /** Allows or refuses listing the catalogue from now on (also POST /__sim/listing {"listing":"refuse"}). */
  setListing(listing: 'allow' | 'refuse'): void
  reset(): void // clear faults, latencies back to options.latencyMs, stats
  issuedTokens(): number // how many /auth/request tokens were issued
  close(): Promise<void> // closes server and destroys open sockets (hung requests too)
}
