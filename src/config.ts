/**
 * Configuration from environment variables (docs/contract.md, "Configuration"; README,
 * "Operations"); all optional. Every bad value is refused at startup with a message
 * that says what is expected.
 */
import { availableParallelism } from 'node:os'
import { LOCAL_HOSTS } from '#core/local-hosts.js'
import { DEFAULT_TIMEOUTS, OVERLOAD_DEFAULTS, type Timeouts } from './limits.js'

export { DEFAULT_TIMEOUTS, type Timeouts }

export interface Config {
  readonly port: number
  readonly host: string
  readonly corsOrigins: readonly string[]
  readonly logLevel: string
  /** Worker processes behind the port (node:cluster); 1 serves from this process. */
  readonly workers: number
  /** Requests per minute per client on /api/...; 0: no limit. */
  readonly rateLimit: number
  /** Fastify's trustProxy: whether (or how many hops of) X-Forwarded-For to believe for the client address. */
  readonly trustProxy: boolean | number | string[]
  readonly timeouts: Timeouts
  /** The most work queued ahead of a request in this process before it gets 503 + Retry-After, ms; 0: never (http/overload.ts). */
  readonly maxQueueMs: number
  /** After SIGTERM, the longest open connections are still served (each answer closing its connection), ms. */
  readonly shutdownDrainMs: number
  /** Whether requests are counted and GET /metrics answers (Prometheus text). */
  readonly metricsEnabled: boolean
  /** GET /metrics on this port of HOST instead of the service port; undefined: on the service port. */
  readonly metricsPort: number | undefined
  /** FHIR servers the marking app may send a visit to (added to its pages' CSP connect-src); none by default. */
  readonly fhirServerOrigins: readonly string[]
  /**
   * The clinic's record servers the marking app syncs its record with (added to its pages' CSP
   * connect-src; the app talks to them directly, so no patient data passes through this service).
   */
  readonly recordServerOrigins: readonly string[]
  /** Settings that are accepted but deprecated, each with what to do instead: logged once at startup. */
  readonly deprecations: readonly Deprecation[]
}

/** A deprecated setting that is set: its name (for programs) and what to do instead (for people). */
export interface Deprecation {
  readonly setting: string
  readonly message: string
}

/** The local front-end dev servers (port 3000, and Vite's 5173), by name and by IP. */
export const DEFAULT_CORS_ORIGINS = [
  'http://localhost:3000',
  'http://localhost:5173',
  'http://127.0.0.1:3000',
  'http://127.0.0.1:5173',
] as const

export const DEFAULT_MAX_QUEUE_MS = OVERLOAD_DEFAULTS.maxQueueMs

/** The setting MAX_QUEUE_MS replaced: still accepted, with a warning (docs/configuration.md). */
export const DEPRECATED_EVENT_LOOP_SETTING = 'MAX_EVENT_LOOP_DELAY_MS'

/** SHUTDOWN_DRAIN_MS: a proxy's or a Service's clients get this long to retire their pooled connections (docs/operations.md). */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 3_000

/** The drain must leave the requests it accepted time to finish before the 8 s cut (serve.ts SHUTDOWN_GRACE_MS). */
export const MAX_SHUTDOWN_DRAIN_MS = 6_000

const MAX_WORKERS = 64

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** A configuration value that cannot be used; the message says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

function set(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== ''
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  meaning: string,
): number {
  const raw = env[name]
  if (!set(raw)) return fallback
  const value = Number(raw.trim())
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be ${meaning}, an integer from ${min} to ${max}; got '${raw}'.`)
  }
  return value
}

function workersOf(raw: string | undefined): number {
  if (!set(raw)) return 1
  if (raw.trim().toLowerCase() === 'auto') return availableParallelism()
  const value = Number(raw.trim())
  if (!Number.isInteger(value) || value < 1 || value > MAX_WORKERS) {
    throw new ConfigError(
      `WORKERS must be 'auto' (one per CPU core) or the number of worker processes, an integer from 1 to ${MAX_WORKERS}; got '${raw}'.`,
    )
  }
  return value
}

function trustProxyOf(raw: string | undefined): boolean | number | string[] {
  if (!set(raw)) return false
  const value = raw.trim()
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
  for (const address of addresses) {
    if (!/^[0-9a-fA-F.:/]+$/.test(address)) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs; got '${raw}'.`,
      )
    }
  }
  return addresses
}

function booleanOf(env: NodeJS.ProcessEnv, name: string, fallback: boolean, meaning: string): boolean {
  const raw = env[name]
  if (!set(raw)) return fallback
  const value = raw.trim().toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  throw new ConfigError(`${name} must be true or false (${meaning}); got '${raw}'.`)
}

