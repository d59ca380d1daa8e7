// Bounded waiting for tests. Every wait here has a finite bound, generous (the suite runs on a shared,
// noisy machine, so a pass never depends on speed) but well under tap's own 120 s timeout, so a failure
// says *what* it waited for instead of the file dying at the runner's timeout. A bound is a liveness
// check, never a latency assertion.

export interface WaitOptions {
  /** Give up after this long (ms). */
  timeoutMs?: number
  /** Pause between checks (ms). */
  intervalMs?: number
}

/** The default bound: far above anything a healthy in-process wait needs, far below tap's timeout. */
export const WAIT_BOUND_MS = 30_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `condition` until it holds; throws naming `what` and the time waited once `timeoutMs` has passed.
 * A condition that throws ends the wait with its error (e.g. "the process exited early").
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = WAIT_BOUND_MS, intervalMs = 5 }: WaitOptions = {},
): Promise<void> {
  const started = Date.now()
  while (!(await condition())) {
    const elapsed = Date.now() - started
    if (elapsed > timeoutMs) throw new Error(`waited ${elapsed} ms (bound ${timeoutMs} ms) for ${what}; it did not happen`)
    await sleep(intervalMs)
  }
}

/** Resolves as `promise` does, or rejects naming `what` once `timeoutMs` has passed without an answer. */
export async function within<T>(
  what: string,
  promise: Promise<T>,
  { timeoutMs = WAIT_BOUND_MS }: Pick<WaitOptions, 'timeoutMs'> = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const started = Date.now()
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`waited ${Date.now() - started} ms (bound ${timeoutMs} ms) for ${what}; it did not happen`)),
      timeoutMs,
    )
  })
  try {
    return await Promise.race([promise, bound])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Reads a text stream (e.g. `body.pipeThrough(new TextDecoderStream()).getReader()`) chunk by chunk,
 * appending to `text`, until `done(text)` holds or the stream ends; the whole read is bounded.
 * Returns the text read so far and whether the stream ended.
 */
export async function readUntil(
  what: string,
  reader: ReadableStreamDefaultReader<string>,
  done: (text: string) => boolean,
  { text = '', timeoutMs = WAIT_BOUND_MS }: { text?: string; timeoutMs?: number } = {},
): Promise<{ text: string; ended: boolean }> {
  const read = async () => {
    while (!done(text)) {
      const chunk = await reader.read()
      if (chunk.done) return { text, ended: true }
      text += chunk.value
    }
    return { text, ended: false }
  }
  return within(what, read(), { timeoutMs })
}

/** Reads a text stream to its end, bounded; returns `text` followed by everything read. */
export async function readToEnd(
  what: string,
  reader: ReadableStreamDefaultReader<string>,
  options: { text?: string; timeoutMs?: number } = {},
): Promise<string> {
  return (await readUntil(what, reader, () => false, options)).text
}
