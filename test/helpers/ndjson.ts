/** The events of a finished NDJSON body, one JSON object per line. */
export function ndjsonEvents<T = Record<string, unknown>>(text: string): T[] {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T)
}
