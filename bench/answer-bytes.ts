import { measureAnswerBytes } from './lib/answer-bytes.js'

// `node --import tsx bench/answer-bytes.ts`: the bytes of each tool's typical MCP answer, before and after
// #32, against the simulator (no timing; `BENCH_ONLY=11 npm run bench` prints the same table).
const rows = await measureAnswerBytes()
const pad = (value: string | number, width: number) => String(value).padStart(width)
console.log(
  `${'tool'.padEnd(26)} ${'args'.padEnd(44)} ${pad('before', 8)} ${pad('wire', 7)} | ${pad('struct', 7)} ${pad('text', 6)} ${pad('wire', 6)} text/struct`,
)
for (const r of rows) {
  console.log(
    `${r.tool.padEnd(26)} ${JSON.stringify(r.arguments).slice(0, 44).padEnd(44)} ${pad(r.before.structured, 8)} ${pad(r.before.wire, 7)} | ${pad(r.after.structured, 7)} ${pad(r.after.text, 6)} ${pad(r.after.wire, 6)} ${(r.after.text / r.after.structured).toFixed(3)}`,
  )
}
if (process.env['SHOW_TEXT']) for (const r of rows) console.log(`\n--- ${r.tool} ${JSON.stringify(r.arguments)}\n${r.text}`)
