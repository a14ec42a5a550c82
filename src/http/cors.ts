/**
 * CORS for browser clients on other origins (a front end's dev server, a clinic's
 * portal): the configured origins may call every endpoint with credentials and
 * read the headers a client needs (the request id, Retry-After, the rate-limit
 * headers). Preflights are answered here, for any path, before routing.
 *
 * Requests without an Origin header (same-origin pages, servers, curl, load
 * balancers' probes) get no CORS work at all. No `Vary: Origin` either: the answers
 * that could differ by origin are POSTs and unvalidated GETs without caching
 * headers, which shared caches do not store.
 */
import fp from 'fastify-plugin'
import { RATE_LIMIT_HEADERS } from './rate-limit.js'

export interface CorsOptions {
  /** Origins allowed to call the API, e.g. http://localhost:5173 (scheme, host and port). */
  readonly origins: readonly string[]
}

/** Response headers browser code on an allowed origin may read. */
export const EXPOSED_HEADERS = ['x-request-id', ...RATE_LIMIT_HEADERS] as const

/** The methods the service answers, as a preflight lists them. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST'] as const

/** How long a browser may reuse a preflight answer, seconds. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600

const EXPOSE = EXPOSED_HEADERS.join(', ')
const METHODS = CORS_METHODS.join(', ')

export const cors = fp<CorsOptions>(
  async (app, options) => {
    const allowed = new Set(options.origins)
    app.onRequestStart((request, reply) => {
      const origin = request.headers.origin
      if (origin === undefined) return false
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined
      reply.header('vary', preflight ? 'Origin, Access-Control-Request-Headers' : 'Origin')
      if (allowed.has(origin)) {
        reply.header('access-control-allow-origin', origin)
        reply.header('access-control-allow-credentials', 'true')
        if (!preflight) reply.header('access-control-expose-headers', EXPOSE)
      }
      if (!preflight) return false
      if (allowed.has(origin)) {
        reply.header('access-control-allow-methods', METHODS)
        const requested = request.headers['access-control-request-headers']
        if (requested !== undefined) reply.header('access-control-allow-headers', requested)
        reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      }
      // A refused origin gets the same 204 without the allow headers: the browser then blocks the request.
      reply.code(204).header('content-length', '0').send()
      return true
    })
  },
  { name: 'cors', dependencies: ['request-start'] },
)
