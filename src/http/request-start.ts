/**
 * The first thing done with every request Fastify gets, in one onRequest hook: each
 * concern that acts on a request as it arrives (the request id, the security headers,
 * the in-flight count of the request metrics, CORS) adds a step here instead of a hook
 * of its own, and the steps run in the order they were added. Fastify runs each hook
 * of its own through its hook runner, a call and a callback per hook per request; on an
 * analysis request those few steps are all the work there is (bench/README.md, "Fifth
 * round").
 *
 * A step returns true when it has answered the request (a CORS preflight): the steps
 * after it and the rest of the request's lifecycle are skipped, as a hook that sends
 * and does not call `done` skips them. A step that throws fails the request as a
 * throwing hook does (the error handler answers it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** What a request gets as it arrives; true when the step has answered it. */
export type RequestStartStep = (request: FastifyRequest, reply: FastifyReply) => boolean | undefined

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a step to the one onRequest hook (request-start.ts); only while the app is being built. */
    onRequestStart: (step: RequestStartStep) => void
  }
}

/** Registers the hook and `app.onRequestStart`: register it before every plugin that adds a step. */
export const requestStart = fp(
  async (app) => {
    const steps: RequestStartStep[] = []
    let ready = false
    app.decorate('onRequestStart', (step: RequestStartStep) => {
      if (ready) throw new Error('onRequestStart: the app is already built; add steps while registering plugins')
      steps.push(step)
    })
    app.addHook('onReady', (done) => {
      ready = true
      done()
    })
    app.addHook('onRequest', (request, reply, done) => {
      for (let i = 0; i < steps.length; i++) if ((steps[i] as RequestStartStep)(request, reply) === true) return
      done()
    })
  },
  { name: 'request-start' },
)
