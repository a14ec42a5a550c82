/**
 * The record server's storage, as the HTTP layer sees it: one interface (RecordStore)
 * whose every read and write happens inside a transaction (all of it or nothing), so
 * that a second backend (PostgreSQL, next) is a second implementation of this file's
 * interfaces and nothing above it changes. sqlite-store.ts is the embedded default.
 *
 * Rows are plain data. A visit's content and photos are kept as the JSON text the
 * server admitted (content.ts), parsed only when answered.
 */

import type { Readable } from 'node:stream'
import type { AuditLink } from './audit-chain.js'

export const ROLES = ['admin', 'clinician', 'read-only'] as const
export type Role = (typeof ROLES)[number]

export interface UserRow {
  readonly id: string
  readonly email: string
  readonly role: Role
  readonly passwordHash: string
  /** Failed logins since the last success; at RECORD_LOCKOUT_FAILURES the account is locked. */
  readonly failedLogins: number
  /** ISO time it was locked, or null. */
  readonly lockedAt: string | null
  /** ISO time an admin disabled it, or null: a disabled user cannot sign in and has no session. */
  readonly disabledAt: string | null
  /** The single sign-on subject ('<issuer> <sub>') bound at its first sign-on through the provider, or null. */
  readonly ssoSubject: string | null
  readonly created: string
}

/** A single sign-on under way (sso.ts): what the callback checks, kept until it is used once or expires. */
export interface SsoFlowRow {
  /** SHA-256 (hex) of the browser's flow cookie. */
  readonly idHash: string
  readonly state: string
  readonly nonce: string
  /** PKCE: the verifier whose challenge went to the provider. */
  readonly codeVerifier: string
  /** Where the browser goes back to (an allowed origin's page). */
  readonly returnTo: string
  readonly expires: string
}

export interface SessionRow {
  /** SHA-256 (hex) of the cookie's token: the token itself is never stored. */
  readonly tokenHash: string
  readonly userId: string
  readonly csrfToken: string
  readonly created: string
  /** ISO time after which it is void however it is used (created + RECORD_SESSION_MAX_HOURS). */
  readonly expires: string
  /** ISO time of its last request (idle expiry: RECORD_SESSION_IDLE_MINUTES). */
  readonly lastSeen: string
}

export interface PatientRow {
  readonly id: string
  readonly identifier: string
  /** core/patient-identifier.ts identifierKey(identifier): unique among patients. */
  readonly key: string
  readonly name: string
  readonly notes: string
  readonly created: string
  readonly updated: string
  readonly rev: number
  /** The server sequence number of its last write (sync pull). */
  readonly seq: number
}

export interface VisitRow {
  readonly id: string
  readonly patientId: string
  /** YYYY-MM-DD, or ''. */
  readonly date: string
  readonly created: string
  readonly updated: string
  readonly rev: number
  readonly seq: number
  /** The assessment file, JSON text as admitted (content.ts). */
  readonly content: string
  /** The photos of its views, JSON text: {"lateral": {"sha256", "type", "width", "height"}, ...}. */
  readonly photos: string
  /** Its label as a copy kept by "keep both" in a sync conflict, JSON text (VisitCopyView), or null (migration 8). */
  readonly copy: string | null
}

export interface PhotoRow {
  /** SHA-256 of its bytes, lower-case hex: its name. */
  readonly sha256: string
  readonly type: string
  readonly bytes: number
  readonly width: number
  readonly height: number
  readonly created: string
}

/** A visit's patient and dates, as retention reads them. */
export type VisitCareDate = Pick<VisitRow, 'patientId' | 'date' | 'created'>

/** What remains of a deleted patient or visit: its id, so a pull tells devices and a write cannot bring it back. */
export interface TombstoneRow {
  readonly kind: 'patient' | 'visit'
  readonly id: string
  readonly seq: number
  readonly deletedAt: string
  readonly deletedBy: string
}

