/**
 * Service metrics for Prometheus (prom-client): every request counted by route
 * pattern, method and status, its latency in a histogram by route, the requests in
 * flight, 4xx/5xx counts, and the default process, GC and event-loop metrics.
 * GET /metrics answers them in Prometheus text format; in a cluster worker
 * (WORKERS > 1) the answer is every worker's figures aggregated by the primary
 * (cluster-prometheus.ts). docs/operations.md lists the series.
 *
 * ("Metrics" here are the service's operational figures, not the posture metrics of core/metrics/.)
 *
 * Labels are bounded: the route label is the route's pattern (never the raw URL),
 * and every request that matches no route shares one label, UNMATCHED_ROUTE.
 */
import cluster from 'node:cluster'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify'
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client'
import { joinWorkerAggregation, scrapeCluster } from '../cluster-prometheus.js'
import type { ShedReason } from './overload.js'

/** The route label of requests that match no route (404, 405). */
export const UNMATCHED_ROUTE = 'unmatched'

/** The route label of requests shed before routing (overload.ts): 503 + Retry-After. */
export const SHED_ROUTE = 'shed'

/** Latency buckets, seconds: an analysis takes well under a millisecond; the top buckets catch queueing. */
export const LATENCY_BUCKETS_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

let processRegistry: Registry | undefined

/** The default process, GC and event-loop metrics: one registry per process, however many apps it builds. */
export function processMetricsRegistry(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** What GET /metrics answers. */
export interface MetricsExposition {
  readonly contentType: string
  /** This process's figures, or in a cluster worker every worker's, aggregated. */
  text(): Promise<string>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsExposition
    /** Counts a request shed before Fastify saw it (overload.ts): method, why, seconds to answer. */
    countShed: (method: string, reason: ShedReason, seconds: number) => void
  }
}

export interface MetricsPluginOptions {
  /** Whether this app answers GET /metrics (false when METRICS_PORT serves it elsewhere); default true. */
  route?: boolean
}

/** The figures of one route and method, kept as plain numbers: a request only adds to them. */
interface RouteStats {
  readonly route: string
  readonly method: string
  /** Answers by status code. */
  readonly byStatus: Record<number, number>
  /** Non-cumulative counts per latency bucket; the last one is above the highest bound. */
  readonly buckets: number[]
  sum: number
  count: number
  clientErrors: number
  serverErrors: number
}

interface MetricValue {
  value: number
  labels: Record<string, string | number>
  metricName?: string
}

/**
 * A metric computed at scrape time from RouteStats, in the shape prom-client's
 * registries format and aggregate (what its own metrics' get() returns). Counting
 * with prom-client's Counter and Histogram hashes the labels on every request;
 * this keeps the per-request work to a few additions.
 */
function scrapedMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram' | 'gauge',
  values: () => MetricValue[],
): Metric {
  const get = async () => ({ name, help, type, aggregator: 'sum' as const, values: values() })
  return { name, help, type, aggregator: 'sum', get } as unknown as Metric
}

/**
 * Counts every request from the first onRequest hook to its response, and every
 * request the load shedder answered before Fastify (countShed: in the totals under the
 * route label `shed`, and by reason in http_requests_shed_total; never in flight, as
 * they are answered at once). Register it before the routes (each route gets its own
 * counting hook as it is added) and before the overload plugin, which takes countShed.
 */
