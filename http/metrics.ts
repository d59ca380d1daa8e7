// Prometheus metrics (prom-client) at /metrics: requests by route and status, upstream calls by step and
// outcome, cache look-ups, budget waits, the circuit breaker's state, Redis, and the age and size of each
// held list (docs/operations.md#metrics). Counts the domain keeps (src/telemetry.ts, the cache's and
// breaker's own figures) are read at scrape time; only the request counter is fed here, by a hook.
// The endpoint stays off the public router when METRICS_PORT is set, and asks for METRICS_TOKEN when set.

import { createServer, type Server } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import type { Config } from '../src/config.js'
import type { Runtime } from '../src/runtime.js'
import type { LabeledCounts } from '../src/telemetry.js'

export const METRICS_PATH = '/metrics'
const PREFIX = 'store_finder_'

/** A held list and its state, as the metrics read it (the store directory, the product index). */
export interface HeldList {
  name: string
  /** Epoch ms of the list's build; null before the first. */
  builtAt(): number | null
  size(): number
}

/** The lists the runtime holds. */
export function heldLists(runtime: Runtime): HeldList[] {
  const lists: HeldList[] = []
  const directory = runtime.directory
  if (directory) {
    lists.push({
      name: 'stores',
      builtAt: () => {
        const at = directory.status.builtAt
        return at === null ? null : Date.parse(at)
      },
      size: () => directory.size,
    })
  }
  const products = runtime.products
  if (products) {
    lists.push({ name: 'products', builtAt: () => products.status().builtAt, size: () => products.status().size })
  }
  return lists
}

/** A counter whose values are the domain's own running counts, copied in at scrape time. */
function mirroredCounter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
  source: () => Pick<LabeledCounts<L>, 'entries'>,
) {
  return new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset()
      for (const { labels, value } of source().entries()) if (value > 0) this.inc(labels as Partial<Record<L, string>>, value)
    },
  })
}

export interface Metrics {
  registry: Registry
  /** Counts one answered request. */
  observeRequest(route: string, method: string, status: number): void
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>
}

export function createMetrics(runtime: Runtime, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: PREFIX })
  // Counted here and copied into the counter at scrape time: prom-client's inc() checks and hashes the
  // labels on every call, about 1 % of a cached store lookup's CPU in the profile; a string key is less.
  const answered = new Map<string, { labels: Record<'route' | 'method' | 'status', string>; value: number }>()
  mirroredCounter(
    registry,
    `${PREFIX}http_requests_total`,
    'Answered HTTP requests by route (the route pattern, `unmatched` for none), method and status code.',
    ['route', 'method', 'status'],
    () => ({ entries: () => [...answered.values()] }),
  )
  const { telemetry } = runtime
  mirroredCounter(
    registry,
    `${PREFIX}upstream_calls_total`,
    'Upstream calls by protocol step and outcome (`ok`, or the failure kind: timeout, network, http, bad_response, rejected, unauthorized, circuit_open, overloaded, ...). Retries are within one call.',
    ['step', 'outcome'],
    () => telemetry.upstreamCalls,
  )
  mirroredCounter(
    registry,
    `${PREFIX}upstream_budget_waits_total`,
    'Upstream calls that waited for the upstream budget (UPSTREAM_MAX_RPS, UPSTREAM_MAX_CONCURRENCY) before leaving, by step.',
    ['step'],
    () => telemetry.budgetWaits,
  )
  mirroredCounter(
    registry,
    `${PREFIX}upstream_budget_wait_seconds_total`,
    'Seconds upstream calls spent waiting for the upstream budget, by step.',
    ['step'],
    () => telemetry.budgetWaitSeconds,
  )
  new Counter({
    name: `${PREFIX}cache_lookups_total`,
    help: 'Reply cache look-ups by result: `hit` (answered from the cache), `miss` (asked the upstream), `coalesced` (joined an identical call in flight).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset()
      const { hits, misses, coalesced } = runtime.upstream.stats
      if (hits > 0) this.inc({ result: 'hit' }, hits)
      if (misses > 0) this.inc({ result: 'miss' }, misses)
      if (coalesced > 0) this.inc({ result: 'coalesced' }, coalesced)
    },
  })
  new Gauge({
    name: `${PREFIX}cache_entries`,
    help: 'Entries in the in-process reply cache.',
    registers: [registry],
    collect() {
      this.set(runtime.upstream.stats.entries)
    },
  })
  const states = ['closed', 'open', 'half_open'] as const
  new Gauge({
    name: `${PREFIX}circuit_state`,
    help: 'The circuit breaker toward the upstream: 1 for its current state (closed, open, half_open), 0 for the others.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const current = runtime.client.circuit.snapshot.state
      for (const state of states) this.set({ state }, state === current ? 1 : 0)
    },
  })
  new Counter({
    name: `${PREFIX}circuit_opens_total`,
    help: 'Times the circuit breaker opened.',
    registers: [registry],
    collect() {
      this.reset()
      const opens = runtime.client.circuit.snapshot.opens
      if (opens > 0) this.inc(opens)
    },
  })
  if (runtime.fleet) {
    const fleet = runtime.fleet
    new Gauge({
      name: `${PREFIX}redis_connected`,
      help: "1 while the fleet's Redis (REDIS_URL) answers, 0 while it is lost.",
      registers: [registry],
      collect() {
        this.set(fleet.usable ? 1 : 0)
      },
    })
  }
  const lists = heldLists(runtime)
  new Gauge({
    name: `${PREFIX}index_age_seconds`,
    help: 'Age of each held list (index: stores, products) since it was built; absent before the first build.',
    labelNames: ['index'],
    registers: [registry],
    collect() {
      this.reset()
      const now = Date.now()
      for (const list of lists) {
        const builtAt = list.builtAt()
        if (builtAt !== null) this.set({ index: list.name }, Math.max(0, (now - builtAt) / 1000))
      }
    },
  })
  new Gauge({
    name: `${PREFIX}index_size`,
    help: 'Entries in each held list (index: stores, products).',
    labelNames: ['index'],
    registers: [registry],
    collect() {
      for (const list of lists) this.set({ index: list.name }, list.size())
    },
  })
  return {
    registry,
    observeRequest(route, method, status) {
      const key = `${status} ${method} ${route}`
      const entry = answered.get(key)
      if (entry) entry.value++
      else answered.set(key, { labels: { route, method, status: String(status) }, value: 1 })
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() }
    },
  }
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true
  const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const UNAUTHORIZED = JSON.stringify({
  code: 'unauthorized',
  message: 'the metrics endpoint asks for its token: Authorization: Bearer <METRICS_TOKEN>',
})

/** Counts every answered request, and serves /metrics on the public router unless METRICS_PORT keeps it apart. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, config: Config['metrics']): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode)
    done()
  })
  if (config.port !== 0) return
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    handler: async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, config.token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('application/json').send(UNAUTHORIZED)
      }
      const { contentType, body } = await metrics.scrape()
      return reply.header('cache-control', 'no-store').type(contentType).send(body)
    },
  })
}

/** /metrics on a port of its own (METRICS_PORT), nothing else there; resolves with its address. */
export async function listenMetrics(metrics: Metrics, config: Config['metrics']): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the metrics port serves GET /metrics only\n')
      return
    }
    if (!tokenMatches(request.headers.authorization, config.token)) {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end(UNAUTHORIZED)
      return
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  return { server, url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}${METRICS_PATH}` }
}
