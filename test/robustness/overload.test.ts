/**
 * Overload: when the event loop falls behind (here: blocked on purpose) requests
 * are answered at once with 503 `{"detail"}` and Retry-After instead of queueing,
 * and the service recovers by itself. Thresholds are tiny to make it quick.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { EXAMPLES } from '../../src/api/examples.js'
import { buildApp } from '../../src/app.js'
import { OVERLOAD_DEFAULTS } from '../../src/limits.js'

type App = Awaited<ReturnType<typeof buildApp>>

const OVERLOAD = { maxEventLoopDelayMs: 30, sampleIntervalMs: 50, retryAfterSeconds: 7 }

function block(ms: number) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    // busy: the event loop cannot run
  }
}

async function statusUntil(app: App, want: number, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/health' })
    if (res.statusCode === want) return res
    if (Date.now() > deadline) throw new Error(`no ${want} within ${ms} ms (last ${res.statusCode})`)
    await sleep(5)
  }
}

describe('overload: 503 with Retry-After', () => {
  let app: App

  before(async () => {
    app = await buildApp({ logger: false, webRoot: false, overload: OVERLOAD })
    await app.ready()
    await sleep(3 * OVERLOAD.sampleIntervalMs) // past the start-up grace period
  })

  after(async () => {
    await app.close()
  })

  it('sheds requests with 503 {"detail"} and Retry-After while the event loop lags, then recovers', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
    let shed: Awaited<ReturnType<typeof statusUntil>> | undefined
    for (let attempt = 0; attempt < 5 && shed === undefined; attempt++) {
      block(400)
      try {
        shed = await statusUntil(app, 503, 300)
      } catch {
        // the sample may have straddled the block; block again
      }
    }
    assert.ok(shed, 'never answered 503')
    assert.equal(shed.headers['retry-after'], String(OVERLOAD.retryAfterSeconds))
    assert.match(String(shed.headers['content-type']), /^application\/json/)
    assert.deepEqual(JSON.parse(shed.body), {
      detail: `The service is overloaded; retry after ${OVERLOAD.retryAfterSeconds} seconds.`,
    })
    assert.ok(shed.headers['x-content-type-options'], 'security headers on a 503 too')

    // Analysis requests are shed the same way while it lasts, and all recover.
    await statusUntil(app, 200, 3000)
    const ok = await app.inject({ method: 'POST', url: '/api/analyze/posterior', payload: EXAMPLES.posterior })
    assert.equal(ok.statusCode, 200)
  })

  it('does not shed right after start-up, whose work the first sample measures', async () => {
    const fresh = await buildApp({ logger: false, webRoot: false, overload: OVERLOAD })
    block(200) // start-up work, as the first sample sees it
    await fresh.ready()
    for (let i = 0; i < 10; i++) {
      assert.equal((await fresh.inject({ method: 'GET', url: '/health' })).statusCode, 200)
      await sleep(OVERLOAD.sampleIntervalMs / 5)
    }
    await fresh.close()
  })

  it('can be turned off', async () => {
    const off = await buildApp({ logger: false, webRoot: false, overload: false })
    await off.ready()
    await sleep(60)
    block(300)
    await sleep(60)
    assert.equal((await off.inject({ method: 'GET', url: '/health' })).statusCode, 200)
    assert.equal(off.hasDecorator('isUnderPressure'), false)
    await off.close()
  })

  it('has production defaults that a benchmark at concurrency 64 stays far below', () => {
    assert.deepEqual(OVERLOAD_DEFAULTS, {
      maxEventLoopDelayMs: 100,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      retryAfterSeconds: 5,
      sampleIntervalMs: 500,
    })
  })
})
