/**
 * SIGTERM and SIGINT from the process's first moment. Until the service installs its
 * own shutdown (serve.ts, cluster.ts), a signal ends the start-up at once with exit 0:
 * nothing is served yet, so nothing can be lost. Without this, node running as PID 1
 * in a container ignores SIGTERM while it starts, and the runtime has to kill it.
 *
 * SIGTERM may come more than once (systemd's default KillMode signals every process
 * of the service, and the cluster primary passes it on to its workers as well): the
 * shutdown under way goes on, within its own time bound. SIGINT is taken once: a
 * second Ctrl-C ends the process at once.
 */
export type ShutdownSignal = 'SIGTERM' | 'SIGINT'

let shutdown: (signal: ShutdownSignal) => void = () => process.exit(0)

/** Called first thing in main.ts. */
export function takeSignals(): void {
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

/** From now on a signal runs this shutdown instead of ending the start-up; it must tolerate being called again. */
export function onShutdownSignal(handler: (signal: ShutdownSignal) => void): void {
  shutdown = handler
}
