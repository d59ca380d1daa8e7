// The load run's child processes: the upstream simulator and the service (`store-finder serve`), from source.

import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSimulatorChild } from '../lib/context.js'
import { Child, cleanEnv, Launcher, rssBytes } from '../lib/proc.js'
import { LATENCY_MS, passedOn } from './options.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const launcher = new Launcher(ROOT, 'tsx')

/** Calls `onLine` for every line of a stream. */
function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let buffer = ''
  stream?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, nl))
      buffer = buffer.slice(nl + 1)
    }
  })
}

function waitFor<T>(child: Child, what: string, found: Promise<T>, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${child.name}: no "${what}" within ${timeoutMs} ms\n${child.tail()}`)), timeoutMs)
    void child.exited.then((code) => reject(new Error(`${child.name} exited (${code}) before "${what}"\n${child.tail()}`)))
    found.then((value) => {
      clearTimeout(timer)
      resolve(value)
    }, reject)
  })
}

export async function startSimulator(): Promise<{ child: Child; url: string }> {
  const { child, url } = await startSimulatorChild(launcher, LATENCY_MS)
  return { child, url }
}

export interface LogStats {
  byLevel: Map<number, number>
  examples: string[]
}

/** The service on a port of its choosing, its JSON log counted by level (warnings and errors kept as examples). */
export async function startService(upstream: string): Promise<{ child: Child; url: string; logs: LogStats }> {
  const child = launcher
    .spawnNode(
      'service',
      launcher.storeFinderArgs('serve'),
      cleanEnv({ ...passedOn, PORT: '0', HOST: '127.0.0.1', UPSTREAM_BASE_URL: upstream, LOG_LEVEL: 'info' }),
    )
    .keepStdout()
  const logs: LogStats = { byLevel: new Map(), examples: [] }
  const url = new Promise<string>((resolve) => {
    lines(child.proc.stdout, (line) => {
      let entry: { level?: number; msg?: string } | undefined
      try {
        entry = JSON.parse(line) as { level?: number; msg?: string }
      } catch {
        return
      }
      const level = entry.level ?? 0
      logs.byLevel.set(level, (logs.byLevel.get(level) ?? 0) + 1)
      if (level >= 40 && logs.examples.length < 5) logs.examples.push(line.slice(0, 400))
      const match = /Server listening at (http:\/\/\S+)/.exec(entry.msg ?? '')
      if (match?.[1]) resolve(match[1])
    })
  })
  return { child, url: await waitFor(child, 'Server listening at', url), logs }
}

/** SIGTERM (the service shuts down gracefully), then SIGKILL after `graceMs`; resolves with the exit code (null if killed). */
export async function stopChild(child: Child, graceMs = 15_000): Promise<number | null> {
  await child.stop(graceMs)
  return child.exited
}

export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    return Math.round(rssBytes(pid) / 1_048_576)
  } catch {
    return null
  }
}
