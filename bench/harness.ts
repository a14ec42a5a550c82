/**
 * The benchmark's building blocks: load a server with autocannon from this process,
 * record latency at microsecond resolution, and sample the server's resident memory
 * while it runs. Servers are started by test/support/server-process.ts, which the
 * tests share.
 */
import autocannon from 'autocannon'
import { EXAMPLES } from '../src/api/examples.js'

export interface Endpoint {
  readonly name: string
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly body?: string
}

/** Every endpoint of the service with its realistic request body (src/api/examples.ts). */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: 'anterior', method: 'POST', path: '/api/analyze/anterior', body: JSON.stringify(EXAMPLES.anterior) },
  { name: 'posterior', method: 'POST', path: '/api/analyze/posterior', body: JSON.stringify(EXAMPLES.posterior) },
  { name: 'lateral', method: 'POST', path: '/api/analyze/lateral', body: JSON.stringify(EXAMPLES.lateral) },
  { name: 'popliteal', method: 'POST', path: '/api/estimate-popliteal', body: JSON.stringify(EXAMPLES.popliteal) },
  { name: 'health', method: 'GET', path: '/health' },
]

export const ANALYSIS_ENDPOINTS = new Set(['anterior', 'posterior', 'lateral', 'popliteal'])

const JSON_HEADERS = { 'content-type': 'application/json' }

// ---------------------------------------------------------------------------------
// Load

/** Latency histogram with 1 µs buckets up to 1 s (plus an overflow bucket). */
export class LatencyHistogram {
  private readonly buckets = new Uint32Array(1_000_001)
  count = 0
  private sum = 0
  private max = 0

  record(ms: number): void {
    const us = Math.round(ms * 1000)
    this.buckets[us < 1_000_000 ? us : 1_000_000]! += 1
    this.count += 1
    this.sum += ms
    if (ms > this.max) this.max = ms
  }

  /** The q-quantile (0..1) in milliseconds. */
  quantile(q: number): number {
    if (this.count === 0) return 0
    const rank = Math.max(1, Math.ceil(q * this.count))
    let seen = 0
    for (let us = 0; us < this.buckets.length; us++) {
      seen += this.buckets[us]!
      if (seen >= rank) return us / 1000
    }
    return this.max
  }

  get mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count
  }

  get maxMs(): number {
    return this.max
  }
}

export interface LoadOptions {
  readonly url: string
  /** One endpoint, or several that each connection cycles through. */
  readonly endpoints: readonly Endpoint[]
  readonly connections: number
  /** Seconds; ignored when amount is set. */
  readonly duration?: number
  /** Total number of requests. */
  readonly amount?: number
  /** Sampled every 100 ms while the load runs, to find the peak. */
  readonly rss?: () => number
  /** Records latencies into this histogram (to combine several runs); default a fresh one. */
  readonly histogram?: LatencyHistogram
}

export interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly mean: number
  readonly max: number
  readonly non2xx: number
  readonly errors: number
  readonly timeouts: number
  /** Highest sampled RSS of the server during the load, bytes (0 when not sampled). */
  readonly peakRss: number
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const histogram = options.histogram ?? new LatencyHistogram()
  let peakRss = options.rss?.() ?? 0
  const sampler = options.rss
    ? setInterval(() => {
        const rss = (options.rss as () => number)()
        if (rss > peakRss) peakRss = rss
      }, 100)
    : undefined
  const [first] = options.endpoints
  if (first === undefined) throw new Error('no endpoint to load')
  const single = options.endpoints.length === 1
  const started = process.hrtime.bigint()
  const instance = autocannon({
    // A single endpoint goes in the URL (autocannon's top-level options have no path).
    url: single ? `${options.url}${first.path}` : options.url,
    connections: options.connections,
    pipelining: 1,
    // Check for the end every 100 ms (autocannon's default, 1 s, adds up to a second to every run).
    sampleInt: 100,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.duration ?? 5 }),
    ...(single
      ? { method: first.method, body: first.body, headers: first.body ? JSON_HEADERS : {} }
      : {
          requests: options.endpoints.map((e) => ({
            method: e.method,
            path: e.path,
            body: e.body,
            headers: e.body ? JSON_HEADERS : {},
          })),
        }),
  })
  let last = started
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) histogram.record(responseTime)
    last = process.hrtime.bigint()
  })
  const result = await instance
  // autocannon settles on its next 1 s tick; the load ended with the last response.
  const seconds = Number(last - started) / 1e9
  if (sampler) clearInterval(sampler)
  const finalRss = options.rss?.() ?? 0
  if (finalRss > peakRss) peakRss = finalRss
  return {
    requests: result.requests.total,
    seconds,
    rps: seconds > 0 ? result.requests.total / seconds : 0,
    p50: histogram.quantile(0.5),
    p99: histogram.quantile(0.99),
    mean: histogram.mean,
    max: histogram.maxMs,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    peakRss,
  }
}

/** Several runs as one: requests and time summed, latency from their shared histogram, the highest RSS. */
export function combine(runs: readonly LoadResult[], histogram: LatencyHistogram): LoadResult {
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0)
  const requests = sum((r) => r.requests)
  const seconds = sum((r) => r.seconds)
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: histogram.quantile(0.5),
    p99: histogram.quantile(0.99),
    mean: histogram.mean,
    max: histogram.maxMs,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    peakRss: Math.max(0, ...runs.map((r) => r.peakRss)),
  }
}

/** The exact response bodies of the service for each endpoint, for the baseline to echo. */
export async function sampleResponses(url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const e of ENDPOINTS) {
    const response = await fetch(`${url}${e.path}`, {
      method: e.method,
      body: e.body,
      headers: e.body ? JSON_HEADERS : {},
    })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${e.method} ${e.path} answered ${response.status}: ${text}`)
    out[`${e.method} ${e.path}`] = text
  }
  return out
}

export const MB = 1024 * 1024
