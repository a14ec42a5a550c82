/**
 * Builds the application: validation, error shapes, CORS, docs, routes and the
 * marking app's static files. Listening is main.ts's job, so tests can inject.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import underPressure from '@fastify/under-pressure'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import secureJson from 'secure-json-parse'
import { DEFAULT_CORS_ORIGINS, DEFAULT_TIMEOUTS } from './config.js'
import {
  API_HELMET_OPTIONS,
  HELMET_OPTIONS,
  clientErrorHandler,
  isApiUrl,
  rateLimitOptions,
  securityHeaders,
  underPressureOptions,
  type OverloadOptions,
  type ServerTimeouts,
} from './hardening.js'
import type { View } from './markers.js'
import { MISSING_BODY, validationDetail, type SchemaError } from './api/errors.js'
import { routes } from './api/routes.js'
import { lazyChildLogger } from './request-logger.js'
import { draining } from './http/draining.js'
import { metrics, type MetricsPluginOptions } from './http/metrics.js'
import { readiness } from './http/readiness.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The view an analysis route serves, for the wording of its errors. */
    view?: View
  }
}

export const BODY_LIMIT = 64 * 1024

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))

export interface AppOptions {
  /** Allowed CORS origins; default the two local front-end origins. */
  corsOrigins?: readonly string[]
  /** pino options, or false for no logs; default `{ level: 'info' }`. */
  logger?: FastifyServerOptions['logger']
  /** Folder of the built marking app served at `/`; false to serve none. */
  webRoot?: string | false
  /** Requests per minute per client on /api/... (429 beyond); 0 or absent: no limit. */
  rateLimit?: number
  /** Load shedding with 503 + Retry-After (defaults in hardening.ts); false: off. */
  overload?: OverloadOptions | false
  /** Slow-client timeouts of the listening server, ms (default: config.ts DEFAULT_TIMEOUTS, checked every second). */
  timeouts?: Partial<ServerTimeouts>
  /** Whether to believe X-Forwarded-For for the client address (rate limit, logs); see Fastify's trustProxy. */
  trustProxy?: boolean | number | string[]
  /** Request metrics and GET /metrics (http/metrics.ts); false: none. Default: on, with the route. */
  metrics?: MetricsPluginOptions | false
}

/** The methods each path answers, for telling 405 from 404. */
type RouteTable = Map<string, Set<string>>

