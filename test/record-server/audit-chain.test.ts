/**
 * The audit trail an operator cannot rewrite unseen (docs/record-server.md, "Audit
 * trail" and "The audit table's owner"; issue 40, defect 2). Over each store: entries
 * chained by hash; `verify-audit` passes the intact chain and prints its last hash, and
 * names the first broken entry (exit 2) when one was edited, deleted or reordered
 * directly in the database (as the file's holder, or PostgreSQL's owner with the
 * triggers disabled); the server's own check in /metrics, intact and broken. On
 * PostgreSQL with two roles: the schema migrated by its owner (`migrate` with
 * RECORD_DATABASE_OWNER_URL), the server serving as a role that may only INSERT and
 * SELECT on audit, refused on every statement that would change it or lift its triggers;
 * and a server on a single role warned at start.
 */
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { MIGRATIONS } from '../../src/record-server/migrations.js'
import { waitForOutputLine } from '../support/log-lines.js'
import { postgresSkip, sharedPostgres, testStores } from '../support/postgres.js'
import { directDatabase } from '../support/record-database.js'
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

const database = directDatabase

/** A few entries of every kind: a login, writes, reads, a pull and the audit read. */
async function someEntries(url: string): Promise<void> {
  const admin = new RecordClient(url)
  assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
  const patient = await admin.request('POST', '/api/changes', {
    change_id: 'chain-1',
    op: 'put_patient',
    base_rev: null,
    patient: { id: 'p-chain', identifier: 'CHAIN-1', name: 'N', notes: '', created: '2026-01-01T00:00:00.000Z' },
  })
  assert.equal(patient.status, 201, JSON.stringify(patient.body))
  const visit = await admin.request('POST', '/api/changes', {
    change_id: 'chain-2',
    op: 'put_visit',
    base_rev: null,
    visit: {
      id: 'v-chain',
      patient_id: 'p-chain',
      date: '',
      created: '2026-01-01T00:00:00.000Z',
      content: assessment(),
      photos: {},
    },
  })
  assert.equal(visit.status, 201, JSON.stringify(visit.body))
  assert.equal((await admin.request('GET', '/api/patients/p-chain')).status, 200)
  assert.equal((await admin.request('GET', '/api/sync/pull?cursor=0')).status, 200)
  assert.equal((await admin.request('GET', '/api/audit')).status, 200)
  assert.equal((await admin.request('DELETE', '/api/session')).status, 204)
}

