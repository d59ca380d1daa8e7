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

/**
 * Evaluated in a page or frame: whether Korean text is drawn with real glyphs there, in the page's own
 * font stack. Without a Korean font (Debian: fonts-noto-cjk) Chromium draws every syllable as the same
 * box (tofu), and a screenshot test would pass on a page no one can read. Each syllable is drawn on a
 * canvas and compared with the others and with a private-use character no font has (drawn as the box).
 */
export const KOREAN_GLYPHS_CHECK = `(() => {
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif'
  const canvas = document.createElement('canvas')
  canvas.width = 48
  canvas.height = 48
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  const draw = (text) => {
    ctx.clearRect(0, 0, 48, 48)
    ctx.font = '32px ' + family
    ctx.fillStyle = '#000'
    ctx.textBaseline = 'top'
    ctx.fillText(text, 4, 4)
    return Array.from(ctx.getImageData(0, 0, 48, 48).data).join(',')
  }
  const box = draw('\\uE000')
  const syllables = ['다', '이', '소', '층']
  const drawn = syllables.map(draw)
  return {
    family,
    syllables: syllables.length,
    distinct: new Set(drawn).size,
    likeTheBox: drawn.filter((d) => d === box).length,
    blank: drawn.filter((d) => !/[1-9]/.test(d)).length,
  }
})()`

export interface KoreanGlyphs {
  family: string
  syllables: number
  /** How many different drawings the syllables gave: all of them with a Korean font, 1 with tofu. */
  distinct: number
  likeTheBox: number
  blank: number
}
