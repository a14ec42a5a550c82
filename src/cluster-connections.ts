/**
 * WORKERS > 1: how connections reach the workers and how a worker leaves
 * (docs/operations.md, "Shutdown").
 *
 * The primary holds the one listener. Each connection it accepts goes, unread, to
 * the next serving worker in turn over the worker's IPC channel (what node:cluster's
 * round-robin mode does, here in our hands so that shutdown runs in the right order);
 * a worker serves every connection it is handed until it exits. On shutdown:
 * 1. the primary takes what the kernel has queued, then closes the listener: a proxy
 *    connecting from now on is refused, which it always retries elsewhere;
 * 2. each worker (told by SIGTERM, from the primary or from systemd) says it is
 *    stopping and waits; the primary answers `start-drain` once its listener is
 *    closed. The answer travels behind every connection handed to that worker on the
 *    same channel, so the worker's drain covers them all.
 * A worker that stops on its own (the primary is not shutting down) leaves the turn
 * and is answered at once; the others keep serving.
 *
 * With node:cluster's own listener the order was the reverse: the listener closed
 * only once every worker had closed its copy, and the connections the primary held
 * then, or was handing to a worker that had just closed, were reset with the
 * proxy's request already sent on them (a 502 from nginx).
 */
import cluster, { type Worker } from 'node:cluster'
import { lookup } from 'node:dns/promises'
import type { Server as HttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'

const SERVING = 'posture-metrics:serving'
const CONNECTION = 'posture-metrics:connection'
const STOPPING = 'posture-metrics:stopping'
const START_DRAIN = 'posture-metrics:start-drain'

/** The longest a stopping worker waits for the primary's `start-drain`, ms. */
export const START_DRAIN_WAIT_MS = 1_000

/**
 * The longest the primary takes queued connections before closing its listener, ms:
 * it goes on while each turn of its event loop still accepts one.
 */
export const ACCEPT_PENDING_MAX_MS = 500

function isMessage(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}

/** Resolves after the next turn's poll phase (where the event loop accepts connections and reads sockets). */
function nextTurn(): Promise<void> {
  // setImmediate inside setImmediate: the second runs in the next turn's check phase, after its poll phase.
  return new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))
}

/** Turn after turn, until a turn accepts nothing (or `maxMs`): what the kernel had queued is then taken. */
export async function acceptPending(accepted: () => number, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs
  for (;;) {
    const before = accepted()
    await nextTurn()
    if (accepted() === before || Date.now() >= until) return
  }
}

// ---------------------------------------------------------------- in a worker

/**
 * In a worker whose app is ready: serves every connection the primary hands over on
 * `server`, and tells the primary it serves.
 */
export function serveHandedConnections(server: HttpServer): void {
  // node:http starts tracking its connections (what closeIdleConnections and the
  // headersTimeout/requestTimeout checks read) when the server emits 'listening';
  // this server never listens itself, its connections come from the primary.
  server.emit('listening')
  process.on('message', (message: unknown, socket: unknown) => {
    if (isMessage(message, CONNECTION) && socket !== undefined) server.emit('connection', socket as Socket)
  })
  process.send?.({ type: SERVING })
}

/**
 * In a stopping worker: tells the primary and resolves when it answers that nothing
 * more will be handed to this worker (true), or after START_DRAIN_WAIT_MS (false).
 */
export function whenHandOffsEnd(): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (isMessage(message, START_DRAIN)) finish(true)
    }
    const timer = setTimeout(() => finish(false), START_DRAIN_WAIT_MS)
    const finish = (answered: boolean) => {
      clearTimeout(timer)
      process.off('message', onMessage)
      resolve(answered)
    }
    process.on('message', onMessage)
    if (process.send === undefined || !process.connected) finish(false)
    else process.send({ type: STOPPING })
  })
}

// --------------------------------------------------------------- in the primary

