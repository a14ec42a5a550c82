/**
 * `npm run test:repeat -- <layer> <n> [node --test options]`: runs one test layer n
 * times in a row (run.ts, each run as CI runs it) and lists every test that failed in
 * any run, with the runs it failed in, so that a test failing once in a while is seen
 * rather than rerun. Each run's counts and time are printed as it ends; the exit status
 * is 1 if any run failed. Flakiness shows best on a loaded machine: run it beside a
 * build or `stress` (test/README.md records such runs).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FileTimes } from './file-times-reporter.js'
import { isLayer } from './layers.js'

const [layer, times, ...nodeArgs] = process.argv.slice(2)
const runs = Number(times)
if (layer === undefined || !isLayer(layer) || !Number.isInteger(runs) || runs < 1) {
  process.stderr.write(
    'Usage: npm run test:repeat -- <unit|integration|system|browser> <runs, a whole number from 1> [node --test options]\n',
  )
  process.exit(2)
}

const runner = fileURLToPath(new URL('./run.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'posture-metrics-repeat-'))
/** Full test name (file: suite > test) → the runs (1-based) it failed in. */
const failures = new Map<string, number[]>()
const lines: string[] = []
let anyFailed = false
try {
  for (let run = 1; run <= runs; run++) {
    const record = join(dir, `run-${run}.jsonl`)
    const started = Date.now()
    process.stdout.write(`\n# ==== ${layer}: run ${run} of ${runs} ====\n`)
    const result = spawnSync(process.execPath, [runner, layer, ...nodeArgs], {
      stdio: 'inherit',
      env: { ...process.env, TEST_FILE_TIMES: record },
    })
    const seconds = (Date.now() - started) / 1000
    const files: FileTimes[] = existsSync(record)
      ? readFileSync(record, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as FileTimes)
      : []
    const tests = files.reduce((sum, f) => sum + f.tests, 0)
    let failedHere = 0
    for (const file of files) {
      for (const name of file.failed) {
        failedHere += 1
        const key = `${file.file}: ${name}`
        failures.set(key, [...(failures.get(key) ?? []), run])
      }
    }
    // A run can fail with no test failing (a file that crashed before its tests, a runner error).
    const status = result.status === 0 ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`
    if (result.status !== 0) anyFailed = true
    lines.push(
      `# run ${run}: ${tests} tests in ${files.length} files, ${failedHere} failed, ${seconds.toFixed(0)} s: ${status}`,
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

process.stdout.write(`\n# ==== ${layer}: ${runs} runs ====\n${lines.join('\n')}\n`)
if (failures.size === 0) {
  process.stdout.write(`# no test failed in any of the ${runs} runs\n`)
} else {
  process.stdout.write('# tests that failed in any run (the runs they failed in):\n')
  for (const [name, inRuns] of [...failures].sort((a, b) => b[1].length - a[1].length))
    process.stdout.write(`#   ${name}  (run${inRuns.length > 1 ? 's' : ''} ${inRuns.join(', ')})\n`)
}
process.exit(anyFailed ? 1 : 0)
