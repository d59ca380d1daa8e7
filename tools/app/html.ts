import { readFile } from 'node:fs/promises'

let html: Promise<string> | undefined

/**
 * The view's HTML, held in memory once loaded. Compiled (dist/), it is the file `npm run build` wrote
 * next to this module; from source (tsx: tests, `npm run dev`), it is built on first use, so it always
 * matches the source. No network either way.
 */
export function viewHtml(): Promise<string> {
  html ??= load().catch((error: unknown) => {
    html = undefined
    throw error
  })
  return html
}

async function load(): Promise<string> {
  if (import.meta.url.endsWith('.js')) return readFile(new URL('./view.html', import.meta.url), 'utf8')
  const { buildViewHtml } = await import('./build.js')
  return buildViewHtml()
}
