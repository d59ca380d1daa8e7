import type { Page } from 'playwright-core'
import t from 'tap'
import { listenTestApp } from '../helpers/app.js'
import { launchChromium, skipWithoutChromium } from '../helpers/browser.js'

/*
 * /developers in a real browser: Debian's Chromium, driven by playwright-core (which never downloads a
 * browser of its own). CI installs the package; on a developer machine without it the test is skipped
 * with a message, never silently passed.
 */

const skip = skipWithoutChromium('the /developers browser test')

t.test('/developers in headless Chromium', { skip }, async (t) => {
  const { url } = await listenTestApp(t)
  const browser = await launchChromium(t)

  /** A page that records every console error, uncaught exception and failed request. */
  const open = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
    })
    return { page, problems }
  }

  t.test('loads without console errors and every link resolves', async (t) => {
    const { page, problems } = await open(true)
    const response = await page.goto(`${url}/developers`, { waitUntil: 'load' })
    t.equal(response?.status(), 200)
    t.match(await page.title(), /developer guide/)
    t.ok(await page.locator('h1').first().isVisible(), 'the page renders')

    const hrefs: string[] = []
    for (const anchor of await page.locator('a[href]').all()) hrefs.push((await anchor.getAttribute('href')) ?? '')
    t.ok(hrefs.length >= 10, `${hrefs.length} links`)
    const checked = new Set<string>()
    for (const href of hrefs) {
      const target = new URL(href, `${url}/developers`)
      t.equal(target.origin, url, `${href} stays on this server`)
      const resource = `${target.origin}${target.pathname}${target.search}`
      if (!checked.has(resource)) {
        checked.add(resource)
        const res = await fetch(resource)
        await res.arrayBuffer()
        t.equal(res.status, 200, `${resource} resolves`)
      }
      if (target.hash && target.pathname === '/developers') {
        const id = decodeURIComponent(target.hash.slice(1))
        t.equal(await page.locator(`[id="${id}"]`).count(), 1, `#${id} exists on the page`)
      }
    }
    t.same(problems, [], 'no console errors, page errors or failed requests')
  })

  t.test('the try-it form shows sandbox results on the page', async (t) => {
    const { page, problems } = await open(true)
    await page.goto(`${url}/developers`, { waitUntil: 'load' })
    await page.locator('#try-it-form select[name="branchCode"]').selectOption('11199')
    await page.locator('#try-it-form input[name="keyword"]').fill('실리콘')
    await page.locator('#try-it-form button[type="submit"]').click()
    const rows = page.locator('#try-it-result table.results tr')
    await rows.nth(1).waitFor()
    t.equal(await rows.count(), 3, 'a header row and two products')
    const text = await page.locator('#try-it-result').innerText()
    t.match(text, /실리콘 주방장갑/)
    t.match(text, /1024881/)
    // The floor column as a shopper reads the sign: 1F or B1, never the bare stairNo.
    const floors = await page.locator('#try-it-result table.results tr td:nth-child(5)').allInnerTexts()
    t.equal(floors.length, 2)
    for (const floor of floors) t.match(floor, /^(B\d|\d+F)$/, floor)
    t.equal(page.url(), `${url}/developers`, 'stayed on the page')
    t.same(problems, [])
  })

  t.test('an invalid try-it request shows the error code and hint', async (t) => {
    const { page } = await open(true)
    await page.goto(`${url}/developers`, { waitUntil: 'load' })
    // Bypass the browser's own `required` check to reach the server's validation.
    await page.locator('#try-it-form input[name="keyword"]').evaluate((input) => input.removeAttribute('required'))
    await page.locator('#try-it-form input[name="keyword"]').fill('')
    await page.locator('#try-it-form button[type="submit"]').click()
    await page.locator('#try-it-result .error').waitFor()
    const text = await page.locator('#try-it-result').innerText()
    t.match(text, /400 missing_parameter/)
    t.match(text, /Hint: /)
  })

  t.test('without JavaScript the page is readable and the form returns the JSON answer', async (t) => {
    const { page, problems } = await open(false)
    await page.goto(`${url}/developers`, { waitUntil: 'load' })
    const body = await page.locator('main').innerText()
    t.match(body, /Quick start/)
    t.match(body, /searchStoreProducts/)
    t.match(body, /missing_parameter/)
    t.same(problems, [], 'the page itself loads cleanly')
    // The JSON answer is not an HTML page: Chromium's favicon request there may 404, which is fine.
    await submitWithoutScript(page)
    t.match(page.url(), /\/api\/sandbox\/products\?branchCode=11199&keyword=/)
    const answer = JSON.parse(await page.locator('body').innerText()) as { products: Array<{ name: string }> }
    t.ok(answer.products.length > 0)
  })

  // A laptop and a phone (iPhone 12–15 CSS size). "Screen" is one viewport height.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    t.test(`at ${viewport.width}×${viewport.height}: no horizontal overflow, MCP set-up within two screens`, async (t) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
      const page = await context.newPage()
      await page.goto(`${url}/developers`, { waitUntil: 'load' })
      // A string, so the test's TypeScript (no DOM library) does not type-check browser code.
      const layout = (await page.evaluate(`(() => {
        const top = (id) => document.getElementById(id).getBoundingClientRect().top + window.scrollY
        // Elements wider than the viewport, other than those that scroll inside themselves (pre, tables).
        const wide = [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((e) => !e.closest('pre, table'))
          .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''))
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          connect: top('connect'),
          snippet: top('connect') + document.querySelector('#connect ~ pre').getBoundingClientRect().height,
          tryIt: top('try-it'),
          reference: top('reference'),
          storesBeforeInfrastructure: top('stores-endpoints') < top('operations-endpoints'),
          height: document.documentElement.scrollHeight,
          // Each host's local snippet once: the Claude Code line is the one snippet every host section would repeat.
          claudeCodeSnippets: [...document.querySelectorAll('pre')].filter((p) => p.textContent.startsWith('claude mcp add store-finder --')).length,
          wide,
        }
      })()`)) as {
        scrollWidth: number
        clientWidth: number
        connect: number
        snippet: number
        tryIt: number
        reference: number
        storesBeforeInfrastructure: boolean
        height: number
        claudeCodeSnippets: number
        wide: string[]
      }
      t.equal(layout.scrollWidth, layout.clientWidth, 'the page does not scroll sideways')
      t.same(layout.wide, [], 'no element sticks out of the viewport')
      t.ok(layout.connect < viewport.height, `"Connect an MCP host" starts on the first screen (${Math.round(layout.connect)} px)`)
      t.ok(layout.snippet < 2 * viewport.height, `the Claude Desktop snippet is within two screens`)
      t.ok(layout.tryIt < layout.reference, 'try it comes before the reference')
      t.ok(layout.storesBeforeInfrastructure, 'store operations come before infrastructure ones')
      // Half of what the page measured before its operations were folded and its snippets shown once
      // (21,374 px at 1280 wide, 35,535 px at 390): a size budget, not a timing.
      const budget = viewport.width === 1280 ? 10_687 : 17_767
      t.ok(layout.height <= budget, `${layout.height} px tall, at most ${budget}`)
      t.equal(layout.claudeCodeSnippets, 1, 'the Claude Code snippet once')
      const shot = await page.screenshot({ fullPage: false })
      t.ok(shot.length > 10_000, 'a screenshot renders')
      if (process.env['SCREENSHOT_DIR']) {
        const { writeFileSync } = await import('node:fs')
        writeFileSync(`${process.env['SCREENSHOT_DIR']}/developers-${viewport.width}.png`, shot)
        writeFileSync(
          `${process.env['SCREENSHOT_DIR']}/developers-${viewport.width}-2.png`,
          await page.screenshot({ clip: { x: 0, y: viewport.height, width: viewport.width, height: viewport.height }, fullPage: true }),
        )
      }
      await context.close()
    })
  }
})

async function submitWithoutScript(page: Page): Promise<void> {
  await Promise.all([page.waitForURL(/\/api\/sandbox\/products/), page.locator('#try-it-form button[type="submit"]').click()])
}
