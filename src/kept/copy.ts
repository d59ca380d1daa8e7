import { z } from 'zod'

/**
 * A kept copy of an index's list (on disk, in the fleet's Redis), as written: the envelope names the
 * index (`format`) and the shape of its rows (`version`), when the list was read from the upstream
 * (`savedAt`, ms since the epoch: the list's age counts from there) and what the index keeps beside the
 * rows (`meta`).
 */
export interface KeptCopy<Row, Meta> {
  format: string
  version: number
  savedAt: number
  meta: Meta
  rows: Row[]
}

/** What one index's copies are: its format name and version, and the schemas its rows and meta must pass. */
export interface CopyKind<Row, Meta> {
  format: string
  version: number
  row: z.ZodType<Row>
  meta: z.ZodType<Meta>
}

export type CopyReading<Row, Meta> = { ok: true; copy: KeptCopy<Row, Meta> } | { ok: false; reason: string }

/**
 * How far a copy's date may lie ahead of this machine's clock before it is refused: instances of a fleet
 * write each other's copies, and their clocks differ by a few seconds at most under NTP.
 */
export const CLOCK_SKEW_MS = 60_000

const Envelope = z.object({
  format: z.string(),
  version: z.number().int(),
  savedAt: z.number().int().nonnegative(),
  meta: z.unknown(),
  rows: z.array(z.unknown()),
})

export function writeCopy<Row, Meta>(kind: CopyKind<Row, Meta>, copy: { savedAt: number; meta: Meta; rows: Row[] }): string {
  const envelope: KeptCopy<Row, Meta> = {
    format: kind.format,
    version: kind.version,
    savedAt: copy.savedAt,
    meta: copy.meta,
    rows: copy.rows,
  }
  return JSON.stringify(envelope)
}

/**
 * Reads a copy back; never throws. Anything but a copy of this format and version whose every row passes
 * the index's schema, dated no later than `now` (plus CLOCK_SKEW_MS), is refused with a one-line reason:
 * text that is not JSON (truncated, garbled), another format or version, another shape, a future date.
 */
export function readCopy<Row, Meta>(kind: CopyKind<Row, Meta>, text: string, now: number): CopyReading<Row, Meta> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: `not JSON (truncated or garbled, ${text.length} bytes)` }
  }
  const envelope = Envelope.safeParse(json)
  if (!envelope.success) return { ok: false, reason: `not a kept copy (${firstIssue(envelope.error)})` }
  const { format, version, savedAt } = envelope.data
  if (format !== kind.format) return { ok: false, reason: `another format ('${format}', expected '${kind.format}')` }
  if (version !== kind.version) return { ok: false, reason: `another version (${version}, expected ${kind.version})` }
  if (savedAt > now + CLOCK_SKEW_MS) {
    return { ok: false, reason: `dated in the future (${new Date(savedAt).toISOString()}, the clock says ${new Date(now).toISOString()})` }
  }
  const meta = kind.meta.safeParse(envelope.data.meta)
  if (!meta.success) return { ok: false, reason: `another shape (meta: ${firstIssue(meta.error)})` }
  const rows: Row[] = []
  for (const [i, raw] of envelope.data.rows.entries()) {
    const row = kind.row.safeParse(raw)
    if (!row.success) return { ok: false, reason: `another shape (row ${i}: ${firstIssue(row.error)})` }
    rows.push(row.data)
  }
  return { ok: true, copy: { format, version, savedAt, meta: meta.data, rows } }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid'
  const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return `${path}${issue.message}`
}
