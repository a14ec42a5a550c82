/**
 * The PostgreSQL store's wait for a connection (src/record-server/connection-queue.ts): while
 * every connection of the pool is in use (each transaction holding one while it waits for the
 * writers' lock, as in a burst of saves), a request waits in arrival order for the next one
 * free, and the pool's connect timeout, which is for a database that does not answer, does not
 * fail it. Past its own wait it fails as StoreBusy (answered 503 with Retry-After), not as a
 * connect timeout (answered 500). Before, pg's connect timeout bounded both waits: forty saves
 * at once on a loaded machine got 500s from a database that was fine (replicas.test.ts).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import { PostgresStore, TRANSACTION_LOCK } from '../../src/record-server/postgres-store.js'
import { StoreBusy } from '../../src/record-server/store.js'
import { testStores } from '../support/postgres.js'

/** Resolves once `n` of the store's sessions wait for a lock (the writers' lock the holder has). */
async function lockWaiters(holder: pg.Client, n: number): Promise<void> {
  for (;;) {
    const { rows } = await holder.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE application_name = 'posture-record-server' AND datname = current_database() AND wait_event_type = 'Lock'`,
    )
    if (rows[0].n >= n) return
  }
}

// Called at the top level: the file's own cluster, when the runner started none, is removed after it.
const postgres = testStores().find((store) => store.name === 'postgres')!

describe('record server (postgres): waiting for a connection in use', { skip: postgres.skip }, () => {
  it('past its own wait a queued request fails as StoreBusy, never by the connect timeout; the others are served', async () => {
    const database = (await postgres.database())!
    // A connect timeout far shorter than the wait: before, a request queued for a connection failed at it.
    const store = await PostgresStore.open(database, { poolSize: 2, connectTimeoutMs: 50, connectionWaitMs: 500 })
    const holder = new pg.Client({ connectionString: database })
    await holder.connect()
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [TRANSACTION_LOCK])
      const served: number[] = []
      const outcomes = [1, 2, 3, 4].map((n) =>
        store
          .transaction(async () => {
            served.push(n)
            return n
          })
          .then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          ),
      )
      // Two hold the pool's two connections, waiting for the lock; two wait for a connection.
      await lockWaiters(holder, 2)
      for (const outcome of await Promise.all(outcomes.slice(2))) {
        assert.ok('error' in outcome, 'a request that waited past its limit fails')
        assert.ok(outcome.error instanceof StoreBusy, `StoreBusy, not ${String(outcome.error)}`)
        assert.ok(outcome.error.retryAfterSeconds >= 1)
        assert.match(outcome.error.message, /every one of the 2 connections to the database was in use for 500 ms/)
      }
      assert.deepEqual(served, [], 'nothing ran while the lock was held elsewhere')
      await holder.query('SELECT pg_advisory_unlock($1)', [TRANSACTION_LOCK])
      assert.deepEqual(await Promise.all(outcomes.slice(0, 2)), [{ value: 1 }, { value: 2 }])
    } finally {
      await holder.end()
      await store.close()
    }
  })

  it('queued requests are served in arrival order once a connection is free', async () => {
    const database = (await postgres.database())!
    const store = await PostgresStore.open(database, { poolSize: 1, connectTimeoutMs: 50, connectionWaitMs: 60_000 })
    const holder = new pg.Client({ connectionString: database })
    await holder.connect()
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [TRANSACTION_LOCK])
      const served: number[] = []
      const first = store.transaction(async () => served.push(1))
      await lockWaiters(holder, 1)
      // The pool's one connection is in use: these wait in the store's queue, in this order.
      const rest = [2, 3, 4, 5].map((n) => store.transaction(async () => served.push(n)))
      await holder.query('SELECT pg_advisory_unlock($1)', [TRANSACTION_LOCK])
      await Promise.all([first, ...rest])
      assert.deepEqual(served, [1, 2, 3, 4, 5])
    } finally {
      await holder.end()
      await store.close()
    }
  })
})
