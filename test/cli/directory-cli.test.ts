import { mkdtemp, readdir, rm } from 'node:fs/promises'
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
