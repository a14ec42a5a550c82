/**
 * Builds the application from one plugin per concern (src/http/), then the routes.
 * Listening is serve.ts's job, so tests can inject. Where is X built? See the
 * file named for it in src/http/.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions, LogController } from 'fastify'
import { routes } from './api/routes.js'
import { DEFAULT_CORS_ORIGINS } from './config.js'
import { clientErrorHandler } from './http/client-error.js'
import { cors } from './http/cors.js'
import { docs } from './http/docs.js'
import { draining } from './http/draining.js'
import { errorHandler } from './http/error-handler.js'
import { jsonBody } from './http/json-body.js'
import { notFound } from './http/not-found.js'
import { gatedServer, LoadShedder, type OverloadOptions, overload } from './http/overload.js'
import { type MetricsPluginOptions, metrics } from './http/prometheus.js'
import { rateLimitPlugin } from './http/rate-limit.js'
import { readiness } from './http/readiness.js'
import { requestId } from './http/request-id.js'
import { lazyChildLogger, requestLog } from './http/request-logger.js'
import { requestStart } from './http/request-start.js'
import { keepRouteTable } from './http/route-table.js'
import { securityHeadersPlugin } from './http/security-headers.js'
import { staticFiles } from './http/static.js'
import { buildValidator } from './http/validator.js'
import { BODY_LIMIT_BYTES, DEFAULT_TIMEOUTS, TIMEOUT_CHECK_INTERVAL_MS, type Timeouts } from './limits.js'

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))

export interface AppOptions {
  /** Allowed CORS origins; default config.ts DEFAULT_CORS_ORIGINS (the local front-end origins). */
  corsOrigins?: readonly string[]
  /** pino options, or false for no logs; default `{ level: 'info' }`. */
  logger?: FastifyServerOptions['logger']
  /** Folder of the built marking app served at `/`; false to serve none. */
  webRoot?: string | false
  /** Requests per minute per client on /api/... (429 beyond); 0 or absent: no limit. */
  rateLimit?: number
  /** Load shedding with 503 + Retry-After (defaults in limits.ts); false: off. */
  overload?: OverloadOptions | false
  /** Slow-client timeouts of the listening server, ms (default: limits.ts DEFAULT_TIMEOUTS). */
  timeouts?: Partial<Timeouts & { checkIntervalMs: number }>
  /** Whether to believe X-Forwarded-For for the client address (rate limit, logs); see Fastify's trustProxy. */
  trustProxy?: boolean | number | string[]
  /** Request metrics and GET /metrics (http/prometheus.ts); false: none. Default: on, with the route. */
  metrics?: MetricsPluginOptions | false
  /** FHIR servers the marking app's pages may connect to (CSP connect-src; config FHIR_SERVER_ORIGINS); default none. */
  fhirServerOrigins?: readonly string[]
  /** The clinic's record servers the marking app syncs with (CSP connect-src; config RECORD_SERVER_ORIGINS); default none. */
  recordServerOrigins?: readonly string[]
}

export async function buildApp(options: AppOptions = {}) {
  const timeouts = { ...DEFAULT_TIMEOUTS, checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS, ...options.timeouts }
  const rateLimit = options.rateLimit ?? 0
  const corsOrigins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS
  // Load shedding answers before Fastify, in the server's request listener (http/overload.ts).
  const shedder = options.overload === false ? undefined : new LoadShedder(options.overload ?? {}, { corsOrigins })
  const app = Fastify({
    ...(shedder === undefined ? {} : { serverFactory: gatedServer(shedder) }),
    logger: options.logger ?? { level: 'info' },
    bodyLimit: BODY_LIMIT_BYTES,
    // Each 4xx/5xx is logged with its cause; successes only at debug level (request-logger.ts).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    requestIdHeader: 'x-request-id',
    // __proto__ and constructor keys are ignored like any unknown field.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // While closing, requests already on an open connection are still served, with
    // Connection: close (Fastify's 503 would drop them, in another error shape).
    return503OnClosing: false,
    // Slow clients: the whole request, its headers, and idle keep-alive connections
    // are bounded; Node answers 408 through clientErrorHandler.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler,
    trustProxy: trustProxyOption(options.trustProxy),
    schemaController: { compilersFactory: { buildValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('shedder', shedder)
  keepRouteTable(app)

  // One onRequest hook for every plugin that acts on a request as it arrives (request-start.ts).
  await app.register(requestStart)
  await app.register(requestId)
  // The app's pages may connect to the FHIR servers and the record servers named (each origin once).
  const connectOrigins = [...new Set([...(options.fhirServerOrigins ?? []), ...(options.recordServerOrigins ?? [])])]
  await app.register(securityHeadersPlugin, { fhirServerOrigins: connectOrigins })

  // Shutdown drain (Connection: close, readiness 503) and request metrics: before
  // the overload plugin, which wires the shedder to both.
  await app.register(draining)
  if (options.metrics !== false) await app.register(metrics, options.metrics ?? {})
  if (shedder !== undefined) await app.register(overload, { shedder })
  if (rateLimit > 0) await app.register(rateLimitPlugin, { perMinute: rateLimit })
  await app.register(requestLog)
  await app.register(jsonBody)
  await app.register(errorHandler)
  await app.register(notFound)
  await app.register(cors, { origins: corsOrigins })
  await app.register(docs, { version: VERSION, rateLimited: rateLimit > 0, shedding: options.overload !== false })
  await app.register(routes, { version: VERSION })
  await app.register(readiness)
  await app.register(staticFiles, { webRoot: options.webRoot ?? WEB_ROOT })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

/**
 * What the app's server does with a request: the shedder first, then Fastify. For
 * tests that inject requests (light-my-request) and want shedding: app.inject goes
 * straight to Fastify.
 */
export function dispatch(app: App): (req: IncomingMessage, res: ServerResponse) => void {
  const shedder = app.shedder
  return (req, res) => {
    if (shedder === undefined || !shedder.shed(req, res)) app.routing(req, res)
  }
}

/** A hop count becomes Fastify's function form (its types leave numbers out). */
function trustProxyOption(value: AppOptions['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : (value ?? false)
}
