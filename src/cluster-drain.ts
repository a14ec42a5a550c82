/**
 * WORKERS > 1: when a worker may start its drain (docs/operations.md, "Shutdown").
 *
 * The workers share the primary's listener; the primary closes it once every worker
 * has closed its own server, and resets the connections it has accepted but not yet
 * handed out. A worker's drain answers say `Connection: close`, which makes a proxy
 * open new connections; while the shared listener is still open (another worker has
 * not closed yet) those are accepted and then reset, with the proxy's request sent.
 * So a worker that has closed its server tells the primary (`listener-closed`, sent
 * after the cluster's own close message on the same channel, so the primary has
 * taken the worker out of its rotation when it reads it), and starts its drain when
 * the primary answers `start-drain`:
 * - while the primary is shutting down, once every listening worker has closed (the
 *   listener is then closed, and new connections are refused);
 * - otherwise (one worker stopped on its own) at once: the others keep serving.
 * Should no answer come (a primary that is not ours), the drain starts after
 * START_DRAIN_WAIT_MS.
 */
import cluster, { type Worker } from 'node:cluster'

const LISTENER_CLOSED = 'posture-metrics:listener-closed'
const START_DRAIN = 'posture-metrics:start-drain'

/** The longest a worker waits for the primary's `start-drain`, ms. */
export const START_DRAIN_WAIT_MS = 1_000

function isMessage(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}

/**
 * In a worker that has just closed its server: tells the primary and resolves when
 * it answers (true), or after START_DRAIN_WAIT_MS (false).
 */
export function whenListenerClosed(): Promise<boolean> {
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
    else process.send({ type: LISTENER_CLOSED })
  })
}

/**
 * In the primary: answers each worker's `listener-closed` as described at the top.
 * `isListening(worker)` says whether the worker took part in the shared listener;
 * call `shuttingDown()` when the primary starts its shutdown, and `gone(worker)` when
 * a worker exits.
 */
export function coordinateDrains(isListening: (worker: Worker) => boolean) {
  let shuttingDown = false
  /** Workers whose server is closed and which have not yet been told to drain. */
  const waiting = new Map<number, Worker>()
  /** Workers whose server is closed (told to drain or not). */
  const closed = new Set<number>()

  const release = () => {
    if (!shuttingDown) return
    const living = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    if (living.some((w) => isListening(w) && !closed.has(w.id))) return
    for (const worker of waiting.values()) if (worker.isConnected()) worker.send({ type: START_DRAIN })
    waiting.clear()
  }

  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, LISTENER_CLOSED)) return
    closed.add(worker.id)
    if (shuttingDown) {
      waiting.set(worker.id, worker)
      release()
    } else if (worker.isConnected()) {
      worker.send({ type: START_DRAIN })
    }
  })

  return {
    shuttingDown() {
      shuttingDown = true
      release()
    },
    gone(worker: Worker) {
      waiting.delete(worker.id)
      closed.delete(worker.id)
      release()
    },
  }
}
