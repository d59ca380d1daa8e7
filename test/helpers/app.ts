import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../src/config.js'
import { createRuntime, type Runtime } from '../../src/runtime.js'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.js'
import { buildApp } from '../../http/app.js'
import type { Teardown } from './tap.js'

/** The subset of tap's Test this helper needs, so it works for t and subtests alike. */
export interface TestContext {
  app: FastifyInstance
  runtime: Runtime
  simulator: Simulator
  config: Config
}

/** Environment for tests: quiet, fast failure, small timeouts. Override per test. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'silent',
    // Sized for a loaded 2-core machine (two CPU-bound processes beside the suite): a healthy simulator call
    // or a whole scan must never time out there. A test of a hang sets its own short bound: a hang never
    // answers, so how short the bound is does not depend on the machine.
    UPSTREAM_TIMEOUT_MS: '10000',
    UPSTREAM_RETRIES: '1',
    SCAN_DEADLINE_MS: '60000',
    // Applies with REDIS_URL: event loops stall for hundreds of milliseconds on a loaded machine, and a
    // healthy Redis must not look lost then (the default, 250 ms, is for production).
    REDIS_TIMEOUT_MS: '3000',
    CIRCUIT_FAILURE_THRESHOLD: '1000',
    // Tests of behaviour do not wait on the production rate (50 calls a second); budget tests set their own.
    UPSTREAM_MAX_RPS: '10000',
    // The store directory has its own tests (test/stores/directory.test.ts); elsewhere the upstream's search is what is tested.
    STORE_DIRECTORY: 'off',
    STORE_DIRECTORY_CACHE_DIR: 'off',
    // Likewise the product index (test/products/) and the background token renewal (test/upstream/keep-fresh.test.ts).
    PRODUCT_INDEX: 'off',
    UPSTREAM_KEEP_TOKEN_FRESH: 'off',
    ...overrides,
  }
}

/**
 * A clock stopped at noon on a Wednesday in Seoul (03:00 UTC), when the simulator's stores are open. Tests that
 * compare answers taken minutes apart pin it: at the wall clock a store can close between the two (22:00 KST
 * is 13:00 UTC) and `openNow` differ for no fault of the code under test.
 */
export const PINNED_NOW = (): Date => new Date('2026-11-25T03:00:00Z')

/** A simulator on a real socket, closed at teardown. */
export async function simulator(t: Teardown, options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ port: 0, ...options })
  t.teardown(() => sim.close())
  return sim
}

/** The app wired to a fresh simulator (or the one given), not listening; use app.inject(). */
export async function buildTestApp(
  t: Teardown,
  options: {
    env?: Record<string, string>
    simulator?: Simulator
    simulatorOptions?: SimulatorOptions
    /** The clock `openNow` is read from: pin it where answers taken minutes apart are compared. */
    now?: () => Date
  } = {},
): Promise<TestContext> {
  const sim = options.simulator ?? (await simulator(t, options.simulatorOptions))
  const config = loadConfig(testEnv({ UPSTREAM_BASE_URL: sim.url, ...options.env }))
  const runtime = await createRuntime(config, options.now ? { now: options.now } : {})
  const app = await buildApp({ runtime })
  t.teardown(async () => {
    await app.close()
    await runtime.close()
  })
  return { app, runtime, simulator: sim, config }
}

/** The same, listening on a random loopback port; returns its base URL. */
export async function listenTestApp(t: Teardown, options: Parameters<typeof buildTestApp>[1] = {}): Promise<TestContext & { url: string }> {
  const ctx = await buildTestApp(t, options)
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...ctx, url }
}
