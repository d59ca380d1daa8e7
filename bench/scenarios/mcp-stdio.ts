import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { cleanEnv, type Child } from '../lib/proc.js'
import { max, median, round } from '../lib/stats.js'

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'store-finder-bench', version: '1.0.0' } },
})}\n`

/** The 2026-07-28 opening: server/discover with the per-request envelope. */
const DISCOVER = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'store-finder-bench', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
})}\n`

/** Spawns `store-finder mcp`, sends the opening request at once and times the answer from the spawn call. */
async function timeInitialize(ctx: BenchContext, opening = INITIALIZE): Promise<{ ms: number; protocolVersion: string | null }> {
  const started = performance.now()
  const child: Child = ctx.launcher.spawnNode(
    'store-finder mcp',
    ctx.launcher.storeFinderArgs('mcp'),
    cleanEnv({ UPSTREAM_BASE_URL: ctx.simulator.url }),
    'pipe',
  )
  try {
    const answer = new Promise<{ ms: number; protocolVersion: string | null }>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(() => reject(new Error(`no initialize answer within 10 s:\n${child.tail()}`)), 10_000)
      child.proc.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        let newline = buffered.indexOf('\n')
        while (newline >= 0) {
          const line = buffered.slice(0, newline)
          buffered = buffered.slice(newline + 1)
          newline = buffered.indexOf('\n')
          const message = JSON.parse(line) as {
            id?: unknown
            result?: { protocolVersion?: string; supportedVersions?: string[] }
            error?: unknown
          }
          if (message.id !== 1) continue
          clearTimeout(timer)
          if (!message.result) reject(new Error(`initialize failed: ${line.slice(0, 300)}`))
          else
            resolve({
              ms: performance.now() - started,
              protocolVersion: message.result.protocolVersion ?? message.result.supportedVersions?.[0] ?? null,
            })
        }
      })
      void child.exited.then((code) => {
        clearTimeout(timer)
        reject(new Error(`store-finder mcp exited (${code}) before answering:\n${child.tail()}`))
      })
    })
    child.proc.stdin?.write(opening)
    return await answer
  } finally {
    child.proc.stdin?.end() // the server closes when stdin ends
    await child.stop()
  }
}

/** Scenario 6: `store-finder mcp` over stdio, process start to `initialize` answered. */
export async function mcpStdioScenario(ctx: BenchContext): Promise<ScenarioRow> {
  if (!ctx.launcher.hasStdioMcp()) {
    return {
      id: 6,
      title: 'store-finder mcp: start → initialize',
      figure: 'not run: tools/transports/stdio is missing',
      target: '≤ 500 ms',
      met: null,
      data: {},
      notes: [],
    }
  }
  const runs: Array<{ ms: number; protocolVersion: string | null }> = []
  const modernRuns: Array<{ ms: number; protocolVersion: string | null }> = []
  for (let i = 0; i < ctx.options.coldReps; i++) {
    runs.push(await timeInitialize(ctx))
    modernRuns.push(await timeInitialize(ctx, DISCOVER))
  }
  const times = runs.map((r) => r.ms)
  const modernTimes = modernRuns.map((r) => r.ms)
  const mid = median(times)
  const modernMid = median(modernTimes)
  return {
    id: 6,
    title: 'store-finder mcp: start → initialize / server/discover',
    figure: `initialize ${round(mid)} ms, server/discover ${round(modernMid)} ms median (max ${round(max([...times, ...modernTimes]))} ms, ${runs.length} + ${modernRuns.length} starts)`,
    target: '≤ 500 ms',
    met: Math.max(mid, modernMid) <= 500,
    data: {
      runs: runs.map((r) => ({ ...r, ms: round(r.ms) })),
      modernRuns: modernRuns.map((r) => ({ ...r, ms: round(r.ms) })),
      medianMs: round(mid),
      modernMedianMs: round(modernMid),
      maxMs: round(max([...times, ...modernTimes])),
      from: ctx.launcher.mode,
    },
    notes: [
      `node ${ctx.launcher
        .storeFinderArgs('mcp')
        .map((a) => a.replace(`${ctx.launcher.root}/`, ''))
        .join(
          ' ',
        )}, the opening request (2025-06-18 initialize, or a 2026-07-28 server/discover) written to stdin right after spawn; timed from spawn to the answer line on stdout.`,
    ],
  }
}
