// Measures how long the fleet waits for the store-directory crawl claim when its holder stops: after a
// SIGTERM (the claim is given back) and after a SIGKILL (the claim lapses, DIRECTORY_CLAIM_MS). Real
// processes: a redis-server, the simulator (1 s per store-list page, so a crawl lasts seconds) and
// two `serve` instances. Run: node --import tsx bench/takeover/main.ts
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const children: ChildProcess[] = []
const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore' })
  children.push(child)
  return child
}

async function main(): Promise<void> {
  const redisPort = await freePort()
  run('/usr/bin/redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'])
  const simPort = await freePort()
  run(process.execPath, ['--import', 'tsx', 'simulator/main.ts'], { SIMULATOR_PORT: String(simPort) })
  const redis = new Redis(redisPort, '127.0.0.1', { lazyConnect: true })
  redis.on('error', () => {}) // refused until redis-server listens; connect() is retried below
  for (;;) {
    try {
      await redis.connect()
      break
    } catch {
      await sleep(100)
    }
  }
  const sim = `http://127.0.0.1:${simPort}`
  for (;;) {
    try {
      await fetch(`${sim}/__sim/latency`, { method: 'POST', body: JSON.stringify({ endpoint: 'selStr', ms: 1_000 }) })
      break
    } catch {
      await sleep(200)
    }
  }
  const claimKey = 'store-finder:directory:claim'
  const listKey = 'store-finder:directory:list'
  const serve = async () => {
    const port = await freePort()
    const child = run(process.execPath, ['--import', 'tsx', 'bin/store-finder.ts', 'serve'], {
      PORT: String(port),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      UPSTREAM_BASE_URL: sim,
      STORE_DIRECTORY: 'on',
      STORE_DIRECTORY_CACHE_DIR: 'off',
      LOG_LEVEL: 'silent',
    })
    return { child, port }
  }
  const until = async (what: string, check: () => Promise<boolean>) => {
    const started = Date.now()
    while (!(await check())) {
      if (Date.now() - started > 120_000) throw new Error(`no ${what} within 2 min`)
      await sleep(20)
    }
  }
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    await redis.del(claimKey, listKey)
    const holder = await serve()
    await until('claim', async () => (await redis.get(claimKey)) !== null)
    const holderId = await redis.get(claimKey)
    const waiter = await serve()
    // The waiter is up (it answers /readyz) and, holding no list, waits on the claim.
    await until('waiter', () =>
      fetch(`http://127.0.0.1:${waiter.port}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    )
    if ((await redis.get(claimKey)) !== holderId) throw new Error('the holder finished its crawl before the waiter was up')
    const stopped = performance.now()
    holder.child.kill(signal)
    let released: number | null = null
    await until('takeover', async () => {
      const owner = await redis.get(claimKey)
      if (owner !== holderId) released ??= performance.now() - stopped
      return owner !== null && owner !== holderId
    })
    const took = performance.now() - stopped
    console.log(
      `${signal}: claim free after ${Math.round(released ?? took)} ms; the waiting instance took it ${Math.round(took)} ms after its holder was stopped`,
    )
    waiter.child.kill('SIGTERM')
    await sleep(1_000)
  }
  redis.disconnect()
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM')
  })
