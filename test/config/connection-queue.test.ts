/**
 * The PostgreSQL store's queue for a connection (src/record-server/connection-queue.ts), on
 * its own: a slot at once while one is free, else in arrival order as slots are released; a
 * release counts once; a waiter that gets none within its wait fails as StoreBusy with a
 * Retry-After and leaves the queue. Timers are node:test's mock timers: no wall clock.
 */
import assert from 'node:assert/strict'
import { describe, it, mock } from 'node:test'
import { ConnectionQueue } from '../../src/record-server/connection-queue.js'
import { StoreBusy } from '../../src/record-server/store.js'

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the connection queue', () => {
  it('grants free slots at once, then waiters in arrival order as slots are released; a release counts once', async () => {
    const queue = new ConnectionQueue(2, 1000)
    const order: string[] = []
    const a = await queue.acquire()
    const b = await queue.acquire()
    const waiting = ['c', 'd', 'e'].map((name) =>
      queue.acquire().then((release) => {
        order.push(name)
        return release
      }),
    )
    await settle()
    assert.equal(queue.waiting, 3)
    assert.deepEqual(order, [])
    a()
    a() // twice: still one slot
    await settle()
    assert.deepEqual(order, ['c'])
    b()
    await settle()
    assert.deepEqual(order, ['c', 'd'])
    ;(await waiting[0]!)()
    await settle()
    assert.deepEqual(order, ['c', 'd', 'e'])
    assert.equal(queue.waiting, 0)
    ;(await waiting[1]!)()
    ;(await waiting[2]!)()
    // Every slot free again: two at once, the third waits.
    const first = await queue.acquire()
    await queue.acquire()
    let third = false
    const granted = queue.acquire().then(() => {
      third = true
    })
    await settle()
    assert.equal(third, false)
    first()
    await granted
  })

  it('fails a waiter as StoreBusy after its wait, with a Retry-After; the queue goes on for the others', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const queue = new ConnectionQueue(1, 25_000)
    const held = await queue.acquire()
    const late = queue.acquire()
    const outcome = late.then(
      () => 'granted',
      (error: unknown) => error,
    )
    t.mock.timers.tick(24_999)
    await settle()
    assert.equal(queue.waiting, 1, 'still waiting just before its limit')
    t.mock.timers.tick(1)
    const error = await outcome
    assert.ok(error instanceof StoreBusy)
    assert.equal(error.retryAfterSeconds, 3)
    assert.match(error.message, /every one of the 1 connections to the database was in use for 25000 ms/)
    assert.equal(queue.waiting, 0, 'the waiter that gave up left the queue')
    // The slot it never got goes to the next waiter, not to nobody.
    const next = queue.acquire()
    held()
    await next
    mock.timers.reset()
  })
})
