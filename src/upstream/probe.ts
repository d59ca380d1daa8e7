import type { UpstreamClient } from './client.js'
import { OFFLINE } from '../errors.js'
import { UpstreamError } from './errors.js'
import type { StockPair, Upstream } from './port.js'

export interface ProbeStep {
  step: 'store_search' | 'catalogue_search' | 'preauth' | 'stock' | 'placement'
  ok: boolean
  latencyMs: number
  detail?: string
}

export interface UpstreamHealth {
  ok: boolean
  checkedAt: string
  steps: ProbeStep[]
  /** A step failed because the upstream cannot be reached at all (DNS, refused, TLS): offline, perhaps. */
  unreachable: boolean
}

/**
 * A failed step in words: the real cause, also while the breaker is open (then it is the fault that
 * opened it, not "failing fast" at every step).
 */
function stepFailure(error: UpstreamError): string {
  if (error.kind === 'circuit_open' && error.cause instanceof UpstreamError) {
    return `${error.cause.kind}: ${error.cause.detail} (circuit breaker open: not asked again until the cool-down ends)`
  }
  return `${error.kind}: ${error.detail}`
}

// The store every probe asks about (a real store: docs/upstream-protocol.md §7.1), and a common
// keyword that must find products, as the reference service's uptime check does.
export const PROBE_STORE = '11199'
const PROBE_KEYWORD = '건전지'

/**
 * The deep upstream check: each upstream step once, in the order a product search uses them, with
 * latency and the failure. Answers are kept for `cacheMs` and concurrent checks share one run, so the
 * endpoint cannot be used to hammer the upstream.
 */
export class UpstreamProbe {
  #last: { at: number; result: UpstreamHealth } | undefined
  #running: Promise<UpstreamHealth> | undefined

  constructor(
    private readonly client: UpstreamClient,
    private readonly cacheMs: number,
    private readonly timeoutMs: number,
  ) {}

  check(): Promise<UpstreamHealth> {
    if (this.#last && Date.now() - this.#last.at < this.cacheMs) return Promise.resolve(this.#last.result)
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  async #run(): Promise<UpstreamHealth> {
    const steps: ProbeStep[] = []
    let unreachable = false
    const signal = AbortSignal.timeout(this.timeoutMs)
    const step = async <T>(name: ProbeStep['step'], run: () => Promise<T>, verify: (value: T) => string | null) => {
      const started = performance.now()
      try {
        const value = await run()
        const problem = verify(value)
        steps.push({
          step: name,
          ok: problem === null,
          latencyMs: Math.round(performance.now() - started),
          ...(problem ? { detail: problem } : {}),
        })
        return problem === null ? value : undefined
      } catch (error) {
        if (error instanceof UpstreamError && error.unreachable) unreachable = true
        const detail = error instanceof UpstreamError ? stepFailure(error) : 'unexpected error'
        steps.push({ step: name, ok: false, latencyMs: Math.round(performance.now() - started), detail })
        return undefined
      }
    }
    await step(
      'store_search',
      () => this.client.findStore(PROBE_STORE, signal),
      (s) => (s ? null : `store ${PROBE_STORE} not found`),
    )
    const page = await step(
      'catalogue_search',
      () => this.client.searchCatalogue({ text: PROBE_KEYWORD, page: 1, pageSize: 5 }, signal),
      (p) => (p.items.length > 0 ? null : `no products for ${PROBE_KEYWORD}`),
    )
    this.client.preauth.clear()
    await step(
      'preauth',
      () => this.client.preauth.headers(signal),
      () => null,
    )
    const pairs: StockPair[] = (page?.items ?? []).map((item) => ({ productId: item.productId, storeCode: PROBE_STORE }))
    await step(
      'stock',
      async () =>
        pairs.length > 0
          ? this.client.getStock(pairs, signal)
          : Promise.reject(new UpstreamError('bad_response', 'probe', 'no products to check')),
      (stock) => ([...stock.values()].some((q) => q !== null) ? null : 'no stock row for any probe product'),
    )
    const first = pairs[0]
    await step(
      'placement',
      async () =>
        first
          ? this.client.getPlacement(first.productId, PROBE_STORE, signal)
          : Promise.reject(new UpstreamError('bad_response', 'probe', 'no product to place')),
      () => null,
    )
    const result = { ok: steps.every((s) => s.ok), checkedAt: new Date().toISOString(), steps, unreachable }
    this.#last = { at: Date.now(), result }
    return result
  }
}

/**
 * One upstream call at start-up, so a person reading the log learns at once that the chain's service
 * cannot be reached rather than from the first failed request. Resolves to a one-line reason, or
 * undefined when the upstream answered. The server keeps running either way (its documents and
 * sandbox work without the upstream, and the upstream may come back).
 */
export async function startupProblem(
  upstream: Pick<Upstream, 'findStore'>,
  upstreamUrl: string,
  timeoutMs = 5_000,
): Promise<string | undefined> {
  try {
    await upstream.findStore(PROBE_STORE, AbortSignal.timeout(timeoutMs))
    return undefined
  } catch (error) {
    const why = error instanceof UpstreamError ? `${error.kind}: ${error.detail}` : error instanceof Error ? error.message : String(error)
    // No answer at all (DNS, refused, TLS, silence): the person may simply be offline, so say how to try it anyway.
    const offline = error instanceof UpstreamError && (error.unreachable !== undefined || error.kind === 'timeout')
    return `the upstream at ${upstreamUrl} cannot be reached (${why}); calls that need it will fail until it answers${offline ? `. ${OFFLINE}` : ''}`
  }
}
