/** A service process's JSON log lines (pino), read from its stdout as they come, for tests that watch what it logs. */
import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'

export type LogLine = Record<string, unknown> & { msg?: string; pid?: number; level?: number }

/** Appends each complete line of `stream` to `into`, parsed as JSON (a line that is not JSON becomes `{ msg: line }`). */
export function collectLogLines(stream: Readable | null | undefined, into: LogLine[]): void {
  let buffer = ''
  stream?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      try {
        into.push(JSON.parse(line) as LogLine)
      } catch {
        into.push({ msg: line })
      }
    }
  })
}

/** Resolves with the first line of `logs` (as it grows) that matches; fails after `ms`, listing what was logged. */
export async function waitForLogLine(
  logs: readonly LogLine[],
  predicate: (line: LogLine) => boolean,
  ms = 10_000,
): Promise<LogLine> {
  const deadline = Date.now() + ms
  for (;;) {
    const found = logs.find(predicate)
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(`no such log line within ${ms} ms; got:\n${logs.map((l) => JSON.stringify(l)).join('\n')}`)
    await sleep(20)
  }
}

/** Resolves with the first JSON log line in `output()` (a process's output so far, as it grows) that matches; fails after `ms`. */
export async function waitForOutputLine(
  output: () => string,
  predicate: (line: LogLine) => boolean,
  ms = 30_000,
): Promise<LogLine> {
  const lines = (): LogLine[] =>
    output()
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine]
        } catch {
          return []
        }
      })
  const deadline = Date.now() + ms
  for (;;) {
    const found = lines().find(predicate)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no such log line within ${ms} ms; got:\n${output()}`)
    await sleep(20)
  }
}
