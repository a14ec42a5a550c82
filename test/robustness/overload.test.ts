/**
 * Overload (src/http/overload.ts): a request queued behind more of this process's own
 * work than MAX_QUEUE_MS is answered at once with 503 `{"detail"}` and Retry-After;
 * GET /health and GET /metrics never are; GET /ready is, so readiness follows the
 * queue. Time the process spends without the CPU (here: the thread blocked in
 * Atomics.wait, as a throttled or preempted process is) does not count, so CPU
 * starvation alone sheds nothing.
 *
 * Shedding happens in the server's request listener, before Fastify: the requests go
 * through the app's dispatch (shedder, then Fastify) with light-my-request, as a
 * server would hand them over.
 *
 * Deterministic: the requests are sent together, so the app takes them in one turn
 * of its event loop, in order, behind a route that works (or waits) a set time first;
 * the next turn starts with an empty queue.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import inject, { type InjectOptions } from 'light-my-request'
import { EXAMPLES } from '../../src/api/examples.js'
import { type AppOptions, buildApp, dispatch } from '../../src/app.js'
import { NEVER_SHED_ROUTES } from '../../src/http/overload.js'
import { OVERLOAD_DEFAULTS } from '../../src/limits.js'
import { waitForLogLine } from '../support/log-lines.js'

type App = Awaited<ReturnType<typeof buildApp>>

/** A request as the app's server hands it over: the shedder first, then Fastify (app.inject skips the shedder). */
function send(app: App, options: InjectOptions) {
  return inject(dispatch(app), options)
}

/**
 * The production default. The tests that expect nothing shed (the next turn, starvation)
 * pass only while the requests' own CPU time in one turn stays below it: at 20 ms a
 * slow turn on a busy machine (a collection, code compiled late) could reach it.
 */
const MAX_QUEUE_MS = 100
const OVERLOAD = { maxQueueMs: MAX_QUEUE_MS, retryAfterSeconds: 7 }

/** Keeps this thread on the CPU until it has used `ms` of CPU time. */
function work(ms: number) {
  const start = process.threadCpuUsage()
  for (;;) {
    const used = process.threadCpuUsage(start)
    if ((used.user + used.system) / 1000 >= ms) return
  }
}

