import type { UpstreamClient } from './client.js'
import { OFFLINE } from '../errors.js'
import { UpstreamError } from './errors.js'
import { stockKey, type StockPair, type Upstream } from './port.js'
import { recordRawReplies } from './raw-replies.js'
import { EXPECTED_SHAPES, compareShapes, mergeShapes, shapeOf, type FieldDrift, type ShapeStep } from './shape.js'

export interface ProbeStep {
  step: ShapeStep
  ok: boolean
  latencyMs: number
  /** Why the step failed; on success, what it found. */
  detail?: string
  /** How the raw reply's fields differ from the committed shapes (src/upstream/expected-shapes.json); empty when they do not. */
  drift: FieldDrift[]
}

export interface UpstreamHealth {
  ok: boolean
  checkedAt: string
  steps: ProbeStep[]
  /** A step failed because the upstream cannot be reached at all (DNS, refused, TLS): offline, perhaps. */
  unreachable: boolean
  /** Only when the probe was asked to keep them (doctor --record): each step's last raw reply, credentials replaced. */
  raw?: Partial<Record<ShapeStep, unknown>>
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
 * A store and product whose stock and shelf were recorded from the live upstream
 * (docs/upstream-protocol.md §7.3, test/upstream/samples/): the probe expects a quantity and a floor and
 * zone for them, so an upstream that answers with nothing real (every row left out, no placement) is noticed.
 */
export const KNOWN_PAIR: StockPair = { storeCode: '10224', productId: '1049275' }

/** The endpoint each step's raw reply comes from (the wire names of client.ts). */
const STEP_ENDPOINT: Record<ShapeStep, string> = {
  store_search: 'selStr',
  catalogue_search: 'pdThumbSelSimple',
  preauth: 'authRequest',
  stock: 'selStrPkupStck',
  placement: 'selIntPdStDispInfo',
}

/**
 * The handshake's reply with its token and user id replaced by stand-ins of the same form, so a recorded
 * reply keeps its shape and passes the client's checks but carries no credential.
 */
function withoutCredentials(reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null) return reply
  const { headers, body } = reply as { headers?: Record<string, unknown>; body?: unknown }
  return {
    headers: Object.fromEntries(
      Object.entries(headers ?? {}).map(([k, v]) => [k, typeof v === 'string' ? '00000000-0000-4000-8000-000000000000' : v]),
    ),
    body: typeof body === 'string' ? 'eyJhbGciOiJub25lIn0.eyJyZWNvcmRlZCI6dHJ1ZX0.cmVkYWN0ZWQ' : body,
  }
}

/** The raw replies of one step's endpoint against the committed shape; none recorded: nothing to say. */
function driftOf(step: ShapeStep, replies: unknown[]): FieldDrift[] {
  if (replies.length === 0) return []
  return compareShapes(EXPECTED_SHAPES[step], mergeShapes(replies.map(shapeOf)))
}

/**
 * The deep upstream check: each upstream step once, in the order a product search uses them, with
 * latency, the failure, and each raw reply's field-level drift from the committed shapes. Answers are
 * kept for `cacheMs` and concurrent checks share one run, so the endpoint cannot be used to hammer the
 * upstream.
 */
export class UpstreamProbe {
  #last: { at: number; result: UpstreamHealth } | undefined
  #running: Promise<UpstreamHealth> | undefined

  constructor(
    private readonly client: UpstreamClient,
    private readonly cacheMs: number,
    private readonly timeoutMs: number,
    private readonly known: StockPair = KNOWN_PAIR,
    private readonly keepRaw = false,
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
    const { storeCode, productId } = this.known
    const raw: Partial<Record<ShapeStep, unknown>> = {}
    const step = async <T>(name: ShapeStep, run: () => Promise<T>, verify: (value: T) => { problem: string } | { found: string }) => {
      const started = performance.now()
      const replies: unknown[] = []
      const listener = (endpoint: string, reply: unknown) => {
        if (endpoint !== STEP_ENDPOINT[name]) return
        replies.push(reply)
        if (this.keepRaw) raw[name] = name === 'preauth' ? withoutCredentials(reply) : reply
      }
      try {
        const value = await recordRawReplies(signal, listener, run)
        const verdict = verify(value)
        const ok = 'found' in verdict
        const latencyMs = Math.round(performance.now() - started)
        steps.push({ step: name, ok, latencyMs, detail: ok ? verdict.found : verdict.problem, drift: driftOf(name, replies) })
        return ok ? value : undefined
      } catch (error) {
        if (error instanceof UpstreamError && error.unreachable) unreachable = true
        const detail = error instanceof UpstreamError ? stepFailure(error) : 'unexpected error'
        steps.push({ step: name, ok: false, latencyMs: Math.round(performance.now() - started), detail, drift: driftOf(name, replies) })
        return undefined
      }
    }
    await step(
      'store_search',
      () => this.client.findStore(PROBE_STORE, signal),
      (s) => (s ? { found: `store ${s.code} ${s.name}` } : { problem: `store ${PROBE_STORE} not found` }),
    )
    const page = await step(
      'catalogue_search',
      () => this.client.searchCatalogue({ text: PROBE_KEYWORD, page: 1, pageSize: 5 }, signal),
      (p) =>
        p.items.length > 0 ? { found: `${p.items.length} products for ${PROBE_KEYWORD}` } : { problem: `no products for ${PROBE_KEYWORD}` },
    )
    this.client.preauth.clear()
    await step(
      'preauth',
      () => this.client.preauth.headers(signal),
      () => ({ found: 'a token' }),
    )
    // The known pair, and the catalogue's products at the probe store, in one batch as a product search asks.
    const pairs: StockPair[] = [this.known, ...(page?.items ?? []).map((item) => ({ productId: item.productId, storeCode: PROBE_STORE }))]
    await step(
      'stock',
      () => this.client.getStock(pairs, signal),
      (stock) => {
        const quantity = stock.get(stockKey(productId, storeCode))
        // The client turns anything but a non-negative integer into null (unknown).
        return quantity === null || quantity === undefined
          ? { problem: `no stock number for product ${productId} at store ${storeCode}` }
          : { found: `product ${productId} at store ${storeCode}: ${quantity} in stock` }
      },
    )
    await step(
      'placement',
      () => this.client.getPlacement(productId, storeCode, signal),
      (placement) =>
        placement
          ? { found: `product ${productId} at store ${storeCode}: floor ${placement.floor}, zone ${placement.zone}` }
          : { problem: `no floor and zone for product ${productId} at store ${storeCode}` },
    )
    const result: UpstreamHealth = {
      ok: steps.every((s) => s.ok),
      checkedAt: new Date().toISOString(),
      steps,
      unreachable,
      ...(this.keepRaw ? { raw } : {}),
    }
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
