/**
 * The audit trail: what is recorded for every read and write of patient data and
 * every login, logout and failed login (who, when, what, outcome, from which device
 * and address), and how an admin exports it (JSON, or CSV through the project's one
 * CSV writer, core/files/csv.ts, whose cells are safe to open in a spreadsheet).
 *
 * Append-only: the store's interface (store.ts RecordTx) has appendAudit and audit
 * (a query) and nothing else for it; the database refuses UPDATE and DELETE on the
 * table by triggers (migrations.ts); entries carry no patient data beyond ids. Each
 * entry is chained to the one before by hash (audit-chain.ts), so whoever lifts the
 * triggers still cannot edit, delete or reorder an entry unseen (verify-audit).
 *
 * Shaped after FHIR R4 AuditEvent (docs/record-server.md, "Audit trail", has the
 * mapping): each action names its AuditEvent.type/subtype and action code.
 */
import { csvText } from '#core/files/csv.js'
import type { AuditEntry, AuditRow, Role } from './store.js'

/** FHIR AuditEvent.action: Create, Read, Update, Delete, Execute. */
export type FhirAction = 'C' | 'R' | 'U' | 'D' | 'E'

/** Every action recorded, with its FHIR AuditEvent type (DICOM/HL7 code) and action. */
export const AUDIT_ACTIONS = {
  login: { type: 'DCM 110114 User Authentication', subtype: 'DCM 110122 Login', action: 'E' },
  logout: { type: 'DCM 110114 User Authentication', subtype: 'DCM 110123 Logout', action: 'E' },
  'patient.list': { type: 'rest', subtype: 'search-type', action: 'R' },
  'patient.read': { type: 'rest', subtype: 'read', action: 'R' },
  'patient.write': { type: 'rest', subtype: 'update', action: 'U' },
  'patient.delete': { type: 'rest', subtype: 'delete', action: 'D' },
  'visit.read': { type: 'rest', subtype: 'read', action: 'R' },
  'visit.write': { type: 'rest', subtype: 'update', action: 'U' },
  'visit.move': { type: 'rest', subtype: 'update', action: 'U' },
  'visit.delete': { type: 'rest', subtype: 'delete', action: 'D' },
  'photo.read': { type: 'rest', subtype: 'read', action: 'R' },
  'photo.write': { type: 'rest', subtype: 'create', action: 'C' },
  'sync.pull': { type: 'rest', subtype: 'history-system', action: 'R' },
  'retention.list': { type: 'rest', subtype: 'search-type', action: 'R' },
  'deletion.request': { type: 'rest', subtype: 'create', action: 'C' },
  'deletion.list': { type: 'rest', subtype: 'search-type', action: 'R' },
  'deletion.read': { type: 'rest', subtype: 'read', action: 'R' },
  'deletion.approve': { type: 'rest', subtype: 'update', action: 'U' },
  'deletion.reject': { type: 'rest', subtype: 'update', action: 'U' },
  'photo.list': { type: 'rest', subtype: 'search-type', action: 'R' },
  'photo.collect': { type: 'rest', subtype: 'delete', action: 'D' },
  'user.create': { type: 'DCM 110136 Security Roles Changed', subtype: 'create', action: 'C' },
  'user.update': { type: 'DCM 110136 Security Roles Changed', subtype: 'update', action: 'U' },
  'user.disable': { type: 'DCM 110136 Security Roles Changed', subtype: 'update', action: 'U' },
  'user.enable': { type: 'DCM 110136 Security Roles Changed', subtype: 'update', action: 'U' },
  'user.unlock': { type: 'DCM 110136 Security Roles Changed', subtype: 'update', action: 'U' },
  'user.list': { type: 'DCM 110136 Security Roles Changed', subtype: 'search-type', action: 'R' },
  'audit.read': { type: 'DCM 110101 Audit Log Used', subtype: 'search-type', action: 'R' },
} as const satisfies Record<string, { type: string; subtype: string; action: FhirAction }>

export type AuditAction = keyof typeof AUDIT_ACTIONS

/** Who did it and from where: the session's user (null before login) and the request's device and address. */
export interface AuditActor {
  readonly userId: string | null
  readonly userEmail: string | null
  readonly role: Role | null
  readonly deviceId: string | null
  readonly address: string
}

/** An entry for `action` by `actor`, now. */
export function auditEntry(
  actor: AuditActor,
  action: AuditAction,
  outcome: AuditEntry['outcome'],
  what: { readonly patientId?: string | null; readonly visitId?: string | null; readonly detail?: string } = {},
): AuditEntry {
  return {
    recorded: new Date().toISOString(),
    action,
    outcome,
    userId: actor.userId,
    userEmail: actor.userEmail,
    role: actor.role,
    patientId: what.patientId ?? null,
    visitId: what.visitId ?? null,
    deviceId: actor.deviceId,
    address: actor.address,
    detail: what.detail ?? '',
  }
}

/** The columns of the export, in order (the JSON export has the same names). */
export const AUDIT_COLUMNS = [
  'id',
  'recorded',
  'action',
  'fhir_action',
  'outcome',
  'user_id',
  'user_email',
  'role',
  'patient_id',
  'visit_id',
  'device_id',
  'address',
  'detail',
] as const

/** An entry as exported: the stored fields, snake_case, with its FHIR action code. */
export function auditRecord(row: AuditRow): Record<(typeof AUDIT_COLUMNS)[number], string | number | null> {
  const known = (AUDIT_ACTIONS as Record<string, { action: FhirAction }>)[row.action]
  return {
    id: row.id,
    recorded: row.recorded,
    action: row.action,
    fhir_action: known?.action ?? null,
    outcome: row.outcome,
    user_id: row.userId,
    user_email: row.userEmail,
    role: row.role,
    patient_id: row.patientId,
    visit_id: row.visitId,
    device_id: row.deviceId,
    address: row.address,
    detail: row.detail,
  }
}

/** The entries as CSV: a header row, then one row per entry. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const records = rows.map(auditRecord)
  return csvText([
    [...AUDIT_COLUMNS],
    ...records.map((r) => AUDIT_COLUMNS.map((c) => (r[c] === null ? '' : String(r[c])))),
  ])
}
