/** The upstream endpoint a raw reply came from (client.ts's names) and the reply as parsed JSON. */
export type RawReplyListener = (endpoint: string, raw: unknown) => void

// By the signal the recorded calls carry, not AsyncLocalStorage: on Node 20 a store in use turns on promise
// hooks for every promise of the process, a third of a cold answer's own time (src/client-context.ts).
const bySignal = new WeakMap<AbortSignal, RawReplyListener>()
const recording = new Set<RawReplyListener>()

/**
 * Runs `task` and hands `listener` every raw upstream reply its calls receive, before validation (a reply
 * zod refuses is the one whose shape matters most). Only the calls made with `signal` are reported, not
 * those of other requests the same client serves meanwhile; the pre-auth handshake, which every caller
 * shares, is reported to every recording under way.
 */
export async function recordRawReplies<T>(signal: AbortSignal, listener: RawReplyListener, task: () => Promise<T>): Promise<T> {
  bySignal.set(signal, listener)
  recording.add(listener)
  try {
    return await task()
  } finally {
    if (bySignal.get(signal) === listener) bySignal.delete(signal)
    recording.delete(listener)
  }
}

/** The listener of the calls made with `signal`. */
export function rawReplyListener(signal: AbortSignal | undefined): RawReplyListener | undefined {
  return signal ? bySignal.get(signal) : undefined
}

/** Every recording under way, for the shared handshake's reply. */
export function handshakeListener(): RawReplyListener | undefined {
  if (recording.size === 0) return undefined
  const listeners = [...recording]
  return (endpoint, raw) => {
    for (const listener of listeners) listener(endpoint, raw)
  }
}
