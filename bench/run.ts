/**
 * The benchmark (`npm run bench`). In one run, side by side on this machine:
 *
 * 1. matrix: every endpoint at concurrency 1, 16 and 64 against (a) the service
 *    (dist/src/main.js, one worker, default configuration) and (b) the baseline plain
 *    node:http server (bench/baseline.ts); requests/s, latency p50/p99, peak RSS and
 *    the service/baseline ratio. Each cell: a warm-up of each, then service, baseline,
 *    service, baseline (--rounds=2) so drift on a shared machine hits both alike;
 *    the figures combine the rounds.
 * 2. memory: a fresh service process, its RSS at start and after 100,000 requests
 *    (all endpoints in turn, 16 connections); with --soak, then 5 minutes more of the
 *    same load and the RSS at the end (growth relative to the 100k figure).
 * 3. workers: mixed load at concurrency 64 with WORKERS=1 and WORKERS=2.
 *
 * Prints a table and writes bench/results.json. Flags:
 *   --smoke             a few seconds in all (CI): tiny durations, 2,000 instead of 100k
 *   --soak              add the 5-minute soak (--soak-seconds=N to change its length)
 *   --duration=S        seconds per measurement (default 5); --warmup=S (default 1); --rounds=N (default 2)
 *   --concurrency=1,16,64   --endpoints=anterior,health   --only=matrix,memory,workers
 *   --out=FILE          where the JSON goes (default bench/results.json)
 *   --cpu-prof          run the service under --cpu-prof (profiles in bench/profiles/)
 *   --compare=FILE      matrix only: also load another build of the service (e.g. a checkout of
 *                       main built elsewhere: /path/dist/src/main.js) in every cell, alternating
 *                       with the service and the baseline, for before/after ratios from one run
 *
 * The load generator (autocannon) runs in this process; each server is its own
 * process, so on a 2-core machine the generator and one worker each get a core.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startServer } from '../test/support/server-process.js'
import { measuredCommit } from './commit.js'
import {
  ANALYSIS_ENDPOINTS,
  combine,
  ENDPOINTS,
  LatencyHistogram,
  type LoadResult,
  load,
  MB,
  sampleResponses,
} from './harness.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SERVICE = 'dist/src/main.js'
const BASELINE = 'dist/bench/baseline.js'

/** The issue's targets (one worker, this machine). */
const TARGETS = {
  ratio: 0.7,
  p99AtC16Ms: 5,
  rssAfter100kMB: 60,
  soakGrowth: 0.1,
}

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'soak-seconds': { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    concurrency: { type: 'string' },
    endpoints: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    compare: { type: 'string' },
  },
})

