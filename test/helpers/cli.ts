// Running the command line in this process (as `store-finder …`), capturing what it prints and its
// exit code; `env` is set for the run only.
import { main } from '../../cli/main.js'

export async function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  let stdout = ''
  let stderr = ''
  const out = process.stdout.write
  const err = process.stderr.write
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += chunk.toString()), true)) as typeof process.stdout.write
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += chunk.toString()), true)) as typeof process.stderr.write
  const started = performance.now()
  try {
    await main(['node', 'store-finder', ...args])
  } finally {
    process.stdout.write = out
    process.stderr.write = err
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
  const code = Number(process.exitCode ?? 0)
  process.exitCode = undefined
  return { code, stdout, stderr, ms: Math.round(performance.now() - started) }
}
