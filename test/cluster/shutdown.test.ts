/**
 * Graceful shutdown of the real process (dist/src/main.js): on SIGTERM it stops
 * accepting connections and readiness answers 503; every request already in flight
 * - here, requests whose body is still arriving - is answered in full, with
 * Connection: close; an idle keep-alive connection is still served during the drain
 * period (SHUTDOWN_DRAIN_MS) and closed at its end; the process exits 0 within 10 s. A request that never completes
 * cannot hold the process past the deadline.
 */

import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { SHUTDOWN_GRACE_MS } from '../../src/serve.js'
import { waitForRequestsInFlight } from '../support/prometheus-text.js'
import { postText, RawClient } from '../support/raw-http.js'
import { alive, type Service, startService } from '../support/service-with-logs.js'

const BODY = JSON.stringify(EXAMPLES.lateral)

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })
}

/** Clients with the headers and the first half of a body sent: requests in flight. */
async function inFlight(service: Service, count: number): Promise<RawClient[]> {
  const clients: RawClient[] = []
  for (let i = 0; i < count; i++) {
    const c = new RawClient(service.port)
    await c.connected
    const { head } = postText('/api/analyze/lateral', BODY)
    c.write(head + BODY.slice(0, BODY.length / 2))
    clients.push(c)
  }
  await waitForRequestsInFlight(service.base, count)
  return clients
}

async function finish(clients: RawClient[]) {
  for (const c of clients) c.write(BODY.slice(BODY.length / 2))
  for (const c of clients) await c.waitFor(() => c.responses().length === 1, 5000)
}

function assertServed(clients: RawClient[], expected: unknown) {
  for (const c of clients) {
    const [response] = c.responses()
    assert.equal(response?.status, 200, c.received.slice(0, 300))
    assert.deepEqual(JSON.parse(response.body), expected)
  }
}

