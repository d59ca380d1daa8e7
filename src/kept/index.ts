/**
 * Kept state: the machinery an index of the upstream's rows (the store directory, the product index)
 * uses to never serve a wrong world. Index-agnostic; the index hands in its row schema and key.
 *
 * - copy.ts: `writeCopy(kind, {savedAt, meta, rows})` and `readCopy(kind, text, now)`, a checked copy
 *   envelope `{format, version, savedAt, meta, rows}` validated with the index's zod schemas; another
 *   format, version or shape, truncated or garbled text, or a date in the future → `{ok: false, reason}`,
 *   never a throw.
 * - plausible.ts: `screenRows(rows, {keyOf, located?, same?})` refuses rows without a key or coordinates
 *   and duplicates that disagree; `judgeList(size, held, reported)` refuses a list below PLAUSIBLE_SHARE
 *   (90 %) of the list held or of the upstream's own total.
 * - schedule.ts: `RefreshSchedule` — refresh every `everyMs`; after failures back off (1 min ×3, at most
 *   1 h) and never start more than `perHour` refreshes in an hour (`allows()`, `started()`,
 *   `succeeded()`, `failed()`, `dueInMs(age)`).
 * - claim.ts: `FleetClaim` over a `ClaimStore` (Redis: src/upstream/fleet/claim.ts) — `take()` renews
 *   while held, `rest(ms)` keeps it as the fleet's backoff, `release()`, and `stop()` gives it back
 *   when the holder stops; a dead holder's claim lapses after `lifetimeMs`.
 * - disk.ts: `DiskCopy` — one file written whole (temporary file + rename); a failed write is said once.
 *
 * Adopted by src/stores/directory.ts; docs/operations.md states the bounds.
 */
export * from './copy.js'
export * from './plausible.js'
export * from './schedule.js'
export * from './claim.js'
export * from './disk.js'
