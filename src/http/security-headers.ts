/**
 * Security headers on every response: helmet's page set, with the CSP that lets
 * /docs (Swagger UI) and the marking app at / work, on pages and their files; the
 * short API set on JSON answers (/api/..., /health, /openapi.json); and on pages a
 * Permissions-Policy (helmet has none) that leaves the app only the camera and the
 * motion sensors of its level. The marking app's pages may also connect to the FHIR
 * servers the operator names (FHIR_SERVER_ORIGINS; none by default), to send a visit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import fp from 'fastify-plugin'

/**
 * The Content-Security-Policy. Swagger UI (/docs) and the marking app (/) load only
 * their own scripts and styles; Swagger UI sets inline styles and shows data: images,
 * the marking app shows an opened or captured photo through a data: URL and a photo
 * of the record through a blob: URL, both only ever of a verified JPEG, PNG or WebP
 * (web/src/files/raster.ts). Images are the only thing data: and blob: URLs may be:
 * default-src 'self' keeps them out of scripts, frames and workers. Both fetch only this
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
 * The Permissions-Policy of pages (the marking app, /docs): the camera (the capture
 * screen) and the accelerometer and gyroscope (its level reads DeviceOrientation
 * events, which Chromium gives only where both are allowed; the magnetometer is for
 * the absolute orientation, which the level does not use) for this origin alone, never
 * for a frame of another; every other powerful feature off. Only features browsers
 * know are listed: an unknown one costs a console warning on every page (the browser
 * test checks that Chromium recognises each).
 */
export const PERMISSIONS = {
  camera: ['self'],
  accelerometer: ['self'],
  gyroscope: ['self'],
  magnetometer: [],
  microphone: [],
  geolocation: [],
  'display-capture': [],
  'screen-wake-lock': [],
  'clipboard-read': [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  gamepad: [],
  'xr-spatial-tracking': [],
  payment: [],
  'publickey-credentials-create': [],
  'publickey-credentials-get': [],
  'identity-credentials-get': [],
  'otp-credentials': [],
  'idle-detection': [],
  'local-fonts': [],
  'window-management': [],
  'compute-pressure': [],
  'speaker-selection': [],
  'captured-surface-control': [],
  'storage-access': [],
  'browsing-topics': [],
  'interest-cohort': [],
  'private-state-token-issuance': [],
  'private-state-token-redemption': [],
  'encrypted-media': [],
  'picture-in-picture': [],
  fullscreen: [],
} as const satisfies Readonly<Record<string, readonly 'self'[]>>

/** The header's value of a policy: `camera=(self), microphone=(), ...`. */
export function permissionsPolicy(policy: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(policy)
    .map(([feature, allow]) => `${feature}=(${allow.join(' ')})`)
    .join(', ')
}

/** Pages: PERMISSIONS. */
export const PERMISSIONS_POLICY = permissionsPolicy(PERMISSIONS)

/**
 * The CSP of the marking app's pages: CSP_DIRECTIVES with the FHIR servers the operator
 * allows (FHIR_SERVER_ORIGINS, validated origins: src/config.ts) added to connect-src, so
 * the app can POST a visit there when the clinician sends one. Nothing else changes.
 */
export function appCspDirectives(fhirServerOrigins: readonly string[] = []): Record<string, readonly string[]> {
  return { ...CSP_DIRECTIVES, 'connect-src': [...CSP_DIRECTIVES['connect-src'], ...fhirServerOrigins] }
}

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

/** Whether a request URL is Swagger UI's (/docs and its files), a page that is not the marking app. */
export function isDocsUrl(url: string): boolean {
  return url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?')
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

export interface SecurityHeadersOptions {
  /** FHIR servers the marking app's pages may connect to (FHIR_SERVER_ORIGINS); default none. */
  fhirServerOrigins?: readonly string[]
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const pageHeaders = Object.freeze({ ...securityHeaders(HELMET_OPTIONS), 'permissions-policy': PERMISSIONS_POLICY })
    // The marking app's pages and files: the page set, with the FHIR servers in connect-src when there are any.
    // /docs keeps the page set as it is: Swagger UI has no reason to reach a FHIR server.
    const fhir = options.fhirServerOrigins ?? []
    const appHeaders =
      fhir.length === 0
        ? pageHeaders
        : Object.freeze({
            ...securityHeaders({
              ...HELMET_OPTIONS,
              contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(fhir) },
            }),
            'permissions-policy': PERMISSIONS_POLICY,
          })
    // JSON answers are never a page that could use a feature (opened in a tab they are text, and their CSP runs
    // nothing): a Permissions-Policy there would only add bytes to every answer (bench/README.md, headers).
    const apiHeaders = securityHeaders(API_HELMET_OPTIONS)
    app.onRequestStart((request, reply) => {
      const url = request.url
      reply.headers(isApiUrl(url) ? apiHeaders : isDocsUrl(url) ? pageHeaders : appHeaders)
      return false
    })
  },
  { name: 'security-headers', dependencies: ['request-start'] },
)
