/**
 * CPU time per request (`npm run bench:cpu`): what the service's processes spend,
 * user plus system time read from /proc/PID/stat, for a fixed number of requests,
 * beside the bare node:http server and any variants of the service (V8 flags, the
 * environment, another build). Requests per second on a shared machine swing with
 * whatever else runs; the CPU a process spent on a known number of requests swings
 * far less, so this is the figure for "did it get cheaper or dearer" and for the
 * ratio to the bare server (bench/README.md, "Where the time of a request goes").
 *
 * Every target starts --instances times (WORKERS=N, a warm-up round each), then the
 * rounds interleave: round r loads every instance of every target in an order rotated
 * by r, so drift hits them alike. Two processes of the same build differ by several
 * percent (what V8 happened to optimise, and where), more than most changes worth
 * measuring: so each target runs in several processes, and an extra copy of the first
 * target (--variant='same|') shows the spread between identical builds. The report
 * gives the median microseconds per request over all of a target's rounds (all of its
 * processes: with WORKERS > 1 the primary and every worker), its ratio to the first
 * target, requests/s, and private memory per serving process after the last round.
 *
 * Flags:
 *   --requests=N       per round (default 15,000; --smoke: 500)
 *   --rounds=N         default 8 (each loads every instance once)
 *   --instances=N      processes per target (default 3; --smoke: 1)
 *   --warmup=N         requests each process serves before the rounds (default 20,000;
 *                      --smoke: 200): V8 is still compiling the hot path before that
 *   --concurrency=C    default 16
 *   --endpoint=NAME    anterior (default), posterior, lateral, popliteal or mix
 *   --workers=N        default 1
 *   --servers=service,bare   which of the two to run (default both)
 *   --variant='LABEL|NODE ARGS|K=V,K=V|SCRIPT'   the service again with other node flags,
 *                      environment or script (repeatable; empty fields keep the service's)
 * The service and its variants start as `npm start` starts it, with the allocator
 * setting of src/allocator.ts (a variant's environment may override it, and `K=` with
 * nothing after it leaves K unset); the bare server without it.
 *   --out=FILE --smoke
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ALLOCATOR_ENV } from '../src/allocator.js'
import type { ServerProcess } from '../test/support/server-process.js'
import { measuredCommit } from './commit.js'
import { ENDPOINTS, type Endpoint, load } from './harness.js'
import { median } from './stats.js'
import { bareTarget, ROOT, readMemory, SERVICE_SCRIPT, startTarget, type Target } from './targets.js'

const log = (line: string) => process.stderr.write(`${line}\n`)

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100

interface Running {
  readonly target: Target
  readonly server: ServerProcess
  /** [the process] or [primary, ...workers]. */
  readonly pids: readonly number[]
  /** Microseconds of CPU per request, one per round. */
  readonly usPerRequest: number[]
  readonly rps: number[]
  failures: number
  /** Private memory of each serving process after the last round, MB. */
  privateMbAfter: number[]
}

/** User + system CPU of a process so far, seconds (0 once it has gone). */
export function cpuSeconds(stat: string): number {
  // The command name (field 2) may hold spaces; the fields after it are space-separated.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function cpuOf(pids: readonly number[]): number {
  let sum = 0
  for (const pid of pids) {
    try {
      sum += cpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'))
    } catch {
      // gone
    }
  }
  return sum
}

async function start(target: Target, workers: number): Promise<Running> {
  const { server, pids } = await startTarget(target, workers)
  return { target, server, pids, usPerRequest: [], rps: [], failures: 0, privateMbAfter: [] }
}

