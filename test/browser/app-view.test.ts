import { LIMITS } from '../../src/schemas.js'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import t from 'tap'
import { APP_VIEW_URI } from '../../tools/app/meta.js'
import { MAP_HEIGHT, STORES_SHOWN } from '../../tools/app/view/layout.js'
import { listenTestApp } from '../helpers/app.js'
import { KOREAN_GLYPHS_CHECK, launchChromium, skipWithoutChromium, type KoreanGlyphs } from '../helpers/browser.js'
import { connectHttp } from '../helpers/mcp-client.js'
import { findProductNearbyAnswer, type NearbyAnswer } from '../helpers/nearby-answer.js'
import type { Teardown } from '../helpers/tap.js'

/*
 * The MCP Apps view in Debian's Chromium: a test page plays the host with ext-apps' AppBridge, the view
 * comes from a second loopback origin under the apps spec's restrictive default content policy, and it
 * is fed real find_product_nearby results from a simulator-backed server. Screenshots (light, dark, 360
 * px and wide) go to .artifacts/app-view/ (git-ignored) for a person to look at.
 */

/** The apps spec (2026-01-26, "Restrictive Default"): what a host must apply when the view declares no csp. */
const DEFAULT_VIEW_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'"
const ARTIFACTS = fileURLToPath(new URL('../../.artifacts/app-view/', import.meta.url))

const skip = skipWithoutChromium('the MCP App view test')

/** A loopback server answering fixed paths; closed at teardown. */
async function serve(t: Teardown, host: string, routes: Record<string, { type: string; body: string; headers?: Record<string, string> }>) {
  const server: Server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname]
    if (!route) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store', ...route.headers }).end(route.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://${host}:${(server.address() as AddressInfo).port}`
}

type Log = { event: string; detail?: unknown }[]

/** Expressions evaluated in the view's frame (strings: this file has no DOM types, and the view's policy forbids nothing to the driver). */
const BROWSER = {
  twoFrames: 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  bodyHeight: 'Math.ceil(document.body.getBoundingClientRect().height)',
  mapHeight: "document.querySelector('.map').getBoundingClientRect().height",
  background: 'getComputedStyle(document.body).backgroundColor',
  noSideways: 'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
}