export async function buildApp(options: AppOptions = {}) {
  const timeouts: ServerTimeouts = { ...DEFAULT_TIMEOUTS, checkIntervalMs: 1000, ...options.timeouts }
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    bodyLimit: BODY_LIMIT,
    // Each 4xx/5xx is logged below with its cause; successes are logged only at debug level.
    logController: new LogController({ disableRequestLogging: true }),
    // request.log builds its pino child only when the request logs (request-logger.ts).
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
    ajv: {
      // Report every problem at once, never coerce "12" into 12, keep unknown keys
      // (for the typo hint); verbose gives the schema descriptions to the messages.
      customOptions: { allErrors: true, verbose: true, coerceTypes: false, removeAdditional: false, useDefaults: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const routeTable: RouteTable = new Map()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.url.includes(':')) return
    const methods = routeTable.get(route.url) ?? new Set<string>()
    for (const m of [route.method].flat()) methods.add(m)
    routeTable.set(route.url, methods)
  })

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })

  // Security headers on every response: helmet's page set (CSP allowing /docs and the
  // marking app) or, for JSON answers, the short API set (hardening.ts says why).
  const pageHeaders = securityHeaders(HELMET_OPTIONS)
  const apiHeaders = securityHeaders(API_HELMET_OPTIONS)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders)
    done()
  })

  // Shutdown drain (Connection: close, readiness 503) and request metrics; before load shedding, which answers early.
  await app.register(draining)
  if (options.metrics !== false) await app.register(metrics, options.metrics ?? {})

  // Overload: 503 {"detail"} + Retry-After instead of an ever-growing queue.
  if (options.overload !== false) {
    let readyAt: number | undefined
    app.addHook('onReady', (done) => {
      readyAt = Date.now()
      done()
    })
    await app.register(underPressure, underPressureOptions(options.overload, () => readyAt))
  }
  if (options.rateLimit !== undefined && options.rateLimit > 0) await app.register(rateLimit, rateLimitOptions(options.rateLimit))
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request completed')
      done()
    })
  }

  // JSON only (anything else is 415), parsed with the parser's own words in the 400 message.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined)
    try {
      done(null, secureJson.parse(body as string, undefined, { protoAction: 'remove', constructorAction: 'remove' }))
    } catch (cause) {
      const error = new Error(`The request body is not valid JSON (${(cause as Error).message}); send a JSON object.`) as FastifyError
      error.statusCode = 400
      error.code = 'INVALID_JSON'
      done(error, undefined)
    }
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return handleError(error, request, reply)
    } catch (cause) {
      // Whatever goes wrong while describing an error, the answer keeps the contract's shape.
      request.log.error({ method: request.method, url: request.url, statusCode: 500, err: cause, original: error }, 'error handler failed')
      return reply.code(500).send({ detail: 'Internal Server Error' })
    }
  })
  app.setNotFoundHandler((request, reply) => notFound(routeTable, request, reply))

  await app.register(cors, {
    origin: [...(options.corsOrigins ?? DEFAULT_CORS_ORIGINS)],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // allowedHeaders unset: the headers a preflight asks for are allowed (all headers).
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'posture-metrics',
        version: VERSION,
        description:
          'Biomechanical posture metrics from anatomical markers placed on a photograph (anterior, posterior and lateral views).\n\n' +
          '- Coordinates are image pixels: x grows to the right, **y grows downward**.\n' +
          '- `calibration.fc` is **centimetres per pixel** (> 0); `calibration.lrv_x` is the x of the vertical reference (plumb) line.\n' +
          "- Signs follow the subject's body, not the photo, so the same posture gives the same sign in every view. Each metric's formula and sign meaning is in its response schema below.\n" +
          '- Angles are degrees, distances centimetres; no value is rounded.\n' +
          '- Errors: 422 `{"detail": [{"loc", "msg", "type"}]}` lists every problem at once; 400 invalid JSON; 413 body over 64 KiB; 415 not JSON; 404/405 `{"detail": "..."}`.\n\n' +
          'Try it: open an endpoint, press "Try it out"; the example body is a complete, valid request.',
      },
      tags: [
        { name: 'analysis', description: 'Posture metrics per view, and the popliteal estimate.' },
        { name: 'service', description: 'Liveness.' },
      ],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger())

  await app.register(routes, { version: VERSION })
  await app.register(readiness)

  const webRoot = options.webRoot ?? WEB_ROOT
  if (webRoot !== false && existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false, decorateReply: false })
  } else if (webRoot !== false) {
    app.log.warn({ webRoot }, 'marking app not built: / is not served (run npm run build)')
  }

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

/** A hop count becomes Fastify's function form (its types leave numbers out). */
function trustProxyOption(value: AppOptions['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : (value ?? false)
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    const detail =
      request.body === undefined
        ? MISSING_BODY
        : validationDetail(error.validation as SchemaError[], request.routeOptions.config.view, request.body)
    request.log.info({ method: request.method, url: request.url, statusCode: 422, detail }, 'request rejected: validation')
    return reply.code(422).send({ detail })
  }
  const [status, detail] = clientError(error)
  if (status < 500) {
    request.log.info({ method: request.method, url: request.url, statusCode: status, detail }, 'request rejected')
    return reply.code(status).send({ detail })
  }
  request.log.error({ method: request.method, url: request.url, statusCode: 500, err: error }, 'request failed')
  return reply.code(500).send({ detail: 'Internal Server Error' })
}

/** The status and message of an error that the client caused; 500 for anything else. */
function clientError(error: FastifyError): [number, string] {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 'Unsupported Content-Type; send the body as JSON with the header Content-Type: application/json.']
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, `The request body is larger than the ${BODY_LIMIT / 1024} KiB limit; a complete analysis request is under 2 KiB.`]
    case 'INVALID_JSON':
      return [400, error.message]
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return [status, error.message]
  return [500, 'Internal Server Error']
}

function notFound(routeTable: RouteTable, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?', 1)[0] ?? request.url
  const allowed = routeTable.get(path)
  if (allowed !== undefined && !allowed.has(request.method)) {
    request.log.info({ method: request.method, url: request.url, statusCode: 405 }, 'request rejected: method not allowed')
    return reply.code(405).header('allow', [...allowed].join(', ')).send({ detail: 'Method Not Allowed' })
  }
  request.log.info({ method: request.method, url: request.url, statusCode: 404 }, 'request rejected: not found')
  return reply.code(404).send({ detail: 'Not Found' })
}
