// A renamed field, for rehearsing upstream drift: SIMULATOR_DRIFT=stock:stck->stock answers every stock
// reply with `stock` where the upstream has `stck`, as the chain's API might after an unannounced change.
// Unlike the shapeDrift fault (faults.ts) it lasts for the simulator's life and takes any field, so a
// process started with it (the CLI's doctor, a served instance) can be checked from outside.

import type { SimEndpoint } from './faults.js'
import { isRecord } from './reply.js'
import type { Reply } from './reply.js'

/** The probe's step names (src/upstream/shape.ts) and the endpoint each one calls. */
export const DRIFT_STEPS: Readonly<Record<string, SimEndpoint>> = {
  store_search: 'selStr',
  catalogue_search: 'pdThumbSelSimple',
  preauth: 'authRequest',
  stock: 'selStrPkupStck',
  placement: 'selIntPdStDispInfo',
}

export interface SimDrift {
  endpoint: SimEndpoint
  from: string
  to: string
}

/** Reads `<step>:<field>-><new name>`; throws an Error naming the expected form. */
export function parseDrift(spec: string): SimDrift {
  const match = /^\s*([a-z_]+)\s*:\s*([\w.-]+)\s*->\s*([\w.-]+)\s*$/.exec(spec)
  const endpoint = match ? DRIFT_STEPS[match[1]!] : undefined
  if (!match || endpoint === undefined || match[2] === match[3]) {
    throw new Error(
      `SIMULATOR_DRIFT must be <step>:<field>-><new name> with a step of ${Object.keys(DRIFT_STEPS).join(', ')}, e.g. placement:storeErp->storeCode (got ${JSON.stringify(spec)})`,
    )
  }
  return { endpoint, from: match[2]!, to: match[3]! }
}

/** Rebuilt rather than edited, so the renamed key keeps its place. */
function renamed(record: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!(from in record)) return record
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k === from ? to : k, v]))
}

/** The reply with the field renamed: in the envelope, in its `data` object or in every row of its `data` list. */
export function applyDrift(drift: SimDrift | undefined, endpoint: SimEndpoint, reply: Reply): Reply {
  if (drift === undefined || drift.endpoint !== endpoint) return reply
  const { from, to } = drift
  if (reply.json === undefined) {
    // The handshake's fields are its headers (X-DM-UID).
    const key = Object.keys(reply.headers).find((name) => name.toLowerCase() === from.toLowerCase())
    if (key === undefined) return reply
    const { [key]: value, ...headers } = reply.headers
    return { ...reply, headers: { ...headers, [to]: value! } }
  }
  if (!isRecord(reply.json)) return reply
  const json = renamed(reply.json, from, to)
  const data = json['data']
  if (Array.isArray(data)) json['data'] = data.map((row) => (isRecord(row) ? renamed(row, from, to) : row))
  else if (isRecord(data)) json['data'] = renamed(data, from, to)
  return { ...reply, json }
}
