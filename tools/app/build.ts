import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VERSION } from '../../src/about.js'

/*
 * Builds the view: tools/app/view/*.ts bundled by esbuild into one inline script, the stylesheet
 * inlined, one HTML document with no external reference (the spec's default content policy allows
 * inline script and style and nothing from elsewhere). Run from source only (esbuild is a development
 * dependency): `npm run build` writes dist/tools/app/view.html with it, and a server running from
 * source builds it in memory (tools/app/html.ts).
 */

const VIEW_DIR = fileURLToPath(new URL('./view/', import.meta.url))

export async function buildViewHtml(): Promise<string> {
  const { build, transform } = await import('esbuild')
  const script = await build({
    entryPoints: [resolve(VIEW_DIR, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    define: { VIEW_VERSION: JSON.stringify(VERSION) },
    logLevel: 'silent',
  })
  const js = script.outputFiles[0]?.text ?? ''
  const css = (await transform(await readFile(resolve(VIEW_DIR, 'style.css'), 'utf8'), { loader: 'css', minify: true })).code
  return [
    '<!doctype html>',
    '<html lang="ko"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<title>Store Finder</title>',
    `<style>${css.trim().replace(/<\/style/gi, '<\\/style')}</style>`,
    '</head><body><main id="app" aria-live="polite"></main>',
    // An inline script may not contain "</script" anywhere, strings included.
    `<script>${js.trim().replace(/<\/script/gi, '<\\/script')}</script>`,
    '</body></html>',
    '',
  ].join('\n')
}

/** `node --import tsx tools/app/build.ts <out.html>`: the step `npm run build` runs after tsc. */
async function main(out: string): Promise<void> {
  const html = await buildViewHtml()
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, html)
  process.stdout.write(`view: ${out} (${Buffer.byteLength(html)} bytes)\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2]
  if (!out) {
    process.stderr.write('usage: node --import tsx tools/app/build.ts <out.html>\n')
    process.exit(2)
  }
  await main(resolve(out))
}
