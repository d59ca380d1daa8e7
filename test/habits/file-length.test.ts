import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'

const root = join(import.meta.dirname, '../..')
const LIMIT = 400

t.test('a source file over 400 lines says why at its top', async (t) => {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.js'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith('test/') && !file.startsWith('fixtures/'))
  t.ok(files.length > 50)
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    const lines = text.split('\n').length
    if (lines <= LIMIT) continue
    t.match(text.split('\n').slice(0, 3).join('\n'), /^\/\/ Why one file of over 400 lines: /, `${file} (${lines} lines)`)
  }
})
