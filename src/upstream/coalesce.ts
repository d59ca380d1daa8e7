import { inheritClient } from '../client-context.js'

interface Flight<T> {
  promise: Promise<T>
  controller: AbortController
  waiters: number
}

/**
 * Makes identical calls that are in flight at the same time once. The shared call is cancelled only
 * when every caller waiting on it has gone away, so one client disconnecting never fails another.
 */
export class Coalescer {
  readonly #flights = new Map<string, Flight<unknown>>()
  #coalesced = 0

  get coalesced(): number {
    return this.#coalesced
  }

  get inFlight(): number {
    return this.#flights.size
  }

  has(key: string): boolean {
    return this.#flights.has(key)
  }

  run<T>(key: string, task: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    let flight = this.#flights.get(key) as Flight<T> | undefined
    if (flight) {
      this.#coalesced += 1
    } else {
      const controller = new AbortController()
      inheritClient(controller.signal, signal) // the shared call is counted to its first caller
      // The task starts now, not a microtask later: the calls an answer starts in one go then leave in
      // the order it started them (the catalogue, whose reply is the slowest, before the handshake).
      const started = (async () => task(controller.signal))()
      const created: Flight<T> = {
        controller,
        waiters: 0,
        promise: started.finally(() => {
          if (this.#flights.get(key) === created) this.#flights.delete(key)
        }),
      }
      // Nobody may be listening when the last waiter leaves; the rejection is still observed here.
      created.promise.catch(() => {})
      this.#flights.set(key, created as Flight<unknown>)
      flight = created
    }
    return this.#wait(key, flight, signal)
  }

  #wait<T>(key: string, flight: Flight<T>, signal?: AbortSignal): Promise<T> {
    if (!signal) {
      flight.waiters += 1
      return flight.promise
    }
    if (signal.aborted) return Promise.reject(signal.reason)
    flight.waiters += 1
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        flight.waiters -= 1
        if (flight.waiters <= 0) {
          flight.controller.abort(signal.reason)
          if (this.#flights.get(key) === flight) this.#flights.delete(key)
        }
        reject(signal.reason)
      }
      signal.addEventListener('abort', leave, { once: true })
      flight.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave))
    })
  }
}

/** A shared answer, or the caller's own abort when it comes first (the shared work goes on for the others). */
export function untilAborted<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason as Error)
    signal.addEventListener('abort', leave, { once: true })
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave))
  })
}
