import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ERROR_CODES, ERROR_CODE_NAMES, errorCatalogueTable } from '../../src/errors.js'
import { GENERATED_BLOCKS, readBlock } from '../../scripts/generated-blocks.js'
import { buildTestApp } from '../helpers/app.js'
import { ROOT, headingAnchors, isMarkdown, read, repositoryFiles, resolveFrom } from '../helpers/citations.js'

t.test('every generated documentation block matches the code it is generated from (npm run docs)', async (t) => {
  for (const [path, blocks] of Object.entries(GENERATED_BLOCKS)) {
    const text = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    for (const [name, render] of Object.entries(blocks)) {
      t.equal(readBlock(text, name), await render(), `${path} block ${name} is current; run npm run docs`)
    }
  }
})

t.test('every relative link of every Markdown document resolves, anchors included', async (t) => {
  let checked = 0
  for (const file of repositoryFiles().filter(isMarkdown)) {
    const text = read(file)
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, mailto: …: not ours to check
      const [path = '', anchor] = target.split('#')
      const resolved = path === '' ? file : resolveFrom(file, path)
      checked++
      if (!existsSync(join(ROOT, resolved))) {
        t.fail(`${file} → ${target}: ${resolved} does not exist`)
        continue
      }
      if (anchor !== undefined && isMarkdown(resolved) && !headingAnchors(read(resolved)).has(decodeURIComponent(anchor))) {
        t.fail(`${file} → ${target}: ${resolved} has no heading #${anchor}`)
      }
    }
  }
  t.ok(checked > 50, `${checked} links checked`)
})

t.test('the link check can fail', async (t) => {
  t.ok(headingAnchors('## 4.5 Discovery documents').has('45-discovery-documents'), 'numbered headings lose their dots')
  t.ok(headingAnchors('## The questions people ask, and store keywords').has('the-questions-people-ask-and-store-keywords'))
  t.ok(headingAnchors('# A\n## A').has('a-1'), 'repeated headings are numbered')
  t.notOk(headingAnchors('```\n# not a heading\n```').has('not-a-heading'), 'fenced lines are not headings')
  t.equal(resolveFrom('docs/benchmark.md', 'bench/README.md'), 'docs/bench/README.md', 'a link is relative to its document')
})

t.test('the error catalogue is the one source of every error document', async (t) => {
  const { app } = await buildTestApp(t)
  const openapi = (await app.inject('/openapi.json')).json() as {
    components: { schemas: { Error: { properties: { code: { enum: string[] } } } } }
  }
  t.same(openapi.components.schemas.Error.properties.code.enum, ERROR_CODE_NAMES, 'the OpenAPI enum')
  const developers = (await app.inject({ url: '/developers', headers: { accept: 'text/markdown' } })).body
  t.ok(developers.includes(errorCatalogueTable()), '/developers (Markdown) carries the catalogue table')
  const html = (await app.inject('/developers')).body
  for (const name of ERROR_CODE_NAMES) t.match(html, name, `/developers (HTML) lists ${name}`)
  // Each status a code maps to is declared where an operation can answer it.
  const searchStores = (openapi as unknown as { paths: Record<string, { get: { responses: Record<string, { description: string }> } }> })
    .paths['/api/branches/search']?.get.responses
  t.match(searchStores?.['502']?.description, ERROR_CODES.upstream_error.when)
})
