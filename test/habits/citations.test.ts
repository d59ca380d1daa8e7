import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, commentLines, isCode, isMarkdown, read, repositoryFiles, resolveFrom, sectionNumbers } from '../helpers/citations.js'

/*
 * Every note can be followed: a path a comment or document cites exists, a "§N" names a section of the
 * document it cites (docs/spec.md, docs/upstream-protocol.md), and nothing points outside the house
 * (a machine's absolute path, an issue number). Relative Markdown links: docs-in-sync.test.ts.
 */

/** The documents a section sign may cite, by the names a citation uses for them. */
const CITABLE: Record<string, string> = {
  'spec.md': 'docs/spec.md',
  'docs/spec.md': 'docs/spec.md',
  'upstream-protocol.md': 'docs/upstream-protocol.md',
  'docs/upstream-protocol.md': 'docs/upstream-protocol.md',
}
const SECTIONS = new Map(Object.values(CITABLE).map((doc) => [doc, sectionNumbers(read(doc))]))

/** A repository path as prose cites it: a top folder, then a file with an extension or a folder ending in `/`. */
const CITED_PATH =
  /(?<![\w./@-])((?:src|tools|http|cli|bin|simulator|bench|scripts|test|docs|fixtures|deploy)\/(?:[\w.-]+\/)*(?:[\w-]+(?:\.[\w-]+)*\.(?:ts|js|mjs|md|json|yaml|yml|txt)(?!\w)|(?=[\s`'")\],;:]|$)))/g
/** A section sign with its number, or a document a section sign may belong to (the last one before it wins). */
const SECTION_OR_DOCUMENT = /§(\d+(?:\.\d+)*)|((?:docs\/)?(?:spec|upstream-protocol)\.md)|(RFC ?\d+)/g
const MARKDOWN_LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g

interface Note {
  file: string
  line: number
  text: string
}

/** What each file says in prose: comments of code, the whole of Markdown. */
function notes(): Note[] {
  const out: Note[] = []
  for (const file of repositoryFiles()) {
    if (!isCode(file) && !isMarkdown(file)) continue
    const text = read(file)
    const lines = isCode(file) ? commentLines(text) : text.split('\n')
    lines.forEach((line, i) => {
      if (line.trim() !== '') out.push({ file, line: i + 1, text: line })
    })
  }
  return out
}

const NOTES = notes()
const where = (note: Note) => `${note.file}:${note.line}`

t.test('every repository path a comment or document cites exists', async (t) => {
  let checked = 0
  for (const note of NOTES) {
    for (const [, path] of note.text.matchAll(CITED_PATH)) {
      if (!path) continue
      checked++
      if (!existsSync(join(ROOT, path))) t.fail(`${where(note)} cites ${path}, which does not exist`)
    }
  }
  t.ok(checked > 100, `${checked} path citations checked`)
})

/** The document each section sign of a line cites, or undefined when the line names none (RFCs are not ours to check). */
function sectionCitations(note: Note): Array<{ section: string; document: string | null | undefined }> {
  const out: Array<{ section: string; document: string | null | undefined }> = []
  // A sign inside a Markdown link's text cites the linked document.
  const linked: Array<{ from: number; to: number; document: string | null }> = []
  for (const link of note.text.matchAll(MARKDOWN_LINK)) {
    const target = (link[2] ?? '').split('#')[0] ?? ''
    const document = /^[a-z]+:/.test(target) ? null : target === '' ? note.file : resolveFrom(note.file, target)
    linked.push({ from: link.index, to: link.index + (link[1] ?? '').length + 1, document })
  }
  const self = Object.values(CITABLE).includes(note.file) ? note.file : undefined
  let current: string | null | undefined = self
  for (const match of note.text.matchAll(SECTION_OR_DOCUMENT)) {
    if (match[2]) current = CITABLE[match[2]]
    else if (match[3]) current = null
    else if (match[1]) {
      const inLink = linked.find((l) => match.index > l.from && match.index < l.to)
      out.push({ section: match[1], document: inLink ? inLink.document : current })
    }
  }
  return out
}

t.test('every § names a section of the document it cites', async (t) => {
  let checked = 0
  for (const note of NOTES) {
    for (const { section, document } of sectionCitations(note)) {
      if (document === null) continue
      checked++
      if (document === undefined) {
        t.fail(`${where(note)}: §${section} names no document; write docs/spec.md §${section} or docs/upstream-protocol.md §${section}`)
        continue
      }
      const sections = SECTIONS.get(document)
      if (!sections) t.fail(`${where(note)}: §${section} cites ${document}, which has no numbered sections`)
      else if (!sections.has(section)) t.fail(`${where(note)}: ${document} has no section ${section}`)
    }
  }
  t.ok(checked > 30, `${checked} section citations checked`)
})

t.test('no note points outside the repository', async (t) => {
  const outside = [
    { pattern: /(?<![\w.])\/(?:work|home|Users|tmp)\/[\w.-]+/, what: "a machine's absolute path" },
    { pattern: /\bissues? #?\d+\b/i, what: 'an issue number (say what it asked for instead)' },
  ]
  for (const note of NOTES) {
    for (const { pattern, what } of outside) {
      const found = pattern.exec(note.text)
      if (found) t.fail(`${where(note)}: ${what}: ${found[0]}`)
    }
  }
  t.pass('checked')
})

t.test('the checks can fail', async (t) => {
  const note = (file: string, text: string): Note => ({ file, line: 1, text })
  t.same(sectionCitations(note('src/a.ts', '// (spec §7)')), [{ section: '7', document: undefined }], 'a bare "spec §7" names no document')
  t.same(
    sectionCitations(note('src/a.ts', '// (docs/upstream-protocol.md §2.5, §3.1)')).map((c) => c.document),
    ['docs/upstream-protocol.md', 'docs/upstream-protocol.md'],
    'a list of sections cites one document',
  )
  t.same(sectionCitations(note('docs/rest.md', '([spec §5](spec.md#5-authentication))')), [{ section: '5', document: 'docs/spec.md' }])
  t.same(sectionCitations(note('http/a.ts', '// RFC 9727 §2: …')), [{ section: '2', document: null }], 'RFCs are not checked')
  t.notOk(SECTIONS.get('docs/spec.md')?.has('10'), 'the contract has no §10')
  t.ok(SECTIONS.get('docs/upstream-protocol.md')?.has('4.6'), 'the protocol has §4.6')
  const paths = [...'see src/nowhere.ts, tools/list and docs/ and `src/upstream/fleet/`'.matchAll(CITED_PATH)].map((m) => m[1])
  t.same(paths, ['src/nowhere.ts', 'docs/', 'src/upstream/fleet/'], 'files and folders are citations; tools/list (a method) is not')
})
