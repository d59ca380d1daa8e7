import { matchRank, matchesAll, queryPlan, type StoreKeyword } from './keywords.js'
import type { Upstream, UpstreamStore } from './upstream/port.js'

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

/**
 * One page of the stores that carry every word of the keyword, exact and prefix name matches first
 * (nearest first when searching around a point). Tries the query plan in order and stops at the
 * first query that finds anything, never sending more than MAX_STORE_QUERIES_PER_SEARCH queries.
 */
export async function findStoresByKeyword(
  upstream: Upstream,
  keyword: StoreKeyword,
  request: { page: number; pageSize: number; latitude?: number | undefined; longitude?: number | undefined },
  signal: AbortSignal | undefined,
): Promise<StoreMatches> {
  const byLocation = request.latitude !== undefined && request.longitude !== undefined
  const wanted = request.page * request.pageSize
  let queriesLeft = MAX_STORE_QUERIES_PER_SEARCH
  for (const query of queryPlan(keyword, MAX_STORE_QUERIES_PER_SEARCH)) {
    const matched: UpstreamStore[] = []
    for (let chunk = 1; queriesLeft > 0; chunk++) {
      queriesLeft -= 1
      const rows = await upstream.searchStores(
        {
          keyword: query,
          latitude: request.latitude,
          longitude: request.longitude,
          page: chunk,
          pageSize: STORE_CANDIDATES_PER_QUERY,
        },
        signal,
      )
      const matches = rows.filter((row) => matchesAll(keyword, row))
      // Ranked within each candidate page, so a page boundary never reshuffles earlier pages.
      if (!byLocation) matches.sort((a, b) => matchRank(keyword, a) - matchRank(keyword, b))
      matched.push(...matches)
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
