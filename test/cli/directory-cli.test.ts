import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { EXIT } from '../../cli/context.js'
import { main } from '../../cli/main.js'

/** Runs the CLI in this process, capturing stdout and stderr. */
async function cli(args: string[], env: Record<string, string>) {
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
  const code = process.exitCode ?? 0
  process.exitCode = undefined
  return { code, stdout, stderr, ms: Math.round(performance.now() - started) }
}

t.test('`stores 강남` answers from a cold disk cache (a crawl) and from a warm one (the copy), and says which', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-cli-directory-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const env = { LOG_LEVEL: 'silent', STORE_DIRECTORY_CACHE_DIR: dir }
  const cold = await cli(['--simulated', 'stores', '강남', '-n', '3'], env)
  t.equal(cold.code, EXIT.ok)
  t.match(cold.stdout, /강남역점/)
  t.match(cold.stderr, /\(\d+ stores, crawled now, \d+ s old; --refresh to renew\)/)
  t.equal((await readdir(dir)).filter((f) => f.endsWith('.json')).length, 1, 'the list is kept on disk')
  const warm = await cli(['--simulated', 'stores', '강남', '-n', '3'], env)
  t.equal(warm.code, EXIT.ok)
  t.equal(warm.stdout, cold.stdout, 'the same answer')
  t.match(warm.stderr, /\(\d+ stores, disk copy, \d+ s old/)
  const refreshed = await cli(['--simulated', '--refresh', 'stores', '강남', '-n', '3'], env)
  t.match(refreshed.stderr, /crawled now/, '--refresh crawls again')
  const tax = await cli(['--simulated', '--json', 'stores', '명동', '--facility', 'taxFree'], env)
  const parsed = JSON.parse(tax.stdout) as { stores: Array<{ facilities: string[] }> }
  t.ok(parsed.stores.length > 0 && parsed.stores.every((s) => s.facilities.includes('taxFree')), '--facility filters')
  const ignored = await cli(['--simulated', 'stores', '잠실 불꽃놀이', '-n', '2'], env)
  t.match(ignored.stdout, /Note: Ignored '불꽃놀이'/)
  t.comment(`cold (crawl) ${cold.ms} ms, warm (disk copy) ${warm.ms} ms`)
})