export const metrics: FastifyPluginAsync<MetricsPluginOptions> = async (app, options) => {
  const stats: RouteStats[] = []
  const index = new Map<string, RouteStats>()
  const statsOf = (route: string, method: string): RouteStats => {
    const key = `${method} ${route}`
    const found = index.get(key)
    if (found) return found
    const created: RouteStats = {
      route,
      method,
      byStatus: {},
      buckets: LATENCY_BUCKETS_SECONDS.map(() => 0).concat(0),
      sum: 0,
      count: 0,
      clientErrors: 0,
      serverErrors: 0,
    }
    stats.push(created)
    index.set(key, created)
    return created
  }
  let inFlight = 0
  const shedByReason: Record<ShedReason, number> = { queue: 0, heap: 0 }

  const registry = new Registry()
  registry.registerMetric(
    scrapedMetric(
      'http_requests_total',
      'HTTP requests answered, by route pattern, method and status code.',
      'counter',
      () =>
        stats.flatMap((s) =>
          Object.entries(s.byStatus).map(([status, value]) => ({
            value,
            labels: { route: s.route, method: s.method, status_code: status },
          })),
        ),
    ),
  )
  registry.registerMetric(
    scrapedMetric(
      'http_request_duration_seconds',
      'Time from receiving a request to sending its answer, by route pattern and method, seconds.',
      'histogram',
      () =>
        stats
          .filter((s) => s.count > 0)
          .flatMap((s) => {
            const labels = { route: s.route, method: s.method }
            let cumulative = 0
            const out: MetricValue[] = LATENCY_BUCKETS_SECONDS.map((le, i) => {
              cumulative += s.buckets[i] as number
              return {
                value: cumulative,
                labels: { le, ...labels },
                metricName: 'http_request_duration_seconds_bucket',
              }
            })
            out.push({
              value: s.count,
              labels: { le: '+Inf', ...labels },
              metricName: 'http_request_duration_seconds_bucket',
            })
            out.push({ value: s.sum, labels, metricName: 'http_request_duration_seconds_sum' })
            out.push({ value: s.count, labels, metricName: 'http_request_duration_seconds_count' })
            return out
          }),
    ),
  )
  registry.registerMetric(
    scrapedMetric(
      'http_request_errors_total',
      'HTTP requests answered with a 4xx (class="4xx") or 5xx (class="5xx") status, by route pattern and method.',
      'counter',
      () =>
        stats.flatMap((s) => [
          ...(s.clientErrors > 0
            ? [{ value: s.clientErrors, labels: { route: s.route, method: s.method, class: '4xx' } }]
            : []),
          ...(s.serverErrors > 0
            ? [{ value: s.serverErrors, labels: { route: s.route, method: s.method, class: '5xx' } }]
            : []),
        ]),
    ),
  )
  registry.registerMetric(
    scrapedMetric('http_requests_in_flight', 'HTTP requests received and not yet answered.', 'gauge', () => [
      { value: inFlight, labels: {} },
    ]),
  )

  registry.registerMetric(
    scrapedMetric(
      'http_requests_shed_total',
      'HTTP requests answered 503 + Retry-After by load shedding before routing, by reason: "queue" (this process\'s own queue too long) or "heap" (heap in use above its limit).',
      'counter',
      () => Object.entries(shedByReason).map(([reason, value]) => ({ value, labels: { reason } })),
    ),
  )

  const registries = [processMetricsRegistry(), registry]
  const local = async () => (await Promise.all(registries.map((r) => r.metrics()))).join('\n')
  const worker = cluster.isWorker && process.send !== undefined
  if (worker) joinWorkerAggregation(registries)
  const exposition: MetricsExposition = {
    contentType: registry.contentType,
    text: worker ? scrapeCluster : local,
  }
  app.decorate('metrics', exposition)

  // A request is in flight from its first hook until it is answered or aborted, counted once.
  app.decorateRequest('countedInFlight', false)
  const settle = (request: FastifyRequest) => {
    if (request.countedInFlight) {
      request.countedInFlight = false
      inFlight--
    }
  }
  const count = (s: RouteStats, status: number, seconds: number) => {
    s.byStatus[status] = (s.byStatus[status] ?? 0) + 1
    let bucket = 0
    while (bucket < LATENCY_BUCKETS_SECONDS.length && seconds > (LATENCY_BUCKETS_SECONDS[bucket] as number)) bucket++
    ;(s.buckets[bucket] as number)++
    s.sum += seconds
    s.count++
    if (status >= 500) s.serverErrors++
    else if (status >= 400) s.clientErrors++
  }
  const record = (s: RouteStats, request: FastifyRequest, reply: FastifyReply) => {
    settle(request)
    count(s, reply.statusCode, reply.elapsedTime / 1000)
  }
  app.decorate('countShed', (method: string, reason: ShedReason, seconds: number) => {
    shedByReason[reason]++
    count(statsOf(SHED_ROUTE, method), 503, seconds)
  })
  app.onRequestStart((request) => {
    request.countedInFlight = true
    inFlight++
    return false
  })
  app.addHook('onRequestAbort', (request, done) => {
    settle(request)
    done()
  })
  // Requests that match a route: each route's own hook knows its pattern (no lookup per request).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const byMethod = new Map(methods.map((m) => [m, statsOf(route.url, m)]))
    // A route of one method (every route here) finds its figures without a lookup.
    const only = methods.length === 1 ? (byMethod.get(methods[0] as string) as RouteStats) : undefined
    const onlyMethod = methods[0]
    const hook: onResponseHookHandler = (request, reply, done) => {
      const method = request.method
      const s =
        only !== undefined && method === onlyMethod ? only : (byMethod.get(method) ?? statsOf(route.url, method))
      record(s, request, reply)
      done()
    }
    route.onResponse = route.onResponse === undefined ? [hook] : [...[route.onResponse].flat(), hook]
  })
  // Requests that match none (404, 405) share one label.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) record(statsOf(UNMATCHED_ROUTE, request.method), request, reply)
    done()
  })

  if (options.route !== false) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      let text: string
      try {
        text = await exposition.text()
      } catch (error) {
        app.log.error({ err: error }, 'metrics could not be collected')
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ detail: 'The metrics could not be collected from every worker; retry in 5 seconds.' })
      }
      return reply.type(exposition.contentType).send(text)
    })
  }
}
// The decorations and hooks apply to the whole app (what fastify-plugin does).
;(metrics as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether this request is counted in http_requests_in_flight (metrics.ts). */
    countedInFlight: boolean
  }
}