const metric = (text: string, name: string): number | undefined => {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

for (const store of testStores()) {
  describe(`record server (${store.name}): the audit trail's hash chain`, { skip: store.skip }, () => {
    it('passes the intact chain and names an edited, a deleted and a reordered entry; /metrics says so', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'record-chain-'))
      const url = await store.database()
      const cluster = store.name === 'postgres' ? await sharedPostgres() : undefined
      try {
        const server = await startRecordServer({
          dataDir: join(dir, 'live'),
          database: url,
          env: { RECORD_LOG_LEVEL: 'info' },
        })
        try {
          await someEntries(server.url)
          // The check at start has run (it logs its result), and /metrics shows it.
          await waitForOutputLine(server.output, (l) => l.msg === 'audit trail verified')
          const metrics = (await new RecordClient(server.url).request('GET', '/metrics')).body as string
          assert.equal(metric(metrics, 'record_audit_chain_ok'), 1, metrics)
          assert.ok((metric(metrics, 'record_audit_verified_timestamp_seconds') ?? 0) > 0, metrics)
        } finally {
          assert.equal(await server.stop(), 0)
        }

        // A copy of the database per tampering (SQLite: VACUUM INTO; PostgreSQL: a database made from it as a template).
        const live = url === undefined ? { file: join(dir, 'live', 'record.sqlite') } : { url }
        const copy = async (name: string): Promise<{ file?: string; url?: string; env: Record<string, string> }> => {
          if (url === undefined || cluster === undefined) {
            const file = join(dir, name, 'record.sqlite')
            mkdirSync(join(dir, name), { mode: 0o700 })
            const source = await database(live)
            await source.exec(`VACUUM INTO '${file}'`)
            await source.close()
            return { file, env: { RECORD_DATA_DIR: join(dir, name), RECORD_DATABASE_URL: '' } }
          }
          const dbName = `${new URL(url).pathname.slice(1)}_${name}`
          const admin = await database({ url: cluster.url() })
          await admin.exec(`CREATE DATABASE ${dbName} TEMPLATE ${new URL(url).pathname.slice(1)}`)
          await admin.close()
          return { url: cluster.url(dbName), env: { RECORD_DATABASE_URL: cluster.url(dbName), RECORD_DATA_DIR: '' } }
        }
        /** Runs `statements` with the append-only triggers out of the way, as the file's holder or the table's owner can. */
        const tamper = async (target: { file?: string; url?: string }, statements: string[]) => {
          const db = await database(target)
          if (target.file !== undefined) await db.exec('DROP TRIGGER audit_no_update; DROP TRIGGER audit_no_delete;')
          else await db.exec('ALTER TABLE audit DISABLE TRIGGER USER')
          for (const sql of statements) await db.exec(sql)
          if (target.url !== undefined) await db.exec('ALTER TABLE audit ENABLE TRIGGER USER')
          await db.close()
        }
        const idAt = async (target: { file?: string; url?: string }, seq: number) => {
          const db = await database(target)
          const id = Number((await db.query(`SELECT id FROM audit WHERE chain_seq = ${seq}`))[0]?.id)
          await db.close()
          return id
        }

        const edited = await copy('edited')
        const deleted = await copy('deleted')
        const reordered = await copy('reordered')

        const intact = await runRecordCommand(
          ['verify-audit'],
          url === undefined
            ? { RECORD_DATA_DIR: join(dir, 'live'), RECORD_DATABASE_URL: '' }
            : { RECORD_DATABASE_URL: url, RECORD_DATA_DIR: '' },
        )
        assert.equal(intact.code, 0, intact.output)
        const count = /audit trail OK: (\d+) entries/.exec(intact.output)
        assert.ok(count && Number(count[1]) >= 8, intact.output)
        assert.match(intact.output, /last hash [0-9a-f]{64}/)

        const editedId = await idAt(edited, 3)
        await tamper(edited, ["UPDATE audit SET detail = 'rewritten' WHERE chain_seq = 3"])
        const afterEdit = await runRecordCommand(['verify-audit'], edited.env)
        assert.equal(afterEdit.code, 2, afterEdit.output)
        assert.match(
          afterEdit.output,
          new RegExp(`BROKEN at entry id ${editedId} \\(chain_seq 3\\), after 2 intact entries: .*edited`),
        )

        const nextId = await idAt(deleted, 4)
        await tamper(deleted, ['DELETE FROM audit WHERE chain_seq = 3'])
        const afterDelete = await runRecordCommand(['verify-audit'], deleted.env)
        assert.equal(afterDelete.code, 2, afterDelete.output)
        assert.match(
          afterDelete.output,
          new RegExp(`BROKEN at entry id ${nextId} \\(chain_seq 4\\).*chain_seq 3 is missing`),
        )

        const movedId = await idAt(reordered, 4)
        await tamper(reordered, [
          'UPDATE audit SET chain_seq = -1 WHERE chain_seq = 3',
          'UPDATE audit SET chain_seq = 3 WHERE chain_seq = 4',
          'UPDATE audit SET chain_seq = 4 WHERE chain_seq = -1',
        ])
        const afterReorder = await runRecordCommand(['verify-audit'], reordered.env)
        assert.equal(afterReorder.code, 2, afterReorder.output)
        assert.match(afterReorder.output, new RegExp(`BROKEN at entry id ${movedId} \\(chain_seq 3\\).*reordered`))

        // The server's own check finds the edit too, logs it and says so in /metrics.
        const broken = await startRecordServer({
          dataDir: edited.file === undefined ? join(dir, 'served') : join(dir, 'edited'),
          database: edited.url,
          env: { RECORD_LOG_LEVEL: 'info' },
        })
        try {
          const line = await waitForOutputLine(broken.output, (l) => /^audit trail broken/.test(l.msg ?? ''))
          assert.equal(line.chain_seq, 3)
          assert.equal(line.reason, 'edited')
          const metrics = (await new RecordClient(broken.url).request('GET', '/metrics')).body as string
          assert.equal(metric(metrics, 'record_audit_chain_ok'), 0, metrics)
          assert.equal(metric(metrics, 'record_audit_chain_entries'), 2, metrics)
        } finally {
          await broken.stop()
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}

for (const store of testStores()) {
  describe(`record server (${store.name}): entries written before the chain`, { skip: store.skip }, () => {
    it('chains the entries of a database at schema version 5 in id order when it migrates', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'record-chain-v5-'))
      const url = await store.database()
      try {
        mkdirSync(join(dir, 'data'), { mode: 0o700 })
        const db = await database(url === undefined ? { file: join(dir, 'data', 'record.sqlite') } : { url })
        await db.exec(
          'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
        )
        for (const migration of MIGRATIONS.filter((m) => m.version <= 5)) {
          await db.exec(url === undefined ? migration.sql : migration.postgres)
          await db.exec(
            `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, 'v', '2026-01-01T00:00:00.000Z')`,
          )
        }
        for (const action of ['login', 'patient.list', 'logout'])
          await db.exec(
            `INSERT INTO audit (recorded, action, outcome, user_id, address, detail) VALUES ('2026-01-01T00:00:00.000Z', '${action}', 0, 'u-1', '127.0.0.1', '')`,
          )
        await db.close()
        const env =
          url === undefined
            ? { RECORD_DATA_DIR: join(dir, 'data'), RECORD_DATABASE_URL: '' }
            : { RECORD_DATABASE_URL: url, RECORD_DATA_DIR: '' }
        const verified = await runRecordCommand(['verify-audit'], env)
        assert.equal(verified.code, 0, verified.output)
        assert.match(verified.output, /audit trail OK: 3 entries/)
        const after = await database(url === undefined ? { file: join(dir, 'data', 'record.sqlite') } : { url })
        const rows = await after.query('SELECT action, chain_seq FROM audit ORDER BY id')
        assert.deepEqual(
          rows.map((r) => [r.action, Number(r.chain_seq)]),
          [
            ['login', 1],
            ['patient.list', 2],
            ['logout', 3],
          ],
        )
        // The append-only trigger is back after the migration lifted it.
        await assert.rejects(after.exec("UPDATE audit SET detail = 'x'"), /append-only/)
        await after.close()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}

describe('record server (postgres): the audit table belongs to a role the server does not log in as', {
  skip: postgresSkip(),
}, () => {
  it('migrates as the owner, serves as a role that may only INSERT and SELECT on audit, and that role is refused the rest', async () => {
    const cluster = await sharedPostgres()
    const suffix = Math.random().toString(16).slice(2, 10)
    const [owner, role, name] = [`record_owner_${suffix}`, `record_server_${suffix}`, `record_roles_${suffix}`]
    const superuser = await database({ url: cluster.url() })
    await superuser.exec(`CREATE ROLE ${owner} LOGIN; CREATE ROLE ${role} LOGIN`)
    await superuser.exec(`CREATE DATABASE ${name} OWNER ${owner}`)
    await superuser.close()
    const ownerUrl = `postgres://${owner}@127.0.0.1:${cluster.port}/${name}`
    const serverUrl = `postgres://${role}@127.0.0.1:${cluster.port}/${name}`
    const dir = mkdtempSync(join(tmpdir(), 'record-roles-'))
    try {
      // The server's role cannot make the schema: it says to migrate as the owner.
      const refused = await runRecordCommand([], {
        RECORD_DATABASE_URL: serverUrl,
        RECORD_DATA_DIR: '',
        RECORD_PORT: '0',
      })
      assert.equal(refused.code, 1, refused.output)
      assert.match(refused.output, /migrate.*RECORD_DATABASE_OWNER_URL/)
      const migrated = await runRecordCommand(['migrate'], {
        RECORD_DATABASE_URL: serverUrl,
        RECORD_DATABASE_OWNER_URL: ownerUrl,
        RECORD_DATA_DIR: '',
      })
      assert.equal(migrated.code, 0, migrated.output)
      assert.match(
        migrated.output,
        new RegExp(`owned by ${owner}; ${role} \\(the server's role\\) may SELECT and INSERT on audit only`),
      )

      const server = await startRecordServer({
        dataDir: join(dir, 'data'),
        database: serverUrl,
        env: { RECORD_LOG_LEVEL: 'info' },
      })
      try {
        await someEntries(server.url)
        // A photo through the server's role: the grants cover its staged and stored chunks (photo_uploads, photo_chunks).
        const admin = new RecordClient(server.url)
        assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
        const photo = pngPhoto(40, 60, 300_000)
        const stored = await admin.request('PUT', `/api/photos/${sha256Of(photo)}`, photo)
        assert.equal(stored.status, 201, JSON.stringify(stored.body))
        const read = await fetch(`${server.url}/api/photos/${sha256Of(photo)}`, {
          headers: { cookie: admin.cookie as string },
        })
        assert.equal(sha256Of(new Uint8Array(await read.arrayBuffer())), sha256Of(photo))
        await waitForOutputLine(server.output, (l) => l.msg === 'audit trail verified')
        assert.doesNotMatch(server.output(), /not protected/)
      } finally {
        assert.equal(await server.stop(), 0)
      }

      const asServer = await database({ url: serverUrl })
      try {
        const entries = Number((await asServer.query('SELECT count(*) AS n FROM audit'))[0]?.n)
        assert.ok(entries >= 8)
        for (const sql of [
          "UPDATE audit SET detail = 'rewritten'",
          'DELETE FROM audit',
          'TRUNCATE audit',
          'ALTER TABLE audit DISABLE TRIGGER USER',
          'ALTER TABLE audit DISABLE TRIGGER audit_no_update',
          'DROP TRIGGER audit_no_update ON audit',
          'DROP TABLE audit',
          'ALTER TABLE audit OWNER TO CURRENT_USER',
          'SET session_replication_role = replica',
        ])
          await assert.rejects(asServer.exec(sql), /permission denied|must be owner/, sql)
        assert.equal(Number((await asServer.query('SELECT count(*) AS n FROM audit'))[0]?.n), entries)
      } finally {
        await asServer.close()
      }
      const verified = await runRecordCommand(['verify-audit'], { RECORD_DATABASE_URL: serverUrl, RECORD_DATA_DIR: '' })
      assert.equal(verified.code, 0, verified.output)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('warns at start when the server logs in as a role that could rewrite the audit table', async () => {
    const server = await startRecordServer({
      database: await (await sharedPostgres()).createDatabase(),
      env: { RECORD_LOG_LEVEL: 'info' },
    })
    try {
      const line = await waitForOutputLine(server.output, (l) => /not protected/.test(l.msg ?? ''))
      assert.ok(
        Array.isArray(line.reasons) && line.reasons.some((r) => /superuser/.test(String(r))),
        JSON.stringify(line),
      )
    } finally {
      await server.dispose()
    }
  })
})
