/**
 * GET /ready and GET /metrics: readiness 200, then 503 with Retry-After from the
 * first moment of a drain and while the service sheds load; Prometheus text with
 * requests by route pattern (never the raw URL), method and status, latency by
 * route, requests in flight, 4xx/5xx counts and the default process metrics; with
 * WORKERS=2 one answer adds up every worker's figures; METRICS_PORT moves it.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import inject from 'light-my-request'
import { EXAMPLES } from '../../src/api/examples.js'
import { dispatch } from '../../src/app.js'
import { makeApp, type TestApp } from '../support/app.js'
import { sample } from '../support/prometheus-text.js'
import { distinctPorts, startInstance } from '../support/proxy.js'

describe('GET /ready', () => {
  it('200 {"status":"ready"}; 503 {"detail"} with Retry-After and Connection: close once the drain started', async () => {
    const app = await makeApp()
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' })
      assert.equal(ready.statusCode, 200)
      assert.deepEqual(ready.json(), { status: 'ready' })
      app.drain.start()
      const draining = await app.inject({ method: 'GET', url: '/ready' })
      assert.equal(draining.statusCode, 503)
      assert.match(draining.json().detail, /shutting down/)
      assert.equal(draining.headers['retry-after'], '5')
      assert.equal(draining.headers.connection, 'close')
      // /health (liveness) is unaffected by the drain.
      assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
    } finally {
      await app.close()
    }
  })

  it('503 while its own queue is too long (the service sheds load), 200 again in the next turn', async () => {
    const app = await makeApp({ overload: { maxQueueMs: 20, retryAfterSeconds: 7 } })
    // Work that queues what comes after it in the same turn of the event loop.
    app.get('/test/work', async () => {
      const start = process.threadCpuUsage()
      for (;;) {
        const used = process.threadCpuUsage(start)
        if ((used.user + used.system) / 1000 >= 40) return { done: true }
      }
    })
    try {
      await app.ready()
      // As the server hands requests over: the shedder first, then Fastify (app.inject skips the shedder).
      const send = (url: string) => inject(dispatch(app), { method: 'GET', url })
      assert.equal((await send('/ready')).statusCode, 200)
      // A turn of the event loop of their own (injected requests run in microtasks: one turn until something waits).
      await new Promise((resolve) => setImmediate(resolve))
      const [, shed] = await Promise.all([send('/test/work'), send('/ready')])
      assert.equal(shed.statusCode, 503)
      assert.equal(shed.headers['retry-after'], '7')
      assert.match(shed.json().detail, /overloaded/)
      await new Promise((resolve) => setImmediate(resolve))
      assert.equal((await send('/ready')).statusCode, 200)
    } finally {
      await app.close()
    }
  })
})

describe('GET /metrics (one process)', () => {
  let app: TestApp
  before(async () => {
    app = await makeApp()
  })
  after(async () => {
    await app.close()
  })

  it('counts requests by route pattern, method and status; unknown paths share one label', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/analyze/lateral', payload: EXAMPLES.lateral })
      assert.equal(res.statusCode, 200)
    }
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/analyze/lateral', payload: { side: 'right' } })).statusCode,
      422,
    )
    assert.equal((await app.inject({ method: 'GET', url: '/no/such/path/1' })).statusCode, 404)
    assert.equal((await app.inject({ method: 'GET', url: '/no/such/path/2?x=1' })).statusCode, 404)
    assert.equal((await app.inject({ method: 'GET', url: '/health?probe=1' })).statusCode, 200)

    const res = await app.inject({ method: 'GET', url: '/metrics' })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/)
    const text = res.body
    const lateral = { route: '/api/analyze/lateral', method: 'POST' }
    assert.equal(sample(text, 'http_requests_total', { ...lateral, status_code: '200' }), 3)
    assert.equal(sample(text, 'http_requests_total', { ...lateral, status_code: '422' }), 1)
    assert.equal(sample(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status_code: '404' }), 2)
    assert.equal(sample(text, 'http_requests_total', { route: '/health', method: 'GET', status_code: '200' }), 1)
    assert.doesNotMatch(text, /no\/such|probe=/, 'never the raw URL')
    assert.equal(sample(text, 'http_request_errors_total', { ...lateral, class: '4xx' }), 1)
    assert.equal(sample(text, 'http_request_errors_total', { route: 'unmatched', class: '4xx' }), 2)
    assert.equal(sample(text, 'http_request_duration_seconds_count', lateral), 4)
    assert.equal(sample(text, 'http_request_duration_seconds_bucket', { ...lateral, le: '+Inf' }), 4)
    assert.ok((sample(text, 'http_request_duration_seconds_sum', lateral) as number) > 0)
    // The scrape itself is in flight while it is answered.
    assert.equal(sample(text, 'http_requests_in_flight'), 1)
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(sample(text, name) !== undefined, `${name} is exposed`)
    }
    assert.match(text, /^# TYPE nodejs_gc_duration_seconds histogram$/m)
  })

  it('counts 5xx answers', async () => {
    const broken = await makeApp()
    broken.get('/boom', async () => {
      throw new Error('boom')
    })
    try {
      assert.equal((await broken.inject({ method: 'GET', url: '/boom' })).statusCode, 500)
      const text = (await broken.inject({ method: 'GET', url: '/metrics' })).body
      assert.equal(sample(text, 'http_request_errors_total', { route: '/boom', class: '5xx' }), 1)
      assert.equal(sample(text, 'http_requests_total', { route: '/boom', status_code: '500' }), 1)
    } finally {
      await broken.close()
    }
  })

  it('metrics: false leaves no /metrics and counts nothing', async () => {
    const plain = await makeApp({ metrics: false })
    try {
      assert.equal((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode, 404)
    } finally {
      await plain.close()
    }
  })
})

describe('GET /metrics from the real process', () => {
  async function getHealth(base: string, times: number) {
    for (let i = 0; i < times; i++) {
      // A new connection each time: the cluster hands connections to the workers in turn.
      const res = await fetch(`${base}/health`, { headers: { connection: 'close' } })
      assert.equal(res.status, 200)
      await res.arrayBuffer()
    }
  }

  it('WORKERS=2: one answer adds up both workers, on the service port', async () => {
    const [port] = (await distinctPorts(1)) as [number]
    const instance = await startInstance(port, { WORKERS: '2', LOG_LEVEL: 'debug' })
    try {
      const base = `http://127.0.0.1:${port}`
      await getHealth(base, 10)
      const servedBy = new Set(
        instance.logs.filter((l) => l.msg === 'request completed' && l.url === '/health').map((l) => l.pid),
      )
      assert.equal(servedBy.size, 2, 'both workers answered /health')
      for (let i = 0; i < 3; i++) {
        const text = await (await fetch(`${base}/metrics`)).text()
        assert.equal(
          sample(text, 'http_requests_total', { route: '/health', status_code: '200' }),
          10,
          'every scrape sees all workers',
        )
        assert.ok(sample(text, 'process_resident_memory_bytes') !== undefined)
      }
    } finally {
      instance.child.kill('SIGTERM')
      assert.equal((await instance.exited).code, 0)
    }
  })

  for (const workers of ['1', '2']) {
    it(`WORKERS=${workers}, METRICS_PORT: /metrics on its own port only`, async () => {
      const [port, metricsPort] = (await distinctPorts(2)) as [number, number]
      const instance = await startInstance(port, { WORKERS: workers, METRICS_PORT: String(metricsPort) })
      try {
        const base = `http://127.0.0.1:${port}`
        await getHealth(base, 4)
        assert.equal((await fetch(`${base}/metrics`)).status, 404, 'not on the service port')
        let text = ''
        const deadline = Date.now() + 5000
        // The figures of a request are recorded as its answer goes out; allow a moment.
        do {
          text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
        } while (
          sample(text, 'http_requests_total', { route: '/health' }) !== 4 &&
          Date.now() < deadline &&
          (await sleep(50, true))
        )
        assert.equal(sample(text, 'http_requests_total', { route: '/health', status_code: '200' }), 4)
        const other = await fetch(`http://127.0.0.1:${metricsPort}/health`)
        assert.equal(other.status, 404)
        assert.match(((await other.json()) as { detail: string }).detail, /METRICS_PORT/)
      } finally {
        instance.child.kill('SIGTERM')
        assert.equal((await instance.exited).code, 0)
      }
    })
  }
})
