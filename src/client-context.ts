import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Who a piece of upstream work is for, so the upstream budget can serve waiting callers in turn
 * (src/upstream/fair-queue.ts). A door (http/client.ts) works it out and runs the call inside
 * `withClient`; the domain and the upstream client never see a door.
 *
 * Why AsyncLocalStorage and not a `client` option on every call: the key has to reach the budget through
 * the service, the cache, the coalescer and the client, and an ambient value leaves those signatures (and
 * the branches changing them) alone. Work started with no door around it (the CLI, tests) has no key and
 * is served as one anonymous client.
 */
export interface ClientKey {
  /** Who shares one turn: an address, or a shared-egress range (`160.79.104.0/21`). */
  group: string
  /** Within the group, the caller: the address, or a per-user subject from a shared egress. */
  member: string
  /** A shared egress (many users behind one AI host): served as a larger group. */
  shared: boolean
}

// The key is worked out only when a call waits for the budget (most answers come from the cache and
// never ask): working it out for every request cost about a tenth of a cached lookup's throughput.
const storage = new AsyncLocalStorage<() => ClientKey | undefined>()

export function withClient<T>(client: ClientKey | (() => ClientKey | undefined) | undefined, work: () => T): T {
  if (client === undefined) return work()
  if (typeof client !== 'function') return storage.run(() => client, work)
  let known: { key: ClientKey | undefined } | undefined
  return storage.run(() => (known ??= { key: client() }).key, work)
}

export function currentClient(): ClientKey | undefined {
  return storage.getStore()?.()
}
