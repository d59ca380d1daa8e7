// The raw shape of an upstream reply, for noticing when the chain changes its API without notice: a
// field added, renamed or dropped shows as a difference between shapes even while zod still accepts the
// reply (the schemas read only the fields we use, and most of them may be missing or null).

import { createRequire } from 'node:module'

/** Field path → JSON type(s): `data[].strCd` → `string`; several types seen for one path are `null|string`. */
export type Shape = Record<string, string>

export type JsonType = 'array' | 'boolean' | 'null' | 'number' | 'object' | 'string'

export interface FieldDrift {
  change: 'added' | 'missing' | 'changed'
  path: string
  /** The type the committed snapshot has (missing, changed). */
  expected?: string
  /** The type the live reply has (added, changed). */
  actual?: string
}

const typeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : (typeof value as JsonType)

/**
 * Every field path of a JSON value with its type, sorted by path. Arrays are merged over their items
 * (`data[]` is the items' type, `data[].x` a field any item has), so the shape does not depend on how
 * many rows a reply carries.
 */
export function shapeOf(json: unknown): Shape {
  const seen = new Map<string, Set<JsonType>>()
  const visit = (value: unknown, path: string): void => {
    const type = typeOf(value)
    if (path !== '') {
      const types = seen.get(path) ?? new Set<JsonType>()
      types.add(type)
      seen.set(path, types)
    }
    if (type === 'array') for (const item of value as unknown[]) visit(item, `${path}[]`)
    else if (type === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        // As JSON.stringify does: an undefined member is no member.
        if (child !== undefined) visit(child, path === '' ? key : `${path}.${key}`)
      }
    }
  }
  visit(json, '')
  return Object.fromEntries(
    [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, types]) => [path, [...types].sort().join('|')]),
  )
}

/** Merges shapes of several replies of one endpoint (as if they were items of one array). */
export function mergeShapes(shapes: Shape[]): Shape {
  const merged = new Map<string, Set<string>>()
  for (const shape of shapes) {
    for (const [path, types] of Object.entries(shape)) {
      const set = merged.get(path) ?? new Set<string>()
      for (const type of types.split('|')) set.add(type)
      merged.set(path, set)
    }
  }
  return Object.fromEntries([...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, t]) => [p, [...t].sort().join('|')]))
}

function parentOf(path: string): string | null {
  if (path.endsWith('[]')) return path.slice(0, -2)
  const dot = path.lastIndexOf('.')
  return dot === -1 ? null : path.slice(0, dot)
}

const types = (shape: Shape, path: string): Set<string> => new Set((shape[path] ?? '').split('|').filter((t) => t !== ''))
const withoutNull = (set: Set<string>): Set<string> => new Set([...set].filter((t) => t !== 'null'))

/**
 * Whether `shape` can say anything about `path`: its parent is there and holds something (a null parent or
 * an empty array says nothing about the fields below it, so those are not "missing").
 */
function parentSeen(shape: Shape, path: string): boolean {
  const parent = parentOf(path)
  if (parent === null) return true
  return parent in shape && withoutNull(types(shape, parent)).size > 0
}

/**
 * The field-level difference between the committed shape and a live one: fields added or missing (only
 * the topmost of a renamed subtree, not every field below it) and fields whose type changed. A null says
 * nothing about a field's type, so null against a type is no change; a field the snapshot has only as
 * null takes any type.
 */
export function compareShapes(expected: Shape, actual: Shape): FieldDrift[] {
  const drift: FieldDrift[] = []
  for (const [path, type] of Object.entries(expected)) {
    if (!(path in actual)) {
      // No items is an empty array, not a dropped field.
      if (!path.endsWith('[]') && parentSeen(actual, path)) drift.push({ change: 'missing', path, expected: type })
      continue
    }
    const want = withoutNull(types(expected, path))
    const got = withoutNull(types(actual, path))
    if (want.size > 0 && [...got].some((t) => !want.has(t))) drift.push({ change: 'changed', path, expected: type, actual: actual[path] })
  }
  for (const [path, type] of Object.entries(actual)) {
    if (!(path in expected) && parentSeen(expected, path)) drift.push({ change: 'added', path, actual: type })
  }
  return drift.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.change < b.change ? -1 : 1))
}

/** One line per drifted field: `missing data[].x (string)`, `added data[].y (string)`, `changed data[].z: string → number`. */
export function describeDrift(entry: FieldDrift): string {
  if (entry.change === 'changed') return `changed ${entry.path}: ${entry.expected} → ${entry.actual}`
  return `${entry.change} ${entry.path} (${entry.change === 'added' ? entry.actual : entry.expected})`
}

/** The probe's steps, each one upstream endpoint; the committed shapes are keyed by them. */
export const SHAPE_STEPS = ['store_search', 'catalogue_search', 'preauth', 'stock', 'placement'] as const
export type ShapeStep = (typeof SHAPE_STEPS)[number]

/**
 * The committed snapshot (src/upstream/expected-shapes.json): the shape of each recorded sample in
 * test/upstream/samples/, reviewed when it changes. The samples' test keeps the two in step.
 */
// Read with require, not an import attribute, which Node 20 before 20.10 cannot parse (engines: >=20); the
// type reference keeps the file in the compiled program, so the build copies it beside this module.
export const EXPECTED_SHAPES: Readonly<Record<ShapeStep, Shape>> = createRequire(import.meta.url)(
  './expected-shapes.json',
) as typeof import('./expected-shapes.json')
