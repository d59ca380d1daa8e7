import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { EXIT } from '../../cli/context.js'
import { runCli as cli } from '../helpers/cli.js'

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

t.test('a garbled disk copy is ignored and rebuilt; a stale one answers with its age; an unwritable folder is said', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sf-cli-directory-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const env = { LOG_LEVEL: 'silent', STORE_DIRECTORY_CACHE_DIR: dir }
  t.equal((await cli(['--simulated', 'stores', '강남', '-n', '1'], env)).code, EXIT.ok)
  const file = join(
    dir,
    (await readdir(dir)).find((f) => f.endsWith('.json'))!,
  )
  const good = await readFile(file, 'utf8')
  await writeFile(file, good.slice(0, 1_000))
  const garbled = await cli(['--simulated', 'stores', '강남', '-n', '1'], env)
  t.equal(garbled.code, EXIT.ok, 'answers, no internal_error')
  t.match(garbled.stderr, /ignored the disk copy: not JSON \(truncated or garbled/)
  t.notMatch(garbled.stderr, /\n\s+at /, 'no stack trace')
  t.match(garbled.stderr, /crawled now/)
  const copy = JSON.parse(await readFile(file, 'utf8')) as { savedAt: number }
  await writeFile(file, JSON.stringify({ ...copy, savedAt: Date.now() - 40 * 3_600_000 }))
  const stale = await cli(['--simulated', 'stores', '강남', '-n', '1'], { ...env, SIMULATOR_DRIFT: 'store_search:strCd->storeCd' })
  t.equal(stale.code, EXIT.ok, 'the stale copy answers while the store list cannot be read')
  t.match(stale.stdout, /Note: These stores come from a list 40 hours old/)
  t.match(stale.stderr, /disk copy, 40 h old/)
  const blocked = join(dir, 'a-file')
  await writeFile(blocked, '')
  const unwritable = await cli(['--simulated', 'stores', '강남', '-n', '1'], { ...env, STORE_DIRECTORY_CACHE_DIR: join(blocked, 'cache') })
  t.equal(unwritable.code, EXIT.ok)
  t.match(unwritable.stderr, /cannot write .* the copy is kept in memory only/, 'said')
})
