/** The parts of autocannon's API that the benchmark uses (it ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface Request {
    method?: string
    path?: string
    body?: string
    headers?: Record<string, string>
  }

  interface Options extends Request {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    amount?: number
    requests?: Request[]
    timeout?: number
    sampleInt?: number
  }

  interface Histogram {
    average: number
    mean: number
    total: number
    p50: number
    p99: number
  }

  interface Result {
    requests: Histogram
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
  }

  type Instance = EventEmitter & PromiseLike<Result> & { stop(): void }

  function autocannon(options: Options): Instance
  export default autocannon
}
