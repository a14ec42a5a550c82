/**
 * Request logging: each 4xx/5xx is logged where it is answered, with its cause;
 * successful requests only at debug level (this plugin). And Fastify's
 * childLoggerFactory for buildApp: a request's logger (`request.log`) that creates
 * its pino child, with the request-id binding, only when the request logs
 * something - building one for every successful request was a measurable share of
 * an analysis request's CPU time (bench/README.md).
 */

import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>
type Bindings = Parameters<ChildLoggerFactory>[1]
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2]

type Log = (...args: unknown[]) => void

/** Methods on the prototype: a request that logs nothing costs one small object. */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options)
    return this.real
  }

  get level(): string {
    return this.logger.level
  }

  set level(level: string) {
    this.logger.level = level
  }

  fatal(...args: unknown[]) {
    ;(this.logger.fatal as Log)(...args)
  }

  error(...args: unknown[]) {
    ;(this.logger.error as Log)(...args)
  }

  warn(...args: unknown[]) {
    ;(this.logger.warn as Log)(...args)
  }

  info(...args: unknown[]) {
    ;(this.logger.info as Log)(...args)
  }

  debug(...args: unknown[]) {
    ;(this.logger.debug as Log)(...args)
  }

  trace(...args: unknown[]) {
    ;(this.logger.trace as Log)(...args)
  }

  silent(...args: unknown[]) {
    ;(this.logger.silent as Log)(...args)
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }
}

export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger

/** At debug (or trace) level, one line per completed request. */
export const requestLog = fp(
  async (app) => {
    if (app.log.level !== 'debug' && app.log.level !== 'trace') return
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime },
        'request completed',
      )
      done()
    })
  },
  { name: 'request-log' },
)
