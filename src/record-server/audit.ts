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

import { AUDIT_ACTIONS, type AuditAction, type FhirAction } from '#core/audit-actions.js'
import { csvText } from '#core/files/csv.js'
import type { AuditEntry, AuditRow, Role } from './store.js'

export { AUDIT_ACTIONS, type AuditAction, type FhirAction }

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
