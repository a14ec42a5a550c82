/**
 * The memory bench (`npm run bench:memory`): what each serving process holds in
 * memory, idle, at its peak under load and after it, for every analysis endpoint and
 * a mix of all endpoints, at concurrency 1, 16 and 64, with WORKERS=1 and 2, beside
 * the bare node:http server of bench/baseline.ts (which parses the same body).
 *
 * Each cell is a fresh process (the service started as the README and the image
 * start it: `node dist/src/main.js`): wait until every worker listens, read it idle,
 * then two rounds of a fixed number of requests, each with the peak sampled every
 * 100 ms during the load and a reading once the load has ended and --settle-ms
 * passed. Growth is the second round's after-load figure against the first's.
 *
 * "Private" is `Anonymous` from /proc/PID/smaps_rollup: V8's heap, malloc and
 * stacks, what one more worker costs. RSS also counts the node executable's file
 * pages (about 40 MB here), shared by every Node process on the machine.
 * Private_Clean + Private_Dirty are in the JSON too (they count those file pages as
 * private where no other process maps them).
 *
 * Prints a table and the targets (bench/memory-report.ts), writes
 * bench/memory-results.json. Flags:
 *   --requests=N          per round (default 30,000; --smoke: 300)
 *   --rounds=N            default 2
 *   --concurrency=1,16,64 --endpoints=anterior,posterior,lateral,popliteal,mix --workers=1,2
 *   --servers=service,bare    which to measure (default both)
 *   --compare=PATH        also measure another build's main.js (e.g. main, built elsewhere), as `compare`
 *   --service=PATH        the service script (default dist/src/main.js)
 *   --node-args=A,B       node flags for the service processes (to try V8 flags)
 *   --env=K=V,K=V         environment for the service processes (e.g. METRICS_ENABLED=false)
 *   --settle-ms=MS        pause before the idle and after-load readings (default 1000)
 *   --out=FILE --smoke
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { ALLOCATOR_ENV } from '../src/allocator.js'
import { measuredCommit } from './commit.js'
import { ANALYSIS_ENDPOINTS, ENDPOINTS, type Endpoint, load } from './harness.js'
import {
  judge,
  type MemoryCell,
  memoryTable,
  type ProcessFigures,
  peakOf,
  type Reading,
  type RoundFigures,
  verdictLines,
} from './memory-report.js'
import { bareTarget, ROOT, readMemory, SERVICE_SCRIPT, startTarget, type Target } from './targets.js'

const log = (line: string) => process.stderr.write(`${line}\n`)

/** The mix: every endpoint in turn on each connection. */
const MIX = 'mix'

