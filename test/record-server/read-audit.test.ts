/**
 * Reads' audit entries written in batches outside the writers' lock (issue 43;
 * docs/record-server.md, "Audit trail"): a read answers only once its entries are
 * committed, so a graceful stop in the middle of many reads loses none of the entries
 * of the reads it answered; and on PostgreSQL, while another session holds the
 * transaction lock, reads still read (their queries take no lock) and wait only for
 * their entries, which are then written in at most two batches, not one transaction each.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { TRANSACTION_LOCK } from '../../src/record-server/postgres-store.js'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient,
  type RecordServer,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const READS = 10

for (const store of testStores()) {
  describe(`record server (${store.name}): reads' audit entries in batches`, { skip: store.skip }, () => {
    let server: RecordServer
    let database: string | undefined
    let admin: RecordClient
    let reader: RecordClient
    let readerEmail: string

    const metric = async (name: string): Promise<number | undefined> => {
      const text = await (await fetch(`${server.url}/metrics`)).text()
      const found = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)
      return found ? Number(found[1]) : undefined
    }
    const pullEntries = async (): Promise<number> =>
      (await admin.request('GET', '/api/audit?action=sync.pull&limit=10000')).body.entries.length

    before(async () => {
      database = await store.database()
      server = await startRecordServer({ database, env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
      admin = new RecordClient(server.url, 'front-desk')
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const clinician = await userClient(admin, 'clinician')
      reader = await userClient(admin, 'read-only')
      readerEmail = (await reader.request('GET', '/api/session')).body.user.email
      const pushed = await clinician.request('POST', '/api/sync/push', {
        changes: [
          {
            change_id: randomUUID(),
            op: 'put_patient',
            base_rev: null,
            patient: { id: 'p-1', identifier: 'RA-1', name: '', notes: '', created: '2026-03-02T09:00:00.000Z' },
          },
        ],
      })
      assert.equal(pushed.status, 200)
    })
    after(async () => server?.dispose())

    it('writes the entries of reads waiting on the writers lock in at most two batches, their reads done without it', {
      skip: store.name === 'postgres' ? false : 'PostgreSQL only: another session holds its transaction lock',
    }, async () => {
      // Used within the minute: the session is not written (touched) by the reads below.
      assert.equal((await reader.request('GET', '/api/session')).status, 200)
      const holder = new pg.Client({ connectionString: database })
      await holder.connect()
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [TRANSACTION_LOCK])
        const batchesBefore = await metric('record_audit_batches_total')
        assert.ok(batchesBefore !== undefined, 'the server counts its batches (record_audit_batches_total)')
        let answered = 0
        const reads = Array.from({ length: READS }, () =>
          reader.request('GET', '/api/sync/pull?cursor=0&limit=10').then((answer) => {
            answered++
            return answer
          }),
        )
        // Every read has read the record and queued its entry while the lock is held elsewhere.
        while ((await metric('record_audit_pending_entries')) !== READS)
          await new Promise((resolve) => setImmediate(resolve))
        assert.equal(answered, 0, 'no read answers before its audit entry is committed')
        const waiting = await holder.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE application_name = 'posture-record-server' AND datname = current_database() AND wait_event_type = 'Lock'`,
        )
        assert.equal(waiting.rows[0].n, 1, "one transaction waits for the lock: the batch of the reads' entries")
        await holder.query('SELECT pg_advisory_unlock($1)', [TRANSACTION_LOCK])
        for (const answer of await Promise.all(reads)) {
          assert.equal(answer.status, 200)
          assert.equal(answer.body.changes.length, 1)
        }
        const batches = (await metric('record_audit_batches_total'))! - batchesBefore
        assert.ok(batches >= 1 && batches <= 2, `${READS} reads' entries were written in ${batches} batches`)
        assert.equal(await metric('record_audit_pending_entries'), 0)
      } finally {
        await holder.end()
      }
    })

    it('loses no entry of an answered read when it stops gracefully in the middle of many reads', async () => {
      const before = await pullEntries()
      const answers: Promise<number>[] = []
      const client = new RecordClient(server.url, 'busy-device')
      client.cookie = reader.cookie
      // Reads keep coming until SIGTERM is sent: the last ones are in flight as it arrives. Each on a connection of
      // its own: a kept-alive connection busy at the SIGTERM can hold the stop up to RECORD_SHUTDOWN_GRACE_MS (as on main).
      let stopping = false
      const reading = async () => {
        while (!stopping) {
          const status = await client
            .request('GET', '/api/sync/pull?cursor=0&limit=1', undefined, { headers: { connection: 'close' } })
            .then(
              (answer) => answer.status,
              () => 0,
            )
          answers.push(Promise.resolve(status))
          if (status !== 200) return
        }
      }
      const readers = Array.from({ length: 8 }, reading)
      // Stopped once reads are flowing: its SIGTERM lands among reads in flight.
      while (answers.length < 40) await new Promise((resolve) => setImmediate(resolve))
      const stopped = server.stop()
      stopping = true
      await Promise.all(readers)
      assert.equal(await stopped, 0, server.output())
      const ok = (await Promise.all(answers)).filter((status) => status === 200).length
      server = await startRecordServer({
        database,
        dataDir: server.dataDir,
        env: { RECORD_LOGIN_RATE_LIMIT: '1000' },
      })
      admin = new RecordClient(server.url, 'front-desk')
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      assert.ok(ok >= 40)
      // The entries of the answered reads (one entity each), and not one more (a refused read left none).
      assert.equal((await pullEntries()) - before, ok, `${ok} reads by ${readerEmail} answered`)
    })
  })
}
