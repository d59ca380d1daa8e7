/**
 * Shell words for the commands the documents (and the terminal tests) print. One quoting rule, two
 * spellings: curl lines quote every URL alike, so they read the same whatever the URL holds; the host
 * set-up lines leave a plain word (a path, a package name) bare, as a person would type it.
 */

/** A single-quoted shell word: safe for any text, a `'` closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** The word as typed when the shell would read it unchanged, else single-quoted. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : shellQuote(value)
}
