/**
 * The record server's answers as its clients read them (docs/record-server.md, "Sync
 * protocol"): a patient, a visit with its photos by hash, a refusal, and a deletion
 * request ("Deletion requests"). The server
 * (src/record-server/sync.ts) builds them; the app's sync client (web/src/record/sync/)
 * reads them; both take the shapes from here.
 */
import type { RecordErrorType } from './record-errors.js'

/** A patient as the API answers it. */
export interface PatientView {
  readonly id: string
  readonly identifier: string
  readonly key: string
  readonly name: string
  readonly notes: string
  readonly created: string
  readonly updated: string
  readonly rev: number
  readonly seq: number
}

/** A view's photo, named by the SHA-256 of its bytes. */
export interface PhotoRefView {
  readonly sha256: string
  readonly type: string
  readonly width: number
  readonly height: number
}

/**
 * Where a visit kept by "keep both" in a sync conflict came from (docs/record.md, "Conflicts"):
 * a device (its name, and its id as sent in X-Device-Id) or the clinic's server (its host), and
 * when that copy was last changed there. Optional on the wire: a client that does not know it
 * leaves it out (the server keeps the one it holds) and ignores it in a pull.
 */
export interface VisitCopyView {
  readonly from: 'device' | 'server'
  /** The device's name (its browser and system) or the server's host; at most 100 characters. */
  readonly name: string
  /** ISO time that copy was last changed there. */
  readonly at: string
  /** The id of the device the copy was kept from (from 'device'); absent otherwise. */
  readonly device?: string
}

/** A visit as the API answers it: its content (the assessment file) as admitted, its photos by hash. */
export interface VisitView {
  readonly id: string
  readonly patient_id: string
  readonly date: string
  readonly created: string
  readonly updated: string
  readonly rev: number
  readonly seq: number
  readonly content: unknown
  readonly photos: Partial<Record<string, PhotoRefView>>
  /** Its label when it is one of the two copies a conflict was resolved keeping; absent otherwise. */
  readonly copy?: VisitCopyView
}

/** Why a change was refused: errors as data (core/record-errors.ts), nothing written. */
export interface Refusal {
  readonly type: RecordErrorType
  readonly message: string
  readonly ctx?: Record<string, unknown>
}

/** A clinician's deletion request as the API answers it: pending until an admin approves (the deletion) or rejects it. */
export interface DeletionRequestView {
  /** The requesting device's id for it (its outbox entry's change id). */
  readonly id: string
  readonly kind: 'patient' | 'visit'
  readonly entity_id: string
  /** The revision deleted on the device. */
  readonly rev: number
  readonly patient_id: string
  readonly requested_by: string
  readonly requested_at: string
  readonly device_id: string | null
  readonly status: 'pending' | 'approved' | 'rejected'
  readonly decided_by: string | null
  readonly decided_at: string | null
  /** An approval's reason within the retention period (created_in_error, duplicate, legal_order), or null. */
  readonly reason: string | null
  /** The admin's words to the clinician ('' when none). */
  readonly comment: string
}

/**
 * How to sign in to the server (GET /api/sign-in-options, before any session): who may use
 * a password ('all', 'admins' only, or 'off'), and the clinic's single sign-on provider, if
 * any: its name and the path that starts a sign-on (with ?return_to=<the app's page>).
 */
export interface SignInOptionsView {
  readonly password_login: 'all' | 'admins' | 'off'
  readonly sso: { readonly name: string; readonly start: string } | null
}

/**
 * What a single sign-on puts in the app page's fragment when the browser comes back
 * (src/record-server/sso.ts): `#record-sso=signed-in`, or `#record-sso-error=<error type>`.
 */
export const SSO_RETURN = { signedIn: 'record-sso=signed-in', errorPrefix: 'record-sso-error=' } as const
