/**
 * Rows of the record's tables as both stores read them (store-queries.ts, for sqlite-store.ts
 * and postgres-store.ts): the same columns under the same names in both schemas (migrations.ts),
 * mapped here once to store.ts's plain data.
 */
import { type AuditLink, chainLink } from './audit-chain.js'
import type {
  AppliedChangeRow,
  AuditEntry,
  AuditRow,
  DeletionRequestRow,
  PatientRow,
  PhotoRow,
  PulledRow,
  Role,
  SessionRow,
  SsoFlowRow,
  TombstoneRow,
  UserRow,
  VisitCareDate,
  VisitRow,
} from './store.js'

/** A row as a driver returns it: columns by name. */
export type Row = Record<string, unknown>

export const str = (v: unknown): string => String(v)
export const num = (v: unknown): number => Number(v)
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))

export const userOf = (r: Row): UserRow => ({
  id: str(r.id),
  email: str(r.email),
  role: str(r.role) as Role,
  passwordHash: str(r.password_hash),
  failedLogins: num(r.failed_logins),
  lockedAt: strOrNull(r.locked_at),
  disabledAt: strOrNull(r.disabled_at),
  ssoSubject: strOrNull(r.sso_subject),
  created: str(r.created),
})
export const ssoFlowOf = (r: Row): SsoFlowRow => ({
  idHash: str(r.id_hash),
  state: str(r.state),
  nonce: str(r.nonce),
  codeVerifier: str(r.code_verifier),
  returnTo: str(r.return_to),
  expires: str(r.expires),
})
export const sessionOf = (r: Row): SessionRow => ({
  tokenHash: str(r.token_hash),
  userId: str(r.user_id),
  csrfToken: str(r.csrf_token),
  created: str(r.created),
  expires: str(r.expires),
  lastSeen: str(r.last_seen),
})
export const patientOf = (r: Row): PatientRow => ({
  id: str(r.id),
  identifier: str(r.identifier),
  key: str(r.key),
  name: str(r.name),
  notes: str(r.notes),
  created: str(r.created),
  updated: str(r.updated),
  rev: num(r.rev),
  seq: num(r.seq),
})
export const visitOf = (r: Row): VisitRow => ({
  id: str(r.id),
  patientId: str(r.patient_id),
  date: str(r.date),
  created: str(r.created),
  updated: str(r.updated),
  rev: num(r.rev),
  seq: num(r.seq),
  content: str(r.content),
  photos: str(r.photos),
  copy: r.copy === null || r.copy === undefined ? null : str(r.copy),
})
export const photoOf = (r: Row): PhotoRow => ({
  sha256: str(r.sha256),
  type: str(r.type),
  bytes: num(r.bytes),
  width: num(r.width),
  height: num(r.height),
  created: str(r.created),
})
export const auditOf = (r: Row): AuditRow => ({
  id: num(r.id),
  recorded: str(r.recorded),
  action: str(r.action),
  outcome: num(r.outcome) as AuditRow['outcome'],
  userId: strOrNull(r.user_id),
  userEmail: strOrNull(r.user_email),
  role: strOrNull(r.role) as Role | null,
  patientId: strOrNull(r.patient_id),
  visitId: strOrNull(r.visit_id),
  deviceId: strOrNull(r.device_id),
  address: str(r.address),
  detail: str(r.detail),
})
export const auditLinkOf = (r: Row): AuditLink => ({
  ...auditOf(r),
  chainSeq: num(r.chain_seq),
  prevHash: str(r.prev_hash),
  hash: str(r.hash),
})
export const tombstoneOf = (r: Row): TombstoneRow => ({
  kind: str(r.kind) as TombstoneRow['kind'],
  id: str(r.id),
  seq: num(r.seq),
  deletedAt: str(r.deleted_at),
  deletedBy: str(r.deleted_by),
})
export const appliedChangeOf = (r: Row): AppliedChangeRow => ({
  changeId: str(r.change_id),
  userId: str(r.user_id),
  result: str(r.result),
  at: str(r.at),
  contentHash: strOrNull(r.content_hash),
})
export const careDateOf = (r: Row): VisitCareDate => ({
  patientId: str(r.patient_id),
  date: str(r.date),
  created: str(r.created),
})
export const deletionRequestOf = (r: Row): DeletionRequestRow => ({
  id: str(r.id),
  kind: str(r.kind) as DeletionRequestRow['kind'],
  entityId: str(r.entity_id),
  rev: num(r.rev),
  patientId: str(r.patient_id),
  requestedBy: str(r.requested_by),
  requestedAt: str(r.requested_at),
  deviceId: strOrNull(r.device_id),
  status: str(r.status) as DeletionRequestRow['status'],
  decidedBy: strOrNull(r.decided_by),
  decidedAt: strOrNull(r.decided_at),
  reason: strOrNull(r.reason),
  comment: str(r.comment),
})
/** A row of a pull page's statement (store-queries.ts PULL_PAGE_COLUMNS): the entity, with its patient or visit row when it has one. */
export function pulledRowOf(r: Row): PulledRow {
  const kind = str(r.kind) as PulledRow['kind']
  const id = str(r.id)
  const seq = num(r.seq)
  const deleted = r.deleted === true || r.deleted === 1 || r.deleted === 1n
  const entity = { kind, id, seq, deleted }
  if (deleted) return entity
  if (kind === 'patient' && r.p_key !== null && r.p_key !== undefined)
    return {
      ...entity,
      patient: patientOf({
        id,
        seq,
        identifier: r.p_identifier,
        key: r.p_key,
        name: r.p_name,
        notes: r.p_notes,
        created: r.p_created,
        updated: r.p_updated,
        rev: r.p_rev,
      }),
    }
  if (kind === 'visit' && r.v_patient_id !== null && r.v_patient_id !== undefined)
    return {
      ...entity,
      visit: visitOf({
        id,
        seq,
        patient_id: r.v_patient_id,
        date: r.v_date,
        created: r.v_created,
        updated: r.v_updated,
        rev: r.v_rev,
        content: r.v_content,
        photos: r.v_photos,
        copy: r.v_copy,
      }),
    }
  return entity
}

/**
 * Audit entries chained after `last` (the chain's last entry, or none) as one JSON array of
 * objects named by the audit table's columns: the single parameter of the appendAudits
 * statement (store-queries.ts), which inserts every entry in the array's order.
 */
export function chainedAuditJson(
  last: { readonly chainSeq: number; readonly hash: string } | undefined,
  entries: readonly AuditEntry[],
): string {
  let previous = last
  const rows = entries.map((e) => {
    const link = chainLink(previous, e)
    previous = link
    return {
      recorded: e.recorded,
      action: e.action,
      outcome: e.outcome,
      user_id: e.userId,
      user_email: e.userEmail,
      role: e.role,
      patient_id: e.patientId,
      visit_id: e.visitId,
      device_id: e.deviceId,
      address: e.address,
      detail: e.detail,
      chain_seq: link.chainSeq,
      prev_hash: link.prevHash,
      hash: link.hash,
    }
  })
  return JSON.stringify(rows)
}

/** The audit table's columns an appended entry fills, in the order of its INSERT (store-queries.ts appendAudits). */
export const AUDIT_INSERT_COLUMNS = [
  'recorded',
  'action',
  'outcome',
  'user_id',
  'user_email',
  'role',
  'patient_id',
  'visit_id',
  'device_id',
  'address',
  'detail',
  'chain_seq',
  'prev_hash',
  'hash',
] as const
