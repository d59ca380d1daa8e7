import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import ts from 'typescript'

/**
 * A lookup in a plain object keyed by a name the caller chose finds what every object inherits:
 * `hints['toString']` is a function, `table['__proto__']` an object. That turned a tool argument named
 * `toString` into a 500. So, in the files that handle callers' names, a computed read of a plain-object
 * table (an object literal, or a `Record<string, …>`) must show that the key is the table's own:
 * `Object.hasOwn(table, key)` in the same function, a table made with `Object.create(null)`, or a
 * comment `own key: <why>` on the line or the line before. Maps need none of this (`.get`).
 * Syntax only (no type checker), so the habit stays fast; each rule is proven by a deliberate violation.
 */

const root = join(import.meta.dirname, '../..')

/** Where callers' names (query keys, argument names, methods, prompt names, Accept ranges) are looked up. */
const SCOPE = [
  'src/inputs.ts',
  'src/validation.ts',
  'src/keywords.ts',
  'src/stores/*.ts',
  'tools/*.ts',
  'tools/transports/*.ts',
  'tools/tools/*.ts',
  'http/*.ts',
  'http/routes/*.ts',
].map((glob) => `:(glob)${glob}`)

const PLAIN_TABLE_TYPE = /^(Readonly<)?(Partial<)?Record<string\b|^Hints$|^\{\s*\[\w+: string\]/

function isPlainTable(declaration: ts.VariableDeclaration | ts.ParameterDeclaration, sf: ts.SourceFile): boolean {
  let init = declaration.initializer
  while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression
  if (init && /^Object\.(create\(null\)|assign\(Object\.create\(null\))/.test(init.getText(sf))) return false
  if (init && ts.isObjectLiteralExpression(init)) return true
  return declaration.type !== undefined && PLAIN_TABLE_TYPE.test(declaration.type.getText(sf))
}

/** The nearest declaration of `name` seen from `node`: a parameter of an enclosing function, or a variable of an enclosing block. */
function declarationOf(node: ts.Node, name: string): ts.VariableDeclaration | ts.ParameterDeclaration | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isFunctionLike(at)) {
      const param = at.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name)
      if (param) return param
    }
    if (ts.isBlock(at) || ts.isSourceFile(at)) {
      for (const statement of at.statements) {
        if (!ts.isVariableStatement(statement)) continue
        const found = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name)
        if (found) return found
      }
    }
  }
  return undefined
}

const isLiteralKey = (node: ts.Expression) =>
  ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isPrefixUnaryExpression(node)

function isWrite(node: ts.ElementAccessExpression): boolean {
  const parent = node.parent
  return (
    ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken // `??=` and `||=` read first
  )
}

function enclosingFunction(node: ts.Node): ts.Node {
  let at: ts.Node = node
  while (at.parent && !ts.isFunctionLike(at)) at = at.parent
  return at
}

/** The module-level plain-object tables `code` exports, by name (so a file importing one is checked too). */
export function exportedTables(file: string, code: string): Set<string> {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const names = new Set<string>()
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
    for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && isPlainTable(d, sf)) names.add(d.name.text)
  }
  return names
}

/** The name `local` is imported under, when an import of this file binds it. */
function importedName(sf: ts.SourceFile, local: string): string | undefined {
  for (const statement of sf.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined
    if (!bindings || !ts.isNamedImports(bindings)) continue
    const found = bindings.elements.find((e) => e.name.text === local)
    if (found) return (found.propertyName ?? found.name).text
  }
  return undefined
}

/**
 * The unguarded computed reads of plain-object tables in `code`, as `file:line: text`; `imported` names
 * the plain tables other modules export (a table imported under one of those names is checked too).
 */
