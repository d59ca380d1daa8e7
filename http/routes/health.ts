import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { VERSION } from '../../src/about.js'
import { OFFLINE, ServiceError } from '../../src/errors.js'
import { ErrorSchema } from '../../src/schemas.js'
import { errorBody } from '../errors.js'
import { PROBE_CACHE_MS, type Runtime } from '../../src/runtime.js'
import type { CatalogueIndexStatus } from '../../src/products/index.js'
import type { RouteRegistry } from '../registry.js'
import type { OpenStreams } from '../streams.js'
import { REST_PATHS } from '../contract.js'

const HealthSchema = z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number() })
const ReadySchema = z.object({
  status: z.enum(['ready', 'degraded']),
  upstream: z.object({ url: z.string(), simulated: z.boolean() }),
  circuit: z.object({ state: z.string(), consecutiveFailures: z.number(), opens: z.number(), retryAfterSeconds: z.number() }),
  budget: z.object({ running: z.number(), queued: z.number(), maxRunning: z.number(), started: z.number(), rejected: z.number() }),
  cache: z.object({ hits: z.number(), misses: z.number(), coalesced: z.number(), entries: z.number() }),
  preauthTokensFetched: z.number(),
  shared: z
    .object({ url: z.string(), connected: z.boolean(), lostSince: z.string().nullable(), fleetSize: z.number(), failures: z.number() })
    .optional()
    .describe("Only with REDIS_URL: the fleet's Redis. Not connected: this instance answers alone, on its local share of the budget."),
  directory: z
    .object({
      state: z.enum(['empty', 'building', 'ready']),
      size: z.number(),
      builtAt: z.string().nullable(),
      ageSeconds: z.number().nullable(),
      source: z.enum(['crawl', 'disk', 'fleet']).nullable(),
      lastCrawl: z
        .object({
          at: z.string(),
          outcome: z.enum(['ok', 'short', 'refused', 'failed']),
          calls: z.number(),
          durationMs: z.number(),
          stores: z.number(),
          total: z.number().nullable(),
          detail: z.string().optional(),
        })
        .nullable(),
      crawls: z.number(),
      stale: z.boolean(),
      crawlsLastHour: z.number(),
      failures: z.number(),
      nextRefreshAt: z.string().nullable(),
      problem: z.string().nullable(),
      refusedCopies: z.array(z.string()),
      diskProblem: z.string().nullable(),
    })
    .optional()
    .describe(
      "The chain's store list held in memory (STORE_DIRECTORY=on): its size, age (stale past STORE_DIRECTORY_REFRESH_MS, still answering), where it came from, the last crawl's outcome (refused: below 90 % of the held list or of the upstream's total), the backoff, and why a list or copy was kept or refused (docs/operations.md#the-store-directorys-bounds). Until a list is held, store searches ask the upstream.",
    ),
  products: z
    .object({
      size: z.number(),
      mode: z.enum(['listing', 'growing', 'unknown']),
      source: z.enum(['crawl', 'disk', 'fleet', 'learned', 'none']),
      builtAt: z.string().nullable(),
      ageSeconds: z.number().nullable(),
      lastRefreshAt: z.string().nullable(),
      lastRefreshError: z.string().nullable(),
      learned: z.number(),
      lastListing: z
        .object({
          at: z.string(),
          outcome: z.enum(['ok', 'refused', 'short', 'implausible', 'failed']),
          calls: z.number(),
          durationMs: z.number(),
          products: z.number(),
          total: z.number().nullable(),
          detail: z.string().optional(),
        })
        .nullable(),
    })
    .optional()
    .describe(
      "The chain's catalogue held in memory (PRODUCT_INDEX=on): its size, mode (`listing`: the upstream lists its catalogue and the index holds all of it; `growing`: it does not, and the index holds the products seen in catalogue answers; `unknown`: not found out yet), where the list came from, its age, the last refresh and the last listing's outcome.",
    ),
  activeScans: z.number(),
  openStreams: z.number(),
})
const FieldDriftSchema = z.object({
  change: z.enum(['added', 'missing', 'changed']),
  path: z.string().describe('The field path in the raw reply, e.g. `data[].name`: arrays are merged over their items.'),
  expected: z.string().optional().describe('The JSON type(s) the committed snapshot has (missing, changed).'),
  actual: z.string().optional().describe('The JSON type(s) the live reply has (added, changed).'),
})
const ProbeStepSchema = z.object({
  step: z.string(),
  ok: z.boolean(),
  latencyMs: z.number(),
  detail: z.string().optional().describe('Why the step failed; on success, what it found.'),
  drift: z
    .array(FieldDriftSchema)
    .describe(
      "How the step's raw reply differs field by field from the committed shape of the recorded sample; empty when it does not. A reply that drifted but still validates leaves the step ok.",
    ),
})
const UpstreamHealthSchema = z.object({ ok: z.boolean(), checkedAt: z.string(), steps: z.array(ProbeStepSchema) })

