/**
 * What keeps the service standing in front of browsers, bad clients and load:
 * security headers with a CSP that lets /docs (Swagger UI) and the marking app at /
 * work, `{"detail": ...}` answers for the errors Node raises before Fastify sees a
 * request (timeouts, malformed HTTP), load shedding (503 + Retry-After) and the
 * optional per-client rate limit (429). buildApp (server.ts) wires them in.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyUnderPressureOptions } from '@fastify/under-pressure'
import type { Timeouts } from './config.js'

// ---------------------------------------------------------------------------------
// Security headers

/**
 * The Content-Security-Policy. Swagger UI (/docs) and the marking app (/) load only
 * their own scripts and styles; Swagger UI sets inline styles and shows data: images,
 * the marking app shows the chosen photo through a blob: URL. Both fetch only this
 * origin. The app's pose model (marker suggestions) is WebAssembly compiled from files
 * of this origin: 'wasm-unsafe-eval' allows compiling it, and nothing else (no eval,
 * no other origin). No upgrade-insecure-requests: the service itself speaks plain HTTP, and
 * the directive would make browsers ask for /docs assets over https.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
} as const

/**
 * @fastify/helmet's options for pages (the marking app, /docs and their files):
 * helmet's defaults with the CSP above, and no HSTS (the service speaks plain HTTP;
 * HSTS is for the TLS-terminating proxy in front of it to send).
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: false,
}

/**
 * The options for JSON answers (/api/..., /health): the headers that mean something
 * for a response that is never rendered as a page - a CSP that forbids loading or
 * framing anything, nosniff, and Cross-Origin-Resource-Policy - as the OWASP REST
 * cheat sheet lists them. Helmet's page headers (a CSP with sources, COOP,
 * Origin-Agent-Cluster, Referrer-Policy, X-Frame-Options and the legacy X-* ones)
 * have no effect on JSON, and Node's per-header work for them cost ~1.7 us (7%)
 * of the server's CPU per analysis request in the benchmark.
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
}

/** Whether a request URL is answered with JSON by the API (not a page or a page's file). */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/health' || url.startsWith('/health?')
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/**
 * The security headers that @fastify/helmet sends with `options`, computed once by
 * helmet, the plugin's engine. The plugin itself rebuilds helmet's middleware and a
 * closure on every request (it halved the throughput of /health in the benchmark);
 * here the headers never vary per request, so one hook copies a frozen object.
 */
export function securityHeaders(options: object = HELMET_OPTIONS): Readonly<Record<string, string>> {
  // helmet is @fastify/helmet's dependency: resolve it from there.
  const require = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))
  const helmet = require('helmet') as (options: unknown) => Middleware
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return Object.freeze(headers)
}

// ---------------------------------------------------------------------------------
// Errors before routing

/**
 * Node's 'clientError': a request timed out (408), its headers were too large (431)
 * or it was not HTTP (400). Answered in the service's error shape, then the
 * connection is closed, as Node does by default.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  let status: number
  let detail: string
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408
    detail = 'The request was not received in time; send the headers and the whole body promptly.'
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431
    detail = 'The request headers are too large.'
  } else {
    status = 400
    detail = 'The request is not valid HTTP.'
  }
  this.log.info({ statusCode: status, code: error.code, remoteAddress: socket.remoteAddress, detail }, 'request rejected before routing')
  // Do not write into a response that has already started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && (inFlight === undefined || inFlight === null || !inFlight.headersSent)) {
    const body = JSON.stringify({ detail })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/** Timeouts of the listening server, with how often Node checks them. */
export interface ServerTimeouts extends Timeouts {
  /** Node checks request and header timeouts this often (its default, 30 s, makes a 10 s timeout fire after up to 40 s). */
  readonly checkIntervalMs: number
}

// ---------------------------------------------------------------------------------
// Overload

export interface OverloadOptions {
  /** Mean event-loop delay over a sample interval above which requests get 503, ms (default 100; 0: never). */
  readonly maxEventLoopDelayMs?: number
  /** Heap in use above which requests get 503, bytes (default 512 MiB; 0: never). */
  readonly maxHeapUsedBytes?: number
  /** The Retry-After of a 503, seconds (default 5). */
  readonly retryAfterSeconds?: number
  /** How often the event-loop delay and heap are sampled, ms (default 500). */
  readonly sampleIntervalMs?: number
}

export const OVERLOAD_DEFAULTS = {
  maxEventLoopDelayMs: 100,
  maxHeapUsedBytes: 512 * 1024 * 1024,
  retryAfterSeconds: 5,
  sampleIntervalMs: 500,
} as const

/**
 * @fastify/under-pressure's options: 503 `{"detail": ...}` with Retry-After, logged
 * at most once a second. `readyAt` says when the app became ready: the first sample
 * after startup measures the startup work itself as event-loop delay, so that
 * reason alone sheds nothing until two sample intervals after it.
 */
export function underPressureOptions(options: OverloadOptions = {}, readyAt: () => number | undefined = () => 0) {
  const o = { ...OVERLOAD_DEFAULTS, ...options }
  const retryAfter = String(o.retryAfterSeconds)
  const detail = `The service is overloaded; retry after ${o.retryAfterSeconds} seconds.`
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
      request.log.warn({ method: request.method, url: request.url, statusCode: 503, type, value }, 'overloaded: shedding requests with 503')
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

// ---------------------------------------------------------------------------------
// Rate limit

/** @fastify/rate-limit's options: `perMinute` requests per client per minute on /api/... only. */
export function rateLimitOptions(perMinute: number) {
  return {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    // Liveness probes, the docs and the marking app's files are not limited.
    allowList: (request: FastifyRequest) => !request.url.startsWith('/api/'),
    errorResponseBuilder(_request: FastifyRequest, context: { max: number; after: string }) {
      // Thrown by the plugin; the error handler answers 429 {"detail": message}.
      const error = new Error(
        `Too many requests: the limit is ${context.max} per minute per client; retry in ${context.after}.`,
      ) as Error & { statusCode: number }
      error.statusCode = 429
      return error
    },
  }
}
