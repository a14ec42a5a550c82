/**
 * 404 and 405: an unknown path is 404; a known path asked with another method is
 * 405 with an Allow header listing the methods it answers. Both `{"detail": ...}`.
 */
import fp from 'fastify-plugin'
import { MESSAGES } from '../messages.js'

export const notFound = fp(
  async (app) => {
    /** The methods each fixed path answers (paths with parameters or wildcards are left out). */
    const methodsByPath = new Map<string, Set<string>>()
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*') || route.url.includes(':')) return
      const methods = methodsByPath.get(route.url) ?? new Set<string>()
      for (const m of [route.method].flat()) methods.add(m)
      methodsByPath.set(route.url, methods)
    })

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?', 1)[0] ?? request.url
      const allowed = methodsByPath.get(path)
      if (allowed !== undefined && !allowed.has(request.method)) {
        request.log.info(
          { method: request.method, url: request.url, statusCode: 405 },
          'request rejected: method not allowed',
        )
        return reply
          .code(405)
          .header('allow', [...allowed].join(', '))
          .send({ detail: MESSAGES.methodNotAllowed })
      }
      request.log.info({ method: request.method, url: request.url, statusCode: 404 }, 'request rejected: not found')
      return reply.code(404).send({ detail: MESSAGES.notFound })
    })
  },
  { name: 'not-found' },
)
