// Debian's Chromium for the browser tests, driven by playwright-core (no browser is ever downloaded).
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import type { Teardown } from './tap.js'

export const CHROMIUM = '/usr/bin/chromium'
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The skip reason for a browser test on a machine without Chromium; with CI set the test always runs,
 * so a missing browser fails there instead of passing unseen.
 */
export function skipWithoutChromium(what: string): string | false {
  return !existsSync(CHROMIUM) && !process.env['CI']
    ? `${CHROMIUM} is not installed (apt-get install chromium); ${what} needs it and runs in CI`
    : false
}

/** A headless Chromium, closed at teardown. */
export async function launchChromium(t: Teardown): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  t.teardown(() => browser.close())
  return browser
}
