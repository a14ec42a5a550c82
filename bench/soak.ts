/**
 * The soak (`npm run soak`, not part of CI; bench/README.md, "Soak"): the restart and
 * crash scenarios of test/operations/ behind nginx, repeated, quiet and beside a CPU
 * hog, optionally inside a CPU quota, with the failed requests of every run printed
 * and the logs of every failed run kept. Built from the tests' own helpers
 * (test/support/proxy.ts, test/support/cpu-quota.ts).
 *
 * Scenarios, each under steady analysis load at 16 connections through nginx:
 *   restart1   two WORKERS=1 instances behind nginx as a new user sets it up
 *              (restart.test.ts), each sent SIGTERM in turn and started again
 *   restart2   the same with WORKERS=2 and SHUTDOWN_DRAIN_MS=2500
 *   restart1-shipped  restart1 behind deploy/nginx/posture-metrics.conf (which re-sends
 *              a POST whose connection was reset: the setting docs/operations.md gives
 *              for restart1's one failure mode, the listen queue at SIGTERM)
 *   kill       two WORKERS=2 instances behind deploy/nginx/posture-metrics.conf, each
 *              killed whole (primary and workers) with SIGKILL in turn and started again
 *
 *   npm run soak -- [--runs 30] [--scenarios restart1,restart2,kill]
 *                   [--conditions quiet,hog] [--quota 0.5] [--logs bench/soak-logs]
 *
 * --quota SHARE runs the instances inside a CPU quota of SHARE of one core (needs root
 * and cgroups). A hog is one busy process per core, started before and stopped after
 * the runs of that condition.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { type CpuQuota, createCpuQuota } from '../test/support/cpu-quota.js'
import { ROOT } from '../test/support/paths.js'
import {
  distinctPorts,
  type Instance,
  type LoadFigures,
  type LogLine,
  plainProxy,
  shippedProxy,
  startInstance,
  startNginx,
  steadyLoad,
  waitForTraffic,
} from '../test/support/proxy.js'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    scenarios: { type: 'string', default: 'restart1,restart2,kill' },
    conditions: { type: 'string', default: 'quiet,hog' },
    quota: { type: 'string' },
    logs: { type: 'string', default: join(ROOT, 'bench', 'soak-logs') },
  },
})

const SCENARIOS = {
  restart1: { workers: '1', drainMs: undefined, kill: false, shipped: false },
  restart2: { workers: '2', drainMs: '2500', kill: false, shipped: false },
  kill: { workers: '2', drainMs: undefined, kill: true, shipped: true },
  'restart1-shipped': { workers: '1', drainMs: undefined, kill: false, shipped: true },
} as const
type ScenarioName = keyof typeof SCENARIOS

const LOAD_CONNECTIONS = 16

interface RunResult {
  figures: LoadFigures
  failed: number
  exitCodes: (number | null)[]
  logs: LogLine[]
  errorLog: string
  accessLog: string[]
}

/** Every pid of an instance: the process and, with WORKERS > 1, its workers (those that said they listen). */
function pidsOf(instance: Instance): number[] {
  return [instance.child.pid as number, ...instance.workers()]
}

