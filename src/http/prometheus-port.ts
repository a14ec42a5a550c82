/**
 * METRICS_PORT: GET /metrics on a port of its own (then not on the service port),
 * so the figures can be scraped from inside the cluster network while the service
 * port faces clients. A plain node:http server, run by the serving process
 * (WORKERS=1) or by the cluster primary (WORKERS > 1, every worker's figures).
 * Anything else it is asked answers 404 `{"detail"}`.
 */
import type { Server } from 'node:http'
import { createServer } from './node-http.js'

export interface MetricsSource {
  readonly contentType: string
  text(): Promise<string>
}

export async function listenMetricsPort(source: MetricsSource, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      response.end(JSON.stringify({ detail: `Not Found: this port (METRICS_PORT) serves only GET /metrics.` }))
      return
    }
    source.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': source.contentType })
        response.end(request.method === 'HEAD' ? undefined : text)
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' })
        response.end(
          JSON.stringify({
            detail: `The metrics could not be collected (${(error as Error).message}); retry in 5 seconds.`,
          }),
        )
      },
    )
  })
  // A scraper's idle connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return server
}
