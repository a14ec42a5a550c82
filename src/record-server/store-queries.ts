/**
 * Every SQL statement of the record's transactions (store.ts RecordTx), and those that drive
 * the migrations, written once for both stores: the text is a function of the dialect
 * (sql-dialect.ts holds every difference), made once per dialect, and `recordTx` is the one
 * RecordTx over any connection that runs it (sqlite-store.ts's node:sqlite, postgres-store.ts's
 * pg client). Rows are mapped by store-rows.ts.
 *
 * Chosen over a query builder (Kysely) for what the stores need (issue 43): Kysely 0.29 has no
 * node:sqlite driver (its SqliteDialect wants better-sqlite3's statements), prepares each query
 * anew where the embedded store keeps its statements prepared, rebuilds and compiles a query on
 * every call (microseconds each, on the pull path too), and the two statements that make a pull
 * page and an audit batch one statement each (a CTE over UNION ALL of limited subqueries; a JSON
 * array's rows) would be raw SQL in it all the same; its migrator would replace schema_migrations.
 */
import type { Dialect } from './sql-dialect.js'
import type {
  AppliedChangeRow,
  AuditQuery,
  DeletionRequestRow,
  PatientRow,
  PhotoRow,
  RecordTx,
  SessionRow,
  SsoFlowRow,
  TombstoneRow,
  UserRow,
  VisitRow,
} from './store.js'
import {
  AUDIT_INSERT_COLUMNS,
  appliedChangeOf,
  auditLinkOf,
  auditOf,
  careDateOf,
  chainedAuditJson,
  deletionRequestOf,
  num,
  patientOf,
  photoOf,
  pulledRowOf,
  type Row,
  sessionOf,
  ssoFlowOf,
  str,
  tombstoneOf,
  userOf,
  visitOf,
} from './store-rows.js'

/** A value or the promise of one: node:sqlite answers at once, pg later. */
type Awaitable<T> = T | Promise<T>

/** One connection (inside its transaction) as recordTx uses it: each call one statement, `params` by number. */
export interface Connection {
  all(sql: string, params: readonly unknown[]): Awaitable<Row[]>
  /** The first row, or undefined. */
  get(sql: string, params: readonly unknown[]): Awaitable<Row | undefined>
  /** The number of rows changed. */
  run(sql: string, params: readonly unknown[]): Awaitable<number>
}

/** A table's columns in order, each with the field of the row type it is written from. */
type Columns<T> = readonly (readonly [column: string, field: keyof T & string])[]

const USER: Columns<UserRow> = [
  ['id', 'id'],
  ['email', 'email'],
  ['role', 'role'],
  ['password_hash', 'passwordHash'],
  ['failed_logins', 'failedLogins'],
  ['locked_at', 'lockedAt'],
  ['disabled_at', 'disabledAt'],
  ['sso_subject', 'ssoSubject'],
  ['created', 'created'],
]
const SSO_FLOW: Columns<SsoFlowRow> = [
  ['id_hash', 'idHash'],
  ['state', 'state'],
  ['nonce', 'nonce'],
  ['code_verifier', 'codeVerifier'],
  ['return_to', 'returnTo'],
  ['expires', 'expires'],
]
const SESSION: Columns<SessionRow> = [
  ['token_hash', 'tokenHash'],
  ['user_id', 'userId'],
  ['csrf_token', 'csrfToken'],
  ['created', 'created'],
  ['expires', 'expires'],
  ['last_seen', 'lastSeen'],
]
const PATIENT: Columns<PatientRow> = [
  ['id', 'id'],
  ['identifier', 'identifier'],
  ['key', 'key'],
  ['name', 'name'],
  ['notes', 'notes'],
  ['created', 'created'],
  ['updated', 'updated'],
  ['rev', 'rev'],
  ['seq', 'seq'],
]
const VISIT: Columns<VisitRow> = [
  ['id', 'id'],
  ['patient_id', 'patientId'],
  ['date', 'date'],
  ['created', 'created'],
  ['updated', 'updated'],
  ['rev', 'rev'],
  ['seq', 'seq'],
  ['content', 'content'],
  ['photos', 'photos'],
  ['copy', 'copy'],
]
const PHOTO: Columns<PhotoRow> = [
  ['sha256', 'sha256'],
  ['type', 'type'],
  ['bytes', 'bytes'],
  ['width', 'width'],
  ['height', 'height'],
  ['created', 'created'],
]
const TOMBSTONE: Columns<TombstoneRow> = [
  ['kind', 'kind'],
  ['id', 'id'],
  ['seq', 'seq'],
  ['deleted_at', 'deletedAt'],
  ['deleted_by', 'deletedBy'],
]
const DELETION_REQUEST: Columns<DeletionRequestRow> = [
  ['id', 'id'],
  ['kind', 'kind'],
  ['entity_id', 'entityId'],
  ['rev', 'rev'],
  ['patient_id', 'patientId'],
  ['requested_by', 'requestedBy'],
  ['requested_at', 'requestedAt'],
  ['device_id', 'deviceId'],
  ['status', 'status'],
  ['decided_by', 'decidedBy'],
  ['decided_at', 'decidedAt'],
  ['reason', 'reason'],
  ['comment', 'comment'],
]
const APPLIED_CHANGE: Columns<AppliedChangeRow> = [
  ['change_id', 'changeId'],
  ['user_id', 'userId'],
  ['result', 'result'],
  ['at', 'at'],
  ['content_hash', 'contentHash'],
]

