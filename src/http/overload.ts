/**
 * Load shedding on what this process controls: its own queue (docs/hardening.md,
 * "Overload"). Defaults in src/limits.ts.
 *
 * Node takes, in one turn of its event loop, every request that is ready on its
 * sockets and answers them one after the other; an analysis is computed at once, so
 * a request's wait in this process is the work done for the requests taken before it
 * in the same turn. When that work exceeds `maxQueueMs` (measured both as time and as
 * the CPU time of the thread that runs the event loop), the request is answered at
 * once with 503 `{"detail"}` and Retry-After instead of making the queue longer: the
 * excess is shed, the rest served.
 *
 * Why not event-loop delay: it also rises when the process is starved of CPU (a
 * Kubernetes CPU limit's throttling, noisy neighbours) while its own queue is short,
 * and shedding then turns every replica unready at once. CPU time the thread never
 * got is not counted here, so a starved process answers, slower, and sheds nothing
 * unless its own queue is long. (The other threads' CPU time is not counted either:
 * V8 compiles and collects garbage on helper threads while the main one waits.)
 *
 * GET /health (liveness) and GET /metrics are never shed; GET /ready is shed like any
 * request, so it answers 503 exactly while this replica's own queue is too long (and
 * while it drains: readiness.ts). The heap guard (heap in use above its limit, sampled)
 * sheds the same requests.
 */

import { getHeapStatistics } from 'node:v8'
import fp from 'fastify-plugin'
import { OVERLOAD_DEFAULTS } from '../limits.js'
import { MESSAGES } from '../messages.js'

export interface OverloadOptions {
  /** The most work queued ahead of a request in this process, ms of both time and the event loop's CPU time; beyond it 503 (0: never). */
  readonly maxQueueMs?: number
  /** Heap in use above which requests get 503, bytes (0: never). */
  readonly maxHeapUsedBytes?: number
  /** The Retry-After of a 503, seconds. */
  readonly retryAfterSeconds?: number
  /** How often the heap in use is sampled, ms. */
  readonly heapSampleIntervalMs?: number
}

/** Routes never shed: liveness, which must not restart a busy process, and the figures that show the overload. */
export const NEVER_SHED_ROUTES: ReadonlySet<string> = new Set(['/health', '/metrics'])

/** A source of the CPU time of the thread that runs the event loop, µs (user + system). */
export type CpuClock = () => number

const threadCpuMicros: CpuClock = () => {
  const { user, system } = process.threadCpuUsage()
  return user + system
}

/**
 * The queue of one process: how much work it has done since it took the first
 * request of the current event-loop turn. A turn ends in its check phase (a
 * setImmediate scheduled by its first request), after the poll phase that read the
 * requests.
 */
export class TurnQueue {
  #startedAt: number | undefined
  #startedCpu = 0
  /** Before this time (performance.now()) the CPU time cannot have reached the limit. */
  #nextCheckAt = 0
  /** The limit was reached in this turn: everything after it is over. */
  #over = false
  readonly #endTurn = () => {
    this.#startedAt = undefined
    this.#over = false
  }

  constructor(private readonly cpuMicros: CpuClock = threadCpuMicros) {}

  /**
   * Called for every request as it arrives: whether the work queued ahead of it in
   * this turn is at least `limitMs`, in time and in the thread's CPU time. One thread's
   * CPU time grows no faster than time, so the CPU clock is read only once time has
   * passed the limit, and then only when it could have reached it since the last read.
   */
  over(limitMs: number): boolean {
    const now = performance.now()
    if (this.#startedAt === undefined) {
      this.#startedAt = now
      this.#startedCpu = this.cpuMicros()
      this.#nextCheckAt = now + limitMs
      setImmediate(this.#endTurn)
      return false
    }
    if (this.#over) return true
    if (now < this.#nextCheckAt) return false
    const cpuMs = (this.cpuMicros() - this.#startedCpu) / 1000
    this.#over = cpuMs >= limitMs
    this.#nextCheckAt = now + (limitMs - cpuMs)
    return this.#over
  }

  /** The work done so far in this turn, ms of CPU time (0 outside a turn). */
  cpuMsSoFar(): number {
    return this.#startedAt === undefined ? 0 : (this.cpuMicros() - this.#startedCpu) / 1000
  }
}

export const overload = fp<OverloadOptions>(
  async (app, options) => {
    const o = { ...OVERLOAD_DEFAULTS, ...options }
    const retryAfter = String(o.retryAfterSeconds)
    const detail = MESSAGES.overloaded(o.retryAfterSeconds)
    const queue = new TurnQueue()
    let heapOver = false
    if (o.maxHeapUsedBytes > 0) {
      const sampler = setInterval(() => {
        heapOver = getHeapStatistics().used_heap_size > o.maxHeapUsedBytes
      }, o.heapSampleIntervalMs)
      sampler.unref()
      app.addHook('onClose', (_app, done) => {
        clearInterval(sampler)
        done()
      })
    }
    let lastLog = 0
    app.addHook('onRequest', (request, reply, done) => {
      // Every request takes its place in the turn's queue, even one that is never shed.
      const queueOver = o.maxQueueMs > 0 && queue.over(o.maxQueueMs)
      if ((!queueOver && !heapOver) || NEVER_SHED_ROUTES.has(request.routeOptions.url ?? '')) {
        done()
        return
      }
      const now = Date.now()
      if (now - lastLog >= 1000) {
        lastLog = now
        request.log.warn(
          {
            method: request.method,
            url: request.url,
            statusCode: 503,
            reason: queueOver ? 'queue' : 'heap',
            ...(queueOver ? { queuedCpuMs: Math.round(queue.cpuMsSoFar()), maxQueueMs: o.maxQueueMs } : {}),
          },
          'overloaded: shedding requests with 503',
        )
      }
      reply.code(503).header('retry-after', retryAfter).send({ detail })
    })
  },
  { name: 'overload' },
)
