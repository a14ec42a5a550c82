/**
 * The record's backup file: one visit, one patient or the whole record in a single
 * JSON file with the photos embedded (base64), and the repeat pairs of the clinic's
 * repeatability study whose two visits it holds (`pairs`, absent when there are none,
 * so a backup without a study reads as before). JSON rather than a zip: each visit
 * inside is the assessment file the app already reads and writes, the whole file
 * reads with any JSON tool, and no archive library is needed; the price is a third
 * more bytes for the photos. A backup of the whole record also carries the clinic's report
 * settings (`report_settings`: clinic, clinician, logo; absent when none are set). Reading checks everything before anything is written,
 * so a corrupted, truncated or foreign file changes nothing. An assessment file
 * (format "posture-metrics-session") reads as one visit without photos.
 * Pure: no DOM.
 */

import { type BackupFileData, problemsDetails, problemsText, readRecordFile } from '../files/file-schema.js'
import type { ReportLogo, ReportSettings } from '../files/report-pdf-content.js'
import { logoOf, textProblem } from '../files/report-settings.js'
import { t } from '../i18n/index.js'
import {
  ASSESSMENT_FILE_FORMAT,
  type AssessmentFile,
  AssessmentFileError,
  assessmentFromData,
} from '../state/assessment-file.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { LoadedAssessment } from '../state/state.js'
import { base64OfBytes, bytesOfBase64 } from './base64.js'
import {
  identifierKey,
  newPatient,
  type PatientRecord,
  type PhotoRef,
  type RepeatDesign,
  type RepeatPair,
  VISIT_COPY_NAME_MAX,
  type VisitCopy,
  type VisitRecord,
} from './model.js'

export const BACKUP_FORMAT = 'posture-metrics-record'
export const BACKUP_VERSION = 1

export interface BackupPhoto extends PhotoRef {
  /** The photo's bytes, base64. */
  readonly data: string
}

export interface BackupFile {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_VERSION
  exported_at: string
  scope: 'visit' | 'patient' | 'record'
  patients: { id: string; identifier: string; name: string; notes: string; created: string }[]
  visits: {
    id: string
    patient_id: string
    date: string
    created: string
    updated: string
    assessment: AssessmentFile
    photos: Partial<Record<View, BackupPhoto>>
    /** Where a copy kept from a sync conflict came from (model.ts VisitCopy); absent for any other visit. */
    copy?: { from: 'device' | 'server'; name: string; at: string; device?: string }
  }[]
  pairs?: { id: string; view: View; first: string; second: string; design: RepeatDesign; created: string }[]
  /**
   * The clinic's report settings (clinic, clinician, logo as base64), in a backup of the
   * whole record when any is set; absent otherwise, so a backup without them reads as before.
   */
  report_settings?: {
    clinic: string
    clinician: string
    logo: { type: 'image/png' | 'image/jpeg'; data: string } | null
  }
}

/** What a backup holds, checked, ready to be written. */
export interface Backup {
  readonly patients: PatientRecord[]
  readonly visits: VisitRecord[]
  readonly photos: BackupPhoto[]
  readonly pairs: RepeatPair[]
  /** The clinic's report settings it carries (the logo's bytes checked as a logo chosen in the app is), or null. */
  readonly settings: ReportSettings | null
}

/** Whether report settings hold anything to print (a clinic, a clinician or a logo). */
export function settingsSet(settings: ReportSettings | null): settings is ReportSettings {
  return settings !== null && (settings.clinic !== '' || settings.clinician !== '' || settings.logo !== null)
}

/** Whether two report settings are the same: the same texts and the same logo bytes (or neither has one). */
export function sameSettings(a: ReportSettings, b: ReportSettings): boolean {
  if (a.clinic !== b.clinic || a.clinician !== b.clinician) return false
  if (a.logo === null || b.logo === null) return a.logo === b.logo
  return a.logo.bytes.length === b.logo.bytes.length && a.logo.bytes.every((byte, i) => byte === b.logo!.bytes[i])
}

/** A backup that cannot be read: the message in the app's words; `details`, an engine's own text, for "Technical details". */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly details?: string,
  ) {
    super(message)
  }
}

