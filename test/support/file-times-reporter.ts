/**
 * A node --test reporter that the runner (run.ts) adds beside the visible one: for
 * each test file, its duration (node's per-file `test:summary`), its tests, and the
 * full names of those that failed. It writes one JSON
 * document (FileTimesReport) to its destination when the run ends. run.ts prints the
 * slowest files from it and repeat.ts lists the failures of several runs.
 */
import { relative } from 'node:path'
import { ROOT } from './paths.js'

export interface FileTimes {
  /** The compiled test file, relative to the repository (dist/test/...). */
  readonly file: string
  /** The file's run as node's summary of it gives it, in ms (its process, hooks included). */
  readonly wallMs: number
  /** Tests run, as node's summary counts them (suites not included). */
  readonly tests: number
  /** Full names ("suite > test") of the tests that failed. */
  readonly failed: readonly string[]
}

export interface FileTimesReport {
  readonly files: readonly FileTimes[]
}

/** The slowest files of a run, a line each: seconds, tests, file. */
export function slowestFiles(files: readonly FileTimes[], count: number): string[] {
  return [...files]
    .sort((a, b) => b.wallMs - a.wallMs)
    .slice(0, count)
    .map((f) => `${(f.wallMs / 1000).toFixed(1).padStart(7)} s ${String(f.tests).padStart(4)} tests  ${f.file}`)
}

interface TestEventData {
  readonly name?: string
  readonly nesting?: number
  readonly file?: string
  readonly details?: { readonly type?: string; readonly error?: unknown }
  /** On a file's test:summary. */
  readonly duration_ms?: number
}

interface TestEvent {
  readonly type: string
  readonly data?: TestEventData
}

interface Tally {
  durationMs: number
  tests: number
  failed: string[]
  /** Names of the suites and tests open at each depth, for full names. */
  path: string[]
}

/** The reporter: node calls it with the run's events and writes what it yields to the destination. */
export default async function* fileTimesReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const tallies = new Map<string, Tally>()
  const tallyOf = (file: string): Tally => {
    let tally = tallies.get(file)
    if (!tally) {
      tally = { durationMs: 0, tests: 0, failed: [], path: [] }
      tallies.set(file, tally)
    }
    return tally
  }
  for await (const event of source) {
    const data = event.data
    if (!data?.file) continue
    const tally = tallyOf(data.file)
    if (event.type === 'test:summary') tally.durationMs = data.duration_ms ?? 0
    const nesting = data.nesting ?? 0
    if (event.type === 'test:start' && data.name !== undefined) {
      tally.path.length = nesting
      tally.path[nesting] = data.name
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      // Counted as node's summary counts them: tests, not suites.
      if (data.details?.type !== 'suite') tally.tests += 1
      tally.path.length = nesting
      // A suite that fails only because a test inside it failed is not listed again; a failing hook is.
      const name = [...tally.path, data.name ?? '(unnamed)'].join(' > ')
      if (event.type === 'test:fail' && !isSuiteFailingForItsChildren(data)) tally.failed.push(name)
    }
  }
  const files: FileTimes[] = [...tallies].map(([file, tally]) => ({
    file: file.startsWith(ROOT) ? relative(ROOT, file) : file,
    wallMs: Math.round(tally.durationMs),
    tests: tally.tests,
    failed: tally.failed,
  }))
  const report: FileTimesReport = { files }
  yield `${JSON.stringify(report)}\n`
}

/** node marks a suite failed when any of its subtests failed ("N subtests failed"): not a failure of its own. */
function isSuiteFailingForItsChildren(data: TestEventData): boolean {
  const error = data.details?.error as { failureType?: string } | undefined
  return error?.failureType === 'subtestsFailed'
}
