/**
 * The OpenAPI document's parts that the routes cannot say about themselves: servers,
 * the error responses each operation can answer (with their headers), the statuses
 * that are global, and the info text. The docs plugin (docs.ts) and the docs app that
 * builds the document on first use (docs-app.ts) both read it.
 */

import { BODY_LIMIT_TEXT, COORDINATE_LIMIT_TEXT, DEFAULT_TIMEOUTS } from '../limits.js'
import { type ErrorStatus, STATUS_MEANINGS } from '../messages.js'
import { NEVER_SHED_ROUTES } from './overload.js'
import { RATE_LIMIT_HEADERS } from './rate-limit.js'

export interface DocsOptions {
  /** The service version (info.version). */
  readonly version: string
  /** Whether the rate limit is on: then /api/... operations declare 429. */
  readonly rateLimited: boolean
  /** Whether load shedding is on: then every operation but GET /health declares 503 (http/overload.ts). */
  readonly shedding: boolean
}

/** The address of the document. */
export const OPENAPI_PATH = '/openapi.json'

type Operation = { responses?: Record<string, unknown>; requestBody?: unknown; security?: unknown[] }
export type Document = {
  paths?: Record<string, Record<string, Operation>>
  components?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

/** Component names of the error responses, by status. */
const RESPONSE_NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationError',
  429: 'TooManyRequests',
  431: 'HeadersTooLarge',
  500: 'InternalError',
  503: 'ServiceUnavailable',
}

/** Statuses any request can get whatever its path: described in info, not per operation. */
const GLOBAL_STATUSES = [404, 405, 431] as const satisfies readonly ErrorStatus[]

/** Which error statuses an operation declares. */
function statusesOf(method: string, path: string, options: DocsOptions): ErrorStatus[] {
  const statuses: ErrorStatus[] = []
  if (method === 'post') statuses.push(400)
  statuses.push(408)
  if (method === 'post') statuses.push(413, 415, 422)
  if (options.rateLimited && path.startsWith('/api/')) statuses.push(429)
  statuses.push(500)
  // /ready answers 503 while draining whether or not load shedding is on; /health is never shed.
  if ((options.shedding && !NEVER_SHED_ROUTES.has(path)) || path === '/ready') statuses.push(503)
  return statuses
}

const REQUEST_ID_HEADER = {
  description:
    'The request id: the X-Request-Id the client sent, else one the service made. Quote it when reporting a problem.',
  schema: { type: 'string' },
}

const RETRY_AFTER_HEADER = { description: 'Seconds to wait before retrying.', schema: { type: 'string' } }

function errorResponse(status: ErrorStatus) {
  const isValidation = status === 422
  const headers: Record<string, unknown> = { 'x-request-id': { $ref: '#/components/headers/RequestId' } }
  if (status === 503) headers['retry-after'] = { $ref: '#/components/headers/RetryAfter' }
  if (status === 429) {
    for (const name of RATE_LIMIT_HEADERS)
      headers[name] = { $ref: `#/components/headers/${name === 'retry-after' ? 'RetryAfter' : headerName(name)}` }
  }
  return {
    description: STATUS_MEANINGS[status],
    headers,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${isValidation ? 'ValidationError' : 'HTTPError'}` },
      },
    },
  }
}

function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())
}

const RATE_LIMIT_HEADER_DESCRIPTIONS: Record<string, string> = {
  'x-ratelimit-limit': 'Requests allowed per client per minute.',
  'x-ratelimit-remaining': 'Requests left in the current minute.',
  'x-ratelimit-reset': 'Seconds until the current minute ends.',
}

export function infoDescription(options: DocsOptions): string {
  const global = GLOBAL_STATUSES.map((s) => `${s} (${STATUS_MEANINGS[s]})`).join('; ')
  return (
    'Biomechanical posture metrics from anatomical markers placed on a photograph (anterior, posterior and lateral views).\n\n' +
    '- Coordinates are image pixels: x grows to the right, **y grows downward**; each is finite with absolute value at most ' +
    `${COORDINATE_LIMIT_TEXT}. A marker is a two-number array [x, y].\n` +
    '- `calibration.fc` is **centimetres per pixel** (> 0); `calibration.lrv_x` is the x of the vertical reference (plumb) line.\n' +
    "- Signs follow the subject's body, not the photo, so the same posture gives the same sign in every view. Each metric's formula and sign meaning is in its response schema.\n" +
    '- Angles are degrees, distances centimetres; no value is rounded.\n' +
    '- Errors: 422 `{"detail": [{"loc", "msg", "type", "input"?, "ctx"?}]}` lists every problem at once; programs read `type` and `ctx` ' +
    '(see the ValidationErrorEntry schema), `msg` is for people. Every other error is `{"detail": "..."}`. ' +
    `Request bodies are at most ${BODY_LIMIT_TEXT}; a request must arrive within ${DEFAULT_TIMEOUTS.requestMs / 1000} s by default. ` +
    `Any request can also get: ${global}.` +
    (options.rateLimited ? ' A rate limit is set on /api/... (429 beyond it).' : '') +
    '\n\nTry it: open an endpoint, press "Try it out"; the example body is a complete, valid request.'
  )
}

/** Adds what the routes cannot declare: error responses, headers, servers, security. */
export function completeDocument(document: Document, options: DocsOptions): Document {
  const usedStatuses = new Set<ErrorStatus>()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      operation.responses ??= {}
      const responses = operation.responses
      for (const response of Object.values(responses) as { headers?: Record<string, unknown> }[]) {
        response.headers = { 'x-request-id': { $ref: '#/components/headers/RequestId' }, ...response.headers }
      }
      for (const status of statusesOf(method, path, options)) {
        usedStatuses.add(status)
        responses[String(status)] = { $ref: `#/components/responses/${RESPONSE_NAMES[status]}` }
      }
      // No authentication: every operation is open (stated, not left out).
      operation.security = []
    }
  }
  document.components ??= {}
  const components = document.components
  components.responses = Object.fromEntries([...usedStatuses].sort().map((s) => [RESPONSE_NAMES[s], errorResponse(s)]))
  const headers: Record<string, unknown> = { RequestId: REQUEST_ID_HEADER }
  if (usedStatuses.has(503) || usedStatuses.has(429)) headers.RetryAfter = RETRY_AFTER_HEADER
  if (usedStatuses.has(429)) {
    for (const [name, description] of Object.entries(RATE_LIMIT_HEADER_DESCRIPTIONS))
      headers[headerName(name)] = { description, schema: { type: 'string' } }
  }
  components.headers = headers
  // Shared schemas keep their $id in the document; the components key is the name.
  for (const schema of Object.values(components.schemas ?? {}) as { $id?: string }[]) delete schema.$id
  return document
}
