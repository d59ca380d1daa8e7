import stringWidth from 'string-width'

export interface Column {
  header: string
  align?: 'left' | 'right'
  /**
   * May be cut with … when the table is wider than the terminal. Lower ranks give way first (an
   * address before a name), each down to `min` display columns before the next rank is touched.
   */
  shrink?: number
  /** The narrowest a shrinking column is cut to (12 unless given). */
  min?: number
}

/** Below this many columns a table of several columns is unreadable: rows are stacked, one field a line. */
export const STACK_BELOW = 60
const GUTTER = 2
const DEFAULT_MIN = 12

const segmenter = new Intl.Segmenter('ko', { granularity: 'grapheme' })

/** Cuts a cell to `width` terminal columns (Hangul takes two), ending in … when anything was cut. */
export function truncate(text: string, width: number): string {
  if (stringWidth(text) <= width) return text
  let out = ''
  let used = 0
  for (const { segment } of segmenter.segment(text)) {
    const w = stringWidth(segment)
    if (used + w > width - 1) break
    out += segment
    used += w
  }
  return `${out}…`
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - stringWidth(text)))
  return align === 'right' ? gap + text : text + gap
}

/**
 * A plain-text table whose columns line up in a terminal with Korean text: widths are display columns
 * (string-width), not string lengths. When it would be wider than `maxWidth` (the terminal's
 * `process.stdout.columns`), shrinkable columns give way in rank order; when even that does not fit, or
 * the terminal is narrower than STACK_BELOW, each row is printed as a block of "header  value" lines.
 */
export function renderTable(columns: Column[], rows: string[][], maxWidth = 120): string {
  const clean = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()))
  const widths = columns.map((column, i) => Math.max(stringWidth(column.header), ...clean.map((row) => stringWidth(row[i] ?? ''))))
  const total = () => widths.reduce((a, b) => a + b, 0) + GUTTER * (columns.length - 1)
  const ranks = [...new Set(columns.flatMap((c) => (c.shrink === undefined ? [] : [c.shrink])))].sort((a, b) => a - b)
  for (const rank of ranks) {
    for (;;) {
      const excess = total() - maxWidth
      if (excess <= 0) break
      // The widest column of this rank that can still give way.
      let widest = -1
      columns.forEach((column, i) => {
        const room = widths[i]! - (column.min ?? DEFAULT_MIN)
        if (column.shrink === rank && room > 0 && (widest < 0 || widths[i]! > widths[widest]!)) widest = i
      })
      if (widest < 0) break
      widths[widest] = Math.max(columns[widest]!.min ?? DEFAULT_MIN, widths[widest]! - excess)
    }
  }
  if (columns.length > 2 && (maxWidth < STACK_BELOW || total() > maxWidth)) return stacked(columns, clean, maxWidth)
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(truncate(cell, widths[i]!), widths[i]!, columns[i]!.align ?? 'left'))
      .join(' '.repeat(GUTTER))
      .trimEnd()
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '─'.repeat(w))), ...clean.map(line)].join('\n')
}

/** One block per row, one "header  value" line per column, a blank line between rows. */
function stacked(columns: Column[], rows: string[][], maxWidth: number): string {
  const labelWidth = Math.max(...columns.map((c) => stringWidth(c.header)))
  const valueWidth = Math.max(8, maxWidth - labelWidth - GUTTER)
  return rows
    .map((row) =>
      columns
        .map((column, i) => `${pad(column.header, labelWidth, 'left')}${' '.repeat(GUTTER)}${truncate(row[i] ?? '', valueWidth)}`.trimEnd())
        .join('\n'),
    )
    .join('\n\n')
}
