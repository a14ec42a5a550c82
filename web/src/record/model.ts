/**
 * The patient record as data: patients, their visits (each an assessment file with
 * the keys of its stored photos), how identifiers compare, the order visits are
 * listed in, where a visit being saved goes, and the size a stored photo is kept at.
 * What an import does is import-plan.ts. Pure: no DOM, no storage (storage.ts).
 */
import { t } from '../i18n/index.js'
import type { AssessmentFile } from '../state/assessment-file.js'
import type { View } from '../state/model.js'

/** One patient. `identifier` is kept as typed; `key` is what identifiers compare by. */
export interface PatientRecord {
  readonly id: string
  readonly identifier: string
  readonly key: string
  readonly name: string
  readonly notes: string
  /** ISO time. */
  readonly created: string
  /** 'added' in the record's list; 'typed' when made by committing a new identifier in the assessment card. */
  readonly origin: 'added' | 'typed'
}

/** A stored photo: its key in the photo store, its type and its own pixel size (at most PHOTO_MAX_SIDE). */
export interface PhotoRef {
  readonly key: string
  readonly type: string
  readonly width: number
  readonly height: number
}

/** One view's metric values and their standard uncertainties, by metric name. */
export interface ViewValues {
  readonly values: Readonly<Record<string, number>>
  readonly u: Readonly<Record<string, number>>
}

/**
 * The metric values of a visit's views at one placement error (px), computed from its
 * markers when the visit is saved so that trends need not recompute them. Derived
 * data: a visit without them (imported, or saved before they were kept) or kept at
 * another placement error has them computed from its markers instead (trend.ts).
 */
export interface VisitValues {
  readonly sd: number
  readonly views: Partial<Record<View, ViewValues>>
}

/** One visit of one patient: the assessment as its file holds it, and the photos of its views. */
export interface VisitRecord {
  readonly id: string
  /** The patient (PatientRecord.id) it belongs to: exactly one. */
  readonly patientId: string
  /** YYYY-MM-DD, or '' when not given. */
  readonly date: string
  /** ISO times. */
  readonly created: string
  readonly updated: string
  readonly file: AssessmentFile
  readonly photos: Partial<Record<View, PhotoRef>>
  /**
   * Its revision: 1 when first stored, one more at every write. A write names the
   * revision it was made from and is refused when the stored one differs, so a
   * stale copy (another tab, an older backup) never overwrites a newer one.
   */
  readonly rev: number
  /** The values of its views, kept when saved (derived from `file`; absent in older or imported visits). */
  readonly values?: VisitValues
  /** Where it came from, when it is one of the two copies a sync conflict was resolved keeping (absent: not). */
  readonly copy?: VisitCopy
}

/**
 * Where a copy kept by "keep both" in a sync conflict came from (docs/record.md, "Conflicts"):
 * this device or the clinic's server, that device's or server's name, and when that copy was
 * last changed there. Kept with the visit (and in a backup) through later edits and pulls, and
 * carried by the sync (the visit's optional `copy` on the record server's wire), so the clinic's
 * other devices list the two visits labelled too.
 */
export interface VisitCopy {
  readonly from: 'device' | 'server'
  /** The device's name (its browser and system) or the server's host; at most 100 characters. */
  readonly name: string
  /** ISO time that copy was last changed there. */
  readonly at: string
  /**
   * The id of the device the copy was kept from (when `from` is the device; browser-sync.ts deviceId): another
   * device's copy is said to be from another device. Absent (labels kept before it was carried): this device.
   */
  readonly device?: string
}

/** Longest name a kept copy is labelled with. */
export const VISIT_COPY_NAME_MAX = 100

/**
 * How the two assessments of a repeat pair were made (docs/uncertainty.md, "Running a
 * repeatability study"): the same photo marked twice by the same clinician, the same
 * photo marked by another clinician, or the patient positioned and photographed again
 * the same day (and marked).
 */
export type RepeatDesign = 'same_photo_same_rater' | 'same_photo_other_rater' | 'repositioned'

export const REPEAT_DESIGNS: readonly RepeatDesign[] = [
  'same_photo_same_rater',
  'same_photo_other_rater',
  'repositioned',
]

/**
 * Two visits the clinician marked as repeat measurements of one view, for the clinic's
 * own repeatability study (study.ts). Never changed once made: only made or removed.
 * A pair whose visit is deleted stays (an undo brings the visit back) and is left out
 * of the study while the visit is missing.
 */
export interface RepeatPair {
  readonly id: string
  readonly view: View
  /** The visits (VisitRecord.id): the first measurement and its repeat. */
  readonly first: string
  readonly second: string
  readonly design: RepeatDesign
  /** ISO time it was made. */
  readonly created: string
}

/** The visit open in the app (app state, so defined in state/state.ts). */
export type { OpenVisit } from '../state/state.js'

import { identifierKey } from '../state/patient-identifier.js'

