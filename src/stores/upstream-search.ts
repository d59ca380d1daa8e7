import type { Upstream, UpstreamStore } from '../upstream/port.js'
import type { Facility } from './facilities.js'
import { entryOf } from './entry.js'
import { stripParticle, type KeywordToken, type StoreKeyword } from './keyword.js'
import { SHORT_NAMES, provinceOf, splitGluedProvince } from './places.js'
import { matchEveryWord } from './search.js'

/**
 * Store search by keyword through the upstream's own search, for while the directory is not built (a
 * first crawl, a failed crawl, STORE_DIRECTORY=off). The upstream matches one substring against name and
 * address (docs/upstream-protocol.md §4.1), so the keyword, read by the one tokenizer (keyword.ts), becomes
 * a short plan of upstream queries; the candidates they bring back are matched and ranked by the
 * directory's own matcher (search.ts), so both paths keep the same places.
 */

/**
 * Store rows asked for per upstream query. Matching several words and ranking by name need the whole
 * candidate list, not the upstream's page; 100 rows is a page size real clients send (docs/upstream-protocol.md §4.1).
 */
export const STORE_CANDIDATES_PER_QUERY = 100
/** Upstream store searches one keyword may cost, variants and further candidate pages included. */
export const MAX_STORE_QUERIES_PER_SEARCH = 3

export interface StoreMatches {
  rows: UpstreamStore[]
  hasMore: boolean
}

/** Spellings a store's name or address may carry for a word, the word first ("홍대입구역" → 홍대입구, "가디" → 가산디지털단지). */
function spellingsOf(text: string): string[] {
  const forms = [text]
  const bare = stripParticle(text)
  if (bare !== undefined) forms.push(bare)
  if (Object.hasOwn(SHORT_NAMES, text)) forms.push(...(SHORT_NAMES[text] ?? []))
  let stem = text
  for (const suffix of ['본점', '점', '역']) {
    if (stem.length > suffix.length + 1 && stem.endsWith(suffix)) {
      stem = stem.slice(0, -suffix.length)
      forms.push(stem)
    }
  }
  const split = splitGluedProvince(text)
  if (split) forms.push(split[1])
  return [...new Set(forms)]
}

/** Province and city names match half the country; station and store names few stores. */
function selectivity(text: string): number {
  let score = text.length
  if ((provinceOf(text) !== undefined || /^(충청|전라|경상)/.test(text)) && text.length <= 5) score -= 10
  if (/(시|도|군)$/.test(text)) score -= 5
  if (/(역|점|동|로|길)$/.test(text)) score += 5
  return score
}

/**
 * What to send upstream, in order, at most `limit` queries: the most selective word as typed, then its
 * other spellings (not a province's: the upstream matches 서울 as typed), then all words run together
 * ("안산 중앙역" → "안산중앙역"), then the next word.
 */
export function queryPlan(tokens: readonly KeywordToken[], limit = MAX_STORE_QUERIES_PER_SEARCH): string[] {
  const bySelectivity = [...tokens].sort((a, b) => selectivity(b.text) - selectivity(a.text))
  const plan: string[] = []
  const add = (query: string) => {
    if (query !== '' && !plan.includes(query) && plan.length < limit) plan.push(query)
  }
  const [first, ...rest] = bySelectivity
  if (!first) return plan
  add(first.text)
  if (provinceOf(first.text) === undefined) for (const form of spellingsOf(first.text).slice(1)) add(form)
  if (tokens.length > 1) add(tokens.map((t) => t.text).join(''))
  for (const token of rest) add(token.text)
  return plan
}

/**
 * One page of the stores that every word of the keyword names, best match first (then nearest, when
 * searching around a point). Tries the query plan in order and stops at the first query whose
 * candidates match, never sending more than MAX_STORE_QUERIES_PER_SEARCH queries.
 */
export async function findStoresByKeyword(
  upstream: Upstream,
  keyword: StoreKeyword,
  request: {
    page: number
    pageSize: number
    latitude?: number | undefined
    longitude?: number | undefined
    facility?: Facility | undefined
  },
  signal: AbortSignal | undefined,
): Promise<StoreMatches> {
  const at =
    request.latitude !== undefined && request.longitude !== undefined ? { lat: request.latitude, lng: request.longitude } : undefined
  const facility = request.facility ?? keyword.facility
  const wanted = request.page * request.pageSize
  let queriesLeft = MAX_STORE_QUERIES_PER_SEARCH
  for (const query of queryPlan(keyword.tokens)) {
    const matched: UpstreamStore[] = []
    for (let chunk = 1; queriesLeft > 0; chunk++) {
      queriesLeft -= 1
      const rows = await upstream.searchStores(
        { keyword: query, latitude: request.latitude, longitude: request.longitude, page: chunk, pageSize: STORE_CANDIDATES_PER_QUERY },
        signal,
      )
      // The upstream cannot filter by facility, so its candidates are filtered before they are matched.
      const candidates = rows.filter((row) => facility === undefined || (row.facilities?.includes(facility) ?? false)).map(entryOf)
      // Ranked within each candidate page, so a page boundary never reshuffles earlier pages.
      matched.push(...matchEveryWord(keyword.tokens, candidates, at).map(({ entry }) => entry.store))
      const total = rows[0]?.total ?? null
      const exhausted = rows.length < STORE_CANDIDATES_PER_QUERY || (total !== null && chunk * STORE_CANDIDATES_PER_QUERY >= total)
      if (exhausted || matched.length === 0 || matched.length > wanted) break
    }
    if (matched.length > 0) {
      const start = (request.page - 1) * request.pageSize
      return { rows: matched.slice(start, start + request.pageSize), hasMore: matched.length > wanted }
    }
    if (queriesLeft === 0) break
  }
  return { rows: [], hasMore: false }
}
