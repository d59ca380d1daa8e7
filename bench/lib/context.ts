import { SimControl } from './http.js'
import type { BenchOptions } from './options.js'
import { cleanEnv, freePort, rssBytes, waitForHttp, type Child, type Launcher } from './proc.js'
import type { Workload } from './workload.js'

/** One row of the printed table, plus everything measured for bench-results.json. */
export interface ScenarioRow {
  id: number
  title: string
  /** The figure(s), short enough for the table. */
  figure: string
  target: string
  /** null: not run (a prerequisite is missing), or nothing to judge. */
  met: boolean | null
  data: Record<string, unknown>
  notes: string[]
}

export interface ServiceHandle {
  url: string
  child: Child
  /** Spawn to first HTTP answer. */
  startupMs: number
  rss(): number
  stop(): Promise<void>
}

export interface SimulatorHandle {
  url: string
  child: Child
  control: SimControl
}

/** Service settings every bench service gets unless a scenario overrides them. */
const SERVICE_DEFAULTS = {
  HOST: '127.0.0.1',
  // Request logging off: the bare Fastify route in scenario 3 has none either, and a slow reader of a
  // child's stdout would otherwise show up as the child's memory in scenario 7.
  LOG_LEVEL: 'warn',
  // Scenario 11 turns the store directory on; elsewhere its start-up crawl would mix with the calls measured.
  STORE_DIRECTORY: 'off',
  STORE_DIRECTORY_CACHE_DIR: 'off',
  // Scenario 12 turns the product index and the background token renewal on; elsewhere the figures stay
  // comparable with earlier rounds (a cold question there pays the catalogue search and the handshake).
  PRODUCT_INDEX: 'off',
  UPSTREAM_KEEP_TOKEN_FRESH: 'off',
}

export class BenchContext {
  /** Figures one scenario measures and another compares with (e.g. REST req/s for scenario 4). */
  readonly shared = new Map<string, unknown>()
  #warm: Promise<ServiceHandle> | undefined

  constructor(
    readonly options: BenchOptions,
    readonly launcher: Launcher,
    readonly simulator: SimulatorHandle,
    readonly workload: Workload,
  ) {}

  get latencyMs(): number {
    return this.options.latencyMs
  }

  /** A fresh service process (empty caches) pointed at the bench's simulator. */
  async startService(name: string, env: Record<string, string> = {}, options: { logs?: 'keep' | 'discard' } = {}): Promise<ServiceHandle> {
    const nodeOptions: Record<string, string> = this.options.serviceNodeOptions ? { NODE_OPTIONS: this.options.serviceNodeOptions } : {}
    let lastError: unknown
    for (let attempt = 1; attempt <= 3; attempt++) {
      const port = await freePort()
      const started = performance.now()
      const child = this.launcher.spawnNode(
        name,
        this.launcher.storeFinderArgs('serve'),
        cleanEnv({ ...SERVICE_DEFAULTS, ...nodeOptions, PORT: String(port), UPSTREAM_BASE_URL: this.simulator.url, ...env }),
        'ignore',
        options.logs === 'discard' ? 'ignore' : 'pipe',
      )
      if (options.logs !== 'discard') child.keepStdout()
      const url = `http://127.0.0.1:${port}`
      try {
        await waitForHttp(`${url}/healthz`, child)
      } catch (error) {
        lastError = error
        await child.stop()
        if (/EADDRINUSE/.test(child.tail())) continue // lost the port race; try another
        throw error
      }
      return {
        url,
        child,
        startupMs: performance.now() - started,
        rss: () => {
          if (!child.running) throw new Error(`${name} has exited:\n${child.tail()}`)
          return rssBytes(child.pid)
        },
        stop: () => child.stop(),
      }
    }
    throw lastError
  }

  /**
   * The long-running service scenarios 3, 4 and 5 share (default settings). Started once, stopped by
   * run.ts at the end.
   */
  warmService(): Promise<ServiceHandle> {
    this.#warm ??= this.startService('service (shared)')
    return this.#warm
  }

  async stopWarmService(): Promise<void> {
    if (!this.#warm) return
    const warm = await this.#warm.catch(() => null)
    this.#warm = undefined
    await warm?.stop()
  }
}

/** Starts the upstream simulator as a child process on a free port with a fixed per-call latency. */
export async function startSimulatorChild(launcher: Launcher, latencyMs: number): Promise<SimulatorHandle> {
  const child = launcher
    .spawnNode(
      'simulator',
      launcher.storeFinderArgs('simulator'),
      cleanEnv({ SIMULATOR_PORT: '0', SIMULATOR_HOST: '127.0.0.1', SIMULATOR_LATENCY_MS: String(latencyMs) }),
    )
    .keepStdout()
  const url = await new Promise<string>((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`the simulator did not start within 20 s:\n${child.tail()}`)), 20_000)
    child.proc.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8')
      const match = /listening on (http:\/\/\S+)/.exec(seen)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    void child.exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the simulator exited (${code}) before listening:\n${child.tail()}`))
    })
  })
  return { url, child, control: new SimControl(url) }
}
