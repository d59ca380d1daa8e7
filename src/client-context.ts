/**
 * Who a piece of upstream work is for, so the upstream budget can serve waiting callers in turn
 * (src/upstream/fair-queue.ts). A door (http/client.ts) works it out and tags the abort signal it hands the
 * service with it; every signal derived from a tagged one (a call's deadline, a shared flight) carries the
 * same key, and the budget reads it from the signal each upstream call already carries. The domain and
 * the upstream client never see a door. Work started with no tagged signal (the CLI, stdio, tests) has no
 * key and is served as one anonymous client.
 *
 * Why the signal and not AsyncLocalStorage, which carried it before: on Node 20 a store in use turns on
 * promise hooks for every promise of the process, and a cold nearby answer (a few thousand promises) took
 * about 8 ms longer for it, a third of the service's own time.
 */
export interface ClientKey {
  /** Who shares one turn: an address, or a shared-egress range (`160.79.104.0/21`). */
  group: string
  /** Within the group, the caller: the address, or a per-user subject from a shared egress. */
  member: string
  /** A shared egress (many users behind one AI host): served as a larger group. */
  shared: boolean
}

type KeyOf = () => ClientKey | undefined

const keys = new WeakMap<AbortSignal, KeyOf>()

/**
 * Marks work done under `signal` as done for `client`. The key is worked out only when a call waits for
 * the budget (most answers come from the cache and never ask): working it out for every request cost
 * about a tenth of a cached lookup's throughput. A connection's signal is tagged again by each request
 * it carries, one at a time.
 */
export function tagClient(signal: AbortSignal, client: ClientKey | KeyOf | undefined): AbortSignal {
  if (client === undefined) {
    keys.delete(signal)
    return signal
  }
  if (typeof client !== 'function') {
    keys.set(signal, () => client)
    return signal
  }
  let known: { key: ClientKey | undefined } | undefined
  keys.set(signal, () => (known ??= { key: client() }).key)
  return signal
}

/** `child` (a deadline's or a shared flight's signal) serves whoever `parent` serves. */
export function inheritClient(child: AbortSignal, parent: AbortSignal | undefined): void {
  const key = parent && keys.get(parent)
  if (key) keys.set(child, key)
}

/** The key of the caller a signal serves, if a door tagged it. */
export function clientOf(signal: AbortSignal | undefined): ClientKey | undefined {
  return signal ? keys.get(signal)?.() : undefined
}

/** A signal that never aborts, tagged with `client`: upstream work for one caller outside any door. */
export function clientSignal(client: ClientKey): AbortSignal {
  return tagClient(new AbortController().signal, client)
}
