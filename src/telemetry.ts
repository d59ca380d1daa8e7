// What the runtime tells operators, without choosing how: log lines through an `OpsLog` the door hands in
// (pino for the server, stderr lines for stdio MCP, nothing for the CLI), and counts the /metrics endpoint
// reads (http/metrics.ts turns them into Prometheus metrics). The domain imports no logging or metrics
// library; a door that asks for nothing pays for a few Map updates.

/** The part of a logger the runtime uses; pino's logger is one. */
export interface OpsLog {
  info(fields: Record<string, unknown>, message: string): void
  warn(fields: Record<string, unknown>, message: string): void
}

/** A door that reports nothing (the CLI: its answers say what the user needs; the logs are the server's). */
export const SILENT_LOG: OpsLog = {
  info() {},
  warn() {},
}

/** A monotonic count per label set, read whole at scrape time. */
export class LabeledCounts<L extends string> {
  readonly #counts = new Map<string, { labels: Record<L, string>; value: number }>()

  inc(labels: Record<L, string>, by = 1): void {
    const key = JSON.stringify(labels)
    const entry = this.#counts.get(key)
    if (entry) entry.value += by
    else this.#counts.set(key, { labels, value: by })
  }

  entries(): Array<{ labels: Record<L, string>; value: number }> {
    return [...this.#counts.values()]
  }

  /** The sum over the label sets that match `labels` (a test's and a summary's view). */
  total(labels: Partial<Record<L, string>> = {}): number {
    let sum = 0
    for (const entry of this.#counts.values()) {
      if (Object.entries(labels).every(([k, v]) => entry.labels[k as L] === v)) sum += entry.value
    }
    return sum
  }
}

/** The runtime's counters since it started (one per runtime: fleets in one test process stay apart). */
export class Telemetry {
  /** Upstream calls by protocol step (selStr, authRequest, ...) and outcome (`ok` or the failure's kind). */
  readonly upstreamCalls = new LabeledCounts<'step' | 'outcome'>()
  /** Upstream calls that waited for the budget (rate or concurrency), and the seconds they waited, by step. */
  readonly budgetWaits = new LabeledCounts<'step'>()
  readonly budgetWaitSeconds = new LabeledCounts<'step'>()

  upstreamCall(step: string, outcome: string): void {
    this.upstreamCalls.inc({ step, outcome })
  }

  /** A wait shorter than a millisecond is no wait: the budget let the call through at once. */
  budgetWait(step: string, waitedMs: number): void {
    if (waitedMs < 1) return
    this.budgetWaits.inc({ step })
    this.budgetWaitSeconds.inc({ step }, waitedMs / 1000)
  }
}

/**
 * Refresh outcomes of a background-refreshed list (the store directory, the product index) as log lines:
 * each failure at warn, and the first success after failures at info, so an operator reading the log
 * sees both when it went wrong and that it came back.
 */
export class RefreshWatch {
  #failures = 0

  constructor(
    readonly index: string,
    private readonly log: OpsLog,
  ) {}

  get failing(): boolean {
    return this.#failures > 0
  }

  failed(reason: string): void {
    this.#failures += 1
    this.log.warn(
      { index: this.index, reason, failures: this.#failures },
      `${this.index}: refresh failed (${this.#failures} in a row); answers use the list held, or the upstream until there is one`,
    )
  }

  succeeded(): void {
    if (this.#failures === 0) return
    this.log.info(
      { index: this.index, failures: this.#failures },
      `${this.index}: refresh recovered after ${this.#failures} failed attempt(s)`,
    )
    this.#failures = 0
  }
}
