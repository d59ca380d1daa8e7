import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * What the citation habits read: the repository's own files, the comments in its code, the headings of
 * its Markdown documents. Shared by test/habits/citations.test.ts and docs-in-sync.test.ts.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The folders whose comments and documents are ours (generated and installed trees are not). */
export const SOURCE_ROOTS = ['src', 'tools', 'http', 'cli', 'bin', 'simulator', 'bench', 'scripts', 'test', 'docs', 'fixtures', 'deploy']
const SKIPPED = new Set(['node_modules', 'dist', 'dist-bundle', 'coverage', '.tap'])

/** Every file under the source roots (repository-relative, `/`-separated) plus the top-level Markdown files. */
export function repositoryFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else out.push(path)
    }
  }
  for (const dir of SOURCE_ROOTS) walk(dir)
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) if (entry.isFile() && entry.name.endsWith('.md')) out.push(entry.name)
  return out.sort()
}

export const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

export const isCode = (path: string): boolean => /\.(?:ts|js|mjs|cjs)$/.test(path)
export const isMarkdown = (path: string): boolean => path.endsWith('.md')

/**
 * The comment text of a source file, line by line (other lines empty, so line numbers hold): whole-line
 * comments, block-comment lines and trailing `//` comments. Good enough for prose; not a parser.
 */
export function commentLines(text: string): string[] {
  let inBlock = false
  return text.split('\n').map((line) => {
    const trimmed = line.trim()
    if (inBlock) {
      if (trimmed.includes('*/')) inBlock = false
      return line
    }
    if (trimmed.startsWith('/*')) {
      inBlock = !trimmed.includes('*/')
      return line
    }
    if (trimmed.startsWith('//')) return line
    const trailing = line.indexOf(' // ')
    return trailing >= 0 ? line.slice(trailing) : ''
  })
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const text = (heading[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    const base = text
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** The numbered sections of a document (`## 4. Endpoints`, `### 4.6 …` give `4` and `4.6`). */
export function sectionNumbers(markdown: string): Set<string> {
  const out = new Set<string>()
  for (const [, number] of markdown.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) out.add(number ?? '')
  return out
}

/** A path relative to the repository root, from a link in `from` (itself repository-relative). */
export function resolveFrom(from: string, target: string): string {
  return relative(ROOT, join(ROOT, from, '..', decodeURIComponent(target)))
    .split('\\')
    .join('/')
}
