/**
 * Service metrics for Prometheus (prom-client): every request counted by route
 * pattern, method and status, its latency in a histogram by route, the requests in
 * flight, 4xx/5xx counts, and the default process, GC and event-loop metrics.
 * GET /metrics answers them in Prometheus text format; in a cluster worker
 * (WORKERS > 1) the answer is every worker's figures aggregated by the primary
 * (cluster-metrics.ts). docs/operations.md lists the series.
 *
 * ("Metrics" here are the service's operational figures, not the posture metrics of src/metrics/.)
 *
 * Labels are bounded: the route label is the route's pattern (never the raw URL),
 * and every request that matches no route shares one label, UNMATCHED_ROUTE.
 */
import cluster from 'node:cluster'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { joinWorkerAggregation, scrapeCluster } from '../cluster-metrics.js'

/** The route label of requests that match no route (404, 405). */
export const UNMATCHED_ROUTE = 'unmatched'

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
  }
}

export interface MetricsPluginOptions {
  /** Whether this app answers GET /metrics (false when METRICS_PORT serves it elsewhere); default true. */
  route?: boolean
}

/** The series of one route and method, resolved once so a request only increments them. */
interface RouteSeries {
  readonly observe: (seconds: number) => void
  readonly byStatus: Map<number, () => void>
  readonly clientErrors: () => void
  readonly serverErrors: () => void
}

/**
 * Counts every request from the first onRequest hook to its response. Register it
 * before the load-shedding plugin so the requests it sheds are counted in flight too
 * (they are counted in the totals either way).
 */
export const metrics: FastifyPluginAsync<MetricsPluginOptions> = async (app, options) => {
  const registry = new Registry()
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern and method, seconds.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  })
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 4xx (class="4xx") or 5xx (class="5xx") status, by route pattern and method.',
    labelNames: ['route', 'method', 'class'] as const,
    registers: [registry],
  })
  let inFlight = 0
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered.',
    registers: [registry],
    collect() {
      this.set(inFlight)
    },
  })

  const registries = [processMetricsRegistry(), registry]
  const local = async () => (await Promise.all(registries.map((r) => r.metrics()))).join('\n')
  const worker = cluster.isWorker && process.send !== undefined
  if (worker) joinWorkerAggregation(registries)
  const exposition: MetricsExposition = {
    contentType: registry.contentType,
    text: worker ? scrapeCluster : local,
  }
  app.decorate('metrics', exposition)

  const series = new Map<string, RouteSeries>()
  const seriesOf = (route: string, method: string): RouteSeries => {
    const key = `${method} ${route}`
    let found = series.get(key)
    if (found === undefined) {
      const counterOf = (counter: Counter<'route' | 'method' | 'class'>, cls: string) => {
        const child = counter.labels(route, method, cls)
        return () => child.inc()
      }
      const histogram = duration.labels(route, method)
      found = {
        observe: (seconds) => histogram.observe(seconds),
        byStatus: new Map(),
        clientErrors: counterOf(errors, '4xx'),
        serverErrors: counterOf(errors, '5xx'),
      }
      series.set(key, found)
    }
    return found
  }

  // A request is in flight from its first hook until it is answered or aborted, counted once.
  app.decorateRequest('countedInFlight', false)
  const settle = (request: FastifyRequest) => {
    if (request.countedInFlight) {
      request.countedInFlight = false
      inFlight--
    }
  }
  app.addHook('onRequest', (request, _reply, done) => {
    request.countedInFlight = true
    inFlight++
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    settle(request)
    done()
  })
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    settle(request)
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE)
    const s = seriesOf(route, request.method)
    const status = reply.statusCode
    let count = s.byStatus.get(status)
    if (count === undefined) {
      const child = requests.labels(route, request.method, String(status))
      count = () => child.inc()
      s.byStatus.set(status, count)
    }
    count()
    s.observe(reply.elapsedTime / 1000)
    if (status >= 500) s.serverErrors()
    else if (status >= 400) s.clientErrors()
    done()
  })

  if (options.route !== false) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      let text: string
      try {
        text = await exposition.text()
      } catch (error) {
        app.log.error({ err: error }, 'metrics could not be collected')
        return reply.code(503).header('retry-after', '5').send({ detail: 'The metrics could not be collected from every worker; retry in 5 seconds.' })
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
