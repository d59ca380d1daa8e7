import t from 'tap'
import { ConfigError, DEFAULT_UPSTREAM, loadConfig } from '../../src/config.js'

t.test('defaults describe a local service against the real upstream', async (t) => {
  const config = loadConfig({})
  t.equal(config.port, 3000)
  t.equal(config.host, '127.0.0.1')
  t.equal(config.publicBaseUrl, undefined)
  t.equal(config.upstream.baseUrl, DEFAULT_UPSTREAM)
  t.equal(config.upstream.timeoutMs, 8000)
  t.equal(config.upstream.preauthKey, 'PRE_AUTH_ENC_KEY')
  t.equal(config.cache.storeTtlMs, 24 * 3_600_000)
  t.equal(config.cache.catalogueTtlMs, 600_000)
  t.equal(config.cache.placementTtlMs, 24 * 3_600_000)
  t.equal(config.cache.stockTtlMs, 60_000)
  t.equal(config.rateLimitPerMinute, 0)
  t.equal(config.redis, undefined, 'no Redis: everything in-process')
  t.equal(config.logLevel, 'info')
})

t.test('REDIS_URL turns on the shared state, with its prefix and timeout', async (t) => {
  t.same(loadConfig({ REDIS_URL: 'redis://:pw@cache:6379/2' }).redis, {
    url: 'redis://:pw@cache:6379/2',
    keyPrefix: 'store-finder:',
    timeoutMs: 250,
  })
  t.same(loadConfig({ REDIS_URL: 'rediss://cache', REDIS_KEY_PREFIX: 'blue:', REDIS_TIMEOUT_MS: '500' }).redis, {
    url: 'rediss://cache',
    keyPrefix: 'blue:',
    timeoutMs: 500,
  })
})

t.test('values are read and normalised', async (t) => {
  const config = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    PUBLIC_BASE_URL: 'https://stores.example.com/',
    UPSTREAM_BASE_URL: 'simulated',
    UPSTREAM_TIMEOUT_MS: '2500',
    ALLOWED_HOSTS: ' Stores.Example.com, api.example.com ,',
    LOG_LEVEL: 'debug',
  })
  t.equal(config.port, 8080)
  t.equal(config.host, '0.0.0.0')
  t.equal(config.publicBaseUrl, 'https://stores.example.com', 'trailing slash removed')
  t.equal(config.upstream.baseUrl, 'simulated')
  t.equal(config.upstream.timeoutMs, 2500)
  t.same(config.allowedHosts, ['stores.example.com', 'api.example.com'])
  t.equal(config.logLevel, 'debug')
})

t.test('an empty variable counts as unset', async (t) => {
  t.equal(loadConfig({ PORT: '' }).port, 3000)
})

for (const [name, value, expected] of [
  ['PORT', 'eighty', /PORT="eighty": expected a whole number from 0 to 65535/],
  ['PORT', '70000', /PORT="70000": expected at most 65535/],
  ['UPSTREAM_BASE_URL', 'ftp://x', /UPSTREAM_BASE_URL="ftp:\/\/x"/],
  ['PUBLIC_BASE_URL', 'not a url', /PUBLIC_BASE_URL="not a url": expected an absolute http\(s\) URL/],
  ['UPSTREAM_TIMEOUT_MS', '5', /UPSTREAM_TIMEOUT_MS="5": expected at least 100/],
  ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud"/],
  ['UPSTREAM_PREAUTH_KEY', 'short', /UPSTREAM_PREAUTH_KEY="short": expected exactly 16 bytes/],
  ['REDIS_URL', 'http://cache:6379', /REDIS_URL="http:\/\/cache:6379": expected a redis:\/\/ or rediss:\/\/ URL/],
  ['REDIS_URL', 'cache:6379', /REDIS_URL="cache:6379": expected a redis:\/\/ or rediss:\/\/ URL/],
  ['REDIS_TIMEOUT_MS', '0', /REDIS_TIMEOUT_MS="0": expected at least 10/],
  ['SIMULATOR_DRIFT', 'stck->stock', /SIMULATOR_DRIFT="stck->stock": expected <step>:<field>-><new name> with a step of store_search/],
] as const) {
  t.test(`a bad ${name} names the variable and what it allows`, async (t) => {
    t.throws(() => loadConfig({ [name]: value }), { name: 'ConfigError', message: expected })
    try {
      loadConfig({ [name]: value })
    } catch (error) {
      t.ok(error instanceof ConfigError)
    }
  })
}
