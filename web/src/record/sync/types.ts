/**
 * What the sync with the clinic's record server keeps and exchanges (docs/record.md,
 * "Sync with the clinic's record server"): the outbox entries queued with every local
 * write, the server revision each local patient and visit is based on, the conflicts
 * waiting for the clinician, the cursor, and the record server's wire shapes
 * (docs/record-server.md, "Sync protocol"). Types only.
 */
import type {
  Refusal,
  PatientView as ServerPatient,
  PhotoRefView as ServerPhotoRef,
  VisitView as ServerVisit,
  VisitCopyView,
} from '#core/record-sync-wire.js'

export type EntityKind = 'patient' | 'visit'

/** `patient:<id>` or `visit:<id>`: how the sync stores name a patient or a visit. */
export type EntityKey = `${EntityKind}:${string}`

export const entityKey = (kind: EntityKind, id: string): EntityKey => `${kind}:${id}`

/**
 * A local write waiting to reach the server. Queued in the same IndexedDB transaction as
 * the write; carries no copy of the data: the push sends what the record holds when it
 * is pushed. While an entry is not yet `sent`, further writes of its entity add nothing
 * (it will carry them); once it is sent (its change id may be applied on the server), a
 * further write queues a new entry with a new change id, and the sent entry keeps the
 * changes it was pushed as (`pushed`): pushed again, it sends exactly those. A change id
 * names one change (the server refuses it with other content, `change_id_reused`).
 */
export interface OutboxEntry {
  /** Its place in the queue (IndexedDB's key generator): pushed in this order. */
  readonly seq?: number
  /** The change id the server remembers an applied change by (a retried push is applied once). */
  readonly changeId: string
  readonly entity: EntityKey
  readonly kind: EntityKind
  readonly id: string
  readonly op: 'put' | 'delete'
  /** Set in the transaction that reads the entity to push it. */
  readonly sent: boolean
  /** ISO time it was queued. */
  readonly queued: string
  /** A deletion is pushed only after this (epoch ms): while it can be undone. */
  readonly notBefore?: number
  /** The changes this entry was pushed as, kept before the push: a retry sends these, never the record as it is now. */
  readonly pushed?: readonly WireChange[]
}

/** The server revision a local patient or visit was last in step with (and the visit's patient there). */
export interface SyncedMark {
  readonly entity: EntityKey
  readonly rev: number
  readonly patientId?: string
}

/** A patient, a photo and a visit as the record server answers them (one definition for both sides). */
export type {
  DeletionRequestView,
  PatientView as ServerPatient,
  PhotoRefView as ServerPhotoRef,
  Refusal,
  VisitView as ServerVisit,
} from '#core/record-sync-wire.js'

/**
 * Why a conflict waits for the clinician:
 * - `changed`: the server refused a push made from an older revision (another device wrote it);
 * - `pulled`: the server's copy changed while this device has unsynced edits of it;
 * - `deleted`: an admin deleted it on the server while this device has edits of it;
 * - `identifier_taken`: another device made a patient with the same identifier.
 */
export type ConflictReason = 'changed' | 'pulled' | 'deleted' | 'identifier_taken'

export interface Conflict {
  readonly entity: EntityKey
  readonly kind: EntityKind
  readonly id: string
  readonly reason: ConflictReason
  /** The server's copy (null: deleted there). For identifier_taken, the server's patient with that identifier. */
  readonly theirs: ServerPatient | ServerVisit | null
  /** ISO time it was found. */
  readonly found: string
}

/** The clinician's answer to a conflict. */
export type Resolution = 'mine' | 'theirs' | 'both'

/** One entry of a pull (docs/record-server.md). */
export type PulledEntity =
  | {
      readonly seq: number
      readonly kind: 'patient'
      readonly id: string
      readonly deleted: false
      readonly patient: ServerPatient
    }
  | {
      readonly seq: number
      readonly kind: 'visit'
      readonly id: string
      readonly deleted: false
      readonly visit: ServerVisit
    }
  | { readonly seq: number; readonly kind: EntityKind; readonly id: string; readonly deleted: true }

export interface PullPage {
  readonly database_id: string
  readonly changes: readonly PulledEntity[]
  readonly cursor: number
  readonly more: boolean
}

/** A change as pushed. */
export type WireChange =
  | {
      readonly change_id: string
      readonly op: 'put_patient'
      readonly base_rev: number | null
      readonly patient: {
        readonly id: string
        readonly identifier: string
        readonly name: string
        readonly notes: string
        readonly created: string
      }
    }
  | {
      readonly change_id: string
      readonly op: 'put_visit'
      readonly base_rev: number | null
      readonly visit: {
        readonly id: string
        readonly patient_id: string
        readonly date: string
        readonly created: string
        readonly content: unknown
        readonly photos: Partial<Record<string, ServerPhotoRef>>
        /** Its label as a kept copy of a conflict ("keep both"); absent for any other visit. */
        readonly copy?: VisitCopyView
      }
    }
  | {
      readonly change_id: string
      readonly op: 'move_visit'
      readonly base_rev: number
      readonly visit_id: string
      readonly patient_id: string
    }

export type PushResult =
  | {
      readonly change_id: string
      readonly status: 'applied'
      readonly kind: EntityKind
      readonly entity: ServerPatient | ServerVisit
      readonly replayed?: boolean
    }
  | { readonly change_id: string; readonly status: 'refused'; readonly error: Refusal }

/** Who is signed in to the record server, as its login answered. */
export interface SignedInUser {
  readonly id: string
  readonly email: string
  readonly role: 'admin' | 'clinician' | 'read-only'
}

/** The sync's own state, kept in the record (store `syncMeta`, key `server`). */
export interface SyncServerState {
  /** The record server's address (origin), as the clinician set it. */
  readonly url: string
  /** The server database the cursor belongs to (null: never pulled). */
  readonly databaseId: string | null
  readonly cursor: number
  /** ISO time of the last complete sync run. */
  readonly lastSync: string | null
  /** The user last signed in (the session itself is the server's HttpOnly cookie). */
  readonly user: SignedInUser | null
}

/**
 * A deletion this device asked for that an admin rejected: the patient or visit is back here
 * (SyncStatus). Kept in the record (store `syncMeta`, key `rejected`) until the clinician
 * dismisses it: a reload still shows it.
 */
export interface RejectedDeletion {
  readonly kind: EntityKind
  readonly id: string
  /** The admin's words ('' when none). */
  readonly comment: string
  /** ISO time of the decision. */
  readonly decided: string
}
