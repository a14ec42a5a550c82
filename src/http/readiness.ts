/**
 * GET /ready: whether this process should be sent traffic (a load balancer's or a
 * Kubernetes readiness probe). 200 `{"status":"ready"}`; 503 `{"detail"}` with
 * Retry-After from the first moment of a drain (draining.ts) and while the service
 * sheds load: the load-shedding hook (@fastify/under-pressure) answers this route
 * exactly as it answers the analysis routes. Liveness stays GET /health.
 */
import { Type } from 'typebox'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponse } from '../api/schemas.js'

/** The Retry-After of a readiness 503 while draining, seconds. */
export const DRAINING_RETRY_AFTER_SECONDS = 5

export const DRAINING_DETAIL = 'The service is shutting down; send requests to another instance.'

const ReadyResponse = Type.Object(
  { status: Type.Literal('ready', { description: 'The process takes requests.' }) },
  { description: 'Ready: send traffic.' },
)

export const readiness: FastifyPluginAsync = async (app) => {
  app.get(
    '/ready',
    {
      schema: {
        summary: 'Readiness',
        description:
          'Whether to send this instance traffic: 200 while it takes requests; 503 with Retry-After from the first moment of a shutdown ' +
          'and while it sheds load. Liveness is GET /health.',
        tags: ['service'],
        response: {
          200: ReadyResponse,
          503: errorResponse('Not ready: shutting down or overloaded; try another instance.'),
        },
      },
    },
    async (_request, reply) => {
      if (app.hasDecorator('drain') && app.drain.active) {
        return reply.code(503).header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS)).send({ detail: DRAINING_DETAIL })
      }
      return { status: 'ready' as const }
    },
  )
}
