import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { CLI_VOCABULARY } from '../../cli/inputs.js'
import { REST_VOCABULARY, SANDBOX_VOCABULARY } from '../../http/inputs.js'
import * as operations from '../../src/operations.js'
import type { Operation } from '../../src/inputs.js'
import { TERMS, speak, unknownTerms } from '../../src/vocabulary.js'
import { MCP_VOCABULARY, STDIO_VOCABULARY } from '../../tools/vocabulary.js'

const root = join(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'upstream' ? [] : sources(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

// A template literal's `${x}` is code, not a placeholder.
const PLACEHOLDER_IN_SOURCE = /(?<!\$)\{([A-Za-z]+)\}/g

t.test('the domain names concepts only by known terms', async (t) => {
  const seen = new Set<string>()
  for (const file of sources(join(root, 'src'))) {
    for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue // comments talk about `{term}` itself
      for (const match of line.matchAll(PLACEHOLDER_IN_SOURCE)) {
        const term = match[1] as string
        seen.add(term)
        t.ok((TERMS as readonly string[]).includes(term), `${file.slice(root.length + 1)}:${index + 1} uses {${term}}`)
      }
    }
  }
  t.ok(seen.size >= 8, 'domain text does use the vocabulary')
})

t.test('the domain names no door: no REST parameter, path or MCP tool in src/', async (t) => {
  const doorWords =
    /\b(curLttd|curLitd|branchCd|search_stores|search_nearby_stores|search_products|search_catalogue|find_product_nearby|get_product_availability)\b|\/api\/(branches|products|catalogue)/
  for (const file of sources(join(root, 'src'))) {
    if (file.endsWith('config.ts')) continue
    for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue // comments may explain the doors
      t.notOk(doorWords.test(line), `${file.slice(root.length + 1)}:${index + 1}: ${line.trim()}`)
    }
  }
})

const vocabularies = { REST_VOCABULARY, SANDBOX_VOCABULARY, MCP_VOCABULARY, STDIO_VOCABULARY, CLI_VOCABULARY }

t.test('every door names every term, and its words leave no placeholder behind', async (t) => {
  const texts = Object.values(operations as Record<string, unknown>)
    .filter((value): value is Operation => typeof value === 'object' && value !== null && 'params' in value)
    .flatMap((operation) => Object.values(operation.params).flatMap((p) => [p.about, p.hint]))
  t.ok(texts.length > 20)
  for (const text of texts) t.same(unknownTerms(text), [], text)
  for (const [name, vocabulary] of Object.entries(vocabularies)) {
    t.same(Object.keys(vocabulary).sort(), [...TERMS].sort(), `${name} names every term`)
    for (const text of texts) t.notMatch(speak(text, vocabulary), /(?<!\/api\/[a-z/]*)\{[A-Za-z]+\}/, `${name}: ${text}`)
  }
})

t.test('speak puts in the door names once, and leaves what is not a term alone', async (t) => {
  t.equal(speak('Send {storeCode} from {searchStores}.', REST_VOCABULARY), 'Send branchCode from GET /api/branches/search.')
  t.equal(speak('{getStore}', REST_VOCABULARY), 'GET /api/branches/{code}', 'a name with braces is not spoken again')
  t.equal(
    speak("keyword '{constructor}' or {toString}", REST_VOCABULARY),
    "keyword '{constructor}' or {toString}",
    'echoed input stays as sent',
  )
})
