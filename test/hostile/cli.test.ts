// Hostile input at the command line: argv, not URLs, so no percent-decoding happens here (`%FF` is
// literal text); what must hold is that control characters (C0 and C1) and text that is not Unicode
// are refused with a clear message and exit code 2 before anything is asked upstream, and that names
// such as `constructor` are refused as the arguments they are not.
import t from 'tap'
import { runCli } from '../helpers/cli.js'
import { simulator as startSimulator } from '../helpers/app.js'
import { BUILT_IN_NAMES } from './speak.js'

t.test('the CLI refuses hostile input with exit code 2 and asks nothing upstream', async (t) => {
  const sim = await startSimulator(t)
  const env = { UPSTREAM_BASE_URL: sim.url, STORE_DIRECTORY: 'off', STORE_DIRECTORY_CACHE_DIR: 'off', LOG_LEVEL: 'silent' }

  t.test('control characters, C0 and C1, and lone surrogates in a keyword', async (t) => {
    for (const bad of ['강남\u0001', '\u001b[2J강남', '강\u007f남', '강\u0085남', '\u0080', '강남\u009f', '강\ud800남', '\udc00']) {
      for (const args of [
        ['stores', bad],
        ['products', '11199', bad],
        ['where', bad, '--near', '11199'],
      ]) {
        const before = sim.stats().total
        const run = await runCli(args, env)
        const what = JSON.stringify(args)
        t.equal(run.code, 2, `${what}: exit 2`)
        t.match(
          run.stderr,
          /Invalid parameter 'keyword': must (not contain control characters|be well-formed Unicode)/,
          `${what}: says why`,
        )
        t.match(run.stderr, /hint: /, `${what}: and what to send`)
        t.equal(run.stdout, '', `${what}: nothing on stdout`)
        t.equal(sim.stats().total, before, `${what}: nothing asked upstream`)
      }
    }
  })

  t.test('percent signs are text here, not escapes: a search for them is an ordinary search', async (t) => {
    for (const text of ['%FF', '%', '%C0%AF']) {
      const run = await runCli(['stores', text], env)
      t.equal(run.code, 0, `${text}: an ordinary (empty) search`)
      t.match(run.stdout, /No store matches/, `${text}: says so`)
    }
  })

  t.test('built-in property names as arguments or options', async (t) => {
    for (const name of BUILT_IN_NAMES) {
      const asCode = await runCli(['store', name], env)
      t.equal(asCode.code, 2, `store ${name}: exit 2`)
      t.match(asCode.stderr, /Invalid parameter 'code'/, `store ${name}: not a store code`)
      const asProduct = await runCli(['availability', name, '11199'], env)
      t.equal(asProduct.code, 2, `availability ${name}: exit 2`)
      const asOption = await runCli(['stores', `--${name}`, '강남'], env)
      t.equal(asOption.code, 2, `stores --${name}: exit 2`)
      t.match(asOption.stderr, /unknown option/, `stores --${name}: an unknown option`)
    }
  })
})
