/**
 * The benchmark's baseline: a plain node:http server that does the least any JSON
 * service must do - read the body, JSON.parse it, and answer a fixed JSON body of the
 * same size as the service's answer for that path. Its throughput is the ceiling for
 * a Node service on this machine; the harness reports service/baseline ratios.
 *
 * Usage: PORT=9001 BASELINE_RESPONSES=/tmp/responses.json node dist/bench/baseline.js
 * where the file maps "METHOD /path" to the exact response body text. WORKERS=N
 * runs N node:cluster workers behind the port, as the service does (the memory bench
 * compares each worker); the primary logs `worker listening` lines as the service's does.
 * It takes node:http the way the service does (src/http/node-http.ts), so that on Node 24
 * neither carries Node's fetch client, which an ES module import of node:http loads.
 */
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { createServer } from '../src/http/node-http.js'

const responses = new Map<string, Buffer>()
const file = process.env.BASELINE_RESPONSES
if (file) {
  for (const [key, body] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) {
    responses.set(key, Buffer.from(body))
  }
}
const NOT_FOUND = Buffer.from('{"detail":"Not Found"}')

const workers = Number(process.env.WORKERS ?? 1)
if (workers > 1 && cluster.isPrimary) {
  let running = 0
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork()
    running++
    worker.once('listening', () =>
      process.stdout.write(`${JSON.stringify({ msg: 'worker listening', worker: worker.process.pid })}\n`),
    )
    worker.once('exit', () => --running === 0 && process.exit(0))
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    })
  }
} else {
  serve()
}

function serve() {
  const server = createServer((req, res) => {
    const body = responses.get(`${req.method} ${req.url}`)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (chunks.length > 0) {
        try {
          JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"detail":"invalid JSON"}')
          return
        }
      }
      const out = body ?? NOT_FOUND
      res.writeHead(body ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': out.length,
      })
      res.end(out)
    })
  })
  server.listen(Number(process.env.PORT ?? 9001), process.env.HOST ?? '127.0.0.1')
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close(() => process.exit(0))
      server.closeIdleConnections()
    })
  }
}