const smoke = args.smoke === true
const duration = Number(args.duration ?? 5)
const warmup = Number(args.warmup ?? (smoke ? 0 : 1))
/** Each cell measures service, baseline, service, baseline, ... (rounds times each) so drift hits both alike. */
const rounds = Number(args.rounds ?? (smoke ? 1 : 2))
/** In a smoke run each measurement is a fixed, small number of requests instead of a duration. */
const smokeAmount = 300
const span = (connections: number) => (smoke ? { amount: Math.max(smokeAmount, connections * 5) } : { duration })
const concurrencies = (args.concurrency ?? '1,16,64').split(',').map(Number)
const endpointNames = args.endpoints?.split(',')
const endpoints = endpointNames ? ENDPOINTS.filter((e) => endpointNames.includes(e.name)) : ENDPOINTS
const phases = new Set((args.only ?? 'matrix,memory,workers').split(','))
const memoryRequests = smoke ? 2_000 : 100_000
const soakSeconds = args.soak ? Number(args['soak-seconds'] ?? 300) : 0
const out = args.out ?? join(ROOT, 'bench', 'results.json')
const serviceNodeArgs = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'bench', 'profiles')}`] : []
/** The service as deployed: load shedding on its own queue, which a busy machine alone does not fill (src/http/overload.ts). */
const SERVICE_ENV = { LOG_LEVEL: 'info', WORKERS: '1' }

interface Cell {
  endpoint: string
  concurrency: number
  service: LoadResult
  baseline: LoadResult
  ratio: number
  /** With --compare: the other build, and its ratio to the same baseline. */
  compare?: LoadResult
  compareRatio?: number
}

interface MemoryResult {
  concurrency: number
  rssStartMB: number
  requests: number
  rpsDuring100k: number
  rssAfter100kMB: number
  /** The private (anonymous) part of it; the rest is the node executable's file pages, shared by every Node process. */
  rssAnonAfter100kMB: number
  soak?: {
    seconds: number
    requests: number
    rps: number
    p99: number
    rssMinMB: number
    rssMaxMB: number
    rssEndMB: number
    rssAnonEndMB: number
    growth: number
    non2xx: number
    errors: number
  }
}

interface WorkersResult {
  workers: number
  concurrency: number
  load: LoadResult
  rssAllMB: number
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10
const log = (line: string) => process.stderr.write(`${line}\n`)

async function matrix(): Promise<Cell[]> {
  const service = await startServer(
    { name: 'service', script: SERVICE, env: SERVICE_ENV, nodeArgs: serviceNodeArgs },
    ROOT,
  )
  const responsesFile = join(tmpdir(), `posture-bench-responses-${process.pid}.json`)
  writeFileSync(responsesFile, JSON.stringify(await sampleResponses(service.url)))
  const baseline = await startServer(
    { name: 'baseline', script: BASELINE, env: { BASELINE_RESPONSES: responsesFile } },
    ROOT,
  )
  const compare = args.compare
    ? await startServer({ name: 'compare', script: args.compare, env: SERVICE_ENV }, ROOT)
    : undefined
  const servers = compare ? [service, baseline, compare] : [service, baseline]
  const cells: Cell[] = []
  try {
    for (const endpoint of endpoints) {
      for (const connections of concurrencies) {
        const histograms = servers.map(() => new LatencyHistogram())
        const runs: LoadResult[][] = servers.map(() => [])
        for (const server of servers) {
          if (warmup > 0) await load({ url: server.url, endpoints: [endpoint], connections, duration: warmup })
        }
        for (let round = 0; round < rounds; round++) {
          for (let i = 0; i < servers.length; i++) {
            const server = servers[i]!
            runs[i]!.push(
              await load({
                url: server.url,
                endpoints: [endpoint],
                connections,
                ...span(connections),
                rss: server.rss,
                histogram: histograms[i],
              }),
            )
          }
        }
        const [s, b, c] = runs.map((r, i) => combine(r, histograms[i]!)) as [
          LoadResult,
          LoadResult,
          LoadResult | undefined,
        ]
        const cell: Cell = {
          endpoint: endpoint.name,
          concurrency: connections,
          service: s,
          baseline: b,
          ratio: b.rps > 0 ? s.rps / b.rps : 0,
        }
        if (c) Object.assign(cell, { compare: c, compareRatio: b.rps > 0 ? c.rps / b.rps : 0 })
        cells.push(cell)
        log(
          `  ${endpoint.name.padEnd(10)} c=${String(connections).padEnd(3)} service ${fmtRps(s.rps)} rps p99 ${s.p99.toFixed(2)} ms | baseline ${fmtRps(b.rps)} rps | ratio ${cell.ratio.toFixed(2)}` +
            (c ? ` | compare ${fmtRps(c.rps)} rps, ratio ${cell.compareRatio?.toFixed(2)}` : ''),
        )
      }
    }
  } finally {
    await service.stop()
    await baseline.stop()
    await compare?.stop()
  }
  return cells
}

async function memory(): Promise<MemoryResult> {
  const service = await startServer(
    { name: 'service', script: SERVICE, env: SERVICE_ENV, nodeArgs: serviceNodeArgs },
    ROOT,
  )
  try {
    await sleep(500)
    const rssStart = service.rss()
    const connections = 16
    const first = await load({ url: service.url, endpoints: ENDPOINTS, connections, amount: memoryRequests })
    await sleep(1000)
    const rssAfter = service.rss()
    const rssAnonAfter = service.rssAnon()
    const result: MemoryResult = {
      concurrency: connections,
      rssStartMB: mb(rssStart),
      requests: first.requests,
      rpsDuring100k: Math.round(first.rps),
      rssAfter100kMB: mb(rssAfter),
      rssAnonAfter100kMB: mb(rssAnonAfter),
    }
    log(`  RSS at start ${mb(rssStart)} MB, after ${first.requests} requests ${mb(rssAfter)} MB`)
    if (soakSeconds > 0) {
      log(`  soak: ${soakSeconds} s of mixed load at c=${connections} ...`)
      let min = Infinity
      let max = 0
      const sampler = setInterval(() => {
        const rss = service.rss()
        min = Math.min(min, rss)
        max = Math.max(max, rss)
      }, 1000)
      const soak = await load({ url: service.url, endpoints: ENDPOINTS, connections, duration: soakSeconds })
      clearInterval(sampler)
      await sleep(1000)
      const rssEnd = service.rss()
      result.soak = {
        seconds: soakSeconds,
        requests: soak.requests,
        rps: Math.round(soak.rps),
        p99: soak.p99,
        rssMinMB: mb(min),
        rssMaxMB: mb(max),
        rssEndMB: mb(rssEnd),
        rssAnonEndMB: mb(service.rssAnon()),
        growth: rssAfter > 0 ? (rssEnd - rssAfter) / rssAfter : 0,
        non2xx: soak.non2xx,
        errors: soak.errors,
      }
      log(`  after soak (${soak.requests} more requests) ${mb(rssEnd)} MB`)
    }
    return result
  } finally {
    await service.stop()
  }
}

async function workers(): Promise<WorkersResult[]> {
  const results: WorkersResult[] = []
  const connections = 64
  for (const count of [1, 2]) {
    const service = await startServer(
      { name: `service WORKERS=${count}`, script: SERVICE, env: { ...SERVICE_ENV, WORKERS: String(count) } },
      ROOT,
    )
    try {
      if (warmup > 0) await load({ url: service.url, endpoints: ENDPOINTS, connections, duration: warmup })
      const result = await load({
        url: service.url,
        endpoints: ENDPOINTS,
        connections,
        ...span(connections),
        rss: service.rss,
      })
      results.push({ workers: count, concurrency: connections, load: result, rssAllMB: mb(result.peakRss) })
      log(`  WORKERS=${count}: ${fmtRps(result.rps)} rps, p99 ${result.p99.toFixed(2)} ms`)
    } finally {
      await service.stop()
    }
  }
  return results
}

// ---------------------------------------------------------------------------------
// Report

function fmtRps(rps: number): string {
  return Math.round(rps).toLocaleString('en-US').padStart(7)
}

function fmtMs(ms: number): string {
  return ms.toFixed(2).padStart(6)
}

function table(cells: readonly Cell[]): string {
  const compared = cells.some((c) => c.compare !== undefined)
  const lines = [
    `| endpoint | conc | service req/s | p50 ms | p99 ms | peak RSS MB | baseline req/s | p50 ms | p99 ms | ratio |${compared ? ' compare req/s | compare ratio |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${compared ? '---:|---:|' : ''}`,
  ]
  for (const c of cells) {
    lines.push(
      `| ${c.endpoint} | ${c.concurrency} | ${fmtRps(c.service.rps)} | ${fmtMs(c.service.p50)} | ${fmtMs(c.service.p99)} | ${mb(c.service.peakRss).toFixed(1)} | ` +
        `${fmtRps(c.baseline.rps)} | ${fmtMs(c.baseline.p50)} | ${fmtMs(c.baseline.p99)} | ${c.ratio.toFixed(2)} |` +
        (c.compare ? ` ${fmtRps(c.compare.rps)} | ${(c.compareRatio ?? 0).toFixed(2)} |` : ''),
    )
  }
  return lines.join('\n')
}

