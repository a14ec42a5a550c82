/**
 * What a shed request costs (`npm run bench:shed`; bench/README.md, "Shedding cost"): the
 * CPU a service process spends per request (user plus system time from /proc/PID/stat)
 * when it serves analyses, and when it sheds every request with 503 (the heap guard set
 * to 1 byte, so that every request but /health is shed), side by side, rounds
 * interleaved. Their ratio is `c` of docs/hardening.md, "Overload": a process flooded N
 * times beyond its queue limit serves about 1 / (1 + (N - 1)·c) of its capacity.
 *
 *   npm run bench:shed -- [--dist DIR ...] [--rounds 4] [--requests 30000]
 *
 * --dist names a build (a dist/ folder, default this one's) and may be given several
 * times, to compare builds (e.g. before and after a change) in the same rounds.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { EXAMPLES } from '../src/api/examples.js'
import { distinctPorts } from '../test/support/proxy.js'
import { waitUntilAnswering } from '../test/support/server-process.js'
import { median } from './stats.js'
import { ROOT } from './targets.js'

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '4' },
    requests: { type: 'string', default: '30000' },
    warmup: { type: 'string', default: '10000' },
  },
})

const TICKS_PER_SECOND = 100
const CONNECTIONS = 16

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

type Kind = 'served' | 'shed'

/** The service's app from a build, listening; 'shed': every request but /health shed by the heap guard. */
function serverScript(dist: string, kind: Kind, port: number): string {
  const overload = kind === 'shed' ? '{ maxQueueMs: 0, maxHeapUsedBytes: 1, heapSampleIntervalMs: 100 }' : '{}'
  return `
    const { buildApp } = await import(${JSON.stringify(pathToFileURL(join(dist, 'src', 'app.js')).href)})
    const app = await buildApp({ logger: false, webRoot: false, overload: ${overload} })
    await app.listen({ port: ${port}, host: '127.0.0.1' })`
}

async function measure(dist: string, kind: Kind, requests: number, warmup: number): Promise<number> {
  const [port] = (await distinctPorts(1)) as [number]
  const child = spawn(process.execPath, ['--input-type=module', '-e', serverScript(dist, kind, port)], {
    stdio: 'inherit',
  })
  try {
    const url = `http://127.0.0.1:${port}`
    await waitUntilAnswering(child, `${url}/health`, 'the service', 30_000)
    if (kind === 'shed') {
      // The heap guard's first sample: from then on every request is shed.
      while ((await fetch(`${url}/ready`)).status !== 503) await new Promise((r) => setTimeout(r, 50))
    }
    const run = (amount: number) =>
      autocannon({
        url: `${url}/api/analyze/anterior`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(EXAMPLES.anterior),
        connections: CONNECTIONS,
        amount,
      })
    await run(warmup)
    const before = cpuSecondsOf(child.pid as number)
    const result = await run(requests)
    const spent = cpuSecondsOf(child.pid as number) - before
    const expected = kind === 'served' ? result.requests.total - result.non2xx : result.non2xx
    if (expected !== requests) throw new Error(`${kind}: ${expected} of ${requests} requests were ${kind}`)
    return (spent / requests) * 1e6
  } finally {
    child.kill()
  }
}

async function main() {
  const dists = (args.dist ?? [join(ROOT, 'dist')]).map((d) => resolve(d))
  const rounds = Number(args.rounds)
  const requests = Number(args.requests)
  const warmup = Number(args.warmup)
  const figures = new Map<string, number[]>()
  for (let round = 0; round < rounds; round++) {
    // Rotated order, so that drift on a shared machine hits every cell alike.
    const cells = dists.flatMap((dist) => (['served', 'shed'] as const).map((kind) => ({ dist, kind })))
    for (let i = 0; i < cells.length; i++) {
      const { dist, kind } = cells[(i + round) % cells.length] as (typeof cells)[number]
      const us = await measure(dist, kind, requests, warmup)
      const key = `${dist} ${kind}`
      figures.set(key, [...(figures.get(key) ?? []), us])
      process.stderr.write(`round ${round + 1}: ${key}: ${us.toFixed(1)} µs CPU per request\n`)
    }
  }
  process.stdout.write(
    `\nNode ${process.version}, ${CONNECTIONS} connections, ${requests} requests per cell, ${rounds} rounds (medians)\n\n`,
  )
  process.stdout.write('| build | served µs/request | shed µs/request | c = shed / served |\n|---|---:|---:|---:|\n')
  for (const dist of dists) {
    const served = median(figures.get(`${dist} served`) ?? [])
    const shed = median(figures.get(`${dist} shed`) ?? [])
    process.stdout.write(`| ${dist} | ${served.toFixed(1)} | ${shed.toFixed(1)} | ${(shed / served).toFixed(2)} |\n`)
  }
}

main().catch((error: unknown) => {
  console.error('bench:shed failed:', error)
  process.exit(1)
})