export interface Listener {
  /** Listens on host:port (HOST=localhost: on each of its addresses); rejects as net.Server's listen fails (EADDRINUSE, EACCES...). */
  listen(port: number, host: string): Promise<void>
  /** Takes what the kernel has queued, then closes the listener (once). Resolves when it is closed, at once if it never listened. */
  close(): Promise<void>
  /** Connections accepted so far. */
  readonly accepted: number
}

/**
 * The primary's side: its listener, the turn of serving workers, and the answers to
 * stopping workers (see the top of this file). Call `shuttingDown()` when the
 * primary starts its shutdown, and `gone(worker)` when a worker exits.
 * `onServing(worker)` runs when a worker first says it serves.
 */
export function handConnectionsToWorkers(onServing: (worker: Worker) => void) {
  /** Serving workers, in the order connections go to them. */
  const turn: Worker[] = []
  let next = 0
  /** Accepted while no worker serves (every one stopped or died): handed out when one serves again. */
  const held: Socket[] = []
  let accepted = 0
  let shuttingDown = false
  let closing: Promise<void> | undefined
  let listening = false

  const leave = (worker: Worker) => {
    const index = turn.indexOf(worker)
    if (index < 0) return
    turn.splice(index, 1)
    if (next > index) next--
  }

  const give = (socket: Socket, tries = turn.length) => {
    if (turn.length === 0 || tries === 0) {
      held.push(socket)
      return
    }
    next %= turn.length
    const worker = turn[next] as Worker
    next++
    worker.send({ type: CONNECTION }, socket, (error: Error | null) => {
      // The channel closed before the handle went (the worker is exiting): another worker takes it.
      if (error !== null && !socket.destroyed) {
        leave(worker)
        give(socket, tries - 1)
      }
    })
  }

  /** The listening servers: one, or with HOST=localhost one per address it has (as Fastify listens when WORKERS=1). */
  const servers: Server[] = []
  const listenOn = (port: number, host: string) =>
    new Promise<void>((resolve, reject) => {
      const server = createServer({ pauseOnConnect: true }, (socket) => {
        accepted++
        give(socket)
      })
      server.once('error', reject)
      server.listen({ port, host }, () => {
        server.off('error', reject)
        servers.push(server)
        resolve()
      })
    })

  const listener: Listener = {
    async listen(port, host) {
      await listenOn(port, host)
      listening = true
      if (host !== 'localhost') return
      const main = servers[0]?.address()
      const others = (await lookup(host, { all: true })).filter(
        (a) => typeof main !== 'object' || main === null || a.address !== main.address,
      )
      // An address the machine does not have (no ::1, say) is skipped, as Fastify skips it.
      for (const other of others) await listenOn(port, other.address).catch(() => undefined)
    },
    close() {
      closing ??= (async () => {
        if (!listening) return
        await acceptPending(() => accepted, ACCEPT_PENDING_MAX_MS)
        // Without a callback: close does not wait for the connections handed out.
        for (const server of servers) server.close()
        listening = false
        // Nobody is left to take what is held (every worker had stopped): closing it is all that is left.
        for (const socket of held.splice(0)) socket.destroy()
      })()
      return closing
    },
    get accepted() {
      return accepted
    },
  }

  const tellToDrain = (worker: Worker) => {
    leave(worker)
    if (worker.isConnected()) worker.send({ type: START_DRAIN })
  }

  cluster.on('message', (worker, message: unknown) => {
    if (isMessage(message, SERVING)) {
      if (turn.includes(worker)) return
      turn.push(worker)
      onServing(worker)
      for (const socket of held.splice(0)) give(socket)
    } else if (isMessage(message, STOPPING)) {
      // While the primary shuts down, the worker stays in the turn until the listener
      // is closed: whatever is accepted until then still has somewhere to go.
      if (shuttingDown) void listener.close().then(() => tellToDrain(worker))
      else tellToDrain(worker)
    }
  })

  return {
    listener,
    /** Starts the shutdown: the listener closes (see the top of this file); resolves once it has. */
    shuttingDown() {
      shuttingDown = true
      return listener.close()
    },
    /** A worker exited. */
    gone(worker: Worker) {
      leave(worker)
    },
  }
}
