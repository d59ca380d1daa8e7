import { AsyncLocalStorage } from 'node:async_hooks'

/** The upstream endpoint a raw reply came from (client.ts's names) and the reply as parsed JSON. */
export type RawReplyListener = (endpoint: string, raw: unknown) => void

const listeners = new AsyncLocalStorage<RawReplyListener>()

/**
 * Runs `task` and hands `listener` every raw upstream reply its calls receive, before validation (a reply
 * zod refuses is the one whose shape matters most). Only the calls started inside `task` are reported,
 * not those of other requests the same client serves meanwhile.
 */
export function recordRawReplies<T>(listener: RawReplyListener, task: () => Promise<T>): Promise<T> {
  return listeners.run(listener, task)
}

/**
 * The listener of the calling context. The client reads it when a call starts, because the call itself may
 * run later from the budget's queue, in another context.
 */
export function rawReplyListener(): RawReplyListener | undefined {
  return listeners.getStore()
}
