#!/usr/bin/env node
// Reads tap's TAP stream (a file, or stdin) and prints what failed as one line a failure: the test file and
// the path of subtest names down to the failing assertion. A failing run of the whole suite is tens of
// thousands of lines; this is the part a person reads. Exit code 0 always: the run's own status decides.
//
//   npm test 2>&1 | tee run.log; node scripts/tap-failures.mjs run.log

import { readFileSync } from 'node:fs'

const text = readFileSync(process.argv[2] ?? 0, 'utf8')
/** Subtest names by nesting depth (4 spaces a level, as tap indents). */
const names = []
const failures = []
for (const raw of text.split('\n')) {
  const line = raw.replace(/\r$/, '')
  const indent = /^ */.exec(line)[0].length
  const depth = Math.floor(indent / 4)
  const body = line.slice(indent)
  const subtest = /^# Subtest: (.*)$/.exec(body)
  if (subtest) {
    names.length = depth
    names[depth] = subtest[1]
    continue
  }
  const notOk = /^not ok \d+(?: - (.*?))?(?: # (?:time=\S+|TODO.*|SKIP.*))?$/.exec(body)
  if (notOk && !/# TODO/.test(body)) {
    failures.push([...names.slice(0, depth), notOk[1] ?? '(unnamed)'])
  }
}
// A subtest fails because something inside it did: keep the deepest failures, drop the parents they imply.
const key = (path) => path.join('\u0000')
const leaves = failures.filter(
  (path) => !failures.some((other) => other.length > path.length && key(other).startsWith(key(path) + '\u0000')),
)
// A parent's own "not ok" line repeats its subtest's name: show each path once.
const seen = new Set()
const lines = []
for (const path of leaves) {
  const shown = path.filter((name, i) => i === 0 || name !== path[i - 1])
  const line = shown.join(' > ')
  if (!seen.has(line)) {
    seen.add(line)
    lines.push(line)
  }
}
if (lines.length > 0) {
  console.log(`\nFailed (${lines.length}):`)
  for (const line of lines) console.log(`  - ${line}`)
}
