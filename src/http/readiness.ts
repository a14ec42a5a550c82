/**
 * GET /ready: whether this process should be sent traffic (a load balancer's or a
 * Kubernetes readiness probe). 200 `{"status":"ready"}`; 503 `{"detail"}` with
 * Retry-After from the first moment of a drain (draining.ts) and while this replica's
 * own queue is too long: the load-shedding hook (overload.ts) answers this route
 * exactly as it answers the analysis routes, never on CPU starvation alone. Liveness
 * stays GET /health, which is never shed.
 */
import type { FastifyPluginAsync } from 'fastify'
import { answer, HTTPError, ReadyResponse } from '../api/schemas.js'
import { DRAINING_RETRY_AFTER_SECONDS } from '../limits.js'
import { MESSAGES } from '../messages.js'

export const readiness: FastifyPluginAsync = async (app) => {
  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness',
        description:
          'Whether to send this instance traffic: 200 while it takes requests; 503 with Retry-After from the first moment of a shutdown ' +
          'and while its own queue of requests is too long (it sheds load). Liveness is GET /health, which is never shed.',
        tags: ['service'],
        // The document's 503 entry is the shared one (http/docs.ts); this one serializes the answer.
        response: {
          200: answer(ReadyResponse, 'Ready: send this instance traffic.'),
          503: answer(HTTPError, 'Not ready: shutting down or overloaded.'),
        },
      },
    },
    async (_request, reply) => {
      if (app.hasDecorator('drain') && app.drain.leaving) {
        return reply
          .code(503)
          .header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS))
          .send({ detail: MESSAGES.draining })
      }
      return { status: 'ready' as const }
    },
  )
}
