/**
 * The record's storage as the app sees it: patients, visits, photos and the
 * workspace (the assessment on screen, kept as the clinician works so nothing is
 * lost on reload or a crash). idb-storage.ts implements it with IndexedDB; the
 * commands never reach the database any other way.
 */
import type { AssessmentFile } from '../state/assessment-file.js'
import type { View } from '../state/model.js'
import type { OpenVisit, PatientRecord, PhotoRef, VisitRecord } from './model.js'

/** A stored photo's bytes with its reference. */
export interface PhotoData extends PhotoRef {
  readonly blob: Blob
}

/** The assessment on screen, as last autosaved. */
export interface Workspace {
  readonly file: AssessmentFile | null
  readonly photos: Partial<Record<View, PhotoRef>>
  readonly open: OpenVisit | null
  readonly saved: string
}

export interface StorageUse {
  readonly usage: number | null
  readonly quota: number | null
  readonly persisted: boolean | null
}

export interface RecordStorage {
  patients(): Promise<PatientRecord[]>
  visits(patientId?: string): Promise<VisitRecord[]>
  visit(id: string): Promise<VisitRecord | undefined>
  /** How many visits each patient (or the one given) has, by patient id, without reading the visits. */
  visitCounts(patientId?: string): Promise<Map<string, number>>
  photo(key: string): Promise<PhotoData | undefined>
  putPhoto(photo: PhotoData): Promise<void>
  /** Saves a visit with the patients it needs (and removes one left without visits), in one transaction. */
  saveVisit(visit: VisitRecord, put: PatientRecord | null, remove: PatientRecord | null): Promise<void>
  putPatient(patient: PatientRecord): Promise<void>
  /** Removes a patient and its visits (and their photos); returns what was removed, for undo. */
  deletePatient(id: string): Promise<{ patient: PatientRecord; visits: VisitRecord[]; photos: PhotoData[] } | undefined>
  deleteVisit(id: string): Promise<{ visit: VisitRecord; photos: PhotoData[] } | undefined>
  /** Puts back what a delete removed, or adds a backup's content. */
  restore(
    patients: readonly PatientRecord[],
    visits: readonly VisitRecord[],
    photos: readonly PhotoData[],
  ): Promise<void>
  workspace(): Promise<Workspace | undefined>
  saveWorkspace(workspace: Workspace): Promise<void>
  /** Removes everything. */
  clear(): Promise<void>
  /** Asks the browser to keep the data under storage pressure; what is used of the quota. */
  persist(): Promise<boolean>
  use(): Promise<StorageUse>
}
