import type { Queue, QueueAddOptions } from 'p-queue'
import type { ClientKey } from '../client-context.js'

type RunFunction = () => Promise<unknown>

export type FairQueueOptions = QueueAddOptions & { client?: ClientKey | undefined }

/** The most turns a shared egress group gets per round: as many as its distinct waiting callers, up to this. */
export const SHARED_GROUP_MAX_WEIGHT = 8

interface Group {
  shared: boolean
  /** Waiting work per member, members in turn order. */
  members: Map<string, RunFunction[]>
  /** Turns left in this round. */
  credit: number
}

/** Work with no client key (the CLI, tests): served as one client. */
export const ANONYMOUS_CLIENT: ClientKey = { group: '', member: '', shared: false }

/**
 * p-queue's queue, made fair: waiting calls are served round-robin by client group (an address, or a
 * shared-egress range), and within a group round-robin by member, instead of first come first served. A
 * burst of 100 calls from one client therefore delays another client's call by at most one call per other
 * waiting group (a shared group: up to SHARED_GROUP_MAX_WEIGHT), never by the whole burst.
 */
export class FairQueue implements Queue<RunFunction, FairQueueOptions> {
  /** Groups in turn order: the first is served next. */
  readonly #groups = new Map<string, Group>()
  #size = 0

  get size(): number {
    return this.#size
  }

  enqueue(run: RunFunction, options?: Partial<FairQueueOptions>): void {
    const client = options?.client ?? ANONYMOUS_CLIENT
    let group = this.#groups.get(client.group)
    if (!group) {
      group = { shared: client.shared, members: new Map(), credit: 0 }
      this.#groups.set(client.group, group)
    }
    const waiting = group.members.get(client.member)
    if (waiting) waiting.push(run)
    else group.members.set(client.member, [run])
    this.#size += 1
  }

  dequeue(): RunFunction | undefined {
    const first = this.#groups.entries().next()
    if (first.done) return undefined
    const [name, group] = first.value
    if (group.credit <= 0) group.credit = group.shared ? Math.min(group.members.size, SHARED_GROUP_MAX_WEIGHT) : 1
    const memberEntry = group.members.entries().next()
    if (memberEntry.done) {
      this.#groups.delete(name)
      return this.dequeue()
    }
    const [member, runs] = memberEntry.value
    const run = runs.shift()
    group.members.delete(member)
    if (runs.length > 0) group.members.set(member, runs) // to the back of the group's turn order
    group.credit -= 1
    if (group.members.size === 0) this.#groups.delete(name)
    else if (group.credit <= 0) {
      // The group's turn is over: to the back of the line.
      this.#groups.delete(name)
      this.#groups.set(name, group)
    }
    this.#size -= 1
    return run
  }

  remove(run: RunFunction | string): void {
    for (const [name, group] of this.#groups) {
      for (const [member, runs] of group.members) {
        const index = runs.indexOf(run as RunFunction)
        if (index === -1) continue
        runs.splice(index, 1)
        this.#size -= 1
        if (runs.length === 0) group.members.delete(member)
        if (group.members.size === 0) this.#groups.delete(name)
        return
      }
    }
  }

  filter(): RunFunction[] {
    const all: RunFunction[] = []
    for (const group of this.#groups.values()) for (const runs of group.members.values()) all.push(...runs)
    return all
  }

  setPriority(): void {
    // Turns, not priorities: nothing to change.
  }

  /** Groups waiting now (for /readyz). */
  get groupsWaiting(): number {
    return this.#groups.size
  }
}