t.test('the MCP App view in headless Chromium', { skip }, async (t) => {
  const { url, simulator } = await listenTestApp(t)
  const { client } = await connectHttp(t, url, { name: 'app-view-test' })

  // The view exactly as a host reads it.
  const read = await client.readResource({ uri: APP_VIEW_URI })
  const viewHtml = (read.contents[0] as { text: string }).text

  // Stores and a keyword from the simulator's data: one with the best match on B1, one where the chain
  // has no shelf for it, one where none of the matches is in stock.
  const data = simulator.data
  const keyword = '수납'
  // As many as the answer checks: one stock call carries them against the asked store and the 50 nearest.
  const best = data.searchProducts(keyword).slice(0, Math.floor(LIMITS.stockPairsPerCall / (LIMITS.nearbyStoresScanned + 1)))
  const top = best[0]
  if (!top) throw new Error('the simulator has no product for 수납')
  const pick = (test: (code: string) => boolean) => {
    const store = data.stores.find((s) => test(s.code))
    if (!store) throw new Error('no store fits')
    return store.code
  }
  const onB1 = pick((code) => data.stockOf(code, top.pdNo) > 0 && data.placementOf(code, top.pdNo)?.stairNo === -1)
  const noShelf = pick((code) => data.stockOf(code, top.pdNo) > 0 && data.placementOf(code, top.pdNo) === null)
  const soldOut = pick((code) => best.every((p) => data.stockOf(code, p.pdNo) === 0))
  // Asked by its number where it is sold out but shelved: the usual shelf.
  const usuallyShelved = pick((code) => data.stockOf(code, top.pdNo) === 0 && data.placementOf(code, top.pdNo) !== null)

  const answers: Record<string, NearbyAnswer> = {
    // limit 20: more stores than the list shows before "show all".
    onB1: await findProductNearbyAnswer(client, { keyword, branchCode: onB1, limit: 20 }),
    noShelf: await findProductNearbyAnswer(client, { keyword, branchCode: noShelf }),
    soldOut: await findProductNearbyAnswer(client, { keyword, branchCode: soldOut }),
    usualShelf: await findProductNearbyAnswer(client, { keyword: top.pdNo, branchCode: usuallyShelved }),
    // "Near me": coordinates, no store asked about (a point beside the first store with the best match).
    nearPoint: await findProductNearbyAnswer(client, { keyword, latitude: 37.5665, longitude: 126.978 }),
  }
  const nearbyStoresArgs = { latitude: 37.5665, longitude: 126.978, pageSize: 10 }
  const nearbyStores = await client.callTool({ name: 'search_nearby_stores', arguments: nearbyStoresArgs })
  t.notOk(nearbyStores.isError, 'precondition: stores near a point')
  const failed = await client.callTool({ name: 'find_product_nearby', arguments: { keyword } })
  t.equal(failed.isError, true, 'precondition: a failed call')
  // Preconditions, so a change in the data fails here rather than as a puzzling view assertion.
  t.match(answers.onB1?.answer.here?.items[0], { productId: top.pdNo, floorLabel: 'B1', placement: 'known' }, 'precondition: B1')
  t.match(answers.noShelf?.answer.here?.items[0], { productId: top.pdNo, floorLabel: null, placement: 'unknown' }, 'precondition: no shelf')
  t.same(answers.soldOut?.answer.here?.items, [], 'precondition: sold out')
  t.match(answers.usualShelf?.answer.here, { items: [], usualShelf: { placement: 'known' } }, 'precondition: a usual shelf')

  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./app-host/host.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  const hostOrigin = await serve(t, '127.0.0.1', {
    '/host.html': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><meta charset="utf-8"><title>host</title><body><script src="/host.js"></script>',
    },
    '/host.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0]?.text ?? '' },
  })
  const viewOrigin = await serve(t, 'localhost', {
    '/view.html': { type: 'text/html; charset=utf-8', body: viewHtml, headers: { 'content-security-policy': DEFAULT_VIEW_CSP } },
  })
  t.not(new URL(hostOrigin).origin, new URL(viewOrigin).origin, 'the view has an origin of its own')

  const browser = await launchChromium(t)
  const userDataDir = await mkdtemp(join(tmpdir(), 'store-finder-app-view-'))
  t.teardown(() => rm(userDataDir, { recursive: true, force: true }))
  await mkdir(ARTIFACTS, { recursive: true })

  /** The host page with the view at `width`; records console errors, CSP violations and any request off the two origins. */
  async function openHost(width: number, theme: 'light' | 'dark', locale = 'ko-KR') {
    const context: BrowserContext = await browser.newContext({ viewport: { width: width + 40, height: 900 }, deviceScaleFactor: 1 })
    t.teardown(() => context.close())
    const problems: string[] = []
    const offOrigin: string[] = []
    await context.route('**/*', (route) => {
      const target = new URL(route.request().url())
      if (target.origin === hostOrigin || target.origin === viewOrigin) return route.continue()
      offOrigin.push(route.request().url())
      return route.abort()
    })
    // Before any script of the page or the view: CSP violations are reported as events in the frame.
    await context.addInitScript({
      content: `globalThis.__violations = []; document.addEventListener('securitypolicyviolation', (e) => globalThis.__violations.push(e.violatedDirective + ' ' + e.blockedURI))`,
    })
    const page: Page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await page.goto(
      `${hostOrigin}/host.html?width=${width}&theme=${theme}&locale=${locale}&view=${encodeURIComponent(`${viewOrigin}/view.html`)}`,
    )
    await page.evaluate('host.ready()')
    const frame = page.frames().find((f) => f.url().startsWith(viewOrigin)) as Frame
    const log = async () => (await page.evaluate('host.log')) as Log
    const sizes = async () => (await page.evaluate('host.sizes()')) as number[]
    const violations = async () => (await frame.evaluate('globalThis.__violations')) as string[]
    const send = async (answer: NearbyAnswer) => {
      await page.evaluate(
        (result) => (globalThis as unknown as { host: { sendToolResult(r: unknown): Promise<void> } }).host.sendToolResult(result),
        answer.result as unknown,
      )
      await frame.waitForSelector('.map svg')
    }
    /** Waits until the view has reported the height it has now and the host has applied it, then two frames more. */
    const settled = async () => {
      await page.waitForFunction('host.settled()', undefined, { polling: 50 })
      await frame.evaluate(BROWSER.twoFrames)
    }
    /** The whole view: the viewport grows to the iframe first (Chromium paints a cross-origin frame only where it is visible). */
    const screenshot = async (name: string) => {
      const height = (await page.evaluate('host.iframeHeight()')) as number
      await page.setViewportSize({ width: width + 40, height: Math.ceil(height) + 20 })
      await frame.evaluate(BROWSER.twoFrames)
      await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true })
    }
    return { page, frame, problems, offOrigin, log, sizes, violations, send, settled, screenshot }
  }

  t.test('Korean is drawn with Korean glyphs, not boxes (the screenshots are worth looking at)', async (t) => {
    const host = await openHost(360, 'light')
    await host.send(answers.onB1!)
    const glyphs = (await host.frame.evaluate(KOREAN_GLYPHS_CHECK)) as KoreanGlyphs
    const advice = `fonts in ${glyphs.family}: install a Korean font (Debian: apt-get install fonts-noto-cjk)`
    t.equal(glyphs.distinct, glyphs.syllables, `each syllable its own glyph; ${advice}`)
    t.equal(glyphs.likeTheBox, 0, `no syllable drawn as the missing-glyph box; ${advice}`)
    t.equal(glyphs.blank, 0, 'no syllable left blank')
  })

  t.test('handshake, answer card with the floor badge, map, links and size, at 360 px', async (t) => {
    const host = await openHost(360, 'light')
    const first = (await host.log()).map((e) => e.event)
    t.same(
      first.slice(0, 2),
      ['ui/initialize', 'ui/notifications/initialized'],
      `the view asks ui/initialize first, then says initialized (${first.join(', ')})`,
    )
    t.equal(first[2], 'host:initialized', 'the host saw the handshake complete')

    await host.send(answers.onB1 as NearbyAnswer)
    await host.settled()
    const here = answers.onB1?.answer.here
    t.equal(await host.frame.textContent('.answer .store-name'), here?.store.name, 'the card names the asked store')
    t.equal(await host.frame.textContent('.answer .row .floor-badge'), 'B1', 'the shelf is a floor badge')
    t.equal(
      await host.frame.getAttribute('.answer .row .stock', 'data-stock'),
      String(here?.items[0]?.stock),
      'the stock is the number in the answer',
    )
    t.match(await host.frame.textContent('.answer .as-of'), /기준 재고/, 'when the stock was read')
    t.match(await host.frame.textContent('.answer .open'), /\d{2}:\d{2}–\d{2}:\d{2}/, 'the hours')
    const others = answers.onB1?.answer.stores.map((s) => s.store.code) ?? []
    t.ok(others.length > STORES_SHOWN, `precondition: more than ${STORES_SHOWN} other stores (${others.length})`)
    const listed = () => host.frame.$$eval('.stores .store', (items) => items.map((item) => item.getAttribute('data-code')))
    t.same(await listed(), others.slice(0, STORES_SHOWN), 'the nearest other stores, nearest first')
    t.equal(
      await host.frame.locator('.map svg .pt').count(),
      1 + 1 + (answers.onB1?.answer.stores.length ?? 0),
      'origin, the store and the others on the map',
    )
    t.equal(await host.frame.evaluate(BROWSER.mapHeight), MAP_HEIGHT, 'the map has its fixed height')
    t.equal(await host.frame.evaluate(BROWSER.noSideways), true, 'nothing wider than 360 px (no sideways scrolling)')

    await host.frame.click('.answer .map-link.kakao')
    await host.frame.click('.answer .map-link.naver')
    const opened = (await host.log()).filter((e) => e.event === 'host:open-link').map((e) => String(e.detail))
    t.match(opened[0], /^https:\/\/map\.kakao\.com\/link\/map\//, 'Kakao Map through the host')
    t.match(opened[1], /^https:\/\/map\.naver\.com\/p\/search\//, 'Naver Map through the host')
    t.match(decodeURIComponent(opened[0] ?? ''), here?.store.name ?? '', 'the link names the store')

    const drawn = await host.sizes()
    t.ok(drawn.length >= 1 && drawn.length <= 3, `a few size messages, not a loop (${drawn.join(', ')})`)
    const bodyHeight = () => host.frame.evaluate(BROWSER.bodyHeight)
    t.equal(drawn.at(-1), await bodyHeight(), 'the last size is the content height')
    // A bound against runaway growth, not a design size: five stores with facilities and two products each.
    t.ok(Number(drawn.at(-1)) < 2000, `the page is as tall as its content (${drawn.at(-1)} px)`)
    await host.screenshot('light-360.png')

    await host.frame.click('.nearby .more')
    await host.settled()
    t.same(await listed(), others, 'show all lists every other store')
    const expanded = await host.sizes()
    t.equal(expanded.length, drawn.length + 1, 'one size message for the taller page')
    t.equal(expanded.at(-1), await bodyHeight(), 'and it is the new content height')
    t.same(await host.violations(), [], 'no content-policy violation')
    t.same(host.offOrigin, [], 'no request off the two loopback origins')
    t.same(host.problems, [], 'no console errors')
  })

  t.test('unknown shelf, sold out and the theme switch', async (t) => {
    const host = await openHost(360, 'light')
    await host.send(answers.noShelf as NearbyAnswer)
    await host.settled()
    const firstRow = host.frame.locator('.answer .row').first()
    t.equal(await firstRow.locator('.floor-badge').count(), 0, 'no floor badge without a shelf')
    t.match(await firstRow.locator('.shelf-unknown').textContent(), /알 수 없음/, 'the shelf says unknown')
    t.equal(
      await firstRow.locator('.stock').getAttribute('data-stock'),
      String(answers.noShelf?.answer.here?.items[0]?.stock),
      'its stock is still known',
    )

    await host.send(answers.soldOut as NearbyAnswer)
    await host.settled()
    const stocks = await host.frame.$$eval('.answer .row .stock', (els) => els.map((el) => [el.getAttribute('data-stock'), el.textContent]))
    t.ok(stocks.length >= 1, 'rows for the products checked')
    t.ok(
      stocks.every(([state, text]) => state === 'soldout' && text === '품절'),
      'each product is sold out there, in words',
    )
    t.equal(await host.frame.locator('[data-stock="0"]').count(), 0, 'never a stock of 0')

    await host.send(answers.usualShelf as NearbyAnswer)
    await host.settled()
    const usualRow = host.frame.locator('.answer .row').first()
    t.equal(await usualRow.locator('.stock').getAttribute('data-stock'), 'soldout', 'sold out here')
    t.equal(
      await usualRow.locator('.usual-shelf .floor-badge').textContent(),
      answers.usualShelf?.answer.here?.usualShelf?.floorLabel,
      'and where the store usually shelves it',
    )
    t.match(await usualRow.locator('.usually').textContent(), /평소/, 'said as the usual place, not as stock')

    const before = await host.frame.evaluate(BROWSER.background)
    const sizesBefore = (await host.sizes()).length
    await host.page.evaluate("host.setTheme('dark')")
    await host.frame.waitForSelector('html[data-theme="dark"]', { state: 'attached' })
    await host.frame.evaluate(BROWSER.twoFrames)
    const after = await host.frame.evaluate(BROWSER.background)
    t.not(after, before, `the palette follows the host theme (${before} → ${after})`)
    t.equal((await host.sizes()).length, sizesBefore, 'a theme change sends no size message')
    await host.send(answers.onB1 as NearbyAnswer)
    await host.settled()
    await host.screenshot('dark-360.png')
    t.same(await host.violations(), [], 'no content-policy violation')
    t.same(host.offOrigin, [], 'no request off the two loopback origins')
    t.same(host.problems, [], 'no console errors')
  })

  t.test('wide, in English', async (t) => {
    const host = await openHost(900, 'light', 'en-US')
    await host.send(answers.onB1 as NearbyAnswer)
    await host.settled()
    t.match(await host.frame.textContent('.answer .row .stock'), /^\d+ in stock$/, 'in the host language')
    t.equal(await host.frame.evaluate('document.documentElement.lang'), 'en')
    const width = await host.frame.getAttribute('.map svg', 'width')
    t.ok(Number(width) > 600, `the map uses the width (${width} px)`)
    await host.screenshot('light-wide.png')
    const drawn = (await host.sizes()).length
    t.ok(drawn <= 3, `bounded size messages (${drawn})`)

    await host.send(answers.nearPoint as NearbyAnswer)
    await host.settled()
    t.equal(
      await host.frame.textContent('.answer .eyebrow'),
      'Nearest store that has it',
      'without a store asked about, the nearest that has it',
    )
    t.equal(
      await host.frame.textContent('.answer .store-name strong, .answer .store-name'),
      await host.frame.textContent('.answer .store-name'),
    )
    t.match(
      await host.frame.textContent('.answer .store-name'),
      answers.nearPoint?.answer.stores[0]?.store.name ?? '',
      'which is the first store',
    )

    await host.page.evaluate(
      (result) => (globalThis as unknown as { host: { sendToolResult(r: unknown): Promise<void> } }).host.sendToolResult(result),
      failed as unknown,
    )
    await host.frame.waitForSelector('.card.message')
    t.match(
      await host.frame.textContent('.card.message'),
      /The search failed/,
      'a failed call is shown as failed, never as an empty answer',
    )
    t.equal(await host.frame.locator('.map').count(), 0, 'and without a map')
    await host.settled()
    const sizes = await host.sizes()
    t.ok(sizes.length <= drawn + 2, `at most one size message per answer (${sizes.length - drawn} for 2)`)
    t.same(await host.violations(), [], 'no content-policy violation')
    t.same(host.problems, [], 'no console errors')

    // The detector itself: an image from elsewhere, added behind the view's back, is a violation it sees.
    await host.frame.evaluate("document.body.append(Object.assign(document.createElement('img'), { src: 'https://example.com/x.png' }))")
    await host.frame.evaluate(BROWSER.twoFrames)
    t.match(await host.violations(), [/^img-src https:\/\/example\.com/], 'a content-policy violation would be seen')
  })

  t.test('search_nearby_stores: the stores on the map, nearest first', async (t) => {
    const host = await openHost(360, 'light')
    await host.page.evaluate(
      (args) => (globalThis as unknown as { host: { sendToolInput(a: unknown): Promise<void> } }).host.sendToolInput(args),
      nearbyStoresArgs,
    )
    await host.page.evaluate(
      (result) => (globalThis as unknown as { host: { sendToolResult(r: unknown): Promise<void> } }).host.sendToolResult(result),
      nearbyStores as unknown,
    )
    await host.frame.waitForSelector('.map svg')
    await host.settled()
    const stores = (nearbyStores.structuredContent as { stores: { code: string }[] }).stores
    const listed = await host.frame.$$eval('.stores .store', (items) => items.map((item) => item.getAttribute('data-code')))
    t.same(
      listed,
      stores.map((s) => s.code),
      'every store, nearest first',
    )
    t.equal(await host.frame.locator('.map svg .pt.origin').count(), 1, 'the point asked about, from the tool input')
    t.equal(await host.frame.locator('.map svg .pt.store').count(), stores.length, 'and every store')
    t.equal(await host.frame.locator('.stock').count(), 0, 'no stock is claimed')
    t.equal(await host.frame.evaluate(BROWSER.noSideways), true, 'nothing wider than 360 px')
    await host.screenshot('stores-360.png')
    t.same(await host.violations(), [], 'no content-policy violation')
    t.same(host.problems, [], 'no console errors')
  })
})
