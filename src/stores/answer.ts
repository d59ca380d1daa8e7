import { ServiceError } from '../errors.js'
import type { StoreSearchInput } from '../operations.js'
import type { StoreSearchResult } from '../schemas.js'
import type { UpstreamStore } from '../upstream/port.js'
import { isOpenNow, toPublicStore } from './facts.js'
import type { StoreIndex } from './port.js'
import { hasLatinWord } from './keyword.js'

const quoted = (words: string[]): string => words.map((w) => `'${w}'`).join(', ')

/**
 * A store search answered from the store index (the directory), with no upstream call: the page, and a hint that says which
 * words were left out or, for an empty page, what to try. Undefined when the keyword names nothing but
 * the chain and filler words and no point was given (the caller's error to report).
 */
export function answerFromIndex(index: StoreIndex, input: StoreSearchInput, now: Date): StoreSearchResult | undefined {
  const byLocation = input.latitude !== undefined && input.longitude !== undefined
  const open = (store: UpstreamStore) => isOpenNow(store.openTime, store.closeTime, now, store.holidayDate) === true
  const found = index.search(input.openNow === true ? { ...input, keep: open } : input)
  if (input.keyword && !found.named && !byLocation) return undefined
  const status = index.status
  const result: StoreSearchResult = {
    stores: found.rows.map((row) => toPublicStore(row, now, byLocation)),
    hasMore: found.hasMore,
    via: { source: 'directory', size: status.size, ageSeconds: status.ageSeconds, from: status.source },
  }
  const hints: string[] = []
  if (found.ignored.length > 0) {
    result.ignored = found.ignored
    const one = found.ignored.length === 1
    hints.push(
      result.stores.length > 0 || input.page > 1
        ? `Ignored ${quoted(found.ignored)}: no store name or address has ${one ? 'it' : 'them'} together with the other words.`
        : `No store name or address has ${quoted(found.ignored)}.`,
    )
  }
  if (result.stores.length === 0 && input.page === 1) {
    if (input.openNow === true) {
      hints.push(
        `No store here is open now${found.facility ? ` and lists the facility '${found.facility}'` : ''}. Leave openNow out to see every store.`,
      )
    } else if (found.facility) {
      hints.push(`No store here lists the facility '${found.facility}'. Leave the facility out to see every store.`)
    } else if (input.keyword && hasLatinWord(input.keyword)) {
      hints.push(
        'Store names and addresses are Korean; romanised names are matched too (Itaewon, Sinchon), but this one matched none. Try the Korean name (이태원, 신촌), or search around coordinates ({searchStoresNearby}).',
      )
    } else {
      hints.push(
        'Try one district, neighbourhood, station or store name (such as 강남역 or 해운대), or search around coordinates ({searchStoresNearby}).',
      )
    }
  }
  if (status.stale) hints.push(staleNote(status.ageSeconds ?? 0))
  if (hints.length > 0) result.hint = hints.join(' ')
  return result
}

/**
 * Said on every answer from a list older than the refresh age: no fresh list could be had (the reason is
 * in /readyz), and a stale answer that says its age beats none.
 */
export function staleNote(ageSeconds: number): string {
  const age = ageSeconds < 2 * 86_400 ? `${Math.round(ageSeconds / 3_600)} hours` : `${Math.round(ageSeconds / 86_400)} days`
  return `These stores come from a list ${age} old: the chain's store list could not be read again since, so a store opened or closed meanwhile may be missing or shown.`
}

/** A keyword of nothing but the chain's name and filler words (다이소 근처): the caller's to fix. */
export function throwNamesNoPlace(keyword: string | undefined): never {
  throw namesNoPlace(keyword)
}

export function namesNoPlace(keyword: string | undefined): ServiceError {
  return new ServiceError('invalid_parameter', {
    message: `Invalid parameter '{keyword}': '${keyword ?? ''}' names no place, only the chain or words like 근처.`,
    ko: '검색어에 지역이나 매장 이름을 넣어 주세요. (예: 강남역, 홍대입구)',
    hint: 'Add a place: a district, neighbourhood, station or store name such as 강남역, or search around coordinates ({searchStoresNearby}).',
  })
}
