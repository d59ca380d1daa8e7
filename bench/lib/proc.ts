import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Output lines kept per child for error messages. */
const TAIL_LINES = 40

/** A child process the bench started; stopped by pid at the end of its scenario or of the bench. */
export class Child {
  readonly #tail: string[] = []
  readonly exited: Promise<number | null>
  #exitCode: number | null | undefined

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue
        this.#tail.push(line.length > 400 ? `${line.slice(0, 400)}…` : line)
        if (this.#tail.length > TAIL_LINES) this.#tail.shift()
      }
    }
    proc.stderr?.on('data', keep)
    this.exited = new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        this.#tail.push(`(${name} exited: ${signal ? `signal ${signal}` : `code ${code}`})`)
        this.#exitCode = code ?? (signal ? null : 0)
        live.delete(this)
        resolve(this.#exitCode)
      })
      proc.once('error', (error) => {
        this.#tail.push(`spawn error: ${error.message}`)
        this.#exitCode = null
        live.delete(this)
        resolve(null)
      })
    })
    live.add(this)
  }

  /** Collects stdout into the tail as well (for children whose stdout is only logs). */
  keepStdout(): this {
    this.proc.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') this.#tail.push(line.slice(0, 400))
        if (this.#tail.length > TAIL_LINES) this.#tail.shift()
      }
    })
    return this
  }

  get pid(): number {
    const pid = this.proc.pid
    if (pid === undefined) throw new Error(`${this.name} has no pid (it did not start)`)
    return pid
  }

  get running(): boolean {
    return this.#exitCode === undefined
  }

  tail(): string {
    return this.#tail.join('\n')
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (!this.running) return
    this.proc.kill('SIGTERM')
    const done = await Promise.race([this.exited.then(() => true), sleep(graceMs).then(() => false)])
    if (!done && this.running) {
      this.proc.kill('SIGKILL')
      await this.exited
    }
  }
}

const live = new Set<Child>()

/** Stops every child still running (bench exit, Ctrl-C, a crashed scenario). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => child.stop(2_000)))
}

/**
 * How the service and simulator are started: from the build (`dist/`, as in production) or, when the
 * build is unavailable, from source through tsx.
 */
export class Launcher {
  constructor(
    readonly root: string,
    readonly mode: 'dist' | 'tsx',
  ) {}

  /** `node … store-finder <command>` argument list. */
  storeFinderArgs(command: 'serve' | 'mcp' | 'simulator'): string[] {
    return this.mode === 'dist'
      ? [join(this.root, 'dist/bin/store-finder.js'), command]
      : ['--import', 'tsx', join(this.root, 'bin/store-finder.ts'), command]
  }

  /** Whether the stdio MCP entry exists in the form this launcher runs. */
  hasStdioMcp(): boolean {
    return existsSync(join(this.root, this.mode === 'dist' ? 'dist/tools/transports/stdio.js' : 'tools/transports/stdio.ts'))
  }

  spawnNode(
    name: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    stdin: 'pipe' | 'ignore' = 'ignore',
    stdout: 'pipe' | 'ignore' = 'pipe',
  ): Child {
    const child = spawn(process.execPath, args, { cwd: this.root, env, stdio: [stdin, stdout, 'pipe'] })
    return new Child(name, child)
  }
}

// The service's own settings; the bench sets the ones it needs and drops any inherited from the shell.
const SERVICE_ENV =
  /^(PORT|HOST|PUBLIC_BASE_URL|ALLOWED_HOSTS|UPSTREAM_.*|CIRCUIT_.*|CACHE_.*|SCAN_.*|MAX_.*|SSE_.*|SHUTDOWN_.*|RATE_LIMIT_.*|REDIS_.*|LOG_LEVEL|SIMULATOR_.*)$/

/** process.env without any service or simulator setting, so a run does not depend on the caller's shell. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!SERVICE_ENV.test(key)) env[key] = value
  return { ...env, ...extra }
}

/** A port that was free a moment ago (the child may still lose a race; callers retry). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Resolves once `url` gives any HTTP answer; rejects if the child exits or `timeoutMs` passes. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (!child.running) throw new Error(`${child.name} exited before it answered at ${url}:\n${child.tail()}`)
    const answered = await new Promise<boolean>((resolve) => {
      const req = httpRequest(url, { method: 'GET', timeout: 1_000 }, (res) => {
        res.resume()
        resolve(true)
      })
      req.once('timeout', () => req.destroy())
      req.once('error', () => resolve(false))
      req.end()
    })
    if (answered) return
    if (Date.now() > deadline) throw new Error(`${child.name} did not answer at ${url} within ${timeoutMs} ms:\n${child.tail()}`)
    await sleep(20)
  }
}

/** Resident set size of a process in bytes, from /proc/<pid>/status (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(match[1]) * 1024
}

/** Runs a command to completion, collecting its output. */
export function runCommand(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('error', (error) => resolve({ code: null, output: `${output}\n${error.message}`, ms: performance.now() - started }))
    child.once('close', (code) => resolve({ code, output, ms: performance.now() - started }))
  })
}
