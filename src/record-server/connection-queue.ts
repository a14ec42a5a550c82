/**
 * The PostgreSQL store's connections handed out in arrival order, one per slot of the pool
 * (postgres-store.ts). Two waits that pg's pool counts as one are kept apart here:
 *
 * - waiting for a connection while all of them are in use (a burst of saves, each holding
 *   one while it waits for the writers' lock): bounded by `waitMs`, long enough for any burst
 *   a clinic makes; past it the request is answered 503 "busy, retry" (StoreBusy), nothing
 *   written, and the app's sync retries it;
 * - connecting to a database that does not answer: pg's own connectionTimeoutMillis, short,
 *   so that a database gone fails a request (and /ready) at once.
 *
 * Before, pg's 5 s connection timeout also bounded the wait for a busy connection, so forty
 * devices saving at once on a slow machine got 500 "internal" for a database that was fine.
 */
import { StoreBusy } from './store.js'

interface Waiter {
  readonly grant: () => void
  readonly timer: NodeJS.Timeout
}

export class ConnectionQueue {
  private free: number
  private readonly waiters: Waiter[] = []

  constructor(
    readonly size: number,
    /** The longest a request waits for a connection in use, ms. */
    readonly waitMs: number,
  ) {
    this.free = size
  }

  /** Requests waiting for a connection now. */
  get waiting(): number {
    return this.waiters.length
  }

  /**
   * Resolves with `release` once a slot is this caller's (at once when one is free, else in
   * arrival order); rejects with StoreBusy after `waitMs` without one. `release` gives the slot
   * to the next waiter; calling it twice releases once.
   */
  acquire(): Promise<() => void> {
    const granted = (): (() => void) => {
      let released = false
      return () => {
        if (released) return
        released = true
        const next = this.waiters.shift()
        if (next) {
          clearTimeout(next.timer)
          next.grant()
        } else this.free++
      }
    }
    if (this.free > 0) {
      this.free--
      return Promise.resolve(granted())
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => resolve(granted()),
        timer: setTimeout(() => {
          const at = this.waiters.indexOf(waiter)
          if (at >= 0) this.waiters.splice(at, 1)
          reject(
            new StoreBusy(
              `every one of the ${this.size} connections to the database was in use for ${this.waitMs} ms`,
              Math.max(1, Math.ceil(this.waitMs / 10_000)),
            ),
          )
        }, this.waitMs),
      }
      this.waiters.push(waiter)
    })
  }
}