function metricsPortOf(env: NodeJS.ProcessEnv, servicePort: number): number | undefined {
  if (!set(env.METRICS_PORT)) return undefined
  const port = integer(
    env,
    'METRICS_PORT',
    0,
    1,
    65535,
    'the port that serves GET /metrics instead of the service port',
  )
  if (port === servicePort) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${servicePort}); unset it to serve /metrics on the service port.`,
    )
  }
  return port
}

/**
 * FHIR_SERVER_ORIGINS: the origins (scheme, host, optional port; no path) of FHIR servers the
 * marking app may POST a visit to. https only, or http on this machine (a local test server):
 * patient data never crosses a network in clear text.
 */
function fhirServerOriginsOf(raw: string | undefined, name = 'FHIR_SERVER_ORIGINS'): string[] {
  if (!set(raw)) return []
  const origins: string[] = []
  for (const entry of raw.split(',').map((o) => o.trim())) {
    if (entry === '') continue
    let url: URL | undefined
    try {
      // Scheme and authority only (a trailing '/' is fine); no user, path, query or fragment.
      url = /^https?:\/\/[^/?#@\s]+\/?$/i.test(entry) ? new URL(entry) : undefined
    } catch {
      url = undefined
    }
    // A host of letters, digits, dots and hyphens (punycode after parsing), or an IPv6 literal: nothing that could
    // end the CSP source it becomes (';', quotes).
    if (url && !/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) url = undefined
    if (!url) {
      throw new ConfigError(
        `${name} must be a comma-separated list of origins like https://${name === 'FHIR_SERVER_ORIGINS' ? 'fhir' : 'record'}.example.org (scheme, host and an optional port; no path); got '${entry}'.`,
      )
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
      throw new ConfigError(
        `${name} accepts https origins only (http only on localhost, 127.0.0.1 or [::1]): patient data must not travel unencrypted; got '${entry}'.`,
      )
    }
    // Normalised as browsers write an origin (lower case, punycode, no default port): the CSP source and the app compare it so.
    if (!origins.includes(url.origin)) origins.push(url.origin)
  }
  return origins
}

/**
 * MAX_QUEUE_MS, and the setting it replaced: MAX_EVENT_LOOP_DELAY_MS shed on event-loop
 * delay, which also rises when the process is starved of CPU. It is still accepted
 * (checked as before) so that no deployment fails to start: 0 keeps shedding off, any
 * other value is ignored; either way a deprecation says what to set instead.
 */
function queueLimitOf(env: NodeJS.ProcessEnv): { maxQueueMs: number; deprecations: Deprecation[] } {
  const deprecations: Deprecation[] = []
  const oldValue = integer(
    env,
    'MAX_EVENT_LOOP_DELAY_MS',
    -1,
    0,
    60_000,
    'the event-loop delay at which to answer 503, in ms (0: never); it is deprecated, set MAX_QUEUE_MS instead',
  )
  let maxQueueMs = integer(
    env,
    'MAX_QUEUE_MS',
    DEFAULT_MAX_QUEUE_MS,
    0,
    60_000,
    'the most work queued ahead of a request before it gets 503, in ms (0: never shed)',
  )
  if (oldValue >= 0) {
    const newSet = set(env.MAX_QUEUE_MS)
    if (oldValue === 0 && !newSet) maxQueueMs = 0
    deprecations.push({
      setting: DEPRECATED_EVENT_LOOP_SETTING,
      message:
        `${DEPRECATED_EVENT_LOOP_SETTING} is deprecated and no longer sheds on event-loop delay (CPU starvation raises it too); ` +
        (newSet
          ? 'MAX_QUEUE_MS is set and applies; remove MAX_EVENT_LOOP_DELAY_MS.'
          : oldValue === 0
            ? 'its 0 is read as MAX_QUEUE_MS=0 (no load shedding); set that instead.'
            : `its value is ignored and load is shed on the service's own queue (MAX_QUEUE_MS, default ${DEFAULT_MAX_QUEUE_MS} ms); remove it, or set MAX_QUEUE_MS.`),
    })
  }
  return { maxQueueMs, deprecations }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8000 : Number(env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535; got '${env.PORT}'.`)
  }
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got '${logLevel}'.`)
  }
  const corsOrigins =
    env.CORS_ORIGINS === undefined
      ? [...DEFAULT_CORS_ORIGINS]
      : env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter((o) => o !== '')
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `CORS_ORIGINS must be a comma-separated list of origins like http://localhost:3000 (scheme and host, no path); got '${origin}'.`,
      )
    }
  }
  const hour = 3_600_000
  const timeouts: Timeouts = {
    requestMs: integer(
      env,
      'REQUEST_TIMEOUT_MS',
      DEFAULT_TIMEOUTS.requestMs,
      100,
      hour,
      'the time a client has to send a whole request, in ms',
    ),
    headersMs: integer(
      env,
      'HEADERS_TIMEOUT_MS',
      DEFAULT_TIMEOUTS.headersMs,
      100,
      hour,
      'the time a client has to send the request headers, in ms',
    ),
    keepAliveMs: integer(
      env,
      'KEEP_ALIVE_TIMEOUT_MS',
      DEFAULT_TIMEOUTS.keepAliveMs,
      100,
      hour,
      'how long an idle keep-alive connection stays open, in ms',
    ),
  }
  const metricsEnabled = booleanOf(env, 'METRICS_ENABLED', true, 'whether to count requests and serve GET /metrics')
  const metricsPort = metricsPortOf(env, port)
  if (metricsPort !== undefined && !metricsEnabled) {
    throw new ConfigError('METRICS_PORT is set but METRICS_ENABLED is false: unset one of them.')
  }
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs}): the headers are part of the request.`,
    )
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    corsOrigins,
    logLevel,
    workers: workersOf(env.WORKERS),
    rateLimit: integer(env, 'RATE_LIMIT', 0, 0, 1_000_000_000, 'requests per minute per client (0 or unset: no limit)'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    timeouts,
    ...queueLimitOf(env),
    shutdownDrainMs: integer(
      env,
      'SHUTDOWN_DRAIN_MS',
      DEFAULT_SHUTDOWN_DRAIN_MS,
      0,
      MAX_SHUTDOWN_DRAIN_MS,
      'how long open connections are still served after SIGTERM, in ms (the whole shutdown stays within 10 s)',
    ),
    metricsEnabled,
    metricsPort,
    fhirServerOrigins: fhirServerOriginsOf(env.FHIR_SERVER_ORIGINS),
    recordServerOrigins: fhirServerOriginsOf(env.RECORD_SERVER_ORIGINS, 'RECORD_SERVER_ORIGINS'),
  }
}
