/**
 * The embedded default's RecordStore: one SQLite database (Node's built-in
 * node:sqlite, Node >= 22.5; nothing to compile or download) at
 * <RECORD_DATA_DIR>/record.sqlite, in WAL mode with full sync, so a committed write
 * survives a crash or a power cut. Transactions are BEGIN IMMEDIATE (the write lock
 * at once: no two writers interleave, even from two processes) and queued in this
 * process, since node:sqlite is synchronous and one connection runs one at a time.
 * Reads (`read`) are deferred transactions on the same queue: a snapshot that takes no
 * write lock, so another process's writer is not held up by them (WAL).
 */
import { randomUUID } from 'node:crypto'
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { chainExisting } from './audit-chain.js'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js'
import {
  type AppliedChangeRow,
  type AuditEntry,
  type AuditQuery,
  type RecordReadTx,
  type RecordStore,
  type RecordTx,
  StoreError,
} from './store.js'
import {
  AUDIT_INSERT_COLUMNS,
  appliedChangeOf,
  auditLinkOf,
  auditOf,
  careDateOf,
  chainedAuditJson,
  deletionRequestOf,
  deletionRequestValues,
  num,
  PULL_PAGE_COLUMNS,
  patientOf,
  photoOf,
  pulledRowOf,
  sessionOf,
  ssoFlowOf,
  str,
  tombstoneOf,
  userOf,
  visitOf,
} from './store-rows.js'

export { StoreError }

type Row = Record<string, SQLInputValue>

export class SqliteStore implements RecordStore {
  private readonly db: DatabaseSync
  private readonly prepared = new Map<string, StatementSync>()
  private queue: Promise<unknown> = Promise.resolve()
  private readonly tx: RecordTx
  private count = 0