/** A row's values in its table's column order (the parameters of `insert`). */
const valuesOf = <T>(columns: Columns<T>, row: T): unknown[] => columns.map(([, field]) => row[field])

/**
 * The columns a pull page's one statement answers (pullPage): the entity's kind, id, seq and
 * whether it is deleted, then its patient's columns prefixed p_ or its visit's v_ (store-rows.ts pulledRowOf).
 */
const PULL_PAGE_COLUMNS = `page.kind, page.id, page.seq, page.deleted,
  p.identifier AS p_identifier, p.key AS p_key, p.name AS p_name, p.notes AS p_notes,
  p.created AS p_created, p.updated AS p_updated, p.rev AS p_rev,
  v.patient_id AS v_patient_id, v.date AS v_date, v.created AS v_created, v.updated AS v_updated,
  v.rev AS v_rev, v.content AS v_content, v.photos AS v_photos, v.copy AS v_copy`

/** The statements of `d`'s dialect, each a text made once (statementsOf). */
function statements(d: Dialect) {
  const p = d.param
  const insert = <T>(table: string, columns: Columns<T>) =>
    `INSERT INTO ${table} (${columns.map(([c]) => c).join(', ')}) VALUES (${columns.map((_, i) => p(i + 1)).join(', ')})`
  // Inserts the row, or writes `update` (columns of `columns`) over the one under the same `key`.
  const upsert = <T>(table: string, columns: Columns<T>, key: string, update: readonly (keyof T & string)[]) =>
    `${insert(table, columns)} ON CONFLICT (${key}) DO UPDATE SET ${update
      .map((field) => columns.find(([, f]) => f === field)?.[0])
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`
  const where = (table: string, condition: string) => `SELECT * FROM ${table} WHERE ${condition}`
  return {
    userByEmail: where('users', `email = ${p(1)}`),
    userById: where('users', `id = ${p(1)}`),
    users: `SELECT * FROM users ORDER BY ${d.byteOrder('email')}`,
    userCount: 'SELECT count(*) AS n FROM users',
    insertUser: insert('users', USER),
    updateUser: `UPDATE users SET role = ${p(1)}, password_hash = ${p(2)} WHERE id = ${p(3)}`,
    adminCount: "SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL",
    setDisabled: `UPDATE users SET disabled_at = ${p(1)} WHERE id = ${p(2)}`,
    userBySsoSubject: where('users', `sso_subject = ${p(1)}`),
    setSsoSubject: `UPDATE users SET sso_subject = ${p(1)} WHERE id = ${p(2)}`,
    setLogin: `UPDATE users SET failed_logins = ${p(1)}, locked_at = ${p(2)} WHERE id = ${p(3)}`,
    insertSsoFlow: insert('sso_flows', SSO_FLOW),
    takeSsoFlow: `DELETE FROM sso_flows WHERE id_hash = ${p(1)} RETURNING *`,
    deleteEndedSsoFlows: `DELETE FROM sso_flows WHERE expires <= ${p(1)}`,
    insertSession: insert('sessions', SESSION),
    session: where('sessions', `token_hash = ${p(1)}`),
    touchSession: `UPDATE sessions SET last_seen = ${p(1)} WHERE token_hash = ${p(2)}`,
    deleteSession: `DELETE FROM sessions WHERE token_hash = ${p(1)}`,
    deleteSessionsOf: `DELETE FROM sessions WHERE user_id = ${p(1)}`,
    deleteEndedSessions: `DELETE FROM sessions WHERE expires <= ${p(1)} OR last_seen <= ${p(2)}`,
    patient: where('patients', `id = ${p(1)}`),
    patientByKey: where('patients', `key = ${p(1)}`),
    patients: `SELECT * FROM patients ORDER BY ${d.byteOrder('key')}`,
    putPatient: upsert('patients', PATIENT, 'id', ['identifier', 'key', 'name', 'notes', 'updated', 'rev', 'seq']),
    deletePatient: `DELETE FROM patients WHERE id = ${p(1)}`,
    visit: where('visits', `id = ${p(1)}`),
    visitsOf: `${where('visits', `patient_id = ${p(1)}`)} ORDER BY ${['date', 'created', 'id'].map(d.byteOrder).join(', ')}`,
    visitCount: `SELECT count(*) AS n FROM visits WHERE patient_id = ${p(1)}`,
    putVisit: upsert('visits', VISIT, 'id', [
      'patientId',
      'date',
      'updated',
      'rev',
      'seq',
      'content',
      'photos',
      'copy',
    ]),
    deleteVisit: `DELETE FROM visits WHERE id = ${p(1)}`,
    visitCareDates: 'SELECT patient_id, date, created FROM visits',
    photo: where('photos', `sha256 = ${p(1)}`),
    insertPhoto: `${insert('photos', PHOTO)} ON CONFLICT (sha256) DO NOTHING`,
    photos: 'SELECT * FROM photos ORDER BY created, sha256',
    visitPhotoRefs: 'SELECT photos FROM visits',
    deletePhoto: `DELETE FROM photos WHERE sha256 = ${p(1)}`,
    deletePhotoChunks: `DELETE FROM photo_chunks WHERE sha256 = ${p(1)}`,
    photoChunk: `SELECT 1 AS present FROM photo_chunks WHERE sha256 = ${p(1)} AND seq = 0`,
    tombstone: where('tombstones', `kind = ${p(1)} AND id = ${p(2)}`),
    insertTombstone: insert('tombstones', TOMBSTONE),
    deletionRequest: where('deletion_requests', `id = ${p(1)}`),
    deletionRequests: 'SELECT * FROM deletion_requests ORDER BY requested_at, id',
    deletionRequestsBy: `${where('deletion_requests', `status = ${p(1)}`)} ORDER BY requested_at, id`,
    pendingDeletionRequest: where('deletion_requests', `kind = ${p(1)} AND entity_id = ${p(2)} AND status = 'pending'`),
    putDeletionRequest: upsert('deletion_requests', DELETION_REQUEST, 'id', [
      'status',
      'decidedBy',
      'decidedAt',
      'reason',
      'comment',
    ]),
    databaseId: "SELECT value FROM meta WHERE key = 'database_id'",
    nextSeq: 'UPDATE sequence SET value = value + 1 WHERE id = 1 RETURNING value',
    lastSeq: 'SELECT value FROM sequence WHERE id = 1',
    // The page's keys from each table's seq index (at most `limit` from each), then their rows: one statement.
    // `deleted` is 0 or 1 in both dialects (pulledRowOf reads either).
    pullPage: `WITH page AS (
         SELECT kind, id, seq, deleted FROM (
           SELECT * FROM (SELECT 'patient' AS kind, id, seq, 0 AS deleted FROM patients WHERE seq > ${p(1)} ORDER BY seq LIMIT ${p(2)}) AS changed_patients
           UNION ALL SELECT * FROM (SELECT 'visit', id, seq, 0 FROM visits WHERE seq > ${p(1)} ORDER BY seq LIMIT ${p(2)}) AS changed_visits
           UNION ALL SELECT * FROM (SELECT kind, id, seq, 1 FROM tombstones WHERE seq > ${p(1)} ORDER BY seq LIMIT ${p(2)}) AS deleted_entities) AS changed
         ORDER BY seq LIMIT ${p(2)})
       SELECT ${PULL_PAGE_COLUMNS} FROM page
         LEFT JOIN patients p ON page.kind = 'patient' AND page.deleted = 0 AND p.id = page.id
         LEFT JOIN visits v ON page.kind = 'visit' AND page.deleted = 0 AND v.id = page.id
       ORDER BY page.seq`,
    appliedChange: where('applied_changes', `change_id = ${p(1)}`),
    insertAppliedChange: insert('applied_changes', APPLIED_CHANGE),
    lastAudit: 'SELECT chain_seq, hash FROM audit ORDER BY chain_seq DESC LIMIT 1',
    // One statement for a whole batch: the entries as one JSON array (chainedAuditJson), inserted in its order.
    appendAudits: `INSERT INTO audit (${AUDIT_INSERT_COLUMNS.join(', ')})
       ${d.jsonArrayRows(p(1), AUDIT_INSERT_COLUMNS, ['outcome', 'chain_seq'])}`,
    auditChain: `SELECT * FROM audit WHERE chain_seq > ${p(1)} ORDER BY chain_seq LIMIT ${p(2)}`,

    // The migrations' own statements (each store applies migrations.ts's texts between them).
    createSchemaMigrations: `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)${d.tableOptions}`,
    schemaVersion: 'SELECT max(version) AS v FROM schema_migrations',
    insertMigration: `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${p(1)}, ${p(2)}, ${p(3)})`,
    everyAudit: 'SELECT * FROM audit',
    chainAudit: `UPDATE audit SET chain_seq = ${p(1)}, prev_hash = ${p(2)}, hash = ${p(3)} WHERE id = ${p(4)}`,
    makeDatabaseId: `INSERT INTO meta (key, value) VALUES ('database_id', ${p(1)}) ON CONFLICT (key) DO NOTHING`,
    renewDatabaseId: `INSERT INTO meta (key, value) VALUES ('database_id', ${p(1)}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  } as const
}

export type Statements = ReturnType<typeof statements>

const made = new Map<Dialect, Statements>()

/** The statements in `d`'s dialect, made at its first use and kept (a store prepares each text once). */
export function statementsOf(d: Dialect): Statements {
  let s = made.get(d)
  if (!s) {
    s = statements(d)
    made.set(d, s)
  }
  return s
}

/**
 * The audit trail's entries that match `query`, by id: its filters are the ones given, so the
 * statement's text is made for each call (a handful of forms, all of them prepared once by SQLite).
 */
function auditQuery(d: Dialect, q: AuditQuery): { sql: string; params: unknown[] } {
  const where: string[] = []
  const params: unknown[] = []
  const add = (column: string, op: string, value: unknown) => {
    if (value === undefined) return
    params.push(value)
    where.push(`${column} ${op} ${d.param(params.length)}`)
  }
  add('id', '>', q.afterId)
  add('recorded', '>=', q.from)
  add('recorded', '<', q.to)
  add('user_id', '=', q.userId)
  add('patient_id', '=', q.patientId)
  add('action', '=', q.action)
  params.push(q.limit)
  const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT ${d.param(params.length)}`
  return { sql, params }
}

/** RecordTx on `db`, a connection inside its transaction (the store began it and ends it), in `d`'s dialect. */
export function recordTx(db: Connection, d: Dialect): RecordTx {
  const q = statementsOf(d)
  const one = async <T>(row: Awaitable<Row | undefined>, of: (r: Row) => T) => {
    const r = await row
    return r ? of(r) : undefined
  }
  const many = async <T>(rows: Awaitable<Row[]>, of: (r: Row) => T) => (await rows).map(of)
  const first = (sql: string, ...params: unknown[]) => db.get(sql, params)
  const all = (sql: string, ...params: unknown[]) => db.all(sql, params)
  const run = async (sql: string, ...params: unknown[]) => {
    await db.run(sql, params)
  }
  const count = async (sql: string, ...params: unknown[]) => num((await db.get(sql, params))?.n)
  const tx: RecordTx = {
    userByEmail: (email) => one(first(q.userByEmail, email), userOf),
    userById: (id) => one(first(q.userById, id), userOf),
    users: () => many(all(q.users), userOf),
    userCount: () => count(q.userCount),
    insertUser: (u) => run(q.insertUser, ...valuesOf(USER, u)),
    setLogin: (id, failed, lockedAt) => run(q.setLogin, failed, lockedAt, id),
    updateUser: (id, role, passwordHash) => run(q.updateUser, role, passwordHash, id),
    adminCount: () => count(q.adminCount),
    setDisabled: (id, disabledAt) => run(q.setDisabled, disabledAt, id),
    userBySsoSubject: (subject) => one(first(q.userBySsoSubject, subject), userOf),
    setSsoSubject: (id, subject) => run(q.setSsoSubject, subject, id),
    insertSsoFlow: (f) => run(q.insertSsoFlow, ...valuesOf(SSO_FLOW, f)),
    takeSsoFlow: (hash) => one(first(q.takeSsoFlow, hash), ssoFlowOf),
    deleteEndedSsoFlows: async (now) => db.run(q.deleteEndedSsoFlows, [now]),

    insertSession: (s) => run(q.insertSession, ...valuesOf(SESSION, s)),
    session: (hash) => one(first(q.session, hash), sessionOf),
    touchSession: (hash, lastSeen) => run(q.touchSession, lastSeen, hash),
    deleteSession: (hash) => run(q.deleteSession, hash),
    deleteEndedSessions: async (now, idleBefore) => db.run(q.deleteEndedSessions, [now, idleBefore]),
    deleteSessionsOf: async (userId) => db.run(q.deleteSessionsOf, [userId]),

    patient: (id) => one(first(q.patient, id), patientOf),
    patientByKey: (key) => one(first(q.patientByKey, key), patientOf),
    patients: () => many(all(q.patients), patientOf),
    putPatient: (patient) => run(q.putPatient, ...valuesOf(PATIENT, patient)),
    deletePatient: (id) => run(q.deletePatient, id),

    visit: (id) => one(first(q.visit, id), visitOf),
    visitsOf: (patientId) => many(all(q.visitsOf, patientId), visitOf),
    visitCount: (patientId) => count(q.visitCount, patientId),
    putVisit: (visit) => run(q.putVisit, ...valuesOf(VISIT, visit)),
    deleteVisit: (id) => run(q.deleteVisit, id),
    visitCareDates: () => many(all(q.visitCareDates), careDateOf),

    photo: (sha256) => one(first(q.photo, sha256), photoOf),
    insertPhoto: (photo) => run(q.insertPhoto, ...valuesOf(PHOTO, photo)),
    photos: () => many(all(q.photos), photoOf),
    visitPhotoRefs: () => many(all(q.visitPhotoRefs), (r) => str(r.photos)),
    deletePhoto: async (sha256) => {
      await run(q.deletePhoto, sha256)
      if (d.photoBytesInDatabase) await run(q.deletePhotoChunks, sha256)
    },
    photoBytesInDatabase: async (sha256) =>
      d.photoBytesInDatabase ? (await first(q.photoChunk, sha256)) !== undefined : null,

    tombstone: (kind, id) => one(first(q.tombstone, kind, id), tombstoneOf),
    insertTombstone: (t) => run(q.insertTombstone, ...valuesOf(TOMBSTONE, t)),

    deletionRequest: (id) => one(first(q.deletionRequest, id), deletionRequestOf),
    deletionRequests: (status) =>
      many(status === undefined ? all(q.deletionRequests) : all(q.deletionRequestsBy, status), deletionRequestOf),
    pendingDeletionRequest: (kind, entityId) => one(first(q.pendingDeletionRequest, kind, entityId), deletionRequestOf),
    putDeletionRequest: (request) => run(q.putDeletionRequest, ...valuesOf(DELETION_REQUEST, request)),

    databaseId: async () => str((await first(q.databaseId))?.value),
    nextSeq: async () => num((await first(q.nextSeq))?.value),
    lastSeq: async () => num((await first(q.lastSeq))?.value),
    pullPage: (cursor, limit) => many(all(q.pullPage, cursor, limit), pulledRowOf),

    appliedChange: (changeId) => one(first(q.appliedChange, changeId), appliedChangeOf),
    insertAppliedChange: (c) => run(q.insertAppliedChange, ...valuesOf(APPLIED_CHANGE, c)),

    appendAudit: (entry) => tx.appendAudits([entry]),
    appendAudits: async (entries) => {
      if (entries.length === 0) return
      // Inside the store's write lock (SQLite's BEGIN IMMEDIATE; PostgreSQL's TRANSACTION_LOCK, which every
      // replica's transactions take): no other append between this read and the insert, so the chain has no
      // fork (chain_seq is UNIQUE as well).
      const last = await first(q.lastAudit)
      await run(
        q.appendAudits,
        chainedAuditJson(last && { chainSeq: num(last.chain_seq), hash: str(last.hash) }, entries),
      )
    },
    audit: (query) => {
      const { sql, params } = auditQuery(d, query)
      return many(all(sql, ...params), auditOf)
    },
    auditChain: (afterSeq, limit) => many(all(q.auditChain, afterSeq, limit), auditLinkOf),
  }
  return tx
}
