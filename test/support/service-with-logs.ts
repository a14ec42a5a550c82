/** The real service process (dist/src/main.js) for the cluster and shutdown tests, with its log lines. */

import { collectLogLines, type LogLine, waitForLogLine } from './log-lines.js'
import { ROOT } from './paths.js'
import { type ServerProcess, startServer } from './server-process.js'

export type { LogLine }

export interface Service {
  readonly server: ServerProcess
  readonly base: string
  readonly port: number
  readonly logs: LogLine[]
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
  waitForLog(predicate: (line: LogLine) => boolean, ms?: number): Promise<LogLine>
  countLogs(predicate: (line: LogLine) => boolean): number
}

export async function startService(env: Record<string, string>): Promise<Service> {
  const server = await startServer(
    { name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'info', ...env }, stdio: 'pipe' },
    ROOT,
  )
  const logs: LogLine[] = []
  collectLogLines(server.child.stdout, logs)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    if (server.child.exitCode !== null) resolve({ code: server.child.exitCode, signal: null, at: Date.now() })
    server.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }))
  })
  const port = Number(new URL(server.url).port)
  return {
    server,
    base: server.url,
    port,
    logs,
    exited,
    waitForLog: (predicate, ms) => waitForLogLine(logs, predicate, ms),
    countLogs(predicate) {
      return logs.filter(predicate).length
    },
  }
}

/** Whether a process is still alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
