/**
 * The actions the record server writes to its audit trail, each with its FHIR AuditEvent
 * type (DICOM/HL7 code) and action: one list for the server (src/record-server/audit.ts)
 * and the admin's audit filter in the app (web/src/record/admin/client.ts).
 */

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
