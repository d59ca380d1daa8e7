import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../http/app.js'
import { loadConfig } from '../../src/config.js'
import { createRuntime, type Runtime } from '../../src/runtime.js'
import type { Simulator } from '../../simulator/server.js'
import { Workload } from '../../bench/lib/workload.js'
import { PINNED_NOW, testEnv } from './app.js'
import type { Teardown } from './tap.js'

export interface Instance {
  app: FastifyInstance
  runtime: Runtime
}

export interface Fleet {
  instances: Instance[]
  /** When each upstream request left any instance (ms, performance.now()), in order. */
  sent: number[]
  close(): Promise<void>
}

/**
 * `count` service stacks in this process against one simulator, sharing `env` (REDIS_URL for a fleet).
 * Every upstream request passes a recording fetch, so the test sees what the upstream is sent.
 */
export async function startFleet(t: Teardown, simulator: Simulator, count: number, env: Record<string, string> = {}): Promise<Fleet> {
  const sent: number[] = []
  const recording: typeof fetch = (input, init) => {
    sent.push(performance.now())
    return fetch(input, init)
  }
  const instances: Instance[] = []
  const close = async () => {
    for (const { app, runtime } of instances.splice(0)) {
      await app.close()
      await runtime.close()
    }
  }
  t.teardown(close)
  for (let i = 0; i < count; i++) {
    const runtime = await createRuntime(loadConfig(testEnv({ UPSTREAM_BASE_URL: simulator.url, ...env })), {
      fetch: recording,
      now: PINNED_NOW,
    })
    instances.push({ app: await buildApp({ runtime }), runtime })
  }
  return { instances, sent, close }
}

/** The most requests in any window of `windowMs` (a sliding window over the send times). */
export function peakInWindow(times: readonly number[], windowMs = 1_000): number {
  const sorted = [...times].sort((a, b) => a - b)
  let peak = 0
  let start = 0
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++
    peak = Math.max(peak, end - start + 1)
  }
  return peak
}

/**
 * A deterministic mixed workload from the simulator's data: store searches, product searches at a few
 * stores, and availability checks, each asked `repeat` times, interleaved so repeats reach other instances.
 */
export function fleetWorkload(repeat = 3): string[] {
  const workload = new Workload()
  const q = encodeURIComponent
  const stores = workload.stores(2)
  const keywords = workload.keywords(3)
  const urls: string[] = []
  for (const district of workload.storeKeywords(3)) urls.push(`/api/branches/search?keyword=${q(district)}&pageSize=10`)
  for (const store of stores) {
    urls.push(`/api/branches/${store}`)
    for (const keyword of keywords) urls.push(`/api/products?branchCode=${store}&keyword=${q(keyword)}`)
    for (const productId of workload.productIds(keywords[0]!, 2)) urls.push(`/api/products/${productId}?branchCode=${store}`)
  }
  const all: string[] = []
  for (let r = 0; r < repeat; r++) all.push(...urls)
  return all
}

/** Sends `urls` round-robin over the instances, `concurrency` at a time; every answer must be a 200. */
export async function sendRoundRobin(
  instances: Instance[],
  urls: readonly string[],
  concurrency: number,
): Promise<Array<{ url: string; status: number; body: string }>> {
  const answers: Array<{ url: string; status: number; body: string }> = []
  let next = 0
  const lane = async () => {
    while (next < urls.length) {
      const i = next++
      const url = urls[i]!
      const response = await instances[i % instances.length]!.app.inject({ method: 'GET', url })
      answers[i] = { url, status: response.statusCode, body: response.body }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  return answers
}
