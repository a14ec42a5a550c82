/**
 * One serving process (the only one when WORKERS=1, else each cluster worker):
 * builds the app from the configuration, listens, and shuts down gracefully on
 * SIGTERM/SIGINT - stop accepting connections, finish every request already
 * received, close keep-alive connections as they fall idle, exit within 10 s.
 */
import type { Config } from './config.js'

/** In-flight requests get this long after SIGTERM before their connections are cut (the whole shutdown stays under 10 s). */
export const SHUTDOWN_GRACE_MS = 8_000

/** While shutting down, idle keep-alive connections are closed this often. */
const REAP_INTERVAL_MS = 100

export async function serve(config: Config): Promise<void> {
  // Loaded here, not at the top: a cluster primary never needs Fastify.
  const { buildApp } = await import('./app.js')
  const app = await buildApp({
    corsOrigins: config.corsOrigins,
    logger: { level: config.logLevel },
    rateLimit: config.rateLimit,
    trustProxy: config.trustProxy,
    timeouts: config.timeouts,
    overload: { maxEventLoopDelayMs: config.maxEventLoopDelayMs },
  })

  let stopping = false
  const stop = (reason: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ reason }, 'shutting down: no new connections; finishing the requests in flight')
    // server.close() (inside app.close) closes the connections idle right now; a
    // keep-alive connection whose request is still running goes idle later, and
    // would otherwise hold the server open until its keep-alive timeout.
    const reaper = setInterval(() => app.server.closeIdleConnections(), REAP_INTERVAL_MS)
    const deadline = setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still in flight after the grace period; closing their connections')
      app.server.closeAllConnections()
      setTimeout(() => process.exit(1), 500).unref()
    }, SHUTDOWN_GRACE_MS)
    deadline.unref()
    app.close().then(
      () => {
        clearInterval(reaper)
        clearTimeout(deadline)
        app.log.info('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
}
