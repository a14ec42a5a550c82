/**
 * The record server as an operator meets it (docs/record-server.md, "Operations"):
 * configuration refused with a message saying what to set; /health, /ready and
 * /metrics; a graceful stop on SIGTERM; logs without patient data; the audit trail
 * append-only in the database itself; and a database written by newer code refused
 * at start, unchanged.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, it } from 'node:test'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  RecordClient,
  runRecordCommand,
  startRecordServer,
} from '../support/record-server.js'

describe('record server: start, operations and stop', () => {
  it('refuses to start without a data directory, saying what to set', async () => {
    const { code, output } = await runRecordCommand([], { RECORD_DATA_DIR: '' })
    assert.equal(code, 1)
    assert.match(output, /RECORD_DATA_DIR is not set/)
    const port = await runRecordCommand([], { RECORD_DATA_DIR: '/tmp/unused', RECORD_PORT: '8000' })
    assert.equal(port.code, 1)
    assert.match(port.output, /metrics service's port/)
  })

  it('serves /health, /ready and /metrics, keeps patient data out of its log, and stops on SIGTERM', async () => {
    const server = await startRecordServer({ env: { RECORD_LOG_LEVEL: 'info' } })
    try {
      const admin = new RecordClient(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      assert.equal((await admin.request('GET', '/ready')).status, 200)
      const write = await admin.request('POST', '/api/changes', {
        change_id: 'log-1',
        op: 'put_patient',
        base_rev: null,
        patient: {
          id: 'p-log',
          identifier: 'IDENT-SECRETO',
          name: 'María Secreta',
          notes: 'nota secreta',
          created: '2026-01-01T00:00:00.000Z',
        },
      })
      assert.equal(write.status, 201)
      await admin.request('POST', '/api/changes', {
        change_id: 'log-2',
        op: 'put_visit',
        base_rev: null,
        visit: {
          id: 'v-log',
          patient_id: 'p-log',
          date: '',
          created: '2026-01-01T00:00:00.000Z',
          content: assessment(),
          photos: {},
        },
      })
      await admin.request('GET', '/api/patients/p-log')
      const metrics = await admin.request('GET', '/metrics')
      assert.match(metrics.body, /record_http_requests_total\{method="POST",route="\/api\/changes",status="201"\} 2/)
      assert.match(metrics.body, /record_logins_total\{outcome="ok"\} 1/)
      assert.equal(await server.stop(), 0)
      const log = server.output()
      assert.match(log, /stopped/)
      for (const secret of ['SECRETO', 'Secreta', 'secreta', ADMIN_PASSWORD, 'tragus'])
        assert.ok(!log.includes(secret), `${secret} in the log`)
      // Passwords are argon2id hashes at the documented parameters; sessions are kept as hashes of their tokens.
      const db = new DatabaseSync(join(server.dataDir, 'record.sqlite'))
      const hashes = db.prepare('SELECT password_hash AS h FROM users').all() as { h: string }[]
      assert.ok(
        hashes.length === 1 && hashes[0]?.h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'),
        JSON.stringify(hashes),
      )
      const tokens = db.prepare('SELECT token_hash AS t FROM sessions').all() as { t: string }[]
      assert.ok(tokens.length >= 1 && tokens.every((t) => /^[0-9a-f]{64}$/.test(t.t) && !admin.cookie?.includes(t.t)))
      // The audit trail is append-only in the database too.
      assert.throws(() => db.exec("UPDATE audit SET detail = 'changed'"), /append-only/)
      assert.throws(() => db.exec('DELETE FROM audit'), /append-only/)
      db.close()
    } finally {
      await server.dispose()
    }
  })

  it('refuses a database written by newer code, and leaves it as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'record-newer-'))
    try {
      const first = await startRecordServer({ dataDir })
      assert.equal(await first.stop(), 0)
      const db = new DatabaseSync(join(dataDir, 'record.sqlite'))
      db.exec(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', '2030-01-01T00:00:00.000Z')",
      )
      db.close()
      const { code, output } = await runRecordCommand([], { RECORD_DATA_DIR: dataDir, RECORD_PORT: '0' })
      assert.equal(code, 1)
      assert.match(output, /schema version 999, newer than this server's \(1\)/)
      const after = new DatabaseSync(join(dataDir, 'record.sqlite'), { readOnly: true })
      assert.equal((after.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v, 999)
      after.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