/** A clinician's request that an admin delete a patient or visit (deletion-requests.ts). */
export interface DeletionRequestRow {
  /** Made by the device (its outbox entry's change id), so asking again is one request. */
  readonly id: string
  readonly kind: 'patient' | 'visit'
  readonly entityId: string
  /** The revision the clinician deleted on the device. */
  readonly rev: number
  readonly patientId: string
  readonly requestedBy: string
  readonly requestedAt: string
  readonly deviceId: string | null
  readonly status: 'pending' | 'approved' | 'rejected'
  readonly decidedBy: string | null
  readonly decidedAt: string | null
  /** At approval within the retention period: why (retention.ts EARLY_DELETION_REASONS). */
  readonly reason: string | null
  /** The admin's words to the clinician (a rejection's why); '' when none. */
  readonly comment: string
}

/** A pushed change already applied: its id and the result sent, sent again when the same change is pushed again. */
export interface AppliedChangeRow {
  readonly changeId: string
  readonly userId: string
  readonly result: string
  readonly at: string
  /** The SHA-256 of the change's canonical JSON (sync.ts changeHash); null for changes applied before schema version 5. */
  readonly contentHash: string | null
}

/** One entry of the audit trail (audit.ts says what each field means, after FHIR AuditEvent). */
export interface AuditEntry {
  readonly recorded: string
  /** What happened: e.g. 'login', 'patient.read', 'visit.write' (audit.ts AUDIT_ACTIONS). */
  readonly action: string
  /** FHIR AuditEvent.outcome: 0 success, 4 minor failure (refused), 8 serious failure. */
  readonly outcome: 0 | 4 | 8
  readonly userId: string | null
  /** The email as given (a failed login names who was tried). */
  readonly userEmail: string | null
  readonly role: Role | null
  readonly patientId: string | null
  readonly visitId: string | null
  readonly deviceId: string | null
  readonly address: string
  /** More, for people: why it was refused, the revision written, how many entries a list held. */
  readonly detail: string
}

export interface AuditRow extends AuditEntry {
  readonly id: number
}

export interface AuditQuery {
  readonly afterId?: number
  readonly from?: string
  readonly to?: string
  readonly userId?: string
  readonly patientId?: string
  readonly action?: string
  readonly limit: number
}

/** An entity changed after a cursor: its kind, id and sequence (the pull reads its current state). */
export interface ChangedEntity {
  readonly kind: 'patient' | 'visit'
  readonly id: string
  readonly seq: number
  readonly deleted: boolean
}

/**
 * One entity of a pull page with its current row, read by one statement (RecordTx.pullPage):
 * `patient` or `visit` is there unless the entity is deleted (a tombstone).
 */
export interface PulledRow extends ChangedEntity {
  readonly patient?: PatientRow
  readonly visit?: VisitRow
}

/** Reads and writes inside one transaction. Async so that a network database implements it as it is. */
export interface RecordTx {
  userByEmail(email: string): Promise<UserRow | undefined>
  userById(id: string): Promise<UserRow | undefined>
  users(): Promise<UserRow[]>
  userCount(): Promise<number>
  insertUser(user: UserRow): Promise<void>
  setLogin(id: string, failedLogins: number, lockedAt: string | null): Promise<void>
  /** Sets a user's role and password hash. */
  updateUser(id: string, role: Role, passwordHash: string): Promise<void>
  /** Admins who are not disabled. */
  adminCount(): Promise<number>
  /** Disables a user (an ISO time) or enables it again (null). */
  setDisabled(id: string, disabledAt: string | null): Promise<void>
  userBySsoSubject(subject: string): Promise<UserRow | undefined>
  setSsoSubject(id: string, subject: string): Promise<void>
  insertSsoFlow(flow: SsoFlowRow): Promise<void>
  /** The flow under `idHash`, removed (a flow is used once); undefined when there is none. */
  takeSsoFlow(idHash: string): Promise<SsoFlowRow | undefined>
  /** Removes flows that expired before `now`. */
  deleteEndedSsoFlows(now: string): Promise<number>

