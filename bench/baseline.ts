/**
 * The benchmark's baseline: a plain node:http server that does the least any JSON
 * service must do - read the body, JSON.parse it, and answer a fixed JSON body of the
 * same size as the service's answer for that path. Its throughput is the ceiling for
 * a Node service on this machine; the harness reports service/baseline ratios.
 *
 * Usage: PORT=9001 BASELINE_RESPONSES=/tmp/responses.json node dist/bench/baseline.js
 * where the file maps "METHOD /path" to the exact response body text.
 */
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const responses = new Map<string, Buffer>()
const file = process.env.BASELINE_RESPONSES
if (file) {
  for (const [key, body] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) {
    responses.set(key, Buffer.from(body))
  }
}
const NOT_FOUND = Buffer.from('{"detail":"Not Found"}')

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
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': out.length })
    res.end(out)
  })
})

server.listen(Number(process.env.PORT ?? 9001), process.env.HOST ?? '127.0.0.1')
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)))
