/**
 * RATE_LIMIT: off by default; when set, each client gets that many /api/ requests
 * a minute, then 429 `{"detail"}` with Retry-After. /health, /docs and the app's
 * files are never limited, and one client's limit does not touch another's.
 */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { buildApp } from '../../src/app.js'

function popliteal(app: Awaited<ReturnType<typeof buildApp>>, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/estimate-popliteal', payload: EXAMPLES.popliteal, remoteAddress })
}

describe('per-client rate limit', () => {
  it('is off by default', async () => {
    const app = await buildApp({ logger: false, webRoot: false, overload: false })
    for (let i = 0; i < 200; i++) assert.equal((await popliteal(app)).statusCode, 200)
    assert.equal((await popliteal(app)).headers['x-ratelimit-limit'], undefined)
    await app.close()
  })

  it('answers 429 {"detail"} with Retry-After past RATE_LIMIT requests a minute', async () => {
    const app = await buildApp({ logger: false, webRoot: false, overload: false, rateLimit: 3 })
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await popliteal(app))
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      [200, 200, 200, 429, 429],
    )
    assert.deepEqual(
      answers.map((r) => r.headers['x-ratelimit-remaining']),
      ['2', '1', '0', '0', '0'],
    )
    const limited = answers[3]!
    assert.equal(limited.headers['x-ratelimit-limit'], '3')
    assert.ok(Number(limited.headers['retry-after']) > 0 && Number(limited.headers['retry-after']) <= 60)
    assert.match(String(limited.headers['content-type']), /^application\/json/)
    const body = JSON.parse(limited.body) as { detail: string }
    assert.deepEqual(Object.keys(body), ['detail'])
    assert.match(body.detail, /Too many requests: the limit is 3 per minute per client; retry in/)

    // Every analysis endpoint counts against the same client budget.
    const other = await app.inject({ method: 'POST', url: '/api/analyze/lateral', payload: EXAMPLES.lateral })
    assert.equal(other.statusCode, 429)
    await app.close()
  })

  it('limits each client separately and never limits /health or /docs', async () => {
    const app = await buildApp({ logger: false, webRoot: false, overload: false, rateLimit: 2 })
    for (let i = 0; i < 3; i++) await popliteal(app, '10.0.0.1')
    assert.equal((await popliteal(app, '10.0.0.1')).statusCode, 429)
    assert.equal((await popliteal(app, '10.0.0.2')).statusCode, 200)
    for (let i = 0; i < 20; i++) {
      assert.equal((await app.inject({ url: '/health', remoteAddress: '10.0.0.1' })).statusCode, 200)
      assert.equal((await app.inject({ url: '/docs', remoteAddress: '10.0.0.1' })).statusCode, 200)
    }
    await app.close()
  })

  it('counts the client behind a trusted proxy by X-Forwarded-For', async () => {
    const app = await buildApp({ logger: false, webRoot: false, overload: false, rateLimit: 1, trustProxy: 1 })
    const via = (client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/estimate-popliteal',
        payload: EXAMPLES.popliteal,
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
      })
    assert.equal((await via('203.0.113.1')).statusCode, 200)
    assert.equal((await via('203.0.113.1')).statusCode, 429)
    assert.equal((await via('203.0.113.2')).statusCode, 200)
    await app.close()
  })
})
