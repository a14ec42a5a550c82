/**
 * A CPU load beside a test: busy child processes at normal priority (a noisy
 * neighbour on a shared machine), each of which stops by itself after `seconds`, so
 * that a test that dies early leaves nothing running for long.
 */
import { type ChildProcess, spawn } from 'node:child_process'

export interface CpuHog {
  /** Stops every busy process still running and resolves once they have exited. */
  stop(): Promise<void>
}

/** `processes` busy processes, each running for at most `seconds`. */
export function startCpuHog(processes: number, seconds: number): CpuHog {
  const script = `const end = Date.now() + ${Math.round(seconds * 1000)}; while (Date.now() < end) {}`
  const children: ChildProcess[] = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['-e', script], { stdio: 'ignore' }),
  )
  const reap = () => {
    for (const child of children) child.kill('SIGKILL')
  }
  process.once('exit', reap)
  return {
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve()
              child.once('exit', () => resolve())
              child.kill('SIGKILL')
            }),
        ),
      )
      process.off('exit', reap)
    },
  }
}
