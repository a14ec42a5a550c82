/**
 * The request id: taken from the client's X-Request-Id (else Fastify makes one; see
 * app.ts requestIdHeader), logged with every line about the request, and sent back
 * in the X-Request-Id response header so a client can quote it.
 */
import fp from 'fastify-plugin'

export const requestId = fp(
  async (app) => {
    app.onRequestStart((request, reply) => {
      reply.header('x-request-id', request.id)
      return false
    })
  },
  { name: 'request-id', dependencies: ['request-start'] },
)