/** 'LABEL|NODE ARGS|K=V,K=V|SCRIPT' as a target (empty fields: the service's). */
export function variantOf(spec: string): Target {
  const [label = '', args = '', env = '', script = ''] = spec.split('|')
  if (label.trim() === '')
    throw new Error(`--variant needs a label first: 'LABEL|NODE ARGS|K=V,K=V|SCRIPT', got '${spec}'`)
  const environment: Record<string, string> = {}
  for (const pair of env.split(',').filter((s) => s.trim() !== '')) {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new Error(`--variant environment entries are K=V, got '${pair}' in '${spec}'`)
    environment[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim()
  }
  return {
    name: label.trim(),
    script: script.trim() || SERVICE_SCRIPT,
    env: environment,
    nodeArgs: args.split(' ').filter((s) => s !== ''),
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      requests: { type: 'string' },
      rounds: { type: 'string' },
      concurrency: { type: 'string' },
      endpoint: { type: 'string' },
      workers: { type: 'string' },
      servers: { type: 'string' },
      variant: { type: 'string', multiple: true },
      instances: { type: 'string' },
      warmup: { type: 'string' },
      out: { type: 'string' },
      smoke: { type: 'boolean', default: false },
    },
  })
  const smoke = args.smoke === true
  const requests = Number(args.requests ?? (smoke ? 500 : 15_000))
  const rounds = Number(args.rounds ?? (smoke ? 2 : 8))
  const concurrency = Number(args.concurrency ?? 16)
  const workers = Number(args.workers ?? 1)
  const instances = Number(args.instances ?? (smoke ? 1 : 3))
  const warmup = Number(args.warmup ?? (smoke ? 200 : 20_000))
  const endpointName = args.endpoint ?? 'anterior'
  const endpoints: readonly Endpoint[] =
    endpointName === 'mix' ? ENDPOINTS : ENDPOINTS.filter((e) => e.name === endpointName)
  if (endpoints.length === 0) throw new Error(`--endpoint: no endpoint '${endpointName}'`)
  const servers = (args.servers ?? 'service,bare').split(',').map((s) => s.trim())
  const out = args.out ?? join(ROOT, 'bench', 'cpu-results.json')

  const targets: Target[] = []
  if (servers.includes('service'))
    targets.push({ name: 'service', script: SERVICE_SCRIPT, env: { ...ALLOCATOR_ENV }, nodeArgs: [] })
  for (const spec of args.variant ?? []) {
    const variant = variantOf(spec)
    // K= (empty) leaves K unset, e.g. to start another build as it was started before ALLOCATOR_ENV.
    const env = Object.fromEntries(
      Object.entries({ ...ALLOCATOR_ENV, ...variant.env }).filter(([, value]) => value !== ''),
    )
    targets.push({ ...variant, env })
  }
  // The bare server answers the service's exact bytes.
  if (servers.includes('bare'))
    targets.push(await bareTarget({ name: 'service', script: SERVICE_SCRIPT, env: {}, nodeArgs: [] }))
  if (targets.length === 0) throw new Error('nothing to measure: --servers and --variant name no target')

  const commit = measuredCommit()
  log(
    `cpu bench: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? '?'}; ${targets.map((t) => t.name).join(', ')}; ` +
      `WORKERS=${workers}; ${endpointName} at c=${concurrency}; ${instances} processes each; ${rounds} rounds of ${requests.toLocaleString('en-US')} requests`,
  )
  const running: Running[] = []
  // startServer reaps each server when this process exits: one exit listener per process started.
  process.setMaxListeners(targets.length * instances + 10)
  try {
    for (let i = 0; i < instances; i++) for (const target of targets) running.push(await start(target, workers))
    // A warm-up each, so every process has compiled its hot path.
    for (const r of running) await load({ url: r.server.url, endpoints, connections: concurrency, amount: warmup })
    for (let round = 0; round < rounds; round++) {
      const order = running.map((_, i) => running[(i + round) % running.length] as Running)
      for (const r of order) {
        const before = cpuOf(r.pids)
        const result = await load({ url: r.server.url, endpoints, connections: concurrency, amount: requests })
        const spent = cpuOf(r.pids) - before
        r.usPerRequest.push((spent * 1e6) / result.requests)
        r.rps.push(result.rps)
        r.failures += result.non2xx + result.errors + result.timeouts
      }
      log(
        `  round ${round + 1}: ` +
          running.map((r) => `${r.target.name} ${(r.usPerRequest.at(-1) as number).toFixed(1)}`).join(', ') +
          ' us',
      )
    }
  } finally {
    for (const r of running)
      r.privateMbAfter = r.pids.slice(workers > 1 ? 1 : 0).map((pid) => readMemory(pid).anonymous / 2 ** 20)
    await Promise.all(running.map((r) => r.server.stop()))
  }

  /** A target's figures pooled over its processes. */
  const pooled = targets.map((target) => {
    const mine = running.filter((r) => r.target === target)
    return {
      target,
      usPerRequest: mine.flatMap((r) => r.usPerRequest),
      perProcessUs: mine.map((r) => median(r.usPerRequest)),
      rps: mine.flatMap((r) => r.rps),
      privateMbAfter: mine.flatMap((r) => r.privateMbAfter),
      failures: mine.reduce((a, r) => a + r.failures, 0),
    }
  })
  const base = median((pooled[0] as (typeof pooled)[number]).usPerRequest)
  const bare = pooled.find((p) => p.target.name === 'bare')
  const rows = pooled.map((p) => {
    const us = median(p.usPerRequest)
    return {
      name: p.target.name,
      nodeArgs: p.target.nodeArgs,
      env: p.target.env,
      script: p.target.script,
      usPerRequest: p.usPerRequest,
      perProcessMedianUs: p.perProcessUs,
      medianUs: us,
      ratioToFirst: us / base,
      bareRatio: bare ? median(bare.usPerRequest) / us : undefined,
      medianRps: median(p.rps),
      privateMbAfter: p.privateMbAfter,
      failures: p.failures,
    }
  })
  const meta = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    endpoint: endpointName,
    concurrency,
    workers,
    instances,
    warmup,
    requestsPerRound: requests,
    rounds,
  }
  writeFileSync(out, `${JSON.stringify({ meta, rows }, null, 2)}\n`)
  const lines = [
    '',
    `cpu bench - node ${meta.node}, ${meta.cpus} x ${meta.cpuModel}, ${meta.date}, commit ${commit}`,
    `${endpointName} at c=${concurrency}, WORKERS=${workers}; ${instances} processes per target, each warmed up with ${warmup.toLocaleString('en-US')} requests and loaded in ${rounds} interleaved rounds of ${requests.toLocaleString('en-US')} requests`,
    '',
    `| target | CPU us/request (median) | per process | vs ${targets[0]?.name} | bare/this | req/s (median) | private MB after |`,
    '|---|---:|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.medianUs.toFixed(1)} | ${row.perProcessMedianUs.map((us) => us.toFixed(1)).join(' / ')} | ${row.ratioToFirst.toFixed(3)} | ${row.bareRatio?.toFixed(2) ?? '-'} | ` +
        `${Math.round(row.medianRps).toLocaleString('en-US')} | ${row.privateMbAfter.map((m) => m.toFixed(1)).join(' / ')} |`,
    ),
    '',
  ]
  const failures = rows.reduce((a, r) => a + r.failures, 0)
  if (failures > 0) lines.push(`WARNING: ${failures} failed requests.`, '')
  lines.push(`Written to ${out}`)
  process.stdout.write(`${lines.join('\n')}\n`)
  if (failures > 0) process.exitCode = 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('cpu bench failed:', error)
    process.exit(1)
  })
}
