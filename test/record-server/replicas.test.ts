/**
 * Several record-server processes over one PostgreSQL (docs/record-server.md,
 * "Concurrency"): each is stateless over the database, so a session made through one
 * works through the other, and two devices writing at once through two processes get
 * one sequence in commit order: a third device pulling by cursor through both, while
 * the writes go on, sees every change exactly once and skips none (the sequence
 * numbers it sees are exactly 1..N, each once), and the audit entries both appended
 * form one hash chain (verify-audit).
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, it } from 'node:test'
import { postgresSkip, sharedPostgres } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  RecordClient,
  runRecordCommand,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const VISITS_PER_DEVICE = 40

const visitChange = (patientId: string, id: string, i: number) => ({
  change_id: randomUUID(),
  op: 'put_visit',
  base_rev: null,
  visit: {
    id,
    patient_id: patientId,
    date: '2026-05-04',
    created: '2026-05-04T08:00:00.000Z',
    content: assessment(
      `2026-05-04T09:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
    ),
    photos: {},
  },
})

describe('record server (postgres): two processes over one database', { skip: postgresSkip() }, () => {
  it('shares sessions, and a pull by cursor during concurrent writes through both sees every change exactly once', async () => {
    const cluster = await sharedPostgres()
    const database = await cluster.createDatabase()
    const a = await startRecordServer({ database, env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
    const b = await startRecordServer({ database, env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
    try {
      const adminA = new RecordClient(a.url)
      assert.equal((await adminA.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      // The session lives in the database: the cookie made through A works through B.
      const adminB = Object.assign(new RecordClient(b.url), { cookie: adminA.cookie, csrf: adminA.csrf })
      assert.equal((await adminB.request('GET', '/api/session')).status, 200)

      const tablet = await userClient(adminA, 'clinician')
      const desk = Object.assign(new RecordClient(b.url, 'desk'), { cookie: tablet.cookie, csrf: tablet.csrf })
      const reader = await userClient(adminA, 'read-only')
      const readers = [reader, Object.assign(new RecordClient(b.url), { cookie: reader.cookie, csrf: reader.csrf })]

      for (const [client, id] of [
        [tablet, 'p-tablet'],
        [desk, 'p-desk'],
      ] as const) {
        const put = await client.request('POST', '/api/changes', {
          change_id: randomUUID(),
          op: 'put_patient',
          base_rev: null,
          patient: { id, identifier: id.toUpperCase(), name: '', notes: '', created: '2026-05-04T08:00:00.000Z' },
        })
        assert.equal(put.status, 201, JSON.stringify(put.body))
      }

      // The two devices push one visit a request, all at once, through the two processes.
      let writing = true
      const writes = Promise.all(
        [
          [tablet, 'p-tablet'],
          [desk, 'p-desk'],
        ].flatMap(([client, patientId]) =>
          Array.from({ length: VISITS_PER_DEVICE }, (_, i) =>
            (client as RecordClient).request(
              'POST',
              '/api/changes',
              visitChange(patientId as string, `${patientId}-v${i}`, i),
            ),
          ),
        ),
      ).finally(() => {
        writing = false
      })

      // Meanwhile a third device pulls in small pages, through A and B in turn, until it has everything.
      const seen: { seq: number; id: string }[] = []
      let cursor = 0
      let turn = 0
      let pullsDuringWrites = 0
      for (;;) {
        const stillWriting = writing
        const answer = await (readers[turn++ % 2] as RecordClient).request(
          'GET',
          `/api/sync/pull?cursor=${cursor}&limit=7`,
        )
        assert.equal(answer.status, 200)
        for (const change of answer.body.changes) seen.push({ seq: change.seq, id: change.id })
        cursor = answer.body.cursor
        if (stillWriting) pullsDuringWrites++
        if (!stillWriting && !answer.body.more) break
      }
      const results = await writes
      for (const result of results) assert.equal(result.status, 201, JSON.stringify(result.body))
      assert.ok(pullsDuringWrites > 0, 'the device pulled while the writes went on')

      const total = 2 + 2 * VISITS_PER_DEVICE
      assert.equal(seen.length, total, 'every change pulled, none twice')
      assert.equal(new Set(seen.map((s) => s.id)).size, total)
      // One sequence for both processes, in commit order: exactly 1..N, rising along the pulls.
      assert.deepEqual(
        seen.map((s) => s.seq),
        Array.from({ length: total }, (_, i) => i + 1),
      )
      // The audit entries both processes appended at once form one chain, without a fork or a gap.
      const chain = await runRecordCommand(['verify-audit'], { RECORD_DATABASE_URL: database, RECORD_DATA_DIR: '' })
      assert.equal(chain.code, 0, chain.output)
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })
})
