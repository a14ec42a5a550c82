/**
 * The record server as an operator meets it (docs/record-server.md, "Operations"):
 * configuration refused with a message saying what to set; /health, /ready and
 * /metrics; a graceful stop on SIGTERM; logs without patient data; the audit trail
 * append-only in the database itself; and a database written by newer code refused
 * at start, unchanged. Over each store (the embedded SQLite and PostgreSQL), with
 * PostgreSQL's own: /ready failing while the database does not answer, and the
 * database URL's password kept out of the log.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { hashPassword } from '../../src/record-server/auth.js'
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/record-server/migrations.js'
import { postgresSkip, sharedPostgres, testStores, useOwnPostgres } from '../support/postgres.js'
import { serverDatabase } from '../support/record-database.js'
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
import { waitUntilAnswering } from '../support/server-process.js'

const database = serverDatabase

describe('record server: configuration', () => {
  it('refuses to start without a data directory, saying what to set', async () => {
    const { code, output } = await runRecordCommand([], { RECORD_DATA_DIR: '' })
    assert.equal(code, 1)
    assert.match(output, /RECORD_DATA_DIR is not set/)
    const port = await runRecordCommand([], { RECORD_DATA_DIR: '/tmp/unused', RECORD_PORT: '8000' })
    assert.equal(port.code, 1)
    assert.match(port.output, /metrics service's port/)
  })
})

// It kills and restarts PostgreSQL: a cluster of its own, not the test layer's.
useOwnPostgres()

for (const store of testStores()) {
  describe(`record server (${store.name}): start, operations and stop`, { skip: store.skip }, () => {
    it('serves /health, /ready and /metrics, keeps patient data out of its log, and stops on SIGTERM', async () => {
      const server = await startRecordServer({ database: await store.database(), env: { RECORD_LOG_LEVEL: 'info' } })
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
        const db = await database(server)
        const hashes = (await db.query('SELECT password_hash AS h FROM users')) as { h: string }[]
        assert.ok(
          hashes.length === 1 && hashes[0]?.h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'),
          JSON.stringify(hashes),
        )
        const tokens = (await db.query('SELECT token_hash AS t FROM sessions')) as { t: string }[]
        assert.ok(tokens.length >= 1 && tokens.every((t) => /^[0-9a-f]{64}$/.test(t.t) && !admin.cookie?.includes(t.t)))
        // The audit trail is append-only in the database too.
        const entries = (await db.query('SELECT count(*) AS n FROM audit'))[0]?.n
        assert.ok(Number(entries) >= 3)
        await assert.rejects(db.exec("UPDATE audit SET detail = 'changed'"), /append-only/)
        await assert.rejects(db.exec('DELETE FROM audit'), /append-only/)
        if (store.name === 'postgres') await assert.rejects(db.exec('TRUNCATE audit'), /append-only/)
        assert.equal((await db.query('SELECT count(*) AS n FROM audit'))[0]?.n, entries)
        await db.close()
      } finally {
        await server.dispose()
      }
    })

    it('refuses a database written by newer code, and leaves it as it was', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'record-newer-'))
      try {
        const first = await startRecordServer({ dataDir, database: await store.database() })
        assert.equal(await first.stop(), 0)
        const db = await database(first)
        await db.exec(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', '2030-01-01T00:00:00.000Z')",
        )
        const { code, output } = await runRecordCommand(
          [],
          first.database === undefined
            ? { RECORD_DATA_DIR: dataDir, RECORD_PORT: '0' }
            : { RECORD_DATABASE_URL: first.database, RECORD_PORT: '0' },
        )
        assert.equal(code, 1)
        assert.match(output, new RegExp(`schema version 999, newer than this server's \\(${SCHEMA_VERSION}\\)`))
        assert.equal(Number((await db.query('SELECT max(version) AS v FROM schema_migrations'))[0]?.v), 999)
        assert.equal(
          Number((await db.query('SELECT count(*) AS n FROM schema_migrations'))[0]?.n),
          MIGRATIONS.length + 1,
        )
        await db.close()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    })
  })
}

for (const store of testStores()) {
  describe(`record server (${store.name}): migrations`, { skip: store.skip }, () => {
    it('migrates a database of schema version 1 to this version, keeping its users (enabled) and their sessions working', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'record-v1-'))
      const url = await store.database()
      const target = { dataDir, database: url }
      const first = MIGRATIONS[0]
      assert.ok(first && first.version === 1)
      const email = 'clinician-v1@clinic.test'
      const password = 'a password set under version 1'
      const hash = await hashPassword(password)
      try {
        const db = await database(target)
        await db.exec(
          'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
        )
        await db.exec(url === undefined ? first.sql : first.postgres)
        await db.exec(
          `INSERT INTO schema_migrations (version, name, applied_at) VALUES (1, 'v1', '2026-01-01T00:00:00.000Z');
           INSERT INTO users (id, email, role, password_hash, failed_logins, locked_at, created)
             VALUES ('u-v1', '${email}', 'clinician', '${hash}', 0, NULL, '2026-01-01T00:00:00.000Z')`,
        )
        await db.close()
        const server = await startRecordServer(target)
        try {
          const client = new RecordClient(server.url)
          const login = await client.login(email, password)
          assert.equal(login.status, 200, JSON.stringify(login.body))
          assert.equal(login.body.user.disabled, false)
          assert.equal((await client.request('GET', '/api/patients')).status, 200)
          const after = await database(target)
          assert.equal(
            Number((await after.query('SELECT max(version) AS v FROM schema_migrations'))[0]?.v),
            SCHEMA_VERSION,
          )
          await after.close()
        } finally {
          await server.stop()
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    })

    it("moves the photos of schema version 6 (PostgreSQL's photo_blobs, one bytea each) into 256 KiB chunk rows, byte for byte", {
      skip: store.name !== 'postgres' && 'photo_blobs was PostgreSQL only (the embedded store keeps files)',
    }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'record-v6-'))
      const url = await store.database()
      const target = { dataDir, database: url }
      // 2.5 chunks, and one byte short of a chunk (33 bytes of PNG header, the rest random).
      const photos = [pngPhoto(40, 60, 655_360 - 33), pngPhoto(40, 60, 262_143 - 33)]
      try {
        const db = await database(target)
        await db.exec(
          'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
        )
        for (const migration of MIGRATIONS.filter((m) => m.version <= 6)) {
          await db.exec(migration.postgres)
          if (migration.thenChainAudit) await db.exec(migration.thenChainAudit.postgres)
          await db.exec(
            `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, 'v', '2026-01-01T00:00:00.000Z')`,
          )
        }
        for (const bytes of photos)
          await db.exec(
            `INSERT INTO photos (sha256, type, bytes, width, height, created) VALUES ('${sha256Of(bytes)}', 'image/png', ${bytes.length}, 40, 60, '2026-01-01T00:00:00.000Z');
             INSERT INTO photo_blobs (sha256, bytes) VALUES ('${sha256Of(bytes)}', '\\x${Buffer.from(bytes).toString('hex')}')`,
          )
        await db.close()
        const server = await startRecordServer(target)
        try {
          const admin = new RecordClient(server.url)
          assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
          for (const bytes of photos) {
            const read = await fetch(`${server.url}/api/photos/${sha256Of(bytes)}`, {
              headers: { cookie: admin.cookie as string },
            })
            assert.equal(read.status, 200)
            assert.equal(read.headers.get('content-length'), String(bytes.length))
            assert.equal(sha256Of(new Uint8Array(await read.arrayBuffer())), sha256Of(bytes))
          }
          const after = await database(target)
          assert.deepEqual(
            (await after.query('SELECT length(bytes) AS n FROM photo_chunks ORDER BY n')).map((r) => Number(r.n)),
            [131_072, 262_143, 262_144, 262_144],
          )
          assert.deepEqual(await after.query("SELECT to_regclass('photo_blobs') AS t"), [{ t: null }])
          await after.close()
        } finally {
          await server.stop()
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    })
  })
}

describe('record server (postgres): the database down and back, and its URL', { skip: postgresSkip() }, () => {
  it('answers /ready with 503 while PostgreSQL does not answer, and 200 again once it does, while /health stays 200', async () => {
    const cluster = await sharedPostgres()
    const server = await startRecordServer({ database: await cluster.createDatabase() })
    try {
      assert.equal((await fetch(`${server.url}/ready`)).status, 200)
      await cluster.kill()
      const down = await fetch(`${server.url}/ready`)
      assert.equal(down.status, 503)
      assert.equal(((await down.json()) as { error: { type: string } }).error.type, 'unavailable')
      assert.equal((await fetch(`${server.url}/health`)).status, 200)
      await cluster.start()
      // Ready again once PostgreSQL is: a pooled connection the crash broke may fail one more ping (a 503
      // a readiness probe simply asks again after), so this waits for the first 200 rather than taking one answer.
      await waitUntilAnswering(undefined, `${server.url}/ready`, 'the record server', 30_000)
    } finally {
      await server.dispose()
    }
  })

  it('keeps the password of RECORD_DATABASE_URL out of its log and its messages', async () => {
    const cluster = await sharedPostgres()
    // Trust authentication in the test cluster: any password is accepted, so it can be looked for afterwards.
    const secret = 'pw-never-logged-4711'
    const url = (await cluster.createDatabase()).replace('postgres@', `postgres:${secret}@`)
    const server = await startRecordServer({ database: url, env: { RECORD_LOG_LEVEL: 'trace' } })
    await server.stop()
    assert.ok(!server.output().includes(secret), server.output())
    // A database that is not there: the start fails saying what to check, without the URL's password.
    const missing = await runRecordCommand([], {
      RECORD_DATABASE_URL: `postgres://postgres:${secret}@127.0.0.1:${cluster.port}/no_such_database`,
      RECORD_PORT: '0',
    })
    assert.equal(missing.code, 1)
    assert.match(missing.output, /cannot open the PostgreSQL database of RECORD_DATABASE_URL/)
    assert.ok(!missing.output.includes(secret), missing.output)
    await server.dispose()
  })
})
