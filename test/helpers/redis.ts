import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { until } from './wait.js'
import type { Teardown } from './tap.js'
import { freePort } from './ports.js'

const BINARY = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server'
const START_BOUND_MS = 30_000

export interface TestRedis {
  port: number
  url: string
  /** Kills the server (SIGKILL: nothing flushed, connections dropped), as a crash would. */
  kill(): Promise<void>
  /** Starts it again on the same port, empty. */
  start(): Promise<void>
  /** SIGSTOP / SIGCONT: a Redis that accepts nothing and answers nothing, then resumes. */
  pause(): void
  resume(): void
  /** Sends one command over a fresh connection and returns the raw reply (tests' own inspection). */
  command(...args: string[]): Promise<string>
}

function encode(args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`
}

function rawCommand(port: number, args: string[], boundMs = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`redis ${args[0]}: no answer within ${boundMs} ms`))
    }, boundMs)
    socket.on('connect', () => socket.write(encode(args)))
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8')
      // One reply is enough for the tests' commands; a bulk or array reply ends with CRLF.
      if (reply.endsWith('\r\n')) {
        clearTimeout(timer)
        socket.end()
        resolve(reply)
      }
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/**
 * A real redis-server of the test's own, on a free loopback port, without persistence, stopped at
 * teardown. Debian's package provides the binary (.ci/run installs it); the system service is not used.
 */
export async function startRedis(t: Teardown): Promise<TestRedis> {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} not found: install Debian's redis-server (apt-get install -y redis-server), as .ci/run does`)
  }
  const port = await freePort()
  let child: ChildProcess | undefined
  let paused = false

  const start = async () => {
    const proc = spawn(
      BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child = proc
    let output = ''
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    try {
      await until(
        'redis-server to answer PING',
        async () => {
          if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode})`)
          // An error is "not listening yet".
          return (await rawCommand(port, ['PING'], 500).catch(() => '')).startsWith('+PONG')
        },
        { timeoutMs: START_BOUND_MS, intervalMs: 50 },
      )
    } catch (error) {
      proc.kill('SIGKILL')
      throw new Error(`${(error as Error).message}:\n${output.slice(-2000)}`, { cause: error })
    }
  }

  const kill = async () => {
    const proc = child
    child = undefined
    if (!proc || proc.exitCode !== null) return
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
    if (paused) proc.kill('SIGCONT')
    paused = false
    proc.kill('SIGKILL')
    await exited
  }

  // A test process that dies must not leave its server behind.
  const onExit = () => {
    if (paused) child?.kill('SIGCONT')
    child?.kill('SIGKILL')
  }
  process.once('exit', onExit)
  await start()
  t.teardown(async () => {
    process.off('exit', onExit)
    await kill()
  })
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    pause() {
      paused = true
      child?.kill('SIGSTOP')
    },
    resume() {
      paused = false
      child?.kill('SIGCONT')
    },
    command: (...args: string[]) => rawCommand(port, args),
  }
}
