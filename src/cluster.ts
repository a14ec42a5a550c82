/**
 * WORKERS > 1: a node:cluster primary that runs that many serving processes behind
 * one port: it listens once the first worker serves, and hands each connection to
 * the workers in turn (cluster-connections.ts). A worker that dies is logged and
 * replaced; on SIGTERM/SIGINT the primary closes its listener and every worker shuts
 * down gracefully (serve.ts); the primary exits when they all have, within 10 s.
 *
 * The primary serves nothing and never loads Fastify; it logs pino-style JSON lines.
 */
import cluster, { type Worker } from 'node:cluster'
import { hostname } from 'node:os'
import { allocatorEnvMissingFrom } from './allocator.js'
import { handConnectionsToWorkers } from './cluster-connections.js'
import type { Config } from './config.js'
import { onShutdownSignal } from './signals.js'

/** Workers still running this long after SIGTERM are killed (serve.ts cuts connections at 8 s, exits by 8.5 s). */
export const PRIMARY_DEADLINE_MS = 9_500

/** A replacement for a worker that died this soon after it started waits RESTART_DELAY_MS. */
const EARLY_DEATH_MS = 5_000
const RESTART_DELAY_MS = 1_000

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const
type Level = Exclude<keyof typeof LEVELS, 'silent'>

export type Log = Record<Level, (fields: Record<string, unknown>, msg: string) => void>

/** A logger that writes the same JSON lines as the workers' pino, at LOG_LEVEL. */
export function primaryLogger(level: string): Log {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info
  const host = hostname()
  const write = (lvl: Level) => (fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[lvl] < threshold) return
    process.stdout.write(
      `${JSON.stringify({ level: LEVELS[lvl], time: Date.now(), pid: process.pid, hostname: host, role: 'primary', ...fields, msg })}\n`,
    )
  }
  return {
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    fatal: write('fatal'),
  }
}

/** HOST as it goes in a URL (an IPv6 address in brackets). */
function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

export async function runPrimary(config: Config, log: Log = primaryLogger(config.logLevel)): Promise<void> {
  const started = new Map<number, number>()
  /** Workers that have served (said so once their app was ready). */
  const served = new Set<number>()
  let stopping = false
  let exitCode = 0
  let listenCalled = false

  const connections = handConnectionsToWorkers((worker) => {
    served.add(worker.id)
    log.info({ worker: worker.process.pid }, 'worker listening')
    if (!listenCalled) listen()
  })
  const listen = () => {
    listenCalled = true
    connections.listener.listen(config.port, config.host).then(
      () =>
        log.info(
          { port: config.port, host: config.host },
          `Server listening at http://${hostForUrl(config.host)}:${config.port}`,
        ),
      (error: NodeJS.ErrnoException) => {
        log.fatal(
          { code: error.code, port: config.port, host: config.host },
          `cannot listen on ${config.host} port ${config.port} (${error.code ?? error.message}): ` +
            (error.code === 'EADDRINUSE'
              ? 'another process holds that port; stop it or choose another PORT'
              : 'choose another PORT or HOST'),
        )
        stop('cannot listen', 1)
      },
    )
  }

  const fork = () => {
    // The workers start with the allocator setting (allocator.ts) even when this process did not.
    const worker = cluster.fork(allocatorEnvMissingFrom(process.env))
    started.set(worker.id, Date.now())
    return worker
  }

  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)

  const stop = (reason: string, code: number) => {
    if (stopping) return
    stopping = true
    exitCode = code
    log.info({ reason, workers: living().length }, 'shutting down: asking every worker to finish its requests')
    void connections.shuttingDown()
    for (const worker of living()) worker.process.kill('SIGTERM')
    setTimeout(() => {
      const left = living()
      log.error({ workers: left.map((w) => w.process.pid) }, 'workers still running at the deadline; killing them')
      for (const worker of left) worker.process.kill('SIGKILL')
      process.exit(1)
    }, PRIMARY_DEADLINE_MS).unref()
    if (living().length === 0) process.exit(exitCode)
  }

  cluster.on('exit', (worker, code, signal) => {
    const hadServed = served.delete(worker.id)
    const lifetime = Date.now() - (started.get(worker.id) ?? 0)
    started.delete(worker.id)
    connections.gone(worker)
    if (stopping) {
      log.info({ worker: worker.process.pid, code, signal }, 'worker stopped')
      if (living().length === 0) {
        log.info({}, 'stopped')
        process.exit(exitCode)
      }
      return
    }
    if (!hadServed) {
      // It never served: a bad configuration, say; replacing it would loop.
      log.fatal({ worker: worker.process.pid, code, signal }, 'worker failed to start; stopping')
      stop('a worker failed to start', 1)
      return
    }
    const delay = lifetime < EARLY_DEATH_MS ? RESTART_DELAY_MS : 0
    log.error(
      { worker: worker.process.pid, code, signal, lifetimeMs: lifetime, restartInMs: delay },
      'worker died; starting a replacement',
    )
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })

  onShutdownSignal((signal) => stop(signal, 0))

  for (const d of config.deprecations) log.warn({ deprecated: d.setting }, d.message)
  log.info({ workers: config.workers, port: config.port, host: config.host }, 'starting workers')
  for (let i = 0; i < config.workers; i++) fork()

  // GET /metrics answers every worker's figures, added up here (cluster-prometheus.ts).
  if (config.metricsEnabled) {
    const { aggregateWorkers } = await import('./cluster-prometheus.js')
    const aggregate = aggregateWorkers()
    if (config.metricsPort !== undefined) {
      const { listenMetricsPort } = await import('./http/prometheus-port.js')
      const server = await listenMetricsPort(aggregate, config.metricsPort, config.host)
      server.unref()
      log.info({ port: config.metricsPort }, 'metrics of all workers on their own port')
    }
  }
}
