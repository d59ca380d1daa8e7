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

export interface Group {
  /** The block's first line: its first cell right-aligned across the blocks (a distance), the rest as they are. */
  heading: string[]
  /** Lines beneath it: the first cell (a name) gives way when the line is too wide; the next two (numbers) are right-aligned. */
  rows: string[][]
}

/** Below this, a row's first cell gets a line of its own and the other cells go on the next. */
const GROUP_NAME_MIN = 16

/**
 * Blocks of rows under their own heading (a store and its products), each block separated by a blank
 * line: the heading never scrolls away from its rows, as a table's header does. Widths by display column.
 */
export function renderGroups(groups: Group[], maxWidth = 120): string {
  const clean = (cell: string) => cell.replace(/\s+/g, ' ').trim()
  const leadWidth = Math.max(0, ...groups.map((g) => stringWidth(clean(g.heading[0] ?? ''))))
  const indent = ' '.repeat(leadWidth + GUTTER)
  const cells = groups.flatMap((g) => g.rows.map((row) => row.map(clean)))
  const restCount = Math.max(0, ...cells.map((row) => row.length - 1))
  const restWidths = Array.from({ length: restCount }, (_, i) => Math.max(0, ...cells.map((row) => stringWidth(row[i + 1] ?? ''))))
  const restTotal = restWidths.reduce((a, b) => a + b + GUTTER, 0)
  const longestName = Math.max(0, ...cells.map((row) => stringWidth(row[0] ?? '')))
  const nameRoom = maxWidth - indent.length - restTotal
  const oneLine = nameRoom >= Math.min(GROUP_NAME_MIN, longestName)
  const nameWidth = Math.min(longestName, nameRoom)
  const rest = (row: string[]) =>
    row
      .slice(1)
      .map((cell, i) => pad(cell, restWidths[i]!, i < 2 ? 'right' : 'left'))
      .join(' '.repeat(GUTTER))
  return groups
    .map((group) => {
      const [lead = '', ...others] = group.heading.map(clean)
      const heading = truncate([pad(lead, leadWidth, 'right'), ...others.filter(Boolean)].join(' '.repeat(GUTTER)), maxWidth)
      const lines = group.rows
        .map((row) => row.map(clean))
        .flatMap((row) =>
          oneLine
            ? [`${indent}${pad(truncate(row[0] ?? '', nameWidth), nameWidth, 'left')}${' '.repeat(GUTTER)}${rest(row)}`.trimEnd()]
            : [
                `${indent}${truncate(row[0] ?? '', Math.max(8, maxWidth - indent.length))}`,
                truncate(`${indent}  ${row.slice(1).filter(Boolean).join('  ')}`, Math.max(8, maxWidth)),
              ],
        )
      return [heading.trimEnd(), ...lines].join('\n')
    })
    .join('\n\n')
}