export function registerHealthRoutes(
  app: FastifyInstance,
  { registry, runtime, openStreams }: { registry: RouteRegistry; runtime: Runtime; openStreams: OpenStreams },
): void {
  const { probe } = runtime

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.liveness,
    operationId: 'getHealth',
    summary: 'Liveness',
    description: 'The process is alive. Makes no upstream call.',
    tags: ['Operations'],
    responses: { 200: { description: 'Alive.', schema: HealthSchema } },
    handler: async () => ({ status: 'ok', version: VERSION, uptimeSeconds: Math.round(process.uptime()) }),
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.readiness,
    operationId: 'getReadiness',
    summary: 'Readiness, circuit state and upstream budget',
    description:
      "Ready to serve (503 while shutting down). `degraded` while the circuit breaker toward the upstream is open, or while the fleet's Redis (REDIS_URL) is lost. Makes no upstream call.",
    tags: ['Operations'],
    responses: {
      200: { description: 'Ready or degraded.', schema: ReadySchema },
      503: { description: 'Shutting down (shutting_down).', schema: ErrorSchema },
    },
    handler: async () => {
      if (openStreams.closing) {
        throw new ServiceError('shutting_down', { hint: 'Route traffic to another instance.' })
      }
      const { circuit, budget, cache, preauthTokensFetched, shared, directory, products } = await runtime.refreshHealth()
      return {
        status: circuit.state === 'closed' && shared?.connected !== false ? 'ready' : 'degraded',
        upstream: { url: runtime.simulated ? 'simulated' : runtime.upstreamUrl, simulated: runtime.simulated },
        circuit,
        budget,
        cache,
        preauthTokensFetched,
        ...(shared ? { shared } : {}),
        ...(directory ? { directory } : {}),
        ...(products ? { products: productsReadiness(products) } : {}),
        activeScans: runtime.service.activeScans,
        openStreams: openStreams.count,
      }
    },
  })

  registry.add(app, {
    method: 'GET',
    path: REST_PATHS.upstreamHealth,
    operationId: 'getUpstreamHealth',
    summary: 'Deep upstream check',
    description:
      'Probes each upstream step (store search, catalogue search, pre-auth, stock, placement) with per-step status, latency and field-level drift of the raw reply from the committed shapes. Cached for 30 s. 503 in the Error shape, with the steps, when any step fails; drift alone leaves it 200.',
    tags: ['Operations'],
    responses: {
      200: { description: "Every step answered (each step's `drift` may still name changed fields).", schema: UpstreamHealthSchema },
      503: {
        description: 'A step failed (upstream_unavailable): the Error shape plus `checkedAt` and `steps`.',
        schema: ErrorSchema.extend({ checkedAt: z.string(), steps: z.array(ProbeStepSchema) }),
      },
    },
    handler: async (request, reply) => {
      const { unreachable, ...health } = await probe.check()
      reply.header('cache-control', `max-age=${PROBE_CACHE_MS / 1000}`)
      if (health.ok) return health
      const failed = health.steps.filter((s) => !s.ok).map((s) => s.step)
      const error = new ServiceError('upstream_unavailable', {
        message: `The upstream check failed at: ${failed.join(', ')}.`,
        hint: `Product and store operations that use these steps will fail until the upstream recovers.${unreachable ? ` ${OFFLINE}` : ''}`,
        detail: health.steps.find((s) => !s.ok)?.detail,
      })
      return reply.code(503).send({ ...errorBody(request, error), checkedAt: health.checkedAt, steps: health.steps })
    },
  })
}

/** The product index's status with its times as ISO strings, as the store directory's are. */
function productsReadiness(status: CatalogueIndexStatus) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return { ...status, builtAt: iso(status.builtAt), lastRefreshAt: iso(status.lastRefreshAt) }
}