  insertSession(session: SessionRow): Promise<void>
  session(tokenHash: string): Promise<SessionRow | undefined>
  touchSession(tokenHash: string, lastSeen: string): Promise<void>
  deleteSession(tokenHash: string): Promise<void>
  /** Removes sessions that ended before `now` (expired, or idle since `idleBefore`). */
  deleteEndedSessions(now: string, idleBefore: string): Promise<number>
  /** Ends every session of a user (its password changed, or it was disabled). */
  deleteSessionsOf(userId: string): Promise<number>

  patient(id: string): Promise<PatientRow | undefined>
  patientByKey(key: string): Promise<PatientRow | undefined>
  patients(): Promise<PatientRow[]>
  /** Inserts or replaces the patient under its id (the caller has checked its revision). */
  putPatient(patient: PatientRow): Promise<void>
  deletePatient(id: string): Promise<void>

  visit(id: string): Promise<VisitRow | undefined>
  visitsOf(patientId: string): Promise<VisitRow[]>
  visitCount(patientId: string): Promise<number>
  putVisit(visit: VisitRow): Promise<void>
  deleteVisit(id: string): Promise<void>
  /** Every visit's patient, date and creation time (retention.ts: the last care date of each patient). */
  visitCareDates(): Promise<VisitCareDate[]>

  photo(sha256: string): Promise<PhotoRow | undefined>
  insertPhoto(photo: PhotoRow): Promise<void>
  /** Every photo's row, oldest first (photo-collection.ts). */
  photos(): Promise<PhotoRow[]>
  /** The photos JSON text of every visit (photo-collection.ts: which photos a visit names). */
  visitPhotoRefs(): Promise<string[]>
  /** Removes a photo's row, and its bytes where the database keeps them (PostgreSQL's photo_chunks). */
  deletePhoto(sha256: string): Promise<void>
  /**
   * Whether the database holds a photo's bytes: true or false on PostgreSQL (photo_chunks);
   * null on the embedded store, whose bytes are files (PhotoStore.has answers).
   */
  photoBytesInDatabase(sha256: string): Promise<boolean | null>

  tombstone(kind: 'patient' | 'visit', id: string): Promise<TombstoneRow | undefined>
  insertTombstone(tombstone: TombstoneRow): Promise<void>

  deletionRequest(id: string): Promise<DeletionRequestRow | undefined>
  /** Requests by status (all when undefined), oldest first. */
  deletionRequests(status?: DeletionRequestRow['status']): Promise<DeletionRequestRow[]>
  /** The pending request for a patient or visit, if any. */
  pendingDeletionRequest(kind: 'patient' | 'visit', entityId: string): Promise<DeletionRequestRow | undefined>
  /** Inserts a request, or writes its decision (status, decided_by, decided_at, reason, comment) under its id. */
  putDeletionRequest(request: DeletionRequestRow): Promise<void>

  /**
   * This database's id: made when it is created, and anew in a backup's copy, so a
   * restored database is a new history whose sequence numbers are not the old ones (a
   * device's cursor belongs to one id; under another it pulls from 0).
   */
  databaseId(): Promise<string>

  /** The next server sequence number: strictly increasing, in commit order (writers are serialised on it). */
  nextSeq(): Promise<number>
  /** The last sequence number given (0: none). */
  lastSeq(): Promise<number>
  /**
   * Patients, visits and tombstones whose last write is after `cursor`, by sequence, at most
   * `limit`, each with its row: one statement whatever `limit` is (a pull page, sync.ts pull).
   */
  pullPage(cursor: number, limit: number): Promise<PulledRow[]>

  appliedChange(changeId: string): Promise<AppliedChangeRow | undefined>
  insertAppliedChange(row: AppliedChangeRow): Promise<void>

  /**
   * Appends to the audit trail, chained to the last entry (audit-chain.ts chainLink: read
   * and written under the transaction's write lock); there is no way to change or remove an entry.
   */
  appendAudit(entry: AuditEntry): Promise<void>
  /** Appends `entries` in their order, chained as appendAudit chains one: one statement however many there are. */
  appendAudits(entries: readonly AuditEntry[]): Promise<void>
  audit(query: AuditQuery): Promise<AuditRow[]>
  /** Entries with their chain fields, chain_seq above `afterSeq`, in chain order, at most `limit` (verify-audit). */
  auditChain(afterSeq: number, limit: number): Promise<AuditLink[]>
}

