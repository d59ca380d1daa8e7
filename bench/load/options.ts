// The load run's settings, read once from LOAD_* variables; service settings in the environment are passed on.

import { cleanEnv } from '../lib/proc.js'

function intVar(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    process.stderr.write(`load: ${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})\n`)
    process.exit(2)
  }
  return Number(raw)
}

export const SECONDS = intVar('LOAD_SECONDS', 60, 1, 3600)
export const CLIENTS = intVar('LOAD_CLIENTS', 50, 1, 1000)
export const LATENCY_MS = intVar('LOAD_UPSTREAM_LATENCY_MS', 20, 0, 5000)
export const BURST = intVar('LOAD_BURST', 1, 0, 1) === 1
export const SEED = intVar('LOAD_SEED', 1, 0, 2 ** 31)
export const REPORT = process.env['LOAD_REPORT']?.trim() || undefined
/** Per-request bound: a request slower than this is counted as an error ("timeout"), never waited on forever. */
export const REQUEST_TIMEOUT_MS = 60_000

// Service settings: the script owns these; every other service variable in the environment is passed on.
// Which variables are service settings is bench/lib/proc.ts's list (cleanEnv drops them), so the two agree.
const OWNED = new Set(['PORT', 'HOST', 'UPSTREAM_BASE_URL', 'LOG_LEVEL', 'PUBLIC_BASE_URL'])
const withoutServiceSettings = cleanEnv({})
export const passedOn: Record<string, string> = {}
for (const [key, value] of Object.entries(process.env)) {
  if (key in withoutServiceSettings || OWNED.has(key) || key.startsWith('SIMULATOR_') || value === undefined) continue
  passedOn[key] = value
}
export const MAX_OPEN_STREAMS = Number(passedOn['MAX_OPEN_STREAMS'] ?? 100)
