/**
 * The one reader of the Accept header (RFC 9110 §12.5.1): media ranges with their q-values. Every call
 * site asks the same question, "how much does the caller want this type, named explicitly?", so
 * `application/x-ndjson;q=0` means "not that" everywhere, and a wildcard never opens a stream.
 */

export interface MediaRange {
  /** `type/subtype`, lower case (`*` for wildcards). */
  type: string
  /** 0 to 1; 1 when no q is given, 0 when the q is not a number. */
  q: number
}

const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The last header read and its ranges: a client sends the same Accept on every request, and the MCP door
 * asks about it several times per call (parsed each time, about 2 % of the process's CPU under MCP load).
 * One entry, so a caller choosing headers cannot grow it; the ranges are frozen, since callers share them.
 */
let lastText: string | undefined
let lastRanges: readonly MediaRange[] = []

/** The ranges of an Accept header, in the order sent; malformed ranges are skipped. */
export function parseAccept(header: string | string[] | undefined): readonly MediaRange[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  if (text === lastText) return lastRanges
  const ranges = parseRanges(text)
  lastText = text
  lastRanges = ranges
  return ranges
}

function parseRanges(text: string): readonly MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';')
    const type = name.trim().toLowerCase()
    if (!/^[\w.+*-]+\/[\w.+*-]+$/.test(type)) continue
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim())
      if (key.toLowerCase() === 'q') q = Q_VALUE.test(value) ? Number(value) : 0
    }
    ranges.push(Object.freeze({ type, q }))
  }
  return Object.freeze(ranges)
}

/**
 * The highest q the header gives any of `types` by name (wildcards do not count): 0 when none is named
 * or each is refused with q=0.
 */
export function explicitQuality(header: string | string[] | undefined, ...types: string[]): number {
  const wanted = new Set(types.map((t) => t.toLowerCase()))
  let best = 0
  for (const range of parseAccept(header)) if (wanted.has(range.type)) best = Math.max(best, range.q)
  return best
}

/** The caller names `type` with q > 0 and wants it at least as much as each of `over`. */
export function prefers(header: string | string[] | undefined, type: string | string[], over: string[] = []): boolean {
  const q = explicitQuality(header, ...(Array.isArray(type) ? type : [type]))
  return q > 0 && over.every((other) => q >= explicitQuality(header, other))
}

/** The caller names `type` and gives it q=0 wherever it names it: "anything but this" (a wildcard does not undo it). */
export function refuses(header: string | string[] | undefined, type: string): boolean {
  const named = parseAccept(header).filter((range) => range.type === type.toLowerCase())
  return named.length > 0 && named.every((range) => range.q === 0)
}
