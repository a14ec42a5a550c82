/**
 * Fastify's childLoggerFactory for buildApp: a request's logger (`request.log`)
 * that creates its pino child, with the request-id binding, only when the request
 * logs something. Successful requests log nothing (request logging is off), and
 * building a pino child for each of them was ~2 us, 8% of the CPU time of an
 * analysis request in the benchmark.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'

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
    return (this.real ??= this.parent.child(this.bindings, this.options))
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
