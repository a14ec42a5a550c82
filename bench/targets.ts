/**
 * What the memory and cpu benches measure: a target is a server script started with
 * its node flags and environment, with WORKERS; started, it is the server process and
 * the pids of its serving processes. Also the bare node:http server that answers the
 * service's exact bytes, and a process's memory reading from /proc.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { collectLogLines, type LogLine, waitForLogLine } from '../test/support/log-lines.js'
import { type ServerProcess, startServer } from '../test/support/server-process.js'
import { sampleResponses } from './harness.js'
import { parseSmapsRollup, type Reading, readingOf } from './memory-report.js'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const SERVICE_SCRIPT = 'dist/src/main.js'
const BASELINE_SCRIPT = 'dist/bench/baseline.js'

export interface Target {
  readonly name: string
  readonly script: string
  readonly env: Record<string, string>
  readonly nodeArgs: readonly string[]
}

/** Starts `target` with `workers` and resolves once every worker listens, with the pids: [primary, ...workers] or [the process]. */
export async function startTarget(target: Target, workers: number): Promise<{ server: ServerProcess; pids: number[] }> {
  const logs: LogLine[] = []
  const server = await startServer(
    {
      name: `${target.name} WORKERS=${workers}`,
      script: target.script,
      env: { LOG_LEVEL: 'info', ...target.env, WORKERS: String(workers) },
      nodeArgs: target.nodeArgs,
      stdio: 'pipe',
    },
    ROOT,
  )
  collectLogLines(server.child.stdout, logs)
  const primary = server.child.pid as number
  if (workers === 1) return { server, pids: [primary] }
  const listening = (line: LogLine) => line.msg === 'worker listening'
  await waitForLogLine(logs, () => logs.filter(listening).length >= workers, 20_000)
  const pids = logs.filter(listening).map((line) => Number(line.worker))
  return { server, pids: [primary, ...pids] }
}

/** The bare server, answering the exact bytes `service` answers (sampled from one process of it). */
export async function bareTarget(service: Target): Promise<Target> {
  const { server } = await startTarget(service, 1)
  const responses = join(tmpdir(), `posture-bench-responses-${process.pid}.json`)
  try {
    writeFileSync(responses, JSON.stringify(await sampleResponses(server.url)))
  } finally {
    await server.stop()
  }
  return { name: 'bare', script: BASELINE_SCRIPT, env: { BASELINE_RESPONSES: responses }, nodeArgs: [] }
}

/** A process's memory now (/proc/PID/smaps_rollup); zeros once it has gone. */
export function readMemory(pid: number): Reading {
  try {
    return readingOf(parseSmapsRollup(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')))
  } catch {
    return { anonymous: 0, private: 0, rss: 0 }
  }
}
