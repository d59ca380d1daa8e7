import type { ScenarioRow } from './context.js'

/** Terminal columns a string takes (Hangul and other wide characters take two). */
export function displayWidth(text: string): number {
  let width = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6)
    width += wide ? 2 : 1
  }
  return width
}

const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - displayWidth(text)))

export const metText = (met: boolean | null): string => (met === null ? 'n/a' : met ? 'yes' : 'NO')

/** A Markdown table (aligned for the terminal), ready to paste into docs/benchmark.md. */
export function renderTable(rows: readonly ScenarioRow[]): string {
  const header = ['#', 'scenario', 'figure(s)', 'target', 'met']
  const cells = rows.map((r) => [String(r.id), r.title, r.figure, r.target, metText(r.met)])
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[i] ?? ''))))
  const line = (values: string[]) => `| ${values.map((v, i) => pad(v, widths[i] ?? 0)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n')
}
