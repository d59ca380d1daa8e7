import { readFileSync } from 'node:fs'
import t from 'tap'
import { REPLY_SCHEMAS } from '../../src/upstream/schemas.js'
import { EXPECTED_SHAPES, SHAPE_STEPS, compareShapes, describeDrift, shapeOf } from '../../src/upstream/shape.js'

// One recorded reply per upstream endpoint the client calls: the records of docs/upstream-protocol.md §7
// (store 10224, product 1049275 and its stock "3", placement floor "2" zone "60"), completed with the
// fields the simulator sends around them.
const sample = (step: string): unknown => JSON.parse(readFileSync(new URL(`samples/${step}.json`, import.meta.url), 'utf8')) as unknown

t.test('every recorded sample passes the zod schema the client reads it with', async (t) => {
  for (const step of SHAPE_STEPS) {
    const parsed = REPLY_SCHEMAS[step].safeParse(sample(step))
    t.ok(parsed.success, `${step}: ${parsed.success ? 'valid' : JSON.stringify(parsed.error.issues[0])}`)
  }
})

t.test('every sample has exactly the committed shape (src/upstream/expected-shapes.json)', async (t) => {
  t.same(Object.keys(EXPECTED_SHAPES).sort(), [...SHAPE_STEPS].sort())
  for (const step of SHAPE_STEPS) {
    const drift = compareShapes(EXPECTED_SHAPES[step], shapeOf(sample(step)))
    // A reviewed change: record the sample, run `node --import tsx scripts/write-expected-shapes.ts`, commit both.
    t.same(drift.map(describeDrift), [], `${step}: the sample and the committed shape agree`)
    t.same(shapeOf(sample(step)), EXPECTED_SHAPES[step], `${step}: same paths and types, as written by the script`)
  }
})

t.test('shapeOf: sorted field paths with JSON types, arrays merged over their items', async (t) => {
  t.same(shapeOf({ b: [{ x: '1' }, { x: null, y: 2 }], a: { c: true }, e: [] }), {
    a: 'object',
    'a.c': 'boolean',
    b: 'array',
    'b[]': 'object',
    'b[].x': 'null|string',
    'b[].y': 'number',
    e: 'array',
  })
  t.same(Object.keys(shapeOf({ z: 1, a: 1, m: 1 })), ['a', 'm', 'z'])
})

t.test('compareShapes names renamed, dropped, added and retyped fields, and nothing else', async (t) => {
  const expected = shapeOf(sample('stock'))
  const rows = (row: Record<string, unknown>) => ({ ...(sample('stock') as object), data: [row] })
  t.same(compareShapes(expected, expected), [])

  const renamed = compareShapes(expected, shapeOf(rows({ pdNo: '1', strCd: '2', sleStsCd: '1', stock: '3' })))
  t.same(renamed.map(describeDrift), ['missing data[].stck (string)', 'added data[].stock (string)'])

  const retyped = compareShapes(expected, shapeOf(rows({ pdNo: '1', strCd: '2', sleStsCd: '1', stck: 3 })))
  t.same(retyped, [{ change: 'changed', path: 'data[].stck', expected: 'string', actual: 'number' }])

  // A null says nothing about a type, and an empty list nothing about its rows' fields.
  t.same(compareShapes(expected, shapeOf(rows({ pdNo: '1', strCd: '2', sleStsCd: '1', stck: null }))), [])
  t.same(compareShapes(expected, shapeOf({ ...(sample('stock') as object), data: [] })), [])
  t.same(compareShapes(shapeOf({ a: null }), shapeOf({ a: 'now a string' })), [], 'a field recorded only as null takes any type')

  // A renamed subtree is named once, at its top.
  const moved = compareShapes(expected, shapeOf({ ...(sample('stock') as object), data: undefined, rows: [{ stck: '3' }] }))
  t.same(moved.map(describeDrift), ['missing data (array)', 'added rows (array)'])
})
