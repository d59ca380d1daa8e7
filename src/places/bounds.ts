/**
 * Where the chain has stores: a box around South Korea, from Marado (33.1° N) to the DMZ (38.6° N) and from
 * Gageodo (125.1° E) to Dokdo (131.9° E), with a margin. A point outside it is refused rather than answered
 * with stores hundreds of kilometres away (a point in Tokyo used to list Busan stores without a word).
 */
export const KOREA_BOUNDS = { minLatitude: 32.8, maxLatitude: 38.9, minLongitude: 124.5, maxLongitude: 132.0 } as const

export const KOREA_BOUNDS_TEXT = `latitude ${KOREA_BOUNDS.minLatitude} to ${KOREA_BOUNDS.maxLatitude}, longitude ${KOREA_BOUNDS.minLongitude} to ${KOREA_BOUNDS.maxLongitude}`

/** An answer whose nearest store is farther than this says so in its hint. */
export const FAR_KM = 30