export { identifierKey, sameIdentifier } from '../state/patient-identifier.js'

/** The patient with this identifier (compared by key), if any. */
export function findPatient(patients: readonly PatientRecord[], identifier: string): PatientRecord | undefined {
  const key = identifierKey(identifier)
  return key === '' ? undefined : patients.find((p) => p.key === key)
}

export function newPatient(
  id: string,
  identifier: string,
  now: string,
  origin: PatientRecord['origin'],
  name = '',
  notes = '',
): PatientRecord {
  return {
    id,
    identifier: identifier.trim(),
    key: identifierKey(identifier),
    name: name.trim(),
    notes,
    created: now,
    origin,
  }
}

/** The local calendar day of `d` as YYYY-MM-DD: the date a visit started today is given. */
export function dayOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** Patients whose identifier or name holds the query (case- and space-insensitive), by identifier. */
export function searchPatients(patients: readonly PatientRecord[], query: string): PatientRecord[] {
  const q = identifierKey(query)
  return patients
    .filter((p) => q === '' || p.key.includes(q) || identifierKey(p.name).includes(q))
    .sort((a, b) => a.key.localeCompare(b.key))
}

/** What visits are ordered by: the visit's date, then the time it was started, then its id. */
export interface VisitOrderKey {
  /** YYYY-MM-DD, or '' when not given. */
  readonly date: string
  /** ISO time the visit was started (created). */
  readonly created: string
  readonly id?: string
}

/**
 * Chronological order of visits: by date (undated visits first, as the oldest), then
 * by the time they were started, so that two visits of one day (before and after a
 * treatment) keep their order; then by id, so that the order never depends on how a
 * store happened to return them.
 */
export function visitOrder(a: VisitOrderKey, b: VisitOrderKey): number {
  return (
    (a.date || '0').localeCompare(b.date || '0') ||
    a.created.localeCompare(b.created) ||
    (a.id ?? '').localeCompare(b.id ?? '')
  )
}

/** Visits oldest first (visitOrder). */
export function chronological<T extends VisitOrderKey>(visits: readonly T[]): T[] {
  return [...visits].sort(visitOrder)
}

/** Visits newest first: the reverse of chronological. */
export function newestFirst<T extends VisitOrderKey>(visits: readonly T[]): T[] {
  return chronological(visits).reverse()
}

/**
 * The patient a visit goes to under `identifier`: the one with that key, or a new
 * one ('typed', to be stored with the visit). Only for a visit entering the record
 * (a visit already in it keeps its patient until it is explicitly moved).
 */
export function patientFor(
  patients: readonly PatientRecord[],
  identifier: string,
  now: string,
  newId: () => string,
): { patient: PatientRecord; isNew: boolean } {
  const found = findPatient(patients, identifier)
  return found
    ? { patient: found, isNew: false }
    : { patient: newPatient(newId(), identifier, now, 'typed'), isNew: true }
}

import { PHOTO_MAX_SIDE } from '#core/files/raster-bytes.js'

/** Longest side of a stored photo, px (core/files/raster-bytes.ts). */
export { PHOTO_MAX_SIDE }
/** JPEG quality of a downscaled photo. */
export const PHOTO_JPEG_QUALITY = 0.9

/**
 * The size a photo is stored at: unchanged when its longest side is at most `max`,
 * else scaled down to it (rounded to whole pixels). The markers keep the coordinates
 * of the photo as marked (the document's photo size); the stored picture is drawn
 * over that frame, so every value and its ± stay exactly as measured.
 */
export function storedSize(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number; scaled: boolean } {
  const long = Math.max(width, height)
  if (long <= max) return { width, height, scaled: false }
  const k = max / long
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)), scaled: true }
}

/** What a downloaded file holds, named in the app's language in its file name (i18n: `file.kind.*`). */
export type FileKind =
  | 'assessment'
  | 'metrics'
  | 'metrics-data'
  | 'report'
  | 'summary'
  | 'comparison'
  | 'repeatability'
  | 'record'
  | 'patient'
  | 'visit'
  | 'trend'
  | 'fhir'

/** Letters without accents, digits, '-' and '_' only: a name every file system and mail client keeps. */
function safePart(text: string): string {
  return text
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/**
 * A name for a file of a visit: `posture-<patient>-<date>-<what>.<ext>` in the app's language
 * (Spanish: `postura-HC-0042-2026-11-28-informe.pdf`), the patient and the words reduced to
 * letters, digits, '-' and '_' (so that files of different patients and dates never share a
 * name). `detail`: a code after the kind (a comparison's view).
 */
export function visitFileName(identifier: string, date: string, what: FileKind, ext: string, detail = ''): string {
  const words = [t('file.prefix'), safePart(identifier), date, t(`file.kind.${what}`), detail]
  return `${words.map(safePart).filter(Boolean).join('-')}.${ext}`
}
