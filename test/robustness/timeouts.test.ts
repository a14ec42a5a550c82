/**
 * Slow clients: the request, headers and keep-alive timeouts are set, a client that
 * is slow but steady is served, and one that dribbles its request slower than the
 * limits gets 408 `{"detail": ...}` and its connection closed. Short timeouts here
 * (the defaults are 10 s / 5 s / 72 s), but the steady client is served at the defaults;
 * the bounds only check the order of events.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { buildApp } from '../../src/app.js'
import { DEFAULT_TIMEOUTS } from '../../src/config.js'
import { type App, listening, postText, RawClient, stopListening } from '../support/raw-http.js'

const TIMEOUTS = { requestMs: 1500, headersMs: 800, keepAliveMs: 500, checkIntervalMs: 50 }

describe('timeouts against slow clients', () => {
  let app: App
  let port: number
  const clients: RawClient[] = []
  const client = () => {
    const c = new RawClient(port)
    clients.push(c)
    return c
  }

  before(async () => {
    ;({ app, port } = await listening({ overload: false, timeouts: TIMEOUTS }))
  })

  after(async () => {
    for (const c of clients) c.destroy()
    await stopListening(app)
  })

  it('sets the timeouts on the server (defaults 10 s request, 5 s headers, 72 s keep-alive)', async () => {
    assert.equal(app.server.requestTimeout, TIMEOUTS.requestMs)
    assert.equal(app.server.headersTimeout, TIMEOUTS.headersMs)
    assert.equal(app.server.keepAliveTimeout, TIMEOUTS.keepAliveMs)
    const defaults = await buildApp({ logger: false, webRoot: false, overload: false })
    assert.equal(defaults.server.requestTimeout, DEFAULT_TIMEOUTS.requestMs)
    assert.equal(defaults.server.headersTimeout, DEFAULT_TIMEOUTS.headersMs)
    assert.equal(defaults.server.keepAliveTimeout, DEFAULT_TIMEOUTS.keepAliveMs)
    assert.deepEqual(DEFAULT_TIMEOUTS, { requestMs: 10_000, headersMs: 5_000, keepAliveMs: 72_000 })
    await defaults.close()
  })

  it('serves a client that sends its whole request byte by byte within the limits (the default ones)', async (t) => {
    // At the defaults (5 s for the head, 10 s for the request): at this test's short limits a
    // byte every 2 ms took longer than 800 ms for the head on a loaded machine (each timer late).
    const defaults = await listening({ overload: false })
    const c = new RawClient(defaults.port)
    clients.push(c)
    t.after(() => defaults.app.close())
    await c.connected
    const { head, body } = postText(
      '/api/estimate-popliteal',
      JSON.stringify(EXAMPLES.popliteal),
      'Connection: close\r\n',
    )
    await c.dribble(head + body, 2)
    await c.closed
    const [response] = c.responses()
    assert.equal(response?.status, 200, c.received)
    assert.equal(typeof (JSON.parse(response.body) as { popliteo: { y: number } }).popliteo.y, 'number')
  })

  it('answers 408 {"detail"} and closes the connection when the body comes too slowly', async () => {
    const c = client()
    await c.connected
    const { head, body } = postText('/api/analyze/lateral', JSON.stringify(EXAMPLES.lateral))
    c.write(head)
    const dribbling = c.dribble(body, 100) // ~40 s for the whole body
    await c.closed
    await dribbling
    const elapsed = (c.closedAt as number) - c.openedAt
    assert.ok(elapsed >= TIMEOUTS.requestMs - 100, `closed after ${elapsed} ms`)
    assert.ok(elapsed < TIMEOUTS.requestMs + 3000, `closed after ${elapsed} ms`)
    const [response] = c.responses()
    assert.equal(response?.status, 408, c.received)
    assert.match(response.headers['content-type'] ?? '', /^application\/json/)
    assert.match((JSON.parse(response.body) as { detail: string }).detail, /not received in time/)
  })

  it('answers 408 and closes the connection when the headers never end', async () => {
    const c = client()
    await c.connected
    const dribbling = c.dribble(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}`, 50)
    await c.closed
    await dribbling
    const elapsed = (c.closedAt as number) - c.openedAt
    assert.ok(elapsed >= TIMEOUTS.headersMs - 100, `closed after ${elapsed} ms`)
    assert.ok(
      elapsed < TIMEOUTS.requestMs + 2000,
      `closed after ${elapsed} ms, headers timeout ${TIMEOUTS.headersMs} ms`,
    )
    const [response] = c.responses()
    assert.equal(response?.status, 408, c.received)
    assert.ok('detail' in (JSON.parse(response.body) as object))
  })

  it('closes a connection that never sends a byte', async () => {
    const c = client()
    await c.connected
    await c.closed
    const elapsed = (c.closedAt as number) - c.openedAt
    assert.ok(elapsed < TIMEOUTS.requestMs + 2000, `closed after ${elapsed} ms`)
  })

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const c = client()
    await c.connected
    c.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await c.waitFor(() => c.responses().length === 1)
    const answeredAt = Date.now()
    assert.equal(c.responses()[0]?.status, 200)
    assert.match(c.responses()[0]?.headers['keep-alive'] ?? '', /timeout=0/) // 500 ms rounds down to 0 s
    await c.closed
    const idle = (c.closedAt as number) - answeredAt
    assert.ok(idle >= TIMEOUTS.keepAliveMs - 100, `closed after ${idle} ms idle`)
    assert.ok(idle < TIMEOUTS.keepAliveMs + 2000, `closed after ${idle} ms idle`)
  })

  it('keeps a busy keep-alive connection open and serves every request on it', async () => {
    const c = client()
    await c.connected
    for (let i = 1; i <= 5; i++) {
      c.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      await c.waitFor(() => c.responses().length === i)
      await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.keepAliveMs / 2))
    }
    assert.equal(c.closedAt, undefined)
    assert.ok(c.responses().every((r) => r.status === 200))
  })

  it('answers garbage that is not HTTP with 400 {"detail"}', async () => {
    const c = client()
    await c.connected
    c.write('HELLO THERE\r\n\r\n')
    await c.closed
    const [response] = c.responses()
    assert.equal(response?.status, 400, c.received)
    assert.match((JSON.parse(response.body) as { detail: string }).detail, /not valid HTTP/)
  })

  it('answers headers larger than the limit with 431 {"detail"}', async () => {
    const c = client()
    await c.connected
    c.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)
    await c.closed
    const [response] = c.responses()
    assert.equal(response?.status, 431, c.received.slice(0, 200))
    assert.ok('detail' in (JSON.parse(response.body) as object))
  })
})
