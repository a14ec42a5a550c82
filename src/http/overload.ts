/**
 * Load shedding: when the event loop lags or the heap is too full, requests get
 * 503 `{"detail": ...}` with Retry-After instead of joining an ever-growing queue
 * (@fastify/under-pressure). Defaults in src/limits.ts.
 */

import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { OVERLOAD_DEFAULTS } from '../limits.js'
import { MESSAGES } from '../messages.js'

export interface OverloadOptions {
  /** Mean event-loop delay over a sample interval above which requests get 503, ms (0: never). */
  readonly maxEventLoopDelayMs?: number
  /** Heap in use above which requests get 503, bytes (0: never). */
  readonly maxHeapUsedBytes?: number
  /** The Retry-After of a 503, seconds. */
  readonly retryAfterSeconds?: number
  /** How often the event-loop delay and heap are sampled, ms. */
  readonly sampleIntervalMs?: number
}

/**
 * @fastify/under-pressure's options: 503 `{"detail": ...}` with Retry-After, logged
 * at most once a second. `readyAt` says when the app became ready: the first sample
 * after startup measures the startup work itself as event-loop delay, so that
 * reason alone sheds nothing until two sample intervals after it.
 */
export function underPressureOptions(options: OverloadOptions = {}, readyAt: () => number | undefined = () => 0) {
  const o = { ...OVERLOAD_DEFAULTS, ...options }
  const retryAfter = String(o.retryAfterSeconds)
  const detail = MESSAGES.overloaded(o.retryAfterSeconds)
  const warmupMs = 2 * o.sampleIntervalMs
  let lastLog = 0
  const pressureHandler = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
    const now = Date.now()
    if (type === 'eventLoopDelay') {
      const ready = readyAt()
      // Returning nothing lets the request through.
      if (ready === undefined || now - ready < warmupMs) return undefined
    }
    if (now - lastLog >= 1000) {
      lastLog = now
      request.log.warn(
        { method: request.method, url: request.url, statusCode: 503, type, value },
        'overloaded: shedding requests with 503',
      )
    }
    reply.code(503).header('retry-after', retryAfter)
    // under-pressure sends a non-null return value as the response; its types only allow void.
    return { detail }
  }
  const pluginOptions: FastifyUnderPressureOptions = {
    maxEventLoopDelay: o.maxEventLoopDelayMs,
    maxHeapUsedBytes: o.maxHeapUsedBytes,
    sampleInterval: o.sampleIntervalMs,
    retryAfter: o.retryAfterSeconds,
    pressureHandler: pressureHandler as unknown as FastifyUnderPressureOptions['pressureHandler'],
  }
  return pluginOptions
}

export const overload = fp<OverloadOptions>(
  async (app, options) => {
    let readyAt: number | undefined
    app.addHook('onReady', (done) => {
      readyAt = Date.now()
      done()
    })
    await app.register(
      underPressure,
      underPressureOptions(options, () => readyAt),
    )
  },
  { name: 'overload' },
)
