/**
 * The record's storage as the app sees it: patients, visits (each with a revision,
 * so that a write made from a stale copy is refused instead of overwriting a newer
 * one), photos, one workspace per tab (the assessment on screen, kept as the
 * clinician works so nothing is lost on reload or a crash) and the last deletion (so
 * that its undo survives a reload), and the repeat pairs of the clinic's
 * repeatability study. idb-storage.ts implements it with IndexedDB;
 * the controller never reaches the database any other way.
 */
import type { StoredReportSettings } from '../files/report-settings.js'
import type { AssessmentFile } from '../state/assessment-file.js'
import type { View } from '../state/model.js'
import type { OpenVisit, PatientRecord, PhotoRef, RepeatPair, VisitRecord } from './model.js'

/** A stored photo's bytes with its reference. */
export interface PhotoData extends PhotoRef {
  readonly blob: Blob
}

/** A stored photo's reference, without its bytes (what a visit or a workspace keeps). */
export function refOf(photo: PhotoRef): PhotoRef {
  return { key: photo.key, type: photo.type, width: photo.width, height: photo.height }
}

/** The assessment on screen in one tab, as last autosaved. */
export interface Workspace {
  readonly file: AssessmentFile | null
  readonly photos: Partial<Record<View, PhotoRef>>
  readonly open: OpenVisit | null
  /** The patient identifier as committed in the assessment card (a visit not yet in the record has only this). */
  readonly identifier?: string
  /** The revision of the open visit this tab last read or wrote (absent: none open, or saved before revisions). */
  readonly rev?: number
  /** ISO time of the write. */
  readonly saved: string
}

/** A tab's workspace with the tab it belongs to. */
export interface TabWorkspace {
  readonly tab: string
  readonly workspace: Workspace
}

/** What the last deletion removed, kept until it can no longer be undone (also across a reload). */
export interface Deletion {
  readonly kind: 'visit' | 'patient'
  /** The patient's identifier, and for a visit its date (YYYY-MM-DD or ''). */
  readonly patient: string
  readonly date: string
  /** Epoch ms after which it can no longer be undone. */
  readonly until: number
  readonly patients: readonly PatientRecord[]
  readonly visits: readonly VisitRecord[]
  readonly photos: readonly PhotoData[]
}

export interface StorageUse {
  readonly usage: number | null
  readonly quota: number | null
  readonly persisted: boolean | null
}

/** The answer to a versioned write: written (with the revision stored), or refused with what is stored now. */
export type VisitWrite =
  | {
      readonly ok: true
      readonly visit: VisitRecord
      /**
       * When a patient was given to put: the patient the visit was stored under. That one, or the patient
       * another tab or window made meanwhile under the same identifier (by key): then the visit went to it.
       */
      readonly patient?: PatientRecord
      /** Keys of the photos given that could not be stored (the visit was written without them). */
      readonly unstoredPhotos: readonly string[]
      /** The engine's own text of the photos' failure (for "Technical details"). */
      readonly photoError?: string
    }
  | { readonly ok: false; readonly current: VisitRecord | undefined }

/** The answer to a workspace write: the keys of the photos given that could not be stored (written without them). */
export interface WorkspaceWrite {
  readonly unstoredPhotos: readonly string[]
  readonly photoError?: string
}