  /** Opens (creating it if missing) the database at `path` and applies the migrations it lacks. */
  constructor(path: string) {
    this.db = new DatabaseSync(path)
    this.db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
    )
    this.migrate()
    this.tx = this.makeTx()
  }

  /** The schema version the database is at (0: empty). */
  schemaVersion(): number {
    const row = this.db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as Row | undefined
    return row?.v === null || row?.v === undefined ? 0 : Number(row.v)
  }

  private migrate(): void {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT',
    )
    const version = this.schemaVersion()
    if (version > SCHEMA_VERSION)
      throw new StoreError(
        `the database is at schema version ${version}, newer than this server's (${SCHEMA_VERSION}): it was written by a newer release. Run that release (or newer), or restore a backup made by this one; nothing was changed.`,
      )
    for (const migration of MIGRATIONS) {
      if (migration.version <= version) continue
      this.db.exec('BEGIN IMMEDIATE')
      try {
        this.db.exec(migration.sql)
        if (migration.thenChainAudit) {
          const rows = this.db.prepare('SELECT * FROM audit').all() as Row[]
          const update = this.db.prepare('UPDATE audit SET chain_seq = ?, prev_hash = ?, hash = ? WHERE id = ?')
          for (const link of chainExisting(rows.map(auditOf)))
            update.run(link.chainSeq, link.prevHash, link.hash, link.id)
          this.db.exec(migration.thenChainAudit.sql)
        }
        this.db
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, new Date().toISOString())
        this.db.exec('COMMIT')
      } catch (error) {
        this.db.exec('ROLLBACK')
        throw error
      }
    }
    this.db
      .prepare("INSERT INTO meta (key, value) VALUES ('database_id', ?) ON CONFLICT (key) DO NOTHING")
      .run(randomUUID())
  }

  /** Gives the database a new id (a backup's copy: a new history for the devices' cursors). */
  static renewDatabaseId(path: string): void {
    const db = new DatabaseSync(path)
    try {
      db.prepare(
        "INSERT INTO meta (key, value) VALUES ('database_id', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ).run(randomUUID())
    } finally {
      db.close()
    }
  }

  private statement(sql: string): StatementSync {
    let s = this.prepared.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.prepared.set(sql, s)
    }
    return s
  }

  /** Statements run since the store opened (RecordStore.statements). */
  get statements(): number {
    return this.count
  }

  private get(sql: string, ...params: SQLInputValue[]): Row | undefined {
    this.count++
    return this.statement(sql).get(...params) as Row | undefined
  }

  private all(sql: string, ...params: SQLInputValue[]): Row[] {
    this.count++
    return this.statement(sql).all(...params) as Row[]
  }

  private run(sql: string, ...params: SQLInputValue[]): number {
    this.count++
    return Number(this.statement(sql).run(...params).changes)
  }

  private exec(sql: string): void {
    this.count++
    this.db.exec(sql)
  }

  private makeTx(): RecordTx {
    const get = this.get.bind(this)
    const all = this.all.bind(this)
    const run = this.run.bind(this)
    const one = <T>(row: Row | undefined, of: (r: Row) => T) => (row ? of(row) : undefined)
    return {
      userByEmail: async (email) => one(get('SELECT * FROM users WHERE email = ?', email), userOf),
      userById: async (id) => one(get('SELECT * FROM users WHERE id = ?', id), userOf),
      users: async () => all('SELECT * FROM users ORDER BY email').map(userOf),
      userCount: async () => num(get('SELECT count(*) AS n FROM users')?.n),
      insertUser: async (u) => {
        run(
          'INSERT INTO users (id, email, role, password_hash, failed_logins, locked_at, disabled_at, sso_subject, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          u.id,
          u.email,
          u.role,
          u.passwordHash,
          u.failedLogins,
          u.lockedAt,
          u.disabledAt,
          u.ssoSubject,
          u.created,
        )
      },
      updateUser: async (id, role, passwordHash) => {
        run('UPDATE users SET role = ?, password_hash = ? WHERE id = ?', role, passwordHash, id)
      },
      adminCount: async () =>
        num(get("SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL")?.n),
      setDisabled: async (id, disabledAt) => {
        run('UPDATE users SET disabled_at = ? WHERE id = ?', disabledAt, id)
      },
      userBySsoSubject: async (subject) => one(get('SELECT * FROM users WHERE sso_subject = ?', subject), userOf),
      setSsoSubject: async (id, subject) => {
        run('UPDATE users SET sso_subject = ? WHERE id = ?', subject, id)
      },
      insertSsoFlow: async (f) => {
        run(
          'INSERT INTO sso_flows (id_hash, state, nonce, code_verifier, return_to, expires) VALUES (?, ?, ?, ?, ?, ?)',
          f.idHash,
          f.state,
          f.nonce,
          f.codeVerifier,
          f.returnTo,
          f.expires,
        )
      },
      takeSsoFlow: async (hash) => {
        const flow = one(get('SELECT * FROM sso_flows WHERE id_hash = ?', hash), ssoFlowOf)
        if (flow) run('DELETE FROM sso_flows WHERE id_hash = ?', hash)
        return flow
      },
      deleteEndedSsoFlows: async (now) => run('DELETE FROM sso_flows WHERE expires <= ?', now),
      setLogin: async (id, failed, lockedAt) => {
        run('UPDATE users SET failed_logins = ?, locked_at = ? WHERE id = ?', failed, lockedAt, id)
      },
      insertSession: async (s) => {
        run(
          'INSERT INTO sessions (token_hash, user_id, csrf_token, created, expires, last_seen) VALUES (?, ?, ?, ?, ?, ?)',
          s.tokenHash,
          s.userId,
          s.csrfToken,
          s.created,
          s.expires,
          s.lastSeen,
        )
      },
      session: async (hash) => one(get('SELECT * FROM sessions WHERE token_hash = ?', hash), sessionOf),
      touchSession: async (hash, lastSeen) => {
        run('UPDATE sessions SET last_seen = ? WHERE token_hash = ?', lastSeen, hash)
      },
      deleteSession: async (hash) => {
        run('DELETE FROM sessions WHERE token_hash = ?', hash)
      },
      deleteSessionsOf: async (userId) => run('DELETE FROM sessions WHERE user_id = ?', userId),
      deleteEndedSessions: async (now, idleBefore) =>
        run('DELETE FROM sessions WHERE expires <= ? OR last_seen <= ?', now, idleBefore),
      patient: async (id) => one(get('SELECT * FROM patients WHERE id = ?', id), patientOf),
      patientByKey: async (key) => one(get('SELECT * FROM patients WHERE key = ?', key), patientOf),
      patients: async () => all('SELECT * FROM patients ORDER BY key').map(patientOf),
      putPatient: async (p) => {
        run(
          `INSERT INTO patients (id, identifier, key, name, notes, created, updated, rev, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET identifier = excluded.identifier, key = excluded.key, name = excluded.name,
             notes = excluded.notes, updated = excluded.updated, rev = excluded.rev, seq = excluded.seq`,
          p.id,
          p.identifier,
          p.key,
          p.name,
          p.notes,
          p.created,
          p.updated,
          p.rev,
          p.seq,
        )
      },
      deletePatient: async (id) => {
        run('DELETE FROM patients WHERE id = ?', id)
      },
      visit: async (id) => one(get('SELECT * FROM visits WHERE id = ?', id), visitOf),
      visitsOf: async (patientId) =>
        all('SELECT * FROM visits WHERE patient_id = ? ORDER BY date, created, id', patientId).map(visitOf),
      visitCount: async (patientId) => num(get('SELECT count(*) AS n FROM visits WHERE patient_id = ?', patientId)?.n),
      putVisit: async (v) => {
        run(
          `INSERT INTO visits (id, patient_id, date, created, updated, rev, seq, content, photos, copy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET patient_id = excluded.patient_id, date = excluded.date, updated = excluded.updated,
             rev = excluded.rev, seq = excluded.seq, content = excluded.content, photos = excluded.photos,
             copy = excluded.copy`,
          v.id,
          v.patientId,
          v.date,
          v.created,
          v.updated,
          v.rev,
          v.seq,
          v.content,
          v.photos,
          v.copy,
        )
      },
      deleteVisit: async (id) => {
        run('DELETE FROM visits WHERE id = ?', id)
      },
      visitCareDates: async () => all('SELECT patient_id, date, created FROM visits').map(careDateOf),
      photo: async (sha256) => one(get('SELECT * FROM photos WHERE sha256 = ?', sha256), photoOf),
      insertPhoto: async (p) => {
        run(
          'INSERT INTO photos (sha256, type, bytes, width, height, created) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING',
          p.sha256,
          p.type,
          p.bytes,
          p.width,
          p.height,
          p.created,
        )
      },
      photos: async () => all('SELECT * FROM photos ORDER BY created, sha256').map(photoOf),
      visitPhotoRefs: async () => all('SELECT photos FROM visits').map((r) => str(r.photos)),
      deletePhoto: async (sha256) => {
        run('DELETE FROM photos WHERE sha256 = ?', sha256)
      },
      photoBytesInDatabase: async () => null,
      tombstone: async (kind, id) =>
        one(get('SELECT * FROM tombstones WHERE kind = ? AND id = ?', kind, id), tombstoneOf),
      insertTombstone: async (t) => {
        run(
          'INSERT INTO tombstones (kind, id, seq, deleted_at, deleted_by) VALUES (?, ?, ?, ?, ?)',
          t.kind,
          t.id,
          t.seq,
          t.deletedAt,
          t.deletedBy,
        )
      },
      deletionRequest: async (id) => one(get('SELECT * FROM deletion_requests WHERE id = ?', id), deletionRequestOf),
      deletionRequests: async (status) =>
        (status === undefined
          ? all('SELECT * FROM deletion_requests ORDER BY requested_at, id')
          : all('SELECT * FROM deletion_requests WHERE status = ? ORDER BY requested_at, id', status)
        ).map(deletionRequestOf),
      pendingDeletionRequest: async (kind, entityId) =>
        one(
          get(
            "SELECT * FROM deletion_requests WHERE kind = ? AND entity_id = ? AND status = 'pending'",
            kind,
            entityId,
          ),
          deletionRequestOf,
        ),
      putDeletionRequest: async (d) => {
        run(
          `INSERT INTO deletion_requests (id, kind, entity_id, rev, patient_id, requested_by, requested_at, device_id, status, decided_by, decided_at, reason, comment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET status = excluded.status, decided_by = excluded.decided_by, decided_at = excluded.decided_at, reason = excluded.reason, comment = excluded.comment`,
          ...(deletionRequestValues(d) as SQLInputValue[]),
        )
      },
      databaseId: async () => str(get("SELECT value FROM meta WHERE key = 'database_id'")?.value),
      nextSeq: async () => num(get('UPDATE sequence SET value = value + 1 WHERE id = 1 RETURNING value')?.value),
      lastSeq: async () => num(get('SELECT value FROM sequence WHERE id = 1')?.value),
      // The page's keys from each table's seq index (at most `limit` from each), then their rows: one statement.
      pullPage: async (cursor, limit) =>
        all(
          `WITH page AS (
             SELECT kind, id, seq, deleted FROM (
               SELECT * FROM (SELECT 'patient' AS kind, id, seq, 0 AS deleted FROM patients WHERE seq > ?1 ORDER BY seq LIMIT ?2)
               UNION ALL SELECT * FROM (SELECT 'visit', id, seq, 0 FROM visits WHERE seq > ?1 ORDER BY seq LIMIT ?2)
               UNION ALL SELECT * FROM (SELECT kind, id, seq, 1 FROM tombstones WHERE seq > ?1 ORDER BY seq LIMIT ?2))
             ORDER BY seq LIMIT ?2)
           SELECT ${PULL_PAGE_COLUMNS} FROM page
             LEFT JOIN patients p ON page.kind = 'patient' AND page.deleted = 0 AND p.id = page.id
             LEFT JOIN visits v ON page.kind = 'visit' AND page.deleted = 0 AND v.id = page.id
           ORDER BY page.seq`,
          cursor,
          limit,
        ).map(pulledRowOf),
      appliedChange: async (changeId) =>
        one(get('SELECT * FROM applied_changes WHERE change_id = ?', changeId), appliedChangeOf),
      insertAppliedChange: async (c: AppliedChangeRow) => {
        run(
          'INSERT INTO applied_changes (change_id, user_id, result, at, content_hash) VALUES (?, ?, ?, ?, ?)',
          c.changeId,
          c.userId,
          c.result,
          c.at,
          c.contentHash,
        )
      },
      appendAudit: (e: AuditEntry) => this.tx.appendAudits([e]),
      appendAudits: async (entries) => {
        if (entries.length === 0) return
        // Inside BEGIN IMMEDIATE: no other writer, in this process or another, between this read and the insert.
        const last = this.get('SELECT chain_seq, hash FROM audit ORDER BY chain_seq DESC LIMIT 1')
        const json = chainedAuditJson(last && { chainSeq: num(last.chain_seq), hash: str(last.hash) }, entries)
        // One statement for the whole batch: the entries as one JSON array, inserted in its order.
        run(
          `INSERT INTO audit (${AUDIT_INSERT_COLUMNS.join(', ')})
           SELECT ${AUDIT_INSERT_COLUMNS.map((c) => `json_extract(value, '$.${c}')`).join(', ')}
           FROM json_each(?) ORDER BY key`,
          json,
        )
      },
      auditChain: async (afterSeq, limit) =>
        all('SELECT * FROM audit WHERE chain_seq > ? ORDER BY chain_seq LIMIT ?', afterSeq, limit).map(auditLinkOf),
      audit: async (q: AuditQuery) => {
        const where: string[] = []
        const params: SQLInputValue[] = []
        const add = (clause: string, value: SQLInputValue | undefined) => {
          if (value === undefined) return
          where.push(clause)
          params.push(value)
        }
        add('id > ?', q.afterId)
        add('recorded >= ?', q.from)
        add('recorded < ?', q.to)
        add('user_id = ?', q.userId)
        add('patient_id = ?', q.patientId)
        add('action = ?', q.action)
        const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT ?`
        return all(sql, ...params, q.limit).map(auditOf)
      },
    }
  }

  /** Runs `job` after every job queued before it, alone on the connection. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job)
    this.queue = next.catch(() => undefined)
    return next
  }

  transaction<T>(work: (tx: RecordTx) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      this.exec('BEGIN IMMEDIATE')
      try {
        const result = await work(this.tx)
        this.exec('COMMIT')
        return result
      } catch (error) {
        if (this.db.isTransaction) this.exec('ROLLBACK')
        throw error
      }
    })
  }

  read<T>(work: (tx: RecordReadTx) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      // Deferred: a read snapshot at its first statement, no write lock.
      this.exec('BEGIN')
      try {
        const result = await work(this.tx)
        this.exec('COMMIT')
        return result
      } catch (error) {
        if (this.db.isTransaction) this.exec('ROLLBACK')
        throw error
      }
    })
  }

  async ping(): Promise<boolean> {
    try {
      return this.get('SELECT 1 AS one')?.one === 1 && this.schemaVersion() === SCHEMA_VERSION
    } catch {
      return false
    }
  }

  backupTo(path: string): Promise<void> {
    // VACUUM INTO: a consistent copy (one read transaction, after the writes queued before), that any SQLite opens as it is.
    return this.enqueue(async () => {
      this.db.prepare('VACUUM INTO ?').run(path)
    })
  }

  async close(): Promise<void> {
    await this.queue
    this.db.close()
  }
}
