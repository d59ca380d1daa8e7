import { existsSync, readFileSync } from 'node:fs'
import t from 'tap'
import { ERROR_CODES, ERROR_CODE_NAMES, errorCatalogueTable } from '../../src/errors.js'
import { GENERATED_BLOCKS, readBlock } from '../../scripts/generated-blocks.js'
import { buildTestApp } from '../helpers/app.js'

t.test('every generated documentation block matches the code it is generated from (npm run docs)', async (t) => {
  for (const [path, blocks] of Object.entries(GENERATED_BLOCKS)) {
    const text = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    for (const [name, render] of Object.entries(blocks)) {
      t.equal(readBlock(text, name), render(), `${path} block ${name} is current; run npm run docs`)
    }
  }
})

t.test('every relative link between the README and docs/ resolves', async (t) => {
  const files = [
    'README.md',
    ...Object.keys(GENERATED_BLOCKS),
    'docs/cli.md',
    'docs/operations.md',
    'docs/reliability.md',
    'docs/benchmark.md',
    'docs/upstream.md',
  ]
  for (const file of new Set(files)) {
    const url = new URL(`../../${file}`, import.meta.url)
    const text = readFileSync(url, 'utf8')
    for (const [, target] of text.matchAll(/\]\(((?:\.\.\/|docs\/|[\w-]+\.md)[^)#\s]*)(?:#[^)]*)?\)/g)) {
      t.ok(existsSync(new URL(target ?? '', url)), `${file} → ${target}`)
    }
  }
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