export function backupFileOf(
  scope: BackupFile['scope'],
  patients: readonly PatientRecord[],
  visits: readonly VisitRecord[],
  photos: ReadonlyMap<string, string>,
  now: string,
  pairs: readonly RepeatPair[] = [],
  settings: ReportSettings | null = null,
): BackupFile {
  const ids = new Set(visits.map((v) => v.id))
  const held = [...pairs].filter((p) => ids.has(p.first) && ids.has(p.second)).sort((a, b) => a.id.localeCompare(b.id))
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: now,
    scope,
    patients: patients.map((p) => ({
      id: p.id,
      identifier: p.identifier,
      name: p.name,
      notes: p.notes,
      created: p.created,
    })),
    visits: visits.map((v) => ({
      id: v.id,
      patient_id: v.patientId,
      date: v.date,
      created: v.created,
      updated: v.updated,
      assessment: v.file,
      photos: Object.fromEntries(
        Object.entries(v.photos).flatMap(([view, ref]) =>
          photos.has(ref.key) ? [[view, { ...ref, data: photos.get(ref.key)! }]] : [],
        ),
      ),
      ...(v.copy
        ? {
            copy: {
              from: v.copy.from,
              name: v.copy.name,
              at: v.copy.at,
              ...(v.copy.device ? { device: v.copy.device } : {}),
            },
          }
        : {}),
    })),
    ...(held.length
      ? {
          pairs: held.map((p) => ({
            id: p.id,
            view: p.view,
            first: p.first,
            second: p.second,
            design: p.design,
            created: p.created,
          })),
        }
      : {}),
    ...(settingsSet(settings)
      ? {
          report_settings: {
            clinic: settings.clinic,
            clinician: settings.clinician,
            logo: settings.logo ? { type: settings.logo.type, data: base64OfBytes(settings.logo.bytes) } : null,
          },
        }
      : {}),
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isText = (v: unknown): v is string => typeof v === 'string'

function text(v: unknown, where: string, nonEmpty = false): string {
  if (!isText(v) || (nonEmpty && v.trim() === '')) throw new BackupError(t('backup.field', { where }))
  return v
}

function photoOf(v: unknown, where: string): BackupPhoto {
  if (!isObject(v)) throw new BackupError(t('backup.field', { where }))
  const { key, type, width, height, data } = v
  const size = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0
  if (
    !isText(key) ||
    !isText(type) ||
    !type.startsWith('image/') ||
    !size(width) ||
    !size(height) ||
    !isText(data) ||
    !/^[A-Za-z0-9+/]*={0,2}$/.test(data) ||
    data.length % 4 !== 0
  ) {
    throw new BackupError(t('backup.field', { where }))
  }
  return { key, type, width: width as number, height: height as number, data }
}

/** Reads a backup (or an assessment file); throws BackupError with a sentence saying what is wrong. */
export function parseBackup(content: string, now: string, newId: () => string): Backup {
  // The one file schema first (size, nesting, every field bounded): only what it admits is read on.
  const reading = readRecordFile(content)
  if (!reading.ok) throw new BackupError(problemsText(reading.problems), problemsDetails(reading.problems))
  const data: unknown = reading.value
  if (reading.kind === 'assessment')
    return assessmentAsBackup(reading.value as unknown as Record<string, unknown>, now, newId)
  if (!isObject(data) || data.format !== BACKUP_FORMAT)
    throw new BackupError(t('backup.foreign', { format: BACKUP_FORMAT, assessment: ASSESSMENT_FILE_FORMAT }))
  if (data.version !== BACKUP_VERSION)
    throw new BackupError(t('backup.version', { version: JSON.stringify(data.version), expected: BACKUP_VERSION }))
  if (!Array.isArray(data.patients) || !Array.isArray(data.visits))
    throw new BackupError(t('backup.field', { where: 'patients / visits' }))
  const patients = data.patients.map((p: unknown, i) => {
    const where = `patients[${i}]`
    if (!isObject(p)) throw new BackupError(t('backup.field', { where }))
    const identifier = text(p.identifier, `${where}.identifier`, true)
    return {
      ...newPatient(
        text(p.id, `${where}.id`, true),
        identifier,
        text(p.created, `${where}.created`),
        'added',
        isText(p.name) ? p.name : '',
        isText(p.notes) ? p.notes : '',
      ),
      identifier,
    }
  })
  duplicate(
    'patients',
    'id',
    patients.map((p) => p.id),
  )
  // Two patients may share an identifier (by key): a record holds such a pair while a sync conflict waits, or
  // from before a write checked it; its backup must restore, both kept (import-plan.ts sharesIdentifier).
  const ids = new Set(patients.map((p) => p.id))
  const photos: BackupPhoto[] = []
  const copyOf = (c: unknown, where: string): { copy?: VisitCopy } => {
    if (c === undefined) return {}
    if (!isObject(c) || (c.from !== 'device' && c.from !== 'server'))
      throw new BackupError(t('backup.field', { where }))
    const name = text(c.name, `${where}.name`)
    if (name.length > VISIT_COPY_NAME_MAX) throw new BackupError(t('backup.field', { where: `${where}.name` }))
    const device = c.device === undefined ? undefined : text(c.device, `${where}.device`)
    if (device !== undefined && device.length > 100)
      throw new BackupError(t('backup.field', { where: `${where}.device` }))
    return {
      copy: { from: c.from, name, at: text(c.at, `${where}.at`, true), ...(device ? { device } : {}) },
    }
  }
  const visits = data.visits.map((v: unknown, i): VisitRecord => {
    const where = `visits[${i}]`
    if (!isObject(v)) throw new BackupError(t('backup.field', { where }))
    const patientId = text(v.patient_id, `${where}.patient_id`, true)
    if (!ids.has(patientId)) throw new BackupError(t('backup.field', { where: `${where}.patient_id` }))
    try {
      assessmentFromData(v.assessment)
    } catch (error) {
      if (error instanceof AssessmentFileError) throw new BackupError(`${where}.assessment: ${error.message}`)
      throw error
    }
    const refs: Partial<Record<View, PhotoRef>> = {}
    if (v.photos !== undefined && !isObject(v.photos))
      throw new BackupError(t('backup.field', { where: `${where}.photos` }))
    for (const [view, p] of Object.entries(v.photos ?? {})) {
      if (!(VIEW_NAMES as string[]).includes(view))
        throw new BackupError(t('backup.field', { where: `${where}.photos.${view}` }))
      const photo = photoOf(p, `${where}.photos.${view}`)
      photos.push(photo)
      refs[view as View] = { key: photo.key, type: photo.type, width: photo.width, height: photo.height }
    }
    return {
      id: text(v.id, `${where}.id`, true),
      patientId,
      date: text(v.date, `${where}.date`),
      created: text(v.created, `${where}.created`),
      updated: text(v.updated, `${where}.updated`),
      file: v.assessment as AssessmentFile,
      photos: refs,
      // Revisions belong to a record, not to a file: the record stores the next one after its own.
      rev: 0,
      ...copyOf(v.copy, `${where}.copy`),
    }
  })
  duplicate(
    'visits',
    'id',
    visits.map((v) => v.id),
  )
  // The schema has checked each pair (two different visits of this file, a unique id).
  const pairs: RepeatPair[] = ((data.pairs ?? []) as BackupFile['pairs'] & object).map((p) => ({ ...p }))
  return { patients, visits, photos, pairs, settings: settingsOf(reading.value.report_settings) }
}

/**
 * The report settings of a backup as the reports take them: the texts trimmed, the logo's
 * bytes checked as a logo chosen in the app is (a PNG or JPEG within LOGO_LIMITS, by its
 * bytes; the browser decodes it before it is kept: RecordController.importBackup).
 */
function settingsOf(data: BackupFileData['report_settings']): ReportSettings | null {
  if (!data) return null
  for (const field of ['clinic', 'clinician'] as const) {
    const problem = textProblem(field, data[field])
    if (problem) throw new BackupError(`report_settings.${field}: ${problem.text}`)
  }
  let logo: ReportLogo | null = null
  if (data.logo) {
    const checked = logoOf(bytesOfBase64(data.logo.data), 'report_settings.logo')
    if (!('bytes' in checked)) throw new BackupError(`report_settings.logo: ${checked.text}`)
    logo = checked
  }
  return { clinic: data.clinic.trim(), clinician: data.clinician.trim(), logo }
}

/**
 * Refuses a file in which two patients or two visits share an id: one would silently
 * take the other's place in the record.
 */
function duplicate(list: string, field: string, values: readonly string[]): void {
  const seen = new Map<string, number>()
  values.forEach((value, i) => {
    const first = seen.get(value)
    if (first !== undefined)
      throw new BackupError(t('backup.duplicate', { where: `${list}[${i}].${field}`, first: `${list}[${first}]` }))
    seen.set(value, i)
  })
}

/** Today's assessment file as a backup of one visit without photos (it needs a patient identifier). */
function assessmentAsBackup(data: Record<string, unknown>, now: string, newId: () => string): Backup {
  let loaded: LoadedAssessment
  try {
    loaded = assessmentFromData(data)
  } catch (error) {
    if (error instanceof AssessmentFileError) throw new BackupError(error.message)
    throw error
  }
  if (identifierKey(loaded.meta.patientId) === '') throw new BackupError(t('backup.noPatient'))
  const patient = newPatient(newId(), loaded.meta.patientId, now, 'added')
  const visit: VisitRecord = {
    id: newId(),
    patientId: patient.id,
    date: loaded.meta.date,
    created: now,
    updated: now,
    file: data as unknown as AssessmentFile,
    photos: {},
    rev: 0,
  }
  return { patients: [patient], visits: [visit], photos: [], pairs: [], settings: null }
}
