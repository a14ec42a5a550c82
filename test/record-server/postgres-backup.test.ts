/**
 * Backup and restore with PostgreSQL (docs/record-server.md, "Backup and restore"):
 * pg_dump of the database while the server serves it (the photos' bytes are in it),
 * pg_restore into a fresh database, `record-server restored` on the copy, and a
 * server over the copy answers the same patients, visits and photo bytes, under a
 * new database_id (so devices' cursors of the old history are not trusted), while
 * the audit trail stays append-only in the copy.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import pg from 'pg'
import { postgresBin, postgresSkip, sharedPostgres } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  pngPhoto,
  RecordClient,
  runRecordCommand,
  sha256Of,
  startRecordServer,
} from '../support/record-server.js'

const run = promisify(execFile)

describe('record server (postgres): backup with pg_dump, restore with pg_restore', { skip: postgresSkip() }, () => {
  it('restores patients, visits and photos into a fresh database that answers the same record under a new database_id', async () => {
    const cluster = await sharedPostgres()
    const bin = postgresBin() as string
    const dir = mkdtempSync(join(tmpdir(), 'record-pg-backup-'))
    const live = await startRecordServer({ database: await cluster.createDatabase() })
    try {
      const device = new RecordClient(live.url, 'tablet-1')
      assert.equal((await device.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const photo = pngPhoto(48, 64)
      const sha = sha256Of(photo)
      assert.equal((await device.request('PUT', `/api/photos/${sha}`, photo)).status, 201)
      const push = await device.request('POST', '/api/sync/push', {
        changes: [
          {
            change_id: randomUUID(),
            op: 'put_patient',
            base_rev: null,
            patient: { id: 'p-b', identifier: 'B-1', name: 'Ana', notes: 'n', created: '2026-02-01T08:00:00.000Z' },
          },
          ...['v-b1', 'v-b2'].map((id, i) => ({
            change_id: randomUUID(),
            op: 'put_visit',
            base_rev: null,
            visit: {
              id,
              patient_id: 'p-b',
              date: `2026-02-0${i + 1}`,
              created: '2026-02-01T08:00:00.000Z',
              content: assessment(`2026-02-0${i + 1}T09:00:00.000Z`),
              photos: { lateral: { sha256: sha, type: 'image/png', width: 48, height: 64 } },
            },
          })),
        ],
      })
      assert.deepEqual(
        push.body.results.map((r: { status: string }) => r.status),
        ['applied', 'applied', 'applied'],
      )
      const before = {
        patient: (await device.request('GET', '/api/patients/p-b')).body,
        visit: (await device.request('GET', '/api/visits/v-b2')).body,
        pull: (await device.request('GET', '/api/sync/pull?cursor=0')).body,
      }

      // The dump, while the server serves: one consistent snapshot (pg_dump's own transaction).
      const dump = join(dir, 'record.dump')
      await run(join(bin, 'pg_dump'), ['--format=custom', '--file', dump, '--dbname', live.database as string])
      const copy = await cluster.createDatabase('restored')
      await run(join(bin, 'pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', copy, dump])
      // The embedded backup command refuses PostgreSQL, saying what to use instead.
      const refused = await runRecordCommand(['backup', join(dir, 'copy')], {
        RECORD_DATABASE_URL: live.database as string,
        RECORD_DATA_DIR: '',
      })
      assert.equal(refused.code, 1)
      assert.match(refused.output, /back up with pg_dump/)
      const renewed = await runRecordCommand(['restored'], { RECORD_DATABASE_URL: copy, RECORD_DATA_DIR: '' })
      assert.equal(renewed.code, 0, renewed.output)
      assert.match(renewed.output, /new database_id/)

      const restored = await startRecordServer({ database: copy })
      try {
        const again = new RecordClient(restored.url, 'tablet-1')
        assert.equal((await again.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
        assert.deepEqual((await again.request('GET', '/api/patients/p-b')).body, before.patient)
        assert.deepEqual((await again.request('GET', '/api/visits/v-b2')).body, before.visit)
        const bytes = await fetch(`${restored.url}/api/photos/${sha}`, { headers: { cookie: again.cookie as string } })
        assert.equal(bytes.status, 200)
        assert.deepEqual(new Uint8Array(await bytes.arrayBuffer()), new Uint8Array(photo))
        const pull = (await again.request('GET', '/api/sync/pull?cursor=0')).body
        assert.deepEqual(pull.changes, before.pull.changes)
        // A history of its own: a device holding the old database's cursor pulls again from 0.
        assert.match(pull.database_id, /^[0-9a-f-]{36}$/)
        assert.notEqual(pull.database_id, before.pull.database_id)
        // The restored audit trail is still append-only (pg_restore recreated its triggers).
        const db = new pg.Client({ connectionString: copy })
        await db.connect()
        try {
          await assert.rejects(db.query('DELETE FROM audit'), /append-only/)
        } finally {
          await db.end()
        }
      } finally {
        await restored.dispose()
      }
    } finally {
      await live.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