function workersTable(rows: readonly WorkersResult[]): string {
  const one = rows.find((r) => r.workers === 1)?.load.rps ?? 0
  const lines = [
    '| WORKERS | conc | req/s | p50 ms | p99 ms | RSS all processes MB | vs WORKERS=1 |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of rows) {
    lines.push(
      `| ${r.workers} | ${r.concurrency} | ${fmtRps(r.load.rps)} | ${fmtMs(r.load.p50)} | ${fmtMs(r.load.p99)} | ${r.rssAllMB.toFixed(1)} | ${one > 0 ? (r.load.rps / one).toFixed(2) : '-'} |`,
    )
  }
  return lines.join('\n')
}

interface Verdict {
  target: string
  measured: string
  met: boolean
}

function verdicts(cells: readonly Cell[] | undefined, mem: MemoryResult | undefined): Verdict[] {
  const out: Verdict[] = []
  const analysis = cells?.filter((c) => ANALYSIS_ENDPOINTS.has(c.endpoint)) ?? []
  if (analysis.length > 0) {
    const worst = analysis.reduce((a, b) => (b.ratio < a.ratio ? b : a))
    out.push({
      target: `service/baseline req/s >= ${TARGETS.ratio} on every analysis endpoint`,
      measured: `lowest ${worst.ratio.toFixed(2)} (${worst.endpoint}, c=${worst.concurrency})`,
      met: worst.ratio >= TARGETS.ratio,
    })
  }
  const c16 = cells?.filter((c) => c.concurrency === 16) ?? []
  if (c16.length > 0) {
    const worst = c16.reduce((a, b) => (b.service.p99 > a.service.p99 ? b : a))
    out.push({
      target: `p99 <= ${TARGETS.p99AtC16Ms} ms at concurrency 16`,
      measured: `highest ${worst.service.p99.toFixed(2)} ms (${worst.endpoint})`,
      met: worst.service.p99 <= TARGETS.p99AtC16Ms,
    })
  }
  if (mem) {
    out.push({
      target: `RSS <= ${TARGETS.rssAfter100kMB} MB after 100k requests`,
      measured: `${mem.rssAfter100kMB} MB after ${mem.requests.toLocaleString('en-US')} requests`,
      met: mem.rssAfter100kMB <= TARGETS.rssAfter100kMB,
    })
    if (mem.soak) {
      out.push({
        target: `RSS growth 100k -> end of soak <= ${TARGETS.soakGrowth * 100}%`,
        measured: `${(mem.soak.growth * 100).toFixed(1)}% (${mem.rssAfter100kMB} -> ${mem.soak.rssEndMB} MB over ${mem.soak.seconds} s)`,
        met: mem.soak.growth <= TARGETS.soakGrowth,
      })
    }
  }
  return out
}

