import stringWidth from 'string-width'

export interface Column {
  header: string
  align?: 'left' | 'right'
  /** Columns that may be cut with … when the table is wider than the terminal, widest first. */
  shrink?: boolean
}

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
 * (string-width), not string lengths. Shrinkable columns give way when the table would be wider than
 * `maxWidth`, so a long address does not wrap every row.
 */
export function renderTable(columns: Column[], rows: string[][], maxWidth = 120): string {
  const clean = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()))
  const widths = columns.map((column, i) => Math.max(stringWidth(column.header), ...clean.map((row) => stringWidth(row[i] ?? ''))))
  const gutter = 2
  const total = () => widths.reduce((a, b) => a + b, 0) + gutter * (columns.length - 1)
  const minimum = 8
  while (total() > maxWidth) {
    let widest = -1
    columns.forEach((column, i) => {
      if (column.shrink && widths[i]! > minimum && (widest < 0 || widths[i]! > widths[widest]!)) widest = i
    })
    if (widest < 0) break
    widths[widest] = Math.max(minimum, widths[widest]! - (total() - maxWidth))
  }
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(truncate(cell, widths[i]!), widths[i]!, columns[i]!.align ?? 'left'))
      .join(' '.repeat(gutter))
      .trimEnd()
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '─'.repeat(w))), ...clean.map(line)].join('\n')
}
