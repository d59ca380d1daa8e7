// Rewrites src/upstream/expected-shapes.json from the recorded samples in test/upstream/samples/. Run it
// after recording a new sample on purpose, then review the diff: every added, renamed or dropped upstream
// field shows there, and doctor and /api/health/upstream compare live replies with that file.
import { readFileSync, writeFileSync } from 'node:fs'
import { SHAPE_STEPS, shapeOf } from '../src/upstream/shape.js'

const shapes = Object.fromEntries(
  SHAPE_STEPS.map((step) => [
    step,
    shapeOf(JSON.parse(readFileSync(new URL(`../test/upstream/samples/${step}.json`, import.meta.url), 'utf8')) as unknown),
  ]),
)
writeFileSync(new URL('../src/upstream/expected-shapes.json', import.meta.url), `${JSON.stringify(shapes, null, 2)}\n`)
process.stdout.write('src/upstream/expected-shapes.json rewritten from test/upstream/samples/\n')
