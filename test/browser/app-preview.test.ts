import { spawn } from 'node:child_process'
import { once } from 'node:events'
import t from 'tap'
import { launchChromium, skipWithoutChromium } from '../helpers/browser.js'
import { ROOT } from '../helpers/process.js'

// `npm run preview:app` as a person runs it: the printed address, opened in Chromium, shows the view with the answer.

const skip = skipWithoutChromium('the MCP App preview test')

t.test('npm run preview:app hosts the view with a sample answer', { skip }, async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/preview-app.ts', '우산', '11199'], {
    cwd: ROOT,
    env: { ...process.env, PREVIEW_PORT: '0', STORE_DIRECTORY_CACHE_DIR: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGTERM')
  })
  let printed = ''
  child.stdout.setEncoding('utf8')
  for await (const chunk of child.stdout) {
    printed += chunk as string
    if (/http:\/\/\S+\n/.test(printed)) break
  }
  const address = /(http:\/\/127\.0\.0\.1:\d+\/\?\S+)/.exec(printed)?.[1]
  t.ok(address, printed)
  const browser = await launchChromium(t)
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(address!)
  await page.waitForFunction("host.log.some((e) => e.event === 'host:sent-result')", undefined, { polling: 100 })
  const frame = page.frames().find((f) => f.url().includes('/view.html'))!
  await frame.waitForSelector('.map svg')
  t.match(await frame.locator('body').innerText(), /우산/, 'the answer is shown')
  t.same(problems, [])
  child.kill('SIGTERM')
  const [code] = await once(child, 'exit')
  t.equal(code, 0, 'Ctrl-C (or TERM) stops it cleanly')
})
