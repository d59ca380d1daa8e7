/**
 * The domain speaks of concepts (a store code, a page, the store search); each door calls them by its
 * own names (REST `branchCode` and `GET /api/branches/search`, MCP `branchCode` and `search_stores`, the
 * CLI `store-finder stores <keyword>`). Text written in the domain (hints, messages) names a concept as
 * `{term}`, and the door that shows the text puts its own name in with `speak`.
 */
export const TERMS = [
  // Parameters
  'keyword',
  'latitude',
  'longitude',
  /** Both coordinates, as a phrase: "curLttd and curLitd". */
  'coordinates',
  /** A place in words (선릉역, 경복궁) standing for coordinates. */
  'near',
  'page',
  'pageSize',
  'storeCode',
  'productId',
  // Operations, as a caller invokes them
  'searchStores',
  /** The store search around a point. */
  'searchStoresNearby',
  'getStore',
  'searchStoreProducts',
  'getProductAvailability',
  'searchCatalogue',
  'findProductNearby',
  /** Where to see whether the upstream is healthy. */
  'upstreamHealth',
  /** How to try the service without the chain's (the built-in simulator), said as "to try it offline, …". */
  'offlineOption',
] as const

export type Term = (typeof TERMS)[number]

/** A door's name for every concept. */
export type Vocabulary = Readonly<Record<Term, string>>

const TERM_SET: ReadonlySet<string> = new Set(TERMS)
const PLACEHOLDER = /\{([A-Za-z]+)\}/g

/** Puts the door's names into domain text; one pass, so a name that itself contains braces stays as written. */
export function speak(text: string, names: Readonly<Partial<Record<string, string>>>): string {
  // Own keys only: a placeholder such as {constructor} in echoed input must not reach Object's prototype.
  return text.replace(PLACEHOLDER, (whole, term: string) => (Object.hasOwn(names, term) ? (names[term] ?? whole) : whole))
}

/** The placeholders a text uses that are not terms: a test holds domain text to the vocabulary. */
export function unknownTerms(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string).filter((term) => !TERM_SET.has(term))
}

/** The domain's own names, for logs and for callers of the service that have no door (tests, the bench). */
export const DOMAIN_VOCABULARY: Vocabulary = Object.fromEntries(TERMS.map((term) => [term, term])) as Record<Term, string>

/** A result whose `hint` (written in the domain's terms) is put in a door's words. */
export function withHintIn<T extends { hint?: string | undefined }>(result: T, vocabulary: Vocabulary): T {
  return result.hint === undefined ? result : { ...result, hint: speak(result.hint, vocabulary) }
}