/** Blocks this thread for `ms` without using the CPU, as a process the kernel does not run. */
function starve(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** An app with routes that work or wait first, ready. */
async function overloadApp(options: AppOptions) {
  const app = await buildApp({ logger: false, webRoot: false, ...options })
  app.get('/test/work', async () => {
    work(2 * MAX_QUEUE_MS)
    return { done: true }
  })
  app.get('/test/starve', async () => {
    starve(5 * MAX_QUEUE_MS)
    return { done: true }
  })
  await app.ready()
  return app
}

/**
 * Resolves in the next turn of the event loop. Injected requests run in microtasks, so
 * requests sent one after the other without it are still in the same turn, one queue.
 */
function nextTurn() {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Sends the requests together, in a turn of the app's event loop of their own, in this order. */
async function together(app: App, first: string) {
  await nextTurn()
  return Promise.all([
    send(app, { method: 'GET', url: first }),
    send(app, { method: 'POST', url: '/api/analyze/posterior', payload: EXAMPLES.posterior }),
    send(app, { method: 'GET', url: '/ready' }),
    send(app, { method: 'GET', url: '/health' }),
    send(app, { method: 'GET', url: '/metrics' }),
  ])
}

describe('overload: shedding on the queue of this process', () => {
  let app: App

  before(async () => {
    app = await overloadApp({ overload: OVERLOAD })
  })

  after(async () => {
    await app.close()
  })

  it('sheds what waits behind more than MAX_QUEUE_MS of work: 503 {"detail"} with Retry-After; /ready too, never /health or /metrics', async () => {
    const [first, analysis, ready, health, metrics] = await together(app, '/test/work')
    assert.equal(first.statusCode, 200, 'the request ahead is served')
    assert.equal(analysis.statusCode, 503)
    assert.equal(analysis.headers['retry-after'], String(OVERLOAD.retryAfterSeconds))
    assert.match(String(analysis.headers['content-type']), /^application\/json/)
    assert.deepEqual(analysis.json(), {
      detail: `The service is overloaded; retry after ${OVERLOAD.retryAfterSeconds} seconds.`,
    })
    assert.ok(analysis.headers['x-content-type-options'], 'security headers on a 503 too')
    assert.equal(ready.statusCode, 503, '/ready: this replica is overloaded by its own queue')
    assert.equal(health.statusCode, 200, '/health is never shed')
    assert.equal(metrics.statusCode, 200, '/metrics is never shed')
    assert.deepEqual([...NEVER_SHED_ROUTES].sort(), ['/health', '/metrics'])
  })

  it('answers a shed request as Fastify would: its X-Request-Id, CORS for an allowed origin; counted in the metrics by reason', async () => {
    const origin = 'http://localhost:5173'
    await nextTurn()
    const [, named, unnamed, cors] = await Promise.all([
      send(app, { method: 'GET', url: '/test/work' }),
      send(app, {
        method: 'POST',
        url: '/api/analyze/posterior',
        payload: EXAMPLES.posterior,
        headers: { 'x-request-id': 'client-7' },
      }),
      send(app, { method: 'POST', url: '/api/analyze/posterior', payload: EXAMPLES.posterior }),
      send(app, { method: 'POST', url: '/api/analyze/posterior', payload: EXAMPLES.posterior, headers: { origin } }),
    ])
    assert.deepEqual([named?.statusCode, unnamed?.statusCode, cors?.statusCode], [503, 503, 503])
    assert.equal(named?.headers['x-request-id'], 'client-7', "the client's id is sent back")
    assert.match(String(unnamed?.headers['x-request-id']), /^shed-[0-9a-z]+$/, 'one is made where the client sent none')
    assert.equal(
      cors?.headers['access-control-allow-origin'],
      origin,
      'a browser on an allowed origin can read the 503',
    )
    assert.equal(cors?.headers.vary, 'Origin')
    const text = (await send(app, { method: 'GET', url: '/metrics' })).body
    const shed = /^http_requests_shed_total\{reason="queue"\} (\d+)$/m.exec(text)
    assert.ok(shed && Number(shed[1]) >= 3, `http_requests_shed_total counts them: ${shed?.[0]}`)
    assert.match(text, /^http_requests_total\{route="shed",method="POST",status_code="503"\} \d+$/m)
    assert.match(text, /^http_requests_shed_total\{reason="heap"\} 0$/m)
  })

  it('the queue is the turn: the next requests are served', async () => {
    await together(app, '/test/work')
    await nextTurn()
    const [analysis, ready] = await Promise.all([
      send(app, { method: 'POST', url: '/api/analyze/posterior', payload: EXAMPLES.posterior }),
      send(app, { method: 'GET', url: '/ready' }),
    ])
    assert.equal(analysis.statusCode, 200)
    assert.equal(ready.statusCode, 200)
  })

  it('sheds nothing when the wait is time without the CPU (starvation), however long', async () => {
    const [first, analysis, ready, health, metrics] = await together(app, '/test/starve')
    assert.deepEqual(
      [first, analysis, ready, health, metrics].map((r) => r.statusCode),
      [200, 200, 200, 200, 200],
    )
  })

  it('sheds nothing when MAX_QUEUE_MS is 0', async () => {
    const off = await overloadApp({ overload: { maxQueueMs: 0 } })
    try {
      const answers = await together(off, '/test/work')
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [200, 200, 200, 200, 200],
      )
    } finally {
      await off.close()
    }
  })

  it('sheds while the heap in use is above its limit, /health excepted, and logs it', async () => {
    const lines: Record<string, unknown>[] = []
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }
    const full = await buildApp({
      logger: { level: 'warn', stream },
      webRoot: false,
      overload: { maxQueueMs: 0, maxHeapUsedBytes: 1, heapSampleIntervalMs: 10 },
    })
    await full.ready()
    try {
      // The first sample is taken one interval after start.
      let shed = await send(full, { method: 'GET', url: '/ready' })
      while (shed.statusCode !== 503) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        shed = await send(full, { method: 'GET', url: '/ready' })
      }
      assert.equal((await send(full, { method: 'GET', url: '/health' })).statusCode, 200)
      const line = await waitForLogLine(lines, (l) => l.msg === 'overloaded: shedding requests with 503')
      assert.equal(line.reason, 'heap')
    } finally {
      await full.close()
    }
  })

  it('has production defaults', () => {
    assert.deepEqual(OVERLOAD_DEFAULTS, {
      maxQueueMs: 100,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      retryAfterSeconds: 5,
      heapSampleIntervalMs: 1000,
    })
  })
})