async function runScenario(name: ScenarioName, quota: CpuQuota | undefined): Promise<RunResult> {
  const scenario = SCENARIOS[name]
  const env: Record<string, string> = {
    WORKERS: scenario.workers,
    ...(scenario.drainMs ? { SHUTDOWN_DRAIN_MS: scenario.drainMs } : {}),
  }
  const start = async (port: number) => {
    const instance = await startInstance(port, env)
    if (quota) for (const pid of pidsOf(instance)) quota.add(pid)
    return instance
  }
  const [portA, portB, listen] = (await distinctPorts(3)) as [number, number, number]
  const instances: Instance[] = []
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
  const stopAll = async () => {
    await nginx?.stop()
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGTERM')
    await Promise.all(instances.map((i) => i.exited))
  }
  try {
    instances.push(await start(portA), await start(portB))
    const http = scenario.shipped ? shippedProxy([portA, portB], listen) : plainProxy([portA, portB], listen)
    nginx = await startNginx(http, listen)
  } catch (error) {
    await stopAll()
    throw new SetupError((error as Error).message)
  }
  const load = steadyLoad(`http://127.0.0.1:${listen}`, LOAD_CONNECTIONS, 120)
  const logs: LogLine[] = []
  const exitCodes: (number | null)[] = []
  let figures: LoadFigures
  let errorLog = ''
  let accessLog: string[] = []
  try {
    await Promise.all([waitForTraffic(portA), waitForTraffic(portB)])
    for (const index of [0, 1]) {
      const old = instances[index] as Instance
      if (scenario.kill) {
        for (const pid of pidsOf(old)) {
          try {
            process.kill(pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }
      } else {
        old.child.kill('SIGTERM')
      }
      const exit = await old.exited
      exitCodes.push(exit.code)
      logs.push(...old.logs)
      if (scenario.kill) {
        // Workers of a killed primary: their IPC channel closed, they exit by themselves; wait for it.
        for (const pid of old.workers()) {
          while (isAlive(pid)) await sleep(20)
        }
      }
      try {
        instances[index] = await start(old.port)
      } catch (error) {
        // On a starved machine a replacement may not start in time: the run is not counted, and says why.
        throw new SetupError(`the replacement instance did not start: ${(error as Error).message}`)
      }
      await waitForTraffic(old.port)
    }
    await sleep(500)
  } finally {
    figures = await load.stop()
    await stopAll()
    errorLog = nginx.errorLog()
    accessLog = nginx.accessLog()
    for (const instance of instances) logs.push(...instance.logs)
  }
  return {
    figures,
    failed: figures.non2xx + figures.errors + figures.timeouts,
    exitCodes,
    logs,
    errorLog,
    accessLog,
  }
}

/** The instances or nginx did not start in time (a machine too busy): the run did not happen, nothing was sent. */
class SetupError extends Error {
  override name = 'SetupError'
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** One busy process per core. */
function startHog(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  )
}

async function stopHog(hog: ChildProcess[]): Promise<void> {
  await Promise.all(
    hog.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
}

interface Row {
  scenario: ScenarioName
  condition: string
  runs: number
  /** Runs that could not start (instances or nginx too slow to answer on a busy machine). */
  notStarted: number
  failedRuns: number
  failedRequests: number
  requests: number
}

async function main() {
  const runs = Number(args.runs)
  const scenarios = String(args.scenarios).split(',') as ScenarioName[]
  for (const s of scenarios)
    if (!(s in SCENARIOS)) throw new Error(`unknown scenario ${s}; known: ${Object.keys(SCENARIOS)}`)
  const conditions = String(args.conditions).split(',')
  const logsDir = String(args.logs)
  const quota = args.quota ? createCpuQuota('posture-soak', Number(args.quota)) : undefined
  const rows: Row[] = []
  process.stdout.write(
    `soak: ${runs} runs of ${scenarios.join(', ')}, ${conditions.join(' and ')}; Node ${process.version}` +
      `${quota ? `; instances inside a CPU quota of ${args.quota} core` : ''}\n`,
  )
  try {
    for (const condition of conditions) {
      const hog = condition === 'hog' ? startHog() : []
      try {
        for (const scenario of scenarios) {
          const row: Row = {
            scenario,
            condition,
            runs: 0,
            notStarted: 0,
            failedRuns: 0,
            failedRequests: 0,
            requests: 0,
          }
          rows.push(row)
          for (let run = 1; run <= runs; run++) {
            const started = Date.now()
            let result: RunResult
            try {
              result = await runScenario(scenario, quota)
            } catch (error) {
              if (!(error instanceof SetupError)) throw error
              row.notStarted++
              process.stdout.write(
                `${scenario} ${condition} run ${run}/${runs}: not started: ${error.message.split('\n')[0]}\n`,
              )
              continue
            }
            row.runs++
            row.requests += result.figures.requests
            row.failedRequests += result.failed
            const badExit = !SCENARIOS[scenario].kill && result.exitCodes.some((c) => c !== 0)
            if (result.failed > 0 || badExit) {
              row.failedRuns++
              mkdirSync(logsDir, { recursive: true })
              const file = join(logsDir, `${scenario}-${condition}-${run}-${new Date().toISOString()}.log`)
              writeFileSync(
                file,
                [
                  `${scenario} ${condition} run ${run}: ${JSON.stringify(result.figures)} exit codes ${result.exitCodes}`,
                  '--- nginx error log',
                  result.errorLog,
                  '--- nginx access log, answers other than 200',
                  ...result.accessLog.filter((l) => !l.startsWith('200 ')),
                  '--- service logs',
                  ...result.logs.map((l) => JSON.stringify(l)),
                ].join('\n'),
              )
              process.stdout.write(`  logs: ${file}\n`)
            }
            process.stdout.write(
              `${scenario} ${condition} run ${run}/${runs}: ${result.figures.requests} requests, ${result.failed} failed ` +
                `(statuses ${JSON.stringify(result.figures.statuses)}, socket errors ${result.figures.errors}, timeouts ${result.figures.timeouts}), ` +
                `exit codes ${result.exitCodes.join(' ')}, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
            )
          }
        }
      } finally {
        await stopHog(hog)
      }
    }
  } finally {
    quota?.remove()
  }
  process.stdout.write(
    '\n| scenario | condition | runs | not started | runs with a failure | failed requests | requests |\n|---|---|---|---|---|---|---|\n',
  )
  for (const r of rows)
    process.stdout.write(
      `| ${r.scenario} | ${r.condition} | ${r.runs} | ${r.notStarted} | ${r.failedRuns} | ${r.failedRequests} | ${r.requests} |\n`,
    )
  if (rows.some((r) => r.failedRuns > 0)) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error('soak failed:', error)
  process.exit(1)
})
