import type { BenchContext, ScenarioRow } from '../lib/context.js'
import { measureAnswerBytes } from '../lib/answer-bytes.js'

/**
 * Scenario 12: each tool's typical MCP answer in bytes, before #32 (the REST shape as structuredContent and
 * its JSON again as text; find_product_nearby with 20 stores; image URLs always) and now (a 2026-07-28
 * client: the lean shape and a text reading of it). In this process, against its own simulator: sizes only.
 */
export async function answerBytesScenario(_ctx: BenchContext): Promise<ScenarioRow> {
  const rows = await measureAnswerBytes()
  const nearby = rows.find((r) => r.tool === 'find_product_nearby' && r.arguments['keyword'] === '수납')
  const ratios = rows.map((r) => r.after.text / r.after.structured)
  const figure = rows
    .map(
      (r) =>
        `${r.tool}${r.tool === 'find_product_nearby' ? ` ${String(r.arguments['keyword'])} ${'latitude' in r.arguments ? 'point' : 'store'}` : ''} ${r.before.wire} → ${r.after.wire} B`,
    )
    .join('; ')
  return {
    id: 15,
    title: 'MCP answer bytes per tool, before and after',
    figure: `on the wire (2026-07-28): ${figure}; text / structured ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
    target: 'find_product_nearby (5 stores): ≤ 5 KB structured, ≤ 8 KB on the wire',
    met: nearby ? nearby.after.structured <= 5 * 1024 && nearby.after.wire <= 8 * 1024 : null,
    data: { rows: rows.map(({ text: _text, ...row }) => row) },
    notes: ['Before: the REST shape as structuredContent plus the same JSON as text; find_product_nearby then listed 20 stores.'],
  }
}
