import type { Runtime } from './runtime.js'
import { UpstreamError } from './upstream/errors.js'

// A store every probe of the chain's service uses (see health.ts); its answer is cached for a day.
const PROBE_STORE = '11199'

/**
 * One upstream call at start-up, so a person reading the log learns at once that the chain's service
 * cannot be reached rather than from the first failed request. Resolves to a one-line reason, or
 * undefined when the upstream answered. The server keeps running either way (its documents and
 * sandbox work without the upstream, and the upstream may come back).
 */
export async function upstreamProblem(runtime: Runtime, timeoutMs = 5_000): Promise<string | undefined> {
  try {
    await runtime.upstream.findStore(PROBE_STORE, AbortSignal.timeout(timeoutMs))
    return undefined
  } catch (error) {
    const why = error instanceof UpstreamError ? `${error.kind}: ${error.detail}` : error instanceof Error ? error.message : String(error)
    return `the upstream at ${runtime.upstreamUrl} cannot be reached (${why}); calls that need it will fail until it answers`
  }
}
