/**
 * Draining: how a serving process leaves a pool of instances without losing a
 * request (docs/operations.md, "Shutdown").
 *
 * The `draining` plugin keeps the state: once the drain starts (SIGTERM, or
 * app.close()) every answer says `Connection: close`, so a client or proxy retires
 * each pooled keep-alive connection after one more response instead of having it
 * closed under a request it has just sent; readiness (readiness.ts) answers 503.
 *
 * `drainAndClose` is the shutdown sequence serve.ts runs on SIGTERM:
 * 1. answer readiness with 503, take the connections already queued, stop accepting
 *    connections (a proxy connecting now is refused, which it always retries on
 *    another instance), keeping every open connection, and start the drain (in a
 *    cluster worker, which never listens itself, once the primary says its listener
 *    is closed and it hands this worker nothing more: cluster-connections.ts);
 * 2. for up to `drainMs`, serve what arrives on those connections (each answer
 *    closes its connection); end early once none is left;
 * 3. close the connections still idle, finish the requests in flight, and close
 *    the app; connections still busy at `graceMs` after the start are cut.
 */
import cluster from 'node:cluster'
import type { Socket } from 'node:net'
import { Server } from 'node:net'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { ACCEPT_PENDING_MAX_MS, acceptPending, START_DRAIN_WAIT_MS, whenHandOffsEnd } from '../cluster-connections.js'

/** The drain state of one serving process. */
export interface Drain {
  /** Whether the process is on its way out (from SIGTERM on): readiness answers 503. */
  readonly leaving: boolean
  /** Whether the drain has started (answers say Connection: close; it never stops). */
  readonly active: boolean
  /** When the drain started (Date.now()), or undefined. */
  readonly startedAt: number | undefined
  /** Connections open right now (accepted and not yet closed). */
  readonly openConnections: number
  /** Connections accepted since the start, all told. */
  readonly connectionsAccepted: number
  /** Marks the process as leaving (readiness 503) before the drain starts. Idempotent. */
  leave(): void
  /** Starts the drain: answers from now on say Connection: close (and it is leaving). Idempotent. */
  start(): void
  /** Resolves once no connection is open (at once if none is). */
  whenNoConnections(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain
  }
}

function createDrain(server: FastifyInstance['server']): Drain {
  let startedAt: number | undefined
  let leaving = false
  const sockets = new Set<Socket>()
  let waiters: (() => void)[] = []
  let accepted = 0
  server.on('connection', (socket: Socket) => {
    accepted++
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0 && waiters.length > 0) {
        const ready = waiters
        waiters = []
        for (const resolve of ready) resolve()
      }
    })
  })
  return {
    get leaving() {
      return leaving
    },
    get active() {
      return startedAt !== undefined
    },
    get startedAt() {
      return startedAt
    },
    get openConnections() {
      return sockets.size
    },
    get connectionsAccepted() {
      return accepted
    },
    leave() {
      leaving = true
    },
    start() {
      leaving = true
      startedAt ??= Date.now()
    },
    whenNoConnections() {
      if (sockets.size === 0) return Promise.resolve()
      return new Promise<void>((resolve) => waiters.push(resolve))
    },
  }
}

/**
 * Registers the drain state (`app.drain`) and its effects: `Connection: close` on
 * every answer once it has started. app.close() starts it too (preClose), so an
 * app closed without drainAndClose also answers its last requests that way.
 */
export const draining: FastifyPluginAsync = async (app) => {
  const drain = createDrain(app.server)
  app.decorate('drain', drain)
  app.addHook('preClose', (done) => {
    drain.start()
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.active) reply.header('connection', 'close')
    done(null, payload)
  })
}
// Decorations and hooks apply to the whole app, not only to this plugin's scope (what fastify-plugin does).
;(draining as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

export interface DrainTimes {
  /** The longest the open connections are served after the drain starts, ms (SHUTDOWN_DRAIN_MS). */
  readonly drainMs: number
  /** After this long from the start, connections still open are cut, ms. */
  readonly graceMs: number
  /** While closing, idle keep-alive connections are closed this often, ms. */
  readonly reapIntervalMs?: number
  /** Why (SIGTERM, SIGINT), for the log. */
  readonly reason?: string
}

export interface DrainOutcome {
  /** Whether every connection ended by itself (no request was cut at graceMs). */
  readonly clean: boolean
  /** From the start of the drain to the app closed, ms. */
  readonly elapsedMs: number
  /** Connections still open when the drain period ended (the idle ones were closed then). */
  readonly openAtDrainEnd: number
}

/**
 * The shutdown sequence (see the top of this file). Resolves once the app is closed;
 * `clean` is false when connections had to be cut at `graceMs`.
 */
export async function drainAndClose(app: FastifyInstance, times: DrainTimes): Promise<DrainOutcome> {
  const { drain, server } = app
  // Connections the kernel has completed but this process has not taken yet would be
  // reset by closing the listener, with the proxy's request already sent on them (a
  // proxy opens several at once when its pooled connections reach their request
  // limit). Let the event loop take them first: each turn's poll phase accepts until
  // the queue is empty. The drain starts only then, with the listener closing in the
  // same step: its `Connection: close` answers make the proxy connect anew, and those
  // connections must be refused (which a proxy always retries elsewhere), not queued.
  drain.leave()
  if (server.listening) {
    await acceptPending(() => drain.connectionsAccepted, ACCEPT_PENDING_MAX_MS)
    // net.Server's close stops accepting but, unlike http.Server's, keeps the idle
    // keep-alive connections open: a proxy may be sending a request on one right now.
    Server.prototype.close.call(server)
  }
  // A cluster worker's connections come from the primary, which goes on handing them
  // out until its listener is closed; the Connection: close answers, which make the
  // proxy connect anew, wait until then, and the drain covers all it was handed.
  if (cluster.isWorker && !(await whenHandOffsEnd())) {
    app.log.warn(
      { waitedMs: START_DRAIN_WAIT_MS },
      'the cluster primary did not say when its listener closed; draining now',
    )
  }
  drain.start()
  const startedAt = drain.startedAt as number
  app.log.info(
    { reason: times.reason, drainMs: times.drainMs, openConnections: drain.openConnections },
    'shutting down: no new connections; draining the open ones',
  )

  let drainTimer: NodeJS.Timeout | undefined
  await Promise.race([
    drain.whenNoConnections(),
    new Promise<void>((resolve) => {
      drainTimer = setTimeout(resolve, times.drainMs)
    }),
  ])
  clearTimeout(drainTimer)
  const idle = drain.openConnections
  app.log.info(
    { afterMs: Date.now() - startedAt, openConnections: idle },
    'drain over: closing idle connections, finishing the requests in flight',
  )

  // A keep-alive connection whose request is still running goes idle later; it is
  // closed then rather than held open until its keep-alive timeout.
  const reaper = setInterval(() => server.closeIdleConnections(), times.reapIntervalMs ?? 100)
  let cut = false
  const deadline = setTimeout(
    () => {
      cut = true
      app.log.warn(
        { graceMs: times.graceMs, openConnections: drain.openConnections },
        'requests still in flight after the grace period; closing their connections',
      )
      server.closeAllConnections()
    },
    Math.max(0, startedAt + times.graceMs - Date.now()),
  )
  try {
    // A cluster worker's server never listened, so closing the app does not wait for
    // its connections: the drain does.
    await Promise.all([app.close(), drain.whenNoConnections()])
  } finally {
    clearInterval(reaper)
    clearTimeout(deadline)
  }
  return { clean: !cut, elapsedMs: Date.now() - startedAt, openAtDrainEnd: idle }
}
