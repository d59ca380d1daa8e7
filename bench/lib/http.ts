import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** From just before the request is sent to the last byte of the body. */
  ms: number
}

export interface RequestInit {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  agent?: Agent
  timeoutMs?: number
}

/** A keep-alive agent without a socket cap (the bench decides the concurrency). */
export const newAgent = (): Agent => new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

/** One HTTP request, timed; the whole body is read. */
export function fetchText(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const headers: Record<string, string> = { ...init.headers }
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body))
    const req = httpRequest(url, { method: init.method ?? 'GET', headers, agent: init.agent, timeout: init.timeoutMs ?? 60_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.once('error', reject)
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      )
    })
    req.once('timeout', () => req.destroy(new Error(`no answer from ${url} within ${init.timeoutMs ?? 60_000} ms`)))
    req.once('error', reject)
    req.end(init.body)
  })
}

export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<{ status: number; json: T; ms: number }> {
  const answer = await fetchText(url, init)
  try {
    return { status: answer.status, json: JSON.parse(answer.body) as T, ms: answer.ms }
  } catch {
    throw new Error(`${url} answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`)
  }
}

export interface NdjsonTiming {
  status: number
  /** Time to the first complete `progress` line. */
  firstProgressMs: number | null
  /** Time to the first `progress` line that reports scanned catalogue entries (after the first page arrived). */
  firstScannedMs: number | null
  totalMs: number
  lines: number
  terminal: string | null
}

/** Reads an NDJSON stream and times its events as the lines arrive. */
export function ndjsonTiming(url: string, agent?: Agent): Promise<NdjsonTiming> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = httpRequest(url, { method: 'GET', headers: { accept: 'application/x-ndjson' }, agent }, (res) => {
      const timing: NdjsonTiming = {
        status: res.statusCode ?? 0,
        firstProgressMs: null,
        firstScannedMs: null,
        totalMs: 0,
        lines: 0,
        terminal: null,
      }
      let buffered = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const now = performance.now() - started
        buffered += chunk
        let newline = buffered.indexOf('\n')
        while (newline >= 0) {
          const line = buffered.slice(0, newline).trim()
          buffered = buffered.slice(newline + 1)
          newline = buffered.indexOf('\n')
          if (line === '') continue
          timing.lines += 1
          const event = JSON.parse(line) as { type?: string; scanned?: number }
          if (event.type === 'progress') {
            timing.firstProgressMs ??= now
            if ((event.scanned ?? 0) > 0) timing.firstScannedMs ??= now
          } else if (event.type !== undefined) {
            timing.terminal = event.type
          }
        }
      })
      res.once('error', reject)
      res.once('end', () => {
        timing.totalMs = performance.now() - started
        resolve(timing)
      })
    })
    req.once('error', reject)
    req.end()
  })
}

/** The simulator's counters as `GET /__sim/stats` reports them. */
export interface SimStatsWire {
  calls: Record<string, number>
  total: number
  inFlight: number
  maxInFlight: number
  /** Present since the fleet scenario: most arrivals in any sliding second. */
  peakPerSecond?: number
}

/** The simulator's control routes (`/__sim/…`). */
export class SimControl {
  constructor(readonly url: string) {}

  async stats(): Promise<SimStatsWire> {
    const { status, json } = await fetchJson<SimStatsWire>(`${this.url}/__sim/stats`)
    if (status !== 200) throw new Error(`simulator stats answered ${status}`)
    return json
  }

  /** Clears faults and counters (maxInFlight included) and sets the latency of every endpoint. */
  async prepare(latencyMs: number): Promise<void> {
    await this.#post('reset', {})
    await this.#post('latency', { endpoint: '*', ms: latencyMs })
  }

  /** Whether an empty catalogue search lists the catalogue (until the next prepare(), which allows it again). */
  async listing(listing: 'allow' | 'refuse'): Promise<void> {
    await this.#post('listing', { listing })
  }

  async #post(action: string, body: unknown): Promise<void> {
    const answer = await fetchText(`${this.url}/__sim/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (answer.status !== 200) throw new Error(`simulator ${action} answered ${answer.status}: ${answer.body}`)
  }
}

/** What the service's `/readyz` reports, when it has one (added with the lead's health routes). */
export interface Readiness {
  budget?: { running: number; queued: number; maxRunning: number; started: number; rejected: number }
  cache?: { hits: number; misses: number; coalesced: number; entries: number }
  preauthTokensFetched?: number
}

export async function readiness(serviceUrl: string): Promise<Readiness | null> {
  try {
    const { status, json } = await fetchJson<Readiness>(`${serviceUrl}/readyz`)
    return status === 200 && typeof json === 'object' && json !== null ? json : null
  } catch {
    return null
  }
}

/** A query string with every value percent-encoded (keywords are Korean). */
export function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()
}
