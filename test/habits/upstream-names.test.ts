import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'

// The chain's wire names (endpoints such as selStrPkupStck, fields such as strCd and pdNo) stay in
// src/upstream/: the domain and the doors speak of stores, products and stock. Comments may name them
// (a comment saying which endpoint a rule is about helps the reader); code may not.
const root = join(import.meta.dirname, '../..')
const WIRE_NAMES = /\b(sel[A-Z]\w+|pdThumbSel\w*|authRequest|strCd|pdNo|stck|newIntSelStr)\b/

const files = execFileSync(
  'git',
  [
    'ls-files',
    'src/*.ts',
    'src/**/*.ts',
    'tools/*.ts',
    'tools/**/*.ts',
    'http/*.ts',
    'http/**/*.ts',
    'cli/*.ts',
    'cli/**/*.ts',
    'bin/*.ts',
  ],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file !== '' && !file.startsWith('src/upstream/'))

t.test('only src/upstream/ names the upstream wire', async (t) => {
  t.ok(files.length > 30)
  for (const file of files) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const code = line
          .replace(/\/\/.*$/, '')
          .replace(/^\s*\*.*$/, '')
          .replace(/\/\*.*?\*\//g, '')
        const found = WIRE_NAMES.exec(code)
        if (found) t.fail(`${file}:${index + 1} names the upstream wire (${found[0]}): keep it in src/upstream/`)
      })
  }
})

t.test('the check finds a wire name in code', async (t) => {
  t.match("throw new UpstreamError('bad_response', 'selStrPkupStck', 'x')", WIRE_NAMES)
  t.notMatch('stock unknown at the store', WIRE_NAMES)
})
