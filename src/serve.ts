/**
 * One serving process (the only one when WORKERS=1, else each cluster worker):
 * builds the app from the configuration, listens, and shuts down on SIGTERM without
 * losing a request behind a proxy (http/draining.ts; docs/operations.md): stop
 * accepting connections, serve what still arrives on the open ones for up to
 * SHUTDOWN_DRAIN_MS with `Connection: close`, then close the idle ones, finish the
 * requests in flight and exit 0, all within 10 s. SIGINT (Ctrl-C) skips the drain
 * period.
 */
import cluster from 'node:cluster'
import type { Server } from 'node:http'
import type { Config } from './config.js'
import { onShutdownSignal } from './signals.js'
import { collectStartupGarbage } from './v8-flags.js'

/** Connections still open this long after SIGTERM are cut and the process exits 1 (the whole shutdown stays under 10 s). */
export const SHUTDOWN_GRACE_MS = 8_000

export async function serve(config: Config): Promise<void> {
  // Loaded here, not at the top: a cluster primary never needs Fastify.
  const { buildApp } = await import('./app.js')
  const { drainAndClose } = await import('./http/draining.js')
  const separateMetrics = config.metricsEnabled && config.metricsPort !== undefined
  const app = await buildApp({
    corsOrigins: config.corsOrigins,
    logger: { level: config.logLevel },
    rateLimit: config.rateLimit,
    trustProxy: config.trustProxy,
    timeouts: config.timeouts,
    overload: { maxQueueMs: config.maxQueueMs },
    metrics: config.metricsEnabled ? { route: !separateMetrics } : false,
    fhirServerOrigins: config.fhirServerOrigins,
    recordServerOrigins: config.recordServerOrigins,
  })

  // With WORKERS > 1 the cluster primary has said so.
  if (!cluster.isWorker) for (const d of config.deprecations) app.log.warn({ deprecated: d.setting }, d.message)

  let metricsServer: Server | undefined
  let stopping = false
  const stop = (reason: string, drainMs: number) => {
    if (stopping) return
    stopping = true
    // First of all, stop accepting (inside drainAndClose, synchronously): a connection
    // the kernel accepts while this process is busy waits in the listen queue, and
    // closing the listener resets it.
    const closed = drainAndClose(app, { drainMs, graceMs: SHUTDOWN_GRACE_MS, reason })
    metricsServer?.close()
    metricsServer?.closeAllConnections()
    // Should closing itself hang, the process still ends shortly after the grace period.
    setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown did not finish; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS + 500).unref()
    closed.then(
      (outcome) => {
        app.log.info({ ...outcome }, 'stopped')
        process.exit(outcome.clean ? 0 : 1)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  onShutdownSignal((signal) => stop(signal, signal === 'SIGTERM' ? config.shutdownDrainMs : 0))

  await app.ready()
  collectStartupGarbage()
  if (cluster.isWorker) {
    // The primary listens and hands this worker its connections (cluster-connections.ts).
    const { serveHandedConnections } = await import('./cluster-connections.js')
    serveHandedConnections(app.server)
  } else {
    await app.listen({ port: config.port, host: config.host })
  }
  // WORKERS > 1: the cluster primary serves METRICS_PORT with every worker's figures.
  if (separateMetrics && !cluster.isWorker) {
    const { listenMetricsPort } = await import('./http/prometheus-port.js')
    metricsServer = await listenMetricsPort(app.metrics, config.metricsPort as number, config.host)
    app.log.info({ port: config.metricsPort }, 'metrics on their own port')
  }
}
