/**
 * An experiment for issue 43's ">= 0.8 of bare node:http" aim, not a server to ship: the
 * most an analysis path outside Fastify could save. A node:http server answers
 * POST /api/analyze/{anterior,posterior,lateral} itself with the service's own work per
 * request (the load shedder's check, one body listener, the depth check and the JSON
 * parse of src/http/json-body.ts, the route's compiled Ajv validator and fast-json-
 * stringify serialiser taken from the built app, core's analysis, the service's headers
 * with a request id, the request's count and latency, the debug log's level check) and
 * hands everything else, and every request its happy path does not cover, to the app
 * (a request it cannot answer falls to Fastify before its body is read). What it leaves
 * out is what a shipped path would also need (errors in the service's shape, CORS,
 * the drain's Connection: close): so its cost per request is a lower bound.
 *
 *     npm run build:node && npm run bench:cpu -- --variant='outside||LOG_LEVEL=info|dist/bench/outside-fastify.js'
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { analyzeAnterior, analyzeLateral, analyzePosterior } from '#core/metrics/analysis.js'
import { buildApp } from '../src/app.js'
import { parseJsonBody } from '../src/http/json-body.js'
import { checkJsonDepth } from '../src/http/json-depth.js'
import { createServer } from '../src/http/node-http.js'
import { DEFAULT_TIMEOUTS, MAX_JSON_DEPTH } from '../src/limits.js'
import { collectStartupGarbage, V8_FLAGS } from '../src/v8-flags.js'

type Analyze = (body: never) => { ok: boolean; answer?: unknown }
const ANALYSES: Record<string, Analyze> = {
  '/api/analyze/anterior': analyzeAnterior as Analyze,
  '/api/analyze/posterior': analyzePosterior as Analyze,
  '/api/analyze/lateral': analyzeLateral as Analyze,
}

interface Compiled {
  validate: (body: unknown) => boolean
  serialize: (answer: unknown) => string
}
const compiled = new Map<string, Compiled>()

// The service's heap settings (main.ts), so that the difference is the request's path alone.
if (process.env.OUTSIDE_V8_FLAGS !== 'none') for (const flag of V8_FLAGS) setFlagsFromString(flag)

const app = await buildApp({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, webRoot: false })
// The route's own compiled functions, taken from its first request through Fastify.
app.addHook('preHandler', (request, reply, done) => {
  const url = request.url
  if (ANALYSES[url] !== undefined && !compiled.has(url)) {
    compiled.set(url, {
      validate: request.getValidationFunction('body') as unknown as Compiled['validate'],
      serialize: reply.getSerializationFunction(200 as never) as unknown as Compiled['serialize'],
    })
  }
  done()
})
await app.ready()
collectStartupGarbage()

// The headers the service answers with (security set, content type), read from one answer.
const sample = await app.inject({ method: 'GET', url: '/health' })
const fixedHeaders: Record<string, string> = {}
for (const [name, value] of Object.entries(sample.headers)) {
  if (!['date', 'content-length', 'x-request-id', 'connection', 'keep-alive'].includes(name)) {
    fixedHeaders[name] = String(value)
  }
}
let nextId = 0
const counts = { requests: 0, seconds: 0 }
const shedder = app.shedder
const logger = app.log as unknown as { isLevelEnabled(level: string): boolean; debug(o: object, m: string): void }

function answer(req: IncomingMessage, res: ServerResponse, route: Compiled, analyze: Analyze, started: bigint) {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')
    checkJsonDepth(text, MAX_JSON_DEPTH)
    const body = parseJsonBody(text)
    if (!route.validate(body)) throw new Error('the experiment answers valid requests only')
    const result = analyze(body as never)
    if (!result.ok) throw new Error('the experiment answers defined geometry only')
    const out = route.serialize(result.answer)
    const headers = {
      ...fixedHeaders,
      'x-request-id': `req-${(nextId++).toString(36)}`,
      'content-length': Buffer.byteLength(out),
    }
    res.writeHead(200, headers)
    res.end(out)
    if (logger.isLevelEnabled('debug')) logger.debug({ url: req.url }, 'request completed')
    counts.requests++
    counts.seconds += Number(process.hrtime.bigint() - started) / 1e9
  })
}

const server = createServer((req, res) => {
  if (shedder?.shed(req, res)) return
  const url = req.url as string
  const route = req.method === 'POST' ? compiled.get(url) : undefined
  if (route === undefined) return app.routing(req, res)
  answer(req, res, route, ANALYSES[url] as Analyze, process.hrtime.bigint())
})
server.keepAliveTimeout = DEFAULT_TIMEOUTS.keepAliveMs
server.listen(Number(process.env.PORT ?? 8000), process.env.HOST ?? '127.0.0.1')
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
  })
}
