/**
 * The catalogue of limits: every bound the service enforces on a request, in one
 * place. The code enforces these values, the OpenAPI descriptions and docs/errors.md
 * quote them, and a test fails when the docs disagree.
 *
 * Pure data, no Node or browser APIs: the web app may import this file too.
 */

/** Largest request body, bytes (413 beyond). */
export const BODY_LIMIT_BYTES = 64 * 1024

/** Largest absolute coordinate, lrv_x, fc, grid_size_cm or factor accepted (CONTRACT.md, Limits). */
export const COORDINATE_LIMIT = 1e9

/**
 * Deepest nesting of arrays and objects in a request body (422 `too_deep` beyond), checked on the raw
 * text before it is parsed (http/json-depth.ts); a valid analysis request nests 3 levels.
 */
export const MAX_JSON_DEPTH = 16

/** Longest `input` a 422 entry echoes back, in characters of JSON; longer values are left out. */
export const MAX_ECHOED_INPUT_CHARS = 256

/** Slow-client timeouts of the listening server, ms (each configurable by an environment variable). */
export interface Timeouts {
  /** Whole request (headers and body) must arrive within this, ms (REQUEST_TIMEOUT_MS). */
  readonly requestMs: number
  /** Request headers must arrive within this, ms (HEADERS_TIMEOUT_MS). */
  readonly headersMs: number
  /** An idle keep-alive connection is closed after this, ms (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 10_000, headersMs: 5_000, keepAliveMs: 72_000 }

/** Node checks the request and header timeouts this often, ms (its default, 30 s, makes a 10 s timeout fire after up to 40 s). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1000

/** Load shedding (503 + Retry-After; src/http/overload.ts): the defaults of the overload options. */
export const OVERLOAD_DEFAULTS = {
  /**
   * The most work queued ahead of a request in this process, ms (of time and of the process's CPU time)
   * before it gets 503 (MAX_QUEUE_MS; 0: never). An analysis takes well under a millisecond of CPU.
   */
  maxQueueMs: 100,
  /** Heap in use above which requests get 503, bytes (0: never). */
  maxHeapUsedBytes: 512 * 1024 * 1024,
  /** The Retry-After of a 503, seconds. */
  retryAfterSeconds: 5,
  /** How often the heap in use is sampled, ms. */
  heapSampleIntervalMs: 1000,
} as const

/** The rate limit's window: RATE_LIMIT counts requests per client per this many ms. */
export const RATE_LIMIT_WINDOW_MS = 60_000

/** `1e9`, as the messages and docs write the coordinate limit. */
export const COORDINATE_LIMIT_TEXT = COORDINATE_LIMIT.toExponential().replace('+', '')

/** `64 KiB`, as the messages and docs write the body limit. */
export const BODY_LIMIT_TEXT = `${BODY_LIMIT_BYTES / 1024} KiB`

/** Retry-After of GET /ready's 503 while the process drains before exiting, seconds. */
export const DRAINING_RETRY_AFTER_SECONDS = 5
