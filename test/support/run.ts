/**
 * `npm test` and `npm run test:unit|integration|system|browser`: runs node's test
 * runner once per layer (test/README.md) on that layer's compiled *.test.js files
 * under dist/test and dist/web-unit/test (the marking app's modules compiled without
 * the DOM library). Each layer runs its files in parallel up to its own concurrency
 * (LAYER_CONCURRENCY; a `--test-concurrency=N` argument overrides it). Usage:
 *
 *   node dist/test/support/run.js [unit] [integration] [system] [browser] [node --test options]
 *
 * No layer named: all four, in that order. Other arguments go to node, e.g.
 * `--test-name-pattern=CORS`. A compiled test whose source is gone (renamed or
 * deleted since the last clean build) is not run. A test file in no layer fails the
 * run. For the layers whose files use PostgreSQL it starts one throwaway cluster that
 * their files make their databases in (postgres.ts), instead of a cluster per file. After each layer it prints the layer's slowest files (file-times-reporter.ts);
 * with TEST_FILE_TIMES set to a path, it appends each file's time and failures there
 * too, one JSON line a file (.ci/run prints the run's ten slowest files from it, and
 * repeat.ts lists the failures of several runs). After several layers the run ends
 * with their summed summary, in the form of node's TAP summary (`# tests N`,
 * `# pass N`, `# fail N`, ...).
 */
import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type FileTimesReport, slowestFiles } from './file-times-reporter.js'
import { isLayer, LAYERS, type Layer, layerOf } from './layers.js'
import { ROOT } from './paths.js'
import { LAYER_POSTGRES_PORT, type PostgresCluster, postgresBin, startPostgres } from './postgres.js'

/** Build folders of test files, each with the prefix its paths carry in front of the source path. */
const BUILDS = [join('dist', 'web-unit'), 'dist']

function compiledTests(dir: string): string[] {
  if (!existsSync(dir)) return []
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...compiledTests(path))
    else if (entry.name.endsWith('.test.js')) files.push(relative(ROOT, path))
  }
  return files
}

/** Every test file that has a source: its compiled path and its source path (test/...). */
function testFiles(): { compiled: string; source: string }[] {
  const found: { compiled: string; source: string }[] = []
  for (const build of BUILDS) {
    for (const compiled of compiledTests(join(ROOT, build, 'test'))) {
      const source = relative(build, compiled).replace(/\.js$/, '.ts')
      if (existsSync(join(ROOT, source)) && !found.some((f) => f.source === source)) found.push({ compiled, source })
    }
  }
  return found.sort((a, b) => a.source.localeCompare(b.source))
}

/**
 * How many files of a layer run at once on this machine. Unit files share nothing: one per
 * core. Integration and browser files spend much of their time waiting on another process (the
 * service, the record server, PostgreSQL, Chromium), so they run one more than the cores.
 * System files load the machine on purpose (floods, CPU quotas, restarts under load) and
 * measure what a process does under it: one at a time.
 */
const LAYER_CONCURRENCY: Readonly<Record<Layer, number>> = {
  unit: availableParallelism(),
  integration: availableParallelism() + 1,
  system: 1,
  browser: availableParallelism() + 1,
}

/** The layers whose test files make PostgreSQL databases (the record server's tests, the app's sync). */
const LAYERS_WITH_POSTGRES: readonly Layer[] = ['integration', 'browser']
/** Connections the layer's cluster takes: record servers of several files at once, each with its pool. */
const LAYER_POSTGRES_CONNECTIONS = 400

const FILE_TIMES_REPORTER = fileURLToPath(new URL('./file-times-reporter.js', import.meta.url))

const SUMMARY_FIELDS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'] as const
type Summary = Record<(typeof SUMMARY_FIELDS)[number], number>

/** The summary lines at the end of a TAP report (`# pass 12`). */
function summaryOf(tap: string): Summary {
  const summary = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, 0])) as Summary
  for (const field of SUMMARY_FIELDS) {
    const match = new RegExp(`^# ${field} ([\\d.]+)$`, 'm').exec(tap)
    if (match) summary[field] = Number(match[1])
  }
  return summary
}

