/**
 * What the Prometheus metrics cost (`npm run build && node dist/bench/metrics-cost.js`):
 * two service processes side by side, one with metrics (the default) and one with
 * METRICS_ENABLED=false, loaded in turn with the same requests (all four analysis
 * endpoints in turn, keep-alive), in the order on, off, off, on per round so drift on
 * a shared machine hits both alike. While either is loaded, its /metrics is scraped
 * every --scrape-ms (default 1 s; Prometheus scrapes every 15 to 60 s, so this
 * overstates the scrape's share) by this process: scraping only the one with metrics
 * slowed the load generator beside it and showed a cost of several percent between
 * two identical services. Prints requests/s of each, p99 and
 * the cost (1 - on/off). bench/README.md, "Metrics cost", quotes a run.
 *
 * Flags: --duration=S per measurement (default 5), --rounds=N (default 3),
 * --connections=N (default 16), --workers=N (default 1), --scrape-ms=MS, --smoke
 * (a few hundred requests per measurement, for CI).
 */

import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startServer } from '../test/support/server-process.js'
import { ANALYSIS_ENDPOINTS, combine, ENDPOINTS, LatencyHistogram, type LoadResult, load } from './harness.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    workers: { type: 'string' },
    'scrape-ms': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
})
const smoke = args.smoke === true
const duration = Number(args.duration ?? 5)
const rounds = Number(args.rounds ?? (smoke ? 1 : 3))
const connections = Number(args.connections ?? 16)
const workers = args.workers ?? '1'
const scrapeMs = Number(args['scrape-ms'] ?? 1000)
const endpoints = ENDPOINTS.filter((e) => ANALYSIS_ENDPOINTS.has(e.name))
const span = smoke ? { amount: 400 } : { duration }
const log = (line: string) => process.stderr.write(`${line}\n`)

export interface MetricsCost {
  on: LoadResult
  off: LoadResult
  /** 1 - on/off requests per second: the share of throughput the metrics cost. */
  cost: number
  scrapes: number
}

export async function measure(): Promise<MetricsCost> {
  const env = { LOG_LEVEL: 'info', WORKERS: workers }
  const on = await startServer(
    { name: 'metrics on', script: 'dist/src/main.js', env: { ...env, METRICS_ENABLED: 'true' } },
    ROOT,
  )
  const off = await startServer(
    { name: 'metrics off', script: 'dist/src/main.js', env: { ...env, METRICS_ENABLED: 'false' } },
    ROOT,
  )
  const runs: Record<'on' | 'off', LoadResult[]> = { on: [], off: [] }
  const histograms = { on: new LatencyHistogram(), off: new LatencyHistogram() }
  let scrapes = 0
  try {
    if (!smoke) {
      for (const server of [on, off]) await load({ url: server.url, endpoints, connections, duration: 1 })
    }
    for (let round = 0; round < rounds; round++) {
      for (const which of ['on', 'off', 'off', 'on'] as const) {
        const server = which === 'on' ? on : off
        // Both are scraped alike (the one without metrics answers 404): the scraper runs
        // in this process, beside the load generator, whose throughput it lowers too.
        const scraper = setInterval(() => {
          if (which === 'on') scrapes++
          void fetch(`${server.url}/metrics`).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          )
        }, scrapeMs)
        runs[which].push(await load({ url: server.url, endpoints, connections, ...span, histogram: histograms[which] }))
        clearInterval(scraper)
      }
      log(`  round ${round + 1}/${rounds} done`)
    }
  } finally {
    await on.stop()
    await off.stop()
  }
  const result = { on: combine(runs.on, histograms.on), off: combine(runs.off, histograms.off), scrapes }
  return { ...result, cost: result.off.rps > 0 ? 1 - result.on.rps / result.off.rps : 0 }
}

async function main() {
  log(
    `metrics cost: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}; WORKERS=${workers}, ${connections} connections, ` +
      `${rounds} rounds of on/off/off/on x ${smoke ? '400 requests' : `${duration} s`}, /metrics scraped every ${scrapeMs} ms while on`,
  )
  const r = await measure()
  const row = (name: string, x: LoadResult) =>
    `| ${name} | ${Math.round(x.rps).toLocaleString('en-US')} | ${x.p50.toFixed(2)} | ${x.p99.toFixed(2)} | ${x.requests.toLocaleString('en-US')} | ${x.non2xx + x.errors} |`
  const lines = [
    '| service | req/s | p50 ms | p99 ms | requests | failures |',
    '|---|---:|---:|---:|---:|---:|',
    row('metrics on (default)', r.on),
    row('METRICS_ENABLED=false', r.off),
    '',
    `Cost of the metrics: ${(r.cost * 100).toFixed(1)}% of throughput (target: under 5%); ${r.scrapes} scrapes during the runs with metrics.`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  if (r.on.non2xx + r.on.errors + r.off.non2xx + r.off.errors > 0) process.exitCode = 1
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error('metrics-cost failed:', error)
    process.exit(1)
  })
}