/** WORKERS=2, both workers listening: the service, their pids, and the answer every request below expects. */
async function startTwoWorkers(): Promise<{ service: Service; workers: number[]; expected: unknown }> {
  const service = await startService({ WORKERS: '2' })
  await service.waitForLog(() => service.countLogs((l) => l.msg === 'worker listening') === 2)
  const workers = service.logs.filter((l) => l.msg === 'worker listening').map((l) => l.worker as number)
  const expected: unknown = await (
    await fetch(`${service.base}/api/analyze/lateral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    })
  ).json()
  return { service, workers, expected }
}

describe('graceful shutdown', () => {
  it('one process: stops accepting, answers every in-flight request, keeps idle connections for the drain period, exits 0 within 10 s', async () => {
    const drainMs = 1000
    const service = await startService({ WORKERS: '1', SHUTDOWN_DRAIN_MS: String(drainMs) })
    const expected = await (
      await fetch(`${service.base}/api/analyze/lateral`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
      })
    ).json()

    // Two idle keep-alive connections: one gets a request during the drain, one stays quiet.
    const idle = new RawClient(service.port)
    const quiet = new RawClient(service.port)
    for (const c of [idle, quiet]) {
      await c.connected
      c.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      await c.waitFor(() => c.responses().length === 1)
    }

    const clients = await inFlight(service, 10)
    const signalledAt = Date.now()
    service.server.child.kill('SIGTERM')
    // Logged once the listener is closed (src/http/draining.ts).
    const drainStart = await service.waitForLog((l) => /shutting down/.test(l.msg ?? ''))

    assert.ok(await refused(service.port), 'a new connection is refused once shutdown began')
    idle.write('GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await idle.waitFor(() => idle.responses().length === 2)
    const ready = idle.responses()[1]
    assert.equal(ready?.status, 503, 'readiness fails from the first moment of the drain')
    assert.ok(ready?.headers['retry-after'])
    assert.equal(
      ready?.headers.connection,
      'close',
      'a request on an open connection is still served, and its connection retired',
    )
    await idle.closed
    assert.equal(quiet.closedAt, undefined, 'an idle connection stays open during the drain period')

    await finish(clients)
    assertServed(clients, expected)
    for (const c of clients) assert.equal(c.responses()[0]?.headers.connection, 'close')
    await quiet.closed
    // Closed when the drain period ends, not at once and not at the exit deadline (SHUTDOWN_GRACE_MS):
    // no earlier than drainMs after the drain began (pino's time, taken as it began), and well before 10 s.
    const quietMs = Number(quiet.closedAt) - Number(drainStart.time)
    assert.ok(
      quietMs >= drainMs - 20 && quietMs < SHUTDOWN_GRACE_MS - 2000,
      `the quiet connection was closed ${quietMs} ms after the drain began`,
    )

    const { code, at } = await service.exited
    assert.equal(code, 0)
    assert.ok(at - signalledAt < 10_000, `exited ${at - signalledAt} ms after SIGTERM`)
    assert.ok(service.logs.some((l) => l.msg === 'stopped'))
  })

  it('one process: a request that never completes does not hold the exit past 10 s', async () => {
    const service = await startService({ WORKERS: '1' })
    const [stuck] = await inFlight(service, 1)
    const signalledAt = Date.now()
    service.server.child.kill('SIGTERM')
    const { at } = await service.exited
    assert.ok(at - signalledAt < 10_000, `exited ${at - signalledAt} ms after SIGTERM`)
    await stuck?.closed
    assert.ok(service.logs.some((l) => /still in flight after the grace period/.test(l.msg ?? '')))
  })

  it('WORKERS=2: every worker finishes its in-flight requests; the primary exits 0 within 10 s', async () => {
    const { service, workers, expected } = await startTwoWorkers()

    const clients = await inFlight(service, 8)
    const signalledAt = Date.now()
    service.server.child.kill('SIGTERM')
    await service.waitForLog(
      () => service.countLogs((l) => /shutting down: no new connections/.test(l.msg ?? '')) === 2,
    )
    // Each worker starts its drain once the primary says its listener is closed
    // (src/cluster-connections.ts), not after a fallback wait: by then a new connection is refused.
    assert.equal(await refused(service.port), true, 'a connection is refused once the drains have started')
    assert.equal(
      service.countLogs((l) => /did not say when its listener closed/.test(l.msg ?? '')),
      0,
      'the primary answered every worker',
    )
    await finish(clients)
    assertServed(clients, expected)

    const { code, signal, at } = await service.exited
    assert.equal(
      code,
      0,
      `the primary exited with code ${code}, signal ${signal}; its last log lines:\n${service.logs
        .slice(-8)
        .map((l) => JSON.stringify(l))
        .join('\n')}`,
    )
    assert.ok(at - signalledAt < 10_000, `exited ${at - signalledAt} ms after SIGTERM`)
    for (const pid of workers) assert.equal(alive(pid), false, `worker ${pid} still running`)
    assert.equal(
      service.countLogs((l) => l.msg === 'worker stopped'),
      2,
    )
  })

  it("WORKERS=2, SIGTERM to every process at once (systemd's default KillMode): each worker gets it twice, drains and exits 0", async () => {
    const { service, workers, expected } = await startTwoWorkers()

    const clients = await inFlight(service, 4)
    service.server.child.kill('SIGTERM')
    for (const pid of workers) process.kill(pid, 'SIGTERM')
    await service.waitForLog(
      () => service.countLogs((l) => /shutting down: no new connections/.test(l.msg ?? '')) === 2,
    )
    await finish(clients)
    assertServed(clients, expected)

    const { code, signal } = await service.exited
    assert.equal(code, 0, `the primary exited with code ${code}, signal ${signal}`)
    const stopped = service.logs.filter((l) => l.msg === 'worker stopped')
    assert.deepEqual(
      stopped.map((l) => [l.code, l.signal]),
      [
        [0, null],
        [0, null],
      ],
      'every worker exited 0 by itself (a second SIGTERM did not kill it)',
    )
  })
})