const args = process.argv.slice(2)
const named = args.filter(isLayer)
const nodeArgs = args.filter((arg) => !isLayer(arg))
const layers: readonly Layer[] = named.length > 0 ? LAYERS.filter((layer) => named.includes(layer)) : LAYERS

const files = testFiles()
const unplaced = files.filter((f) => layerOf(f.source) === undefined)
if (unplaced.length > 0) {
  process.stderr.write(
    `Test files in no layer (add their folder to test/support/layers.ts):\n  ${unplaced.map((f) => f.source).join('\n  ')}\n`,
  )
  process.exit(1)
}

const reportDir = mkdtempSync(join(tmpdir(), 'posture-metrics-test-'))
const totals: Summary[] = []
const timings: string[] = []
let failed = false
try {
  for (const layer of layers) {
    const chosen = files.filter((f) => layerOf(f.source) === layer).map((f) => f.compiled)
    if (chosen.length === 0) {
      process.stderr.write(`No compiled ${layer} tests under dist/: run npm run build first.\n`)
      failed = true
      continue
    }
    const tap = join(reportDir, `${layer}.tap`)
    // The terminal gets node's own default reporter (spec on a terminal, TAP otherwise); a TAP copy is summed below.
    const reporter = process.stdout.isTTY ? 'spec' : 'tap'
    const concurrency = nodeArgs.some((arg) => arg.startsWith('--test-concurrency'))
      ? []
      : [`--test-concurrency=${LAYER_CONCURRENCY[layer]}`]
    const timesFile = join(reportDir, `${layer}.json`)
    process.stdout.write(
      `\n# ---- ${layer} tests: ${chosen.length} files, ${concurrency.length > 0 ? LAYER_CONCURRENCY[layer] : 'as given'} at once ----\n`,
    )
    const started = Date.now()
    const postgres: PostgresCluster | undefined =
      LAYERS_WITH_POSTGRES.includes(layer) && postgresBin() !== undefined
        ? await startPostgres({ maxConnections: LAYER_POSTGRES_CONNECTIONS })
        : undefined
    // Not spawnSync: this process reads the cluster's log pipes while the layer runs.
    const runner = spawn(
      process.execPath,
      [
        '--test',
        ...concurrency,
        `--test-reporter=${reporter}`,
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        `--test-reporter=${FILE_TIMES_REPORTER}`,
        `--test-reporter-destination=${timesFile}`,
        ...nodeArgs,
        ...chosen,
      ],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: postgres ? { ...process.env, [LAYER_POSTGRES_PORT]: String(postgres.port) } : process.env,
      },
    )
    const result = await new Promise<{ status: number | null }>((resolve) =>
      runner.once('exit', (status) => resolve({ status })),
    )
    await postgres?.dispose()
    const seconds = (Date.now() - started) / 1000
    if (result.status !== 0) failed = true
    const summary = summaryOf(existsSync(tap) ? readFileSync(tap, 'utf8') : '')
    totals.push(summary)
    timings.push(
      `# ${layer}: ${summary.pass} of ${summary.tests} passed, ${summary.fail} failed, ${summary.skipped} skipped, in ${seconds.toFixed(1)} s${result.status === 0 ? '' : ' (FAILED)'}`,
    )
    const times = existsSync(timesFile) ? (JSON.parse(readFileSync(timesFile, 'utf8')) as FileTimesReport).files : []
    process.stdout.write(
      `# ${layer}: the slowest files\n${slowestFiles(times, 5)
        .map((line) => `#   ${line}`)
        .join('\n')}\n`,
    )
    const record = process.env.TEST_FILE_TIMES
    if (record) appendFileSync(record, times.map((f) => `${JSON.stringify({ layer, ...f })}\n`).join(''))
  }
} finally {
  rmSync(reportDir, { recursive: true, force: true })
}

if (layers.length > 1) {
  process.stdout.write(`\n# ---- all layers ----\n${timings.join('\n')}\n`)
  for (const field of SUMMARY_FIELDS) {
    const sum = totals.reduce((total, summary) => total + summary[field], 0)
    process.stdout.write(`# ${field} ${field === 'duration_ms' ? sum.toFixed(3) : sum}\n`)
  }
} else if (timings.length > 0) {
  process.stdout.write(`${timings.join('\n')}\n`)
}
process.exit(failed ? 1 : 0)
