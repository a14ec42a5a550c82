/**
 * The optional per-client rate limit on /api/... (RATE_LIMIT requests per minute;
 * @fastify/rate-limit): beyond it, 429 `{"detail": ...}` with Retry-After and the
 * x-ratelimit-* headers. Liveness, docs and the marking app's files are not limited.
 * @fastify/rate-limit (and the IP address library it brings) is loaded only when the
 * limit is on.
 */

import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { RATE_LIMIT_WINDOW_MS } from '../limits.js'
import { MESSAGES } from '../messages.js'

/** The headers of a 429 (and of every limited answer), for CORS and the OpenAPI document. */
export const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
] as const

export interface RateLimitOptions {
  /** Requests per client per minute. */
  readonly perMinute: number
}

/** @fastify/rate-limit's options: `perMinute` requests per client per minute on /api/... only. */
export function rateLimitOptions(perMinute: number) {
  return {
    global: true,
    max: perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    allowList: (request: FastifyRequest) => !request.url.startsWith('/api/'),
    errorResponseBuilder(_request: FastifyRequest, context: { max: number; after: string }) {
      // Thrown by the plugin; the error handler answers 429 {"detail": message}.
      const error = new Error(MESSAGES.tooManyRequests(context.max, context.after)) as Error & { statusCode: number }
      error.statusCode = 429
      return error
    },
  }
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, options) => {
    const { default: rateLimit } = await import('@fastify/rate-limit')
    await app.register(rateLimit, rateLimitOptions(options.perMinute))
  },
  { name: 'rate-limit' },
)
