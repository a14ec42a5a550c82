/**
 * With WORKERS > 1, one GET /metrics answer holds every worker's figures (Prometheus
 * service metrics, not posture metrics): prom-client's AggregatorRegistry in the
 * cluster primary asks each worker for its figures over the cluster's IPC channel
 * and adds them up. A worker that receives a scrape on the service port asks the
 * primary for that aggregate (SCRAPE_REQUEST / SCRAPE_RESPONSE below); with
 * METRICS_PORT the primary answers scrapes itself (prometheus-port.ts).
 */
import cluster from 'node:cluster'
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client'

const SCRAPE_REQUEST = 'posture-metrics:scrape'
const SCRAPE_RESPONSE = 'posture-metrics:scrape-result'

/** A worker gives up waiting for the primary's aggregate after this, ms (prom-client waits 5 s for the workers). */
const SCRAPE_TIMEOUT_MS = 6_000

interface ScrapeRequest {
  type: typeof SCRAPE_REQUEST
  id: number
}

interface ScrapeResponse {
  type: typeof SCRAPE_RESPONSE
  id: number
  text?: string
  error?: string
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}

// ---------------------------------------------------------------------------------
// Primary

let aggregator: AggregatorRegistry<PrometheusContentType> | undefined

/** The primary's side: answers the workers' scrape requests; returns the aggregate's reader for METRICS_PORT. */
export function aggregateWorkers(): { contentType: string; text: () => Promise<string> } {
  if (aggregator === undefined) {
    const registry = new AggregatorRegistry<PrometheusContentType>()
    aggregator = registry
    cluster.on('message', (worker, message: unknown) => {
      if (!isMessage<ScrapeRequest>(message, SCRAPE_REQUEST)) return
      registry.clusterMetrics().then(
        (text) =>
          worker.isConnected() && worker.send({ type: SCRAPE_RESPONSE, id: message.id, text } satisfies ScrapeResponse),
        (error: unknown) =>
          worker.isConnected() &&
          worker.send({
            type: SCRAPE_RESPONSE,
            id: message.id,
            error: (error as Error).message,
          } satisfies ScrapeResponse),
      )
    })
  }
  const registry = aggregator
  return { contentType: registry.contentType, text: () => registry.clusterMetrics() }
}

// ---------------------------------------------------------------------------------
// Worker

let joined = false
let nextId = 0
const pending = new Map<
  number,
  { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
>()

/** A worker's side: hands `registries` to the primary's aggregation and listens for the aggregates it asked for. */
export function joinWorkerAggregation(registries: Registry[]): void {
  // Constructing one installs prom-client's answer to the primary's requests in this worker.
  new AggregatorRegistry<PrometheusContentType>()
  AggregatorRegistry.setRegistries(registries)
  if (joined) return
  joined = true
  process.on('message', (message: unknown) => {
    if (!isMessage<ScrapeResponse>(message, SCRAPE_RESPONSE)) return
    const waiting = pending.get(message.id)
    if (waiting === undefined) return
    pending.delete(message.id)
    clearTimeout(waiting.timer)
    if (message.text !== undefined) waiting.resolve(message.text)
    else
      waiting.reject(new Error(`the cluster primary could not aggregate the metrics: ${message.error ?? 'no answer'}`))
  })
}

/** Every worker's figures, aggregated by the primary (from a worker). */
export function scrapeCluster(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = nextId++
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error(`the cluster primary did not answer a metrics scrape within ${SCRAPE_TIMEOUT_MS} ms`))
    }, SCRAPE_TIMEOUT_MS)
    timer.unref()
    pending.set(id, { resolve, reject, timer })
    process.send?.({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest)
  })
}
