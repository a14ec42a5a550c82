/**
 * Security headers on every response: helmet's page set, with the CSP that lets
 * /docs (Swagger UI) and the marking app at / work, on pages and their files; the
 * short API set on JSON answers (/api/..., /health, /openapi.json).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import fp from 'fastify-plugin'

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
 * The options for JSON answers (/api/..., /health, /openapi.json): the headers that mean something
 * for a response that is never rendered as a page - a CSP that forbids loading or
 * framing anything, nosniff, and Cross-Origin-Resource-Policy - as the OWASP REST
 * cheat sheet lists them. Helmet's page headers (a CSP with sources, COOP,
 * Origin-Agent-Cluster, Referrer-Policy, X-Frame-Options and the legacy X-* ones)
 * have no effect on JSON, and Node's per-header work for them is a measurable
 * share of an analysis request's CPU time (bench/README.md).
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
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
  return url.startsWith('/api/') || url === '/health' || url.startsWith('/health?') || url === '/openapi.json'
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/**
 * The security headers that @fastify/helmet sends with `options`, computed once by
 * helmet, the plugin's engine. The plugin itself rebuilds helmet's middleware and a
 * closure on every request (a large cost on small answers such as /health); here the headers never vary per request, so one hook copies a frozen object.
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

export const securityHeadersPlugin = fp(
  async (app) => {
    const pageHeaders = securityHeaders(HELMET_OPTIONS)
    const apiHeaders = securityHeaders(API_HELMET_OPTIONS)
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders)
      done()
    })
  },
  { name: 'security-headers' },
)
