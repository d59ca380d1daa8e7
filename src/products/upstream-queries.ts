import { describes, squash } from './word-tables.js'

/**
 * The upstream catalogue matches one literal substring: the item as typed, then its words' first readings
 * joined (English read as Korean, a slip corrected), then the longest word alone. At most three.
 */
export function upstreamQueries(
  keyword: string,
  words: Array<{ typed: string; forms: string[]; compound?: string }>,
  describing: string[],
): string[] {
  const queries: string[] = []
  const add = (query: string) => {
    const q = query.trim()
    if (q !== '' && !queries.includes(q) && queries.length < 3) queries.push(q)
  }
  add(keyword)
  // Words that only describe (휴대용) are not asked alone: the catalogue's search would list anything portable; nor
  // is a part of a compound (우산 of 우산꽂이): it would answer umbrellas to someone after an umbrella stand.
  const naming = words.filter(
    (w) => !describing.includes(w.typed) && !describes(w.forms.length > 0 ? w.forms : [w.typed]) && w.compound === undefined,
  )
  const read = words.map((w) => w.forms[0] ?? '').join(' ')
  if (words.every((w) => w.forms.length > 0) || naming.some((w) => w.forms.length > 0)) add(read)
  const longest = [...naming].sort((a, b) => squash(b.forms[0] ?? b.typed).length - squash(a.forms[0] ?? a.typed).length)[0]
  if (longest && words.length > 1) add(longest.forms[0] ?? longest.typed)
  return queries
}