export interface RecordStorage {
  patients(): Promise<PatientRecord[]>
  visits(patientId?: string): Promise<VisitRecord[]>
  /**
   * The patients and the visits as of one moment (one transaction): read apart, another tab's write of a
   * visit with its new patient can land between the two reads and show the visit without its patient.
   */
  content(): Promise<{ patients: PatientRecord[]; visits: VisitRecord[] }>
  visit(id: string): Promise<VisitRecord | undefined>
  /** How many visits each patient (or the one given) has, by patient id, without reading the visits. */
  visitCounts(patientId?: string): Promise<Map<string, number>>
  photo(key: string): Promise<PhotoData | undefined>
  /**
   * Writes a visit (and a new patient it needs: when another tab or window has stored a patient of
   * that identifier key meanwhile, the visit goes to that one instead) in one transaction, only if the stored
   * visit is still at revision `expectedRev` (null: no visit is stored under its id).
   * The visit is stored with the next revision; a refusal writes nothing. `photos`
   * are the photos it refers to: any not stored (e.g. removed meanwhile by another
   * tab's deletion) are stored again in the same transaction. When the photos cannot
   * be written (an engine refusing the value, the quota), the visit is written without
   * them in a transaction of its own and their keys are answered in `unstoredPhotos`:
   * a visit's markers are never lost with its photo.
   */
  saveVisit(
    visit: VisitRecord,
    expectedRev: number | null,
    put: PatientRecord | null,
    photos: readonly PhotoData[],
  ): Promise<VisitWrite>
  putPatient(patient: PatientRecord): Promise<void>
  /** Removes a patient and its visits (and the photos nothing else uses), kept as the last deletion for undo. */
  deletePatient(id: string, until: number): Promise<Deletion | undefined>
  /** Removes a visit (and the photos nothing else uses), kept as the last deletion for undo. */
  deleteVisit(id: string, until: number): Promise<Deletion | undefined>
  /** The last deletion, while it can be undone. */
  deletion(now: number): Promise<Deletion | undefined>
  /** Puts back the last deletion (visits a later write replaced are left as they are); false when there is none. */
  undoDeletion(now: number): Promise<Deletion | undefined>
  /**
   * Writes patients, visits, photos, repeat pairs and (when given) the report settings in one transaction: all of it or,
   * on any failure, nothing. A visit is stored with the revision after the one stored
   * under its id (so a tab holding the older copy will not overwrite it); the visits as
   * stored are returned. A pair is never overwritten: one whose id is stored is left
   * as it is (pairs do not change once made; the import gives another pair a new id).
   */
  restore(
    patients: readonly PatientRecord[],
    visits: readonly VisitRecord[],
    photos: readonly PhotoData[],
    pairs?: readonly RepeatPair[],
    /** The clinic's report settings to keep in the same transaction (absent: the stored ones stay as they are). */
    settings?: StoredReportSettings,
  ): Promise<VisitRecord[]>
  /** Every repeat pair of the clinic's study. */
  pairs(): Promise<RepeatPair[]>
  /** Stores a new repeat pair; false (nothing written) when a pair with its id is stored. */
  addPair(pair: RepeatPair): Promise<boolean>
  /** Removes a repeat pair (the clinician's explicit removal). */
  deletePair(id: string): Promise<void>
  workspace(tab: string): Promise<Workspace | undefined>
  /** Every tab's workspace. */
  workspaces(): Promise<TabWorkspace[]>
  /**
   * Writes a tab's workspace, storing again any of `photos` (those it refers to) that is not stored; when they
   * cannot be written, the workspace is written without them (as saveVisit).
   */
  saveWorkspace(tab: string, workspace: Workspace, photos: readonly PhotoData[]): Promise<WorkspaceWrite>
  deleteWorkspace(tab: string): Promise<void>
  /** The clinic's report settings as stored (unknown: admitted by files/report-settings.ts before use), undefined when none. */
  reportSettings(): Promise<unknown>
  /** Keeps the clinic's report settings (already checked: files/report-settings.ts). */
  saveReportSettings(settings: StoredReportSettings): Promise<void>
  /** ISO time of the last backup of the whole record (undefined: never). */
  lastBackup(): Promise<string | undefined>
  saveLastBackup(iso: string): Promise<void>
  /**
   * True the first time it is called for this record (it is then noted): the browser is asked for
   * persistent storage once, at the record's first patient.
   */
  firstPersistAsk(): Promise<boolean>
  /** The clinic's record server this record syncs with (its address), null when none is set. */
  syncServer(): Promise<string | null>
  /** Removes everything. */
  clear(): Promise<void>
  /** Closes the connection (a reload in the tests; the page's end in the app). */
  close(): void
}
