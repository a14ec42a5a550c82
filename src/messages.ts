/**
 * The catalogue of user-facing messages: the `detail` text of every answer that is
 * not a 422 (those are built per problem in src/api/errors.ts), keyed by status.
 * The code sends these, the OpenAPI document and docs/errors.md quote them, and a
 * test fails when the docs disagree. Each says what is wrong and what to do.
 */
import { BODY_LIMIT_TEXT } from './limits.js'

export const MESSAGES = {
  /** 400: the body is not JSON (the parser's own words are inserted). */
  invalidJson: (cause: string) => `The request body is not valid JSON (${cause}); send a JSON object.`,
  /** 400 before routing: Node could not parse the request as HTTP. */
  invalidHttp: 'The request is not valid HTTP.',
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  /** 408 before routing: the headers or the whole request did not arrive in time. */
  requestTimeout: 'The request was not received in time; send the headers and the whole body promptly.',
  bodyTooLarge: `The request body is larger than the ${BODY_LIMIT_TEXT} limit; a complete analysis request is under 2 KiB.`,
  unsupportedMediaType:
    'Unsupported Content-Type; send the body as JSON with the header Content-Type: application/json.',
  /** 422 `too_deep` with loc ["body"]: the body nests beyond the limit (it is not parsed). */
  tooDeep: (maxDepth: number, depth: number) =>
    `The request body nests arrays and objects ${depth} levels deep; at most ${maxDepth} are accepted (a valid request nests 3).`,
  /** 422 with loc ["body"]: no body at all. */
  missingBody: 'The request body is missing; send a JSON object with the fields described at /docs.',
  /** 429: the client's requests in the current minute exceed the rate limit. */
  tooManyRequests: (max: number, after: string) =>
    `Too many requests: the limit is ${max} per minute per client; retry in ${after}.`,
  /** 431 before routing. */
  headersTooLarge: 'The request headers are too large.',
  internalError: 'Internal Server Error',
  /** 503 from GET /ready: the process is draining before it exits (http/draining.ts). */
  draining: 'The service is shutting down; send requests to another instance.',
  /** 503: load shedding. */
  overloaded: (retryAfterSeconds: number) => `The service is overloaded; retry after ${retryAfterSeconds} seconds.`,
} as const

/** Where each status is answered and why: the OpenAPI response descriptions and docs/errors.md read this. */
export const STATUS_MEANINGS = {
  400: 'The body is not valid JSON, or the request is not valid HTTP.',
  404: 'No such path.',
  405: 'The path exists but not with this method; the Allow header lists the methods it answers.',
  408: 'The request headers or body did not arrive in time (slow client).',
  413: `The body is larger than ${BODY_LIMIT_TEXT}.`,
  415: 'The Content-Type is not application/json.',
  422: 'Validation error: every problem of the request at once, as data (type, ctx) and prose (msg).',
  429: 'Too many requests from this client in the current minute (only when a rate limit is configured); see Retry-After.',
  431: 'The request headers are too large.',
  500: 'Unexpected failure; the cause is logged, never sent.',
  503: 'This instance has more requests queued than it can answer promptly and sheds the excess (never GET /health), or, from GET /ready only, is shutting down; retry after the Retry-After seconds, or on another instance.',
} as const

export type ErrorStatus = keyof typeof STATUS_MEANINGS