function list(value: string | undefined, fallback: string): string[] {
  return (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

function envOf(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of list(value, '')) {
    const eq = pair.indexOf('=')
    if (eq > 0) out[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  return out
}

interface Options {
  readonly requests: number
  readonly rounds: number
  readonly settleMs: number
}

async function measureCell(
  target: Target,
  workers: number,
  endpoint: string,
  concurrency: number,
  o: Options,
): Promise<MemoryCell> {
  const endpoints: readonly Endpoint[] = endpoint === MIX ? ENDPOINTS : ENDPOINTS.filter((e) => e.name === endpoint)
  const { server, pids } = await startTarget(target, workers)
  try {
    await sleep(o.settleMs)
    const idle = pids.map(readMemory)
    const rounds: RoundFigures[][] = pids.map(() => [])
    const rps: number[] = []
    let failures = 0
    for (let round = 0; round < o.rounds; round++) {
      const samples: Reading[][] = pids.map(() => [])
      const sampler = setInterval(() => {
        for (const [i, pid] of pids.entries()) samples[i]!.push(readMemory(pid))
      }, 100)
      const result = await load({ url: server.url, endpoints, connections: concurrency, amount: o.requests })
      clearInterval(sampler)
      for (const [i, pid] of pids.entries()) samples[i]!.push(readMemory(pid))
      rps.push(result.rps)
      failures += result.non2xx + result.errors
      await sleep(o.settleMs)
      for (const [i, pid] of pids.entries()) rounds[i]!.push({ peak: peakOf(samples[i]!), after: readMemory(pid) })
    }
    const processes: ProcessFigures[] = pids.map((_pid, i) => ({
      role: workers === 1 ? 'single' : i === 0 ? 'primary' : 'worker',
      idle: idle[i]!,
      rounds: rounds[i]!,
    }))
    return { server: target.name, workers, endpoint, concurrency, requests: o.requests, rps, failures, processes }
  } finally {
    await server.stop()
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      requests: { type: 'string' },
      rounds: { type: 'string' },
      concurrency: { type: 'string' },
      endpoints: { type: 'string' },
      workers: { type: 'string' },
      servers: { type: 'string' },
      compare: { type: 'string' },
      service: { type: 'string' },
      'node-args': { type: 'string' },
      env: { type: 'string' },
      'settle-ms': { type: 'string' },
      out: { type: 'string' },
      smoke: { type: 'boolean', default: false },
    },
  })
  const smoke = args.smoke === true
  const o: Options = {
    requests: Number(args.requests ?? (smoke ? 300 : 30_000)),
    rounds: Number(args.rounds ?? 2),
    settleMs: Number(args['settle-ms'] ?? (smoke ? 200 : 1000)),
  }
  const concurrencies = list(args.concurrency, smoke ? '16' : '1,16,64').map(Number)
  const endpointNames = list(args.endpoints, smoke ? `anterior,${MIX}` : `anterior,posterior,lateral,popliteal,${MIX}`)
  const workerCounts = list(args.workers, smoke ? '1,2' : '1,2').map(Number)
  const serverNames = list(args.servers, 'service,bare')
  // As `npm start` and the image start it: with the allocator setting (src/allocator.ts); --env may override it.
  const serviceEnv = { ...ALLOCATOR_ENV, ...envOf(args.env) }
  const nodeArgs = list(args['node-args'], '')
  const out = args.out ?? join(ROOT, 'bench', 'memory-results.json')

  const targets: Target[] = []
  const serviceScript = args.service ?? SERVICE_SCRIPT
  if (serverNames.includes('service'))
    targets.push({ name: 'service', script: serviceScript, env: serviceEnv, nodeArgs })
  if (args.compare) targets.push({ name: 'compare', script: args.compare, env: serviceEnv, nodeArgs })
  // The bare server answers the service's exact bytes.
  if (serverNames.includes('bare'))
    targets.push(await bareTarget({ name: 'service', script: serviceScript, env: serviceEnv, nodeArgs }))

  const commit = measuredCommit()
  const meta = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    mode: smoke ? 'smoke' : 'full',
    requestsPerRound: o.requests,
    rounds: o.rounds,
    settleMs: o.settleMs,
    serviceEnv,
    nodeArgs,
    private: 'Anonymous of /proc/PID/smaps_rollup',
  }
  log(
    `memory bench (${meta.mode}): node ${meta.node}, ${meta.cpus} x ${meta.cpuModel}; ${targets.map((t) => t.name).join(', ')}; ` +
      `WORKERS ${workerCounts.join('/')}; ${endpointNames.join(', ')} at c=${concurrencies.join('/')}; ${o.rounds} rounds of ${o.requests.toLocaleString('en-US')} requests`,
  )

  // Targets alternate inside each (WORKERS, endpoint, concurrency) so drift hits them alike.
  const cells: MemoryCell[] = []
  for (const workers of workerCounts) {
    for (const endpoint of endpointNames) {
      for (const concurrency of concurrencies) {
        for (const target of targets) {
          const cell = await measureCell(target, workers, endpoint, concurrency, o)
          cells.push(cell)
          const serving = cell.processes.filter((p) => p.role !== 'primary')
          log(
            `  ${target.name.padEnd(8)} WORKERS=${workers} ${endpoint.padEnd(10)} c=${String(concurrency).padEnd(3)} private after each round, MB: ` +
              serving
                .map((p) => p.rounds.map((r) => (r.after.anonymous / 2 ** 20).toFixed(1)).join(' -> '))
                .join(' | ') +
              `  (${cell.rps.map((r) => Math.round(r)).join(', ')} req/s${cell.failures > 0 ? `, ${cell.failures} FAILURES` : ''})`,
          )
        }
      }
    }
  }

  mkdirSync(join(out, '..'), { recursive: true })
  writeFileSync(out, `${JSON.stringify({ meta, cells }, null, 2)}\n`)
  const analysis = new Set([...ANALYSIS_ENDPOINTS, MIX])
  const report = [
    '',
    `memory bench - node ${meta.node}, ${meta.cpus} x ${meta.cpuModel}, ${meta.date}, commit ${commit}`,
    `private = Anonymous (smaps_rollup), MB per serving process; ${o.rounds} rounds of ${o.requests.toLocaleString('en-US')} requests per cell, a fresh process per cell`,
    '',
    memoryTable(cells),
    '',
  ]
  if (!smoke) {
    for (const name of ['service', 'compare']) {
      const verdicts = judge(cells, name, analysis)
      if (verdicts.length > 0) report.push(`Targets (${name}):`, ...verdictLines(verdicts), '')
    }
  }
  const failures = cells.reduce((a, c) => a + c.failures, 0)
  if (failures > 0) report.push(`WARNING: ${failures} failed requests (see ${out}).`, '')
  report.push(`Written to ${out}`)
  process.stdout.write(`${report.join('\n')}\n`)
  if (failures > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error('memory bench failed:', error)
  process.exit(1)
})
