/**
 * SIGTERM and SIGINT from the process's first moment. Until the service installs its
 * own shutdown (serve.ts, cluster.ts), a signal ends the start-up at once with exit 0:
 * nothing is served yet, so nothing can be lost. Without this, node running as PID 1
 * in a container ignores SIGTERM while it starts, and the runtime has to kill it.
 * Each signal is taken once: a second Ctrl-C ends the process at once.
 */
export type ShutdownSignal = 'SIGTERM' | 'SIGINT'

let shutdown: (signal: ShutdownSignal) => void = () => process.exit(0)

/** Called first thing in main.ts. */
export function takeSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown(signal))
}

/** From now on a signal runs this shutdown instead of ending the start-up. */
export function onShutdownSignal(handler: (signal: ShutdownSignal) => void): void {
  shutdown = handler
}