export function unguardedLookups(file: string, code: string, imported: ReadonlySet<string> = new Set()): string[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const isTable = (node: ts.Node, name: string) => {
    const declaration = declarationOf(node, name)
    if (declaration) return isPlainTable(declaration, sf)
    const source = importedName(sf, name)
    return source !== undefined && imported.has(source)
  }
  const lines = code.split('\n')
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && isTable(node, node.expression.text)) {
      const key = node.argumentExpression
      if (!isLiteralKey(key) && !isWrite(node)) {
        const table = node.expression.text
        const guard = new RegExp(`Object\\.hasOwn\\(\\s*${table}\\s*,\\s*${escape(key.getText(sf))}\\s*\\)`)
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
        const commented = /\/\/.*own key:/.test(lines[line] ?? '') || /\/\/.*own key:/.test(lines[line - 1] ?? '')
        if (!guard.test(enclosingFunction(node).getText(sf)) && !commented) found.push(`${file}:${line + 1}: ${node.getText(sf)}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

t.test('the rule catches a lookup keyed by a caller name, and accepts each way of showing an own key', async (t) => {
  const violations: Array<[string, string]> = [
    [
      'a parameter typed Record<string, string>',
      'export function hint(hints: Record<string, string>, name: string) {\n  return hints[name] ?? "x"\n}\n',
    ],
    ['a Hints parameter', 'export const f = (hints: Hints, key: string) => hints[key]\n'],
    ['a module-level object literal', "const TABLE = { a: 1, b: 2 } as const\nexport const f = (method: string) => TABLE[method as 'a']\n"],
    [
      'a plain table of the same name as a null-prototype one elsewhere',
      'const g = () => {\n  const hints: Hints = Object.create(null)\n  return hints\n}\nexport const f = (hints: Hints, k: string) => [g(), hints[k]]\n',
    ],
    ['a local object literal read with ??=', 'export function f(k: string) {\n  const seen = {}\n  return (seen[k] ??= 1)\n}\n'],
    [
      'a guard on another object',
      'export function f(shape: object, kinds: Record<string, string>, key: string) {\n  if (!Object.hasOwn(shape, key)) return\n  return kinds[key]\n}\n',
    ],
  ]
  for (const [why, code] of violations) t.equal(unguardedLookups('http/violation.ts', code).length, 1, `flagged: ${why}`)
  const exporter = "export const WORDS: Readonly<Record<string, string>> = { 주차: 'parking' }\n"
  t.same([...exportedTables('src/words.ts', exporter)], ['WORDS'], 'an exported table is known by name')
  const importer = "import { WORDS as W } from './words.js'\nexport const f = (word: string) => W[word]\n"
  t.equal(unguardedLookups('src/violation.ts', importer, exportedTables('src/words.ts', exporter)).length, 1, 'flagged: an imported table')

  const fine: Array<[string, string]> = [
    [
      'Object.hasOwn on the same table and key',
      'export const f = (hints: Hints, k: string) => (Object.hasOwn(hints, k) ? hints[k] : undefined)\n',
    ],
    [
      'a null-prototype table',
      'export function f(k: string) {\n  const t: Record<string, number> = Object.create(null)\n  return t[k]\n}\n',
    ],
    [
      'a null-prototype copy, beside a plain table of the same name elsewhere',
      'const g = (hints: Hints, k: string) => hints[k] // own key: proven by the caller\nexport function f(k: string, given: Hints) {\n  const hints: Hints = Object.assign(Object.create(null), given)\n  return [hints[k], g(hints, k)]\n}\n',
    ],
    [
      'a comment that says why the key is own',
      'export const f = (names: Record<string, string>, term: string) =>\n  // own key: terms come from our own texts\n  names[term]\n',
    ],
    ['a literal key', "export const f = (h: Record<string, string>) => h['keyword']\n"],
    ['a write', 'export function f(out: Record<string, string>, k: string) {\n  out[k] = "v"\n}\n'],
    ['a Map', 'const m = new Map<string, number>()\nexport const f = (k: string) => m.get(k)\n'],
    ['an array', 'export const f = (list: string[], i: number) => list[i]\n'],
  ]
  for (const [why, code] of fine) t.same(unguardedLookups('http/fine.ts', code), [], `accepted: ${why}`)
})

t.test('no unguarded lookup keyed by a caller name in the files that handle callers’ names', async (t) => {
  const files = execFileSync('git', ['ls-files', ...SCOPE], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  t.ok(files.length > 30, `${files.length} files in scope`)
  const sources = execFileSync('git', ['ls-files', ':(glob)src/**/*.ts', ':(glob)tools/**/*.ts', ':(glob)http/**/*.ts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
  const imported = new Set(sources.flatMap((file) => [...exportedTables(file, readFileSync(join(root, file), 'utf8'))]))
  t.ok(imported.has('FACILITY_WORDS'), 'exported tables are known (the facility words among them)')
  const found = files.flatMap((file) => unguardedLookups(file, readFileSync(join(root, file), 'utf8'), imported))
  t.same(found, [], 'each lookup shows its key is the table’s own (Object.hasOwn, Object.create(null), or // own key: why)')
})