/**
 * What a read of the record may do: read, never write (RecordStore.read). Its audit entries
 * go to the batch writer (audit-batch.ts), which appends them in a transaction of its own.
 */
export type RecordReadTx = Pick<
  RecordTx,
  'session' | 'userById' | 'patient' | 'patients' | 'visit' | 'visitsOf' | 'photo' | 'pullPage' | 'databaseId' | 'audit'
>

export interface RecordStore {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back (nothing
   * written) when it throws. Transactions do not interleave their writes.
   */
  transaction<T>(work: (tx: RecordTx) => Promise<T>): Promise<T>
  /**
   * Runs `work` on one consistent snapshot of the database without the writers' lock
   * (docs/record-server.md, "Concurrency"): a read waits for no writer, and no writer for it,
   * beyond what the database itself does (SQLite's one connection in this process).
   */
  read<T>(work: (tx: RecordReadTx) => Promise<T>): Promise<T>
  /** Statements this store has run since it opened (BEGIN and COMMIT included): `record_db_statements_total`. */
  readonly statements: number
  /** Whether the database answers (GET /ready). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

/**
 * Where photos' bytes are kept, by their SHA-256 (content-addressed: the same bytes
 * are one blob however many visits name them). Bytes go in and out as streams, a
 * chunk at a time, so a photo is never held whole in memory (docs/record-server.md,
 * "Photos"): an upload is received into a temporary place (`receive`), stored under
 * its hash only once the caller has seen the whole and checked the hash (`commit`:
 * durable when it resolves, all or nothing), and comes before the photos row that
 * names it, so a photo the database names always has its bytes. blobs.ts keeps files
 * beside the embedded database; postgres-store.ts chunk rows in the database.
 */
export interface PhotoStore {
  /** Starts receiving a photo's bytes into a temporary place of their own (nothing under any hash yet). */
  receive(): Promise<PhotoUpload>
  /**
   * The bytes stored under `sha256`, `bytes` long (the photos row's length), as a stream that
   * reads the next chunk only when its reader asks for it; rejects when there are none.
   */
  read(sha256: string, bytes: number): Promise<Readable>
  /** Whether bytes are stored under `sha256`. */
  has(sha256: string): Promise<boolean>
  /**
   * Removes the bytes under `sha256` (none: nothing to do), called inside the transaction that
   * found the photo has no row (photo-collection.ts), so no upload's row can come between.
   */
  remove(sha256: string): Promise<void>
}

/** One upload's bytes on their way in (PhotoStore.receive). */
export interface PhotoUpload {
  /** Appends the next bytes; resolves when they may be dropped from memory (written, or kept in one bounded chunk). */
  write(chunk: Uint8Array): Promise<void>
  /**
   * Stores what was written under `sha256` (the caller has checked that it hashes to it):
   * durable and whole when it resolves; bytes already there are kept as they are. May be
   * called again (a photo collection removed them meanwhile), until `discard`.
   */
  commit(sha256: string): Promise<void>
  /** Throws the temporary bytes away (called once, last, whether committed or not): nothing of an upload is left but what `commit` stored. */
  discard(): Promise<void>
}

/** The database cannot be used by this code (newer than it, unreadable, unreachable at start); the message says what to do. */
export class StoreError extends Error {
  override name = 'StoreError'
}

/**
 * Every connection to the database stayed in use for as long as a request may wait for one
 * (connection-queue.ts): nothing was read or written; the request may be sent again after
 * `retryAfterSeconds` (503 `unavailable` with Retry-After).
 */
export class StoreBusy extends Error {
  override name = 'StoreBusy'
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}

/** A transaction's work stopped on purpose: rolled back, and `answer` sent (a refusal with nothing written). */
export class Rollback<T> extends Error {
  override name = 'Rollback'
  constructor(readonly answer: T) {
    super('rolled back')
  }
}