function meta() {
  const commit = measuredCommit()
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMB: Math.round(totalmem() / MB),
    mode: smoke ? 'smoke' : 'full',
    durationSeconds: smoke ? null : duration,
    smokeRequestsPerRun: smoke ? smokeAmount : null,
    warmupSeconds: warmup,
    roundsPerCell: rounds,
    loadGenerator: 'autocannon (in the harness process), pipelining 1, keep-alive',
  }
}

async function main() {
  for (const script of [SERVICE, BASELINE]) {
    if (!existsSync(join(ROOT, script))) throw new Error(`${script} is missing; run npm run build first`)
  }
  const info = meta()
  log(`posture-metrics benchmark (${info.mode}): node ${info.node}, ${info.cpus} x ${info.cpuModel}`)
  const results: Record<string, unknown> = { meta: info }
  let cells: Cell[] | undefined
  let mem: MemoryResult | undefined
  let workerRows: WorkersResult[] | undefined
  if (phases.has('matrix')) {
    log(
      `matrix: ${endpoints.length} endpoints x concurrency ${concurrencies.join('/')}, ${rounds} x ${smoke ? `${smokeAmount} requests` : `${duration} s`} each, service and baseline alternating (+${warmup} s warm-up)`,
    )
    cells = await matrix()
    results.matrix = cells
  }
  if (phases.has('memory')) {
    log(
      `memory: ${memoryRequests.toLocaleString('en-US')} requests${soakSeconds > 0 ? ` then a ${soakSeconds} s soak` : ''}`,
    )
    mem = await memory()
    results.memory = mem
  }
  if (phases.has('workers')) {
    log('workers: WORKERS=1 vs WORKERS=2, mixed endpoints, c=64')
    workerRows = await workers()
    results.workers = workerRows
  }
  const checks = smoke ? [] : verdicts(cells, mem)
  results.targets = checks

  // A partial run (--only) keeps the other sections of an earlier full run.
  let merged = results
  if (args.only !== undefined && existsSync(out)) {
    try {
      merged = { ...(JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>), ...results }
    } catch {
      // unreadable: overwrite
    }
  }
  mkdirSync(join(out, '..'), { recursive: true })
  writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`)

  const report: string[] = [
    '',
    `posture-metrics benchmark - node ${info.node}, ${info.cpus} x ${info.cpuModel}, ${info.date}`,
    '',
  ]
  if (cells) report.push('Requests/s and latency, one worker vs the node:http baseline:', '', table(cells), '')
  if (mem) {
    report.push(
      `Memory (one worker, all endpoints in turn, c=${mem.concurrency}): RSS at start ${mem.rssStartMB} MB, ` +
        `after ${mem.requests.toLocaleString('en-US')} requests ${mem.rssAfter100kMB} MB (${mem.rssAnonAfter100kMB} MB of it private)` +
        (mem.soak
          ? `, after a ${mem.soak.seconds} s soak (${mem.soak.requests.toLocaleString('en-US')} more requests, ${mem.soak.rps.toLocaleString('en-US')} req/s) ` +
            `${mem.soak.rssEndMB} MB (${mem.soak.growth >= 0 ? '+' : ''}${(mem.soak.growth * 100).toFixed(1)}%; min ${mem.soak.rssMinMB}, max ${mem.soak.rssMaxMB} MB during the soak)`
          : ' (no soak: run with --soak)'),
      '',
    )
  }
  if (workerRows) {
    report.push('Workers (all endpoints in turn):', '', workersTable(workerRows), '')
    if (info.cpus <= 2) {
      report.push(
        `Note: ${info.cpus} cores here, and the load generator keeps one of them busy, so a second worker competes for the`,
        'same cores as the first and the generator: WORKERS=2 cannot raise throughput on this machine (it does where cores are spare).',
        '',
      )
    }
  }
  if (checks.length > 0) {
    if (smoke) {
      report.push(
        'Targets: not judged in a smoke run (a few hundred requests per cell on a cold process; run npm run bench for figures).',
      )
    } else {
      report.push('Targets:')
      for (const c of checks) report.push(`  ${c.met ? 'met    ' : 'MISSED '} ${c.target}: ${c.measured}`)
    }
    report.push('')
  }
  const failures = [
    ...(cells ?? []).flatMap((c) => [c.service, c.baseline]),
    ...(workerRows ?? []).map((w) => w.load),
  ].filter((r) => r.errors > 0 || r.non2xx > 0)
  if (failures.length > 0)
    report.push(`WARNING: ${failures.length} load runs saw errors or non-2xx answers (see ${out}).`, '')
  report.push(`Written to ${out}`)
  process.stdout.write(`${report.join('\n')}\n`)
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error)
  process.exit(1)
})
