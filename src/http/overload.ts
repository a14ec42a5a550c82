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
 *
 * Where: in the HTTP server's request listener, before Fastify (gatedServer, the app's
 * serverFactory). A shed request costs only what node:http spends on it (parsing its
 * head, discarding its body, writing a fixed answer): no Fastify request and reply, no
 * hooks, no routing. A 503 answered from a Fastify hook cost about what a served
 * analysis costs, so a flood N times beyond the queue limit left about 1/N of the
 * capacity to the requests served; the cheaper the 503, the more of it stays
 * (docs/hardening.md, "Overload"; figures in bench/README.md). The answer carries what a
 * Fastify answer would: the JSON answers' security headers, X-Request-Id, CORS for an
 * allowed origin, Connection: close while draining; it is counted in the request
 * metrics (route label `shed`) and in http_requests_shed_total (prometheus.ts).
 */

import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http'
import { getHeapStatistics } from 'node:v8'
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify'
import fp from 'fastify-plugin'
import { OVERLOAD_DEFAULTS } from '../limits.js'
import { MESSAGES } from '../messages.js'
import { EXPOSED_HEADERS } from './cors.js'
import { createServer } from './node-http.js'
import { API_HELMET_OPTIONS, securityHeaders } from './security-headers.js'

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

/** The response headers browser code on an allowed origin may read (cors.ts), as one header value. */
const EXPOSE = EXPOSED_HEADERS.join(', ')

/** What the shedder needs from the app, once the app's plugins exist (the overload plugin wires it). */
export interface ShedWiring {
  readonly log: FastifyBaseLogger
  /** Whether the app is draining: answers then say Connection: close (draining.ts). */
  readonly draining: () => boolean
  /** Counts one shed request (prometheus.ts), with the time it took to answer, seconds. */
  readonly count?: (method: string, reason: ShedReason, seconds: number) => void
}

export type ShedReason = 'queue' | 'heap'

/** Settings of a LoadShedder beyond OverloadOptions: what its answers say. */
export interface ShedAnswerOptions {
  /** Origins allowed to call the API (cors.ts): a shed answer to one carries its CORS headers. */
  readonly corsOrigins: readonly string[]
}

/**
 * Decides, for each request as node:http hands it over, whether it is shed, and then
 * answers it (503 + Retry-After) without Fastify.
 */
export class LoadShedder {
  readonly #queue: TurnQueue
  readonly #options: Required<OverloadOptions>
  readonly #body: Buffer
  readonly #headers: Readonly<Record<string, string>>
  readonly #corsOrigins: ReadonlySet<string>
  #heapOver = false
  #sampler: NodeJS.Timeout | undefined
  #wiring: ShedWiring | undefined
  #lastLog = 0
  #shedCount = 0

  constructor(options: OverloadOptions, answer: ShedAnswerOptions, cpuMicros: CpuClock = threadCpuMicros) {
    this.#options = { ...OVERLOAD_DEFAULTS, ...options }
    this.#queue = new TurnQueue(cpuMicros)
    this.#body = Buffer.from(JSON.stringify({ detail: MESSAGES.overloaded(this.#options.retryAfterSeconds) }))
    this.#headers = Object.freeze({
      ...securityHeaders(API_HELMET_OPTIONS),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(this.#body.length),
      'retry-after': String(this.#options.retryAfterSeconds),
    })
    this.#corsOrigins = new Set(answer.corsOrigins)
  }

  /** Connects the shedder to the app and starts the heap sampler; stop() undoes it. */
  start(wiring: ShedWiring): void {
    this.#wiring = wiring
    const { maxHeapUsedBytes, heapSampleIntervalMs } = this.#options
    if (maxHeapUsedBytes > 0 && this.#sampler === undefined) {
      this.#sampler = setInterval(() => {
        this.#heapOver = getHeapStatistics().used_heap_size > maxHeapUsedBytes
      }, heapSampleIntervalMs)
      this.#sampler.unref()
    }
  }

  stop(): void {
    clearInterval(this.#sampler)
    this.#sampler = undefined
  }

  /** Whether `req` is shed; if it is, it has been answered. */
  shed(req: IncomingMessage, res: ServerResponse): boolean {
    // Every request takes its place in the turn's queue, even one that is never shed.
    const queueOver = this.#options.maxQueueMs > 0 && this.#queue.over(this.#options.maxQueueMs)
    if (!queueOver && !this.#heapOver) return false
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    if (NEVER_SHED_ROUTES.has(query === -1 ? url : url.slice(0, query))) return false
    const reason: ShedReason = queueOver ? 'queue' : 'heap'
    // Timed from here: a served request never reads the clock for this.
    const started = performance.now()
    this.#answer(req, res)
    const wiring = this.#wiring
    if (wiring !== undefined) {
      wiring.count?.(req.method ?? 'GET', reason, (performance.now() - started) / 1000)
      const now = Date.now()
      if (now - this.#lastLog >= 1000) {
        this.#lastLog = now
        wiring.log.warn(
          {
            method: req.method,
            url,
            statusCode: 503,
            reason,
            ...(queueOver
              ? { queuedCpuMs: Math.round(this.#queue.cpuMsSoFar()), maxQueueMs: this.#options.maxQueueMs }
              : {}),
          },
          'overloaded: shedding requests with 503',
        )
      }
    }
    return true
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    const headers: Record<string, string> = { ...this.#headers }
    // As Fastify does (app.ts requestIdHeader): the client's id, else one made here.
    const id = req.headers['x-request-id']
    headers['x-request-id'] = typeof id === 'string' && id !== '' ? id : `shed-${(++this.#shedCount).toString(36)}`
    const origin = req.headers.origin
    if (origin !== undefined) {
      headers.vary = 'Origin'
      if (this.#corsOrigins.has(origin)) {
        headers['access-control-allow-origin'] = origin
        headers['access-control-allow-credentials'] = 'true'
        headers['access-control-expose-headers'] = EXPOSE
      }
    }
    if (this.#wiring?.draining() === true) headers.connection = 'close'
    res.writeHead(503, headers)
    res.end(this.#body)
  }
}

/**
 * Fastify's serverFactory for an app that sheds: node:http's server, as Fastify would
 * make it from the same options (its timeouts), with the shedder ahead of Fastify's
 * handler.
 */
export function gatedServer(shedder: LoadShedder): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerFactoryOptions
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!shedder.shed(req, res)) handler(req, res)
    })
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout)
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket
    return server
  }
}

/** The options Fastify hands a serverFactory that an HTTP/1 server takes (Fastify's own createServer sets the same). */
interface ServerFactoryOptions {
  readonly http?: ServerOptions
  readonly keepAliveTimeout?: number
  readonly requestTimeout?: number
  readonly connectionTimeout?: number
  readonly maxRequestsPerSocket?: number | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's load shedder (app.ts), or undefined when shedding is off. */
    shedder: LoadShedder | undefined
  }
}

export interface OverloadPluginOptions {
  readonly shedder: LoadShedder
}

/** Wires the app's shedder (made by app.ts with the server) to the app's log, drain state and metrics. */
export const overload = fp<OverloadPluginOptions>(
  async (app, { shedder }) => {
    shedder.start({
      log: app.log,
      draining: app.hasDecorator('drain') ? () => app.drain.active : () => false,
      count: app.hasDecorator('countShed') ? app.countShed : undefined,
    })
    app.addHook('onClose', (_app, done) => {
      shedder.stop()
      done()
    })
  },
  { name: 'overload' },
)
