// docs/operations.md's configuration table, made from the settings schema of src/config.ts so the table
// and the service cannot disagree (`npm run docs` writes it; test/habits/docs-in-sync.test.ts checks it).
import { EnvSchema, HOUR, MIB, MINUTE, type Settings } from './config.js'

const code = (value: unknown) => `\`${String(value)}\``
const inUnit = (size: number, unit: string) => (value: number) => `${code(value)} (${value / size} ${unit})`

/**
 * How the configuration table shows a default, where the plain value (in code type) is not the best
 * form: a value with its unit, a shortened value, or what an unset setting means.
 */
const DEFAULT_SHOWN: { [K in keyof Settings]?: (value: Settings[K]) => string } = {
  PUBLIC_BASE_URL: () => "the request's origin",
  ALLOWED_HOSTS: (hosts) => (hosts.length === 0 ? '(none)' : code(hosts.join(','))),
  UPSTREAM_USER_AGENT: (agent) => code(agent.includes(' (+') ? `${agent.slice(0, agent.indexOf(' (+') + 3)}…)` : agent),
  CACHE_STORE_TTL_MS: inUnit(HOUR, 'h'),
  CACHE_CATALOGUE_TTL_MS: inUnit(MINUTE, 'min'),
  CACHE_PLACEMENT_TTL_MS: inUnit(HOUR, 'h'),
  CACHE_STOCK_TTL_MS: inUnit(1_000, 's'),
  CACHE_MAX_BYTES: inUnit(MIB, 'MiB'),
  RATE_LIMIT_PER_MINUTE: (perMinute) => (perMinute === 0 ? `${code(0)} (off)` : code(perMinute)),
  REDIS_URL: () => '(unset)',
  METRICS_PORT: (port) => (port === 0 ? `${code(0)} (the public port)` : code(port)),
  METRICS_TOKEN: () => '(unset: no token asked)',
  SIMULATOR_DRIFT: () => '(none)',
  STORE_DIRECTORY_REFRESH_MS: inUnit(HOUR, 'h'),
  PRODUCT_INDEX_REFRESH_MS: inUnit(HOUR, 'h'),
  STORE_DIRECTORY_CACHE_DIR: () => 'the platform cache directory',
  TRUST_PROXY: (proxies) => (proxies.length === 0 ? '(none)' : code(proxies.join(','))),
  SHARED_EGRESS_RANGES: (ranges) => code(ranges.join(',')),
}

/** docs/operations.md's configuration table: every variable, its default (as the schema computes it) and meaning. */
export function configurationTable(): string {
  const defaults: Settings = EnvSchema.parse({})
  const rows = Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const key = name as keyof Settings
    const show = DEFAULT_SHOWN[key] as ((value: unknown) => string) | undefined
    const value = defaults[key]
    const shown = show ? show(value) : code(value)
    if (!schema.description) throw new Error(`${name} has no .describe() meaning in src/config.ts`)
    return `| ${code(name)} | ${shown} | ${schema.description} |`
  })
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n')
}
