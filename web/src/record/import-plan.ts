/**
 * What importing a backup will do, item by item, before anything is written: each
 * patient of the file is new or the same patient as one here (matched by identifier
 * key, that patient named, the details that differ listed); each visit is new, the
 * same, newer here, newer in the file, or different with the same update time (a
 * visit edited outside the app: a changed date is a change). Where there is a choice
 * the plan says which ones there are and proposes one, except for a patient whose
 * name differs (it may be another person): the clinician must choose. applyImport
 * turns the plan and the choices into what to write, in one transaction.
 * Nothing in the file is left out without a status. Pure: no DOM, no storage.
 */
import type { BackupPhoto } from './backup.js'
import { identifierKey, newestFirst, type PatientRecord, type VisitRecord } from './model.js'

/** What the file holds, checked (backup.ts parseBackup). */
export interface ImportSource {
  readonly patients: readonly PatientRecord[]
  readonly visits: readonly VisitRecord[]
  readonly photos: readonly BackupPhoto[]
}

/** The record as it is now. */
export interface RecordContent {
  readonly patients: readonly PatientRecord[]
  readonly visits: readonly VisitRecord[]
}

/** One detail of a patient as the record has it and as the file has it. */
export interface FieldDifference {
  readonly here: string
  readonly file: string
}

/**
 * The details of a patient that differ (compared without leading and trailing
 * spaces). A detail the file leaves empty says nothing (an assessment file has no
 * name or notes) and is never a difference.
 */
export interface PatientDifferences {
  /** The identifier as typed (the key is the same). */
  readonly identifier?: FieldDifference
  readonly name?: FieldDifference
  readonly notes?: FieldDifference
}

/** Keep the patient's details here, take the file's, or import neither the patient nor its visits. */
export type PatientChoice = 'keep-here' | 'take-file' | 'skip'

/** Keep the visit here, replace it with the file's copy, or keep both (the file's as another visit). */
export type VisitChoice = 'keep-here' | 'take-file' | 'keep-both'

export type VisitStatus = 'new' | 'same' | 'newer-here' | 'newer-in-file' | 'differs'

/** What differs between a visit here and the file's copy. */
export type VisitChange = 'date' | 'assessment' | 'photos' | 'patient'

export interface VisitPlan {
  readonly status: VisitStatus
  /** The visit as the file has it (its patientId is the file's patient id). */
  readonly file: VisitRecord
  /** The visit with the same id here, if any. */
  readonly here: VisitRecord | null
  /** Empty for 'new' and 'same'. */
  readonly changes: readonly VisitChange[]
  /** The patient the visit belongs to here, when it is not the patient the file gives it ('patient' change). */
  readonly patientHere: PatientRecord | null
  /** The choices there are ([] for 'new' and 'same': a new visit is added, the same one left as it is). */
  readonly choices: readonly VisitChoice[]
  readonly proposed: VisitChoice | null
}

export interface PatientPlan {
  readonly status: 'new' | 'same'
  /** The patient as the file has it. */
  readonly file: PatientRecord
  /** 'same': the patient here it is (by identifier key); its visits go to this one. */
  readonly here: PatientRecord | null
  /** 'new' whose id is already another patient's here: it gets a new id when written. */
  readonly idTaken: boolean
  /**
   * Another patient of the file, or two of the record, have its identifier (by key): possibly one
   * person kept twice (e.g. made in two places before a sync said so). Imported as the file has
   * them, each kept apart, and the dialog says so: never merged without the clinician.
   */
  readonly sharesIdentifier: boolean
  readonly differences: PatientDifferences
  /** The choices there are ([] when new, or the same without a difference). */
  readonly choices: readonly PatientChoice[]
  /** The proposed choice; null when the clinician must choose (the name differs). */
  readonly proposed: PatientChoice | null
  /** Its visits in the file, newest first. */
  readonly visits: readonly VisitPlan[]
}

export interface ImportPlan {
  /** Every patient of the file, by identifier key. */
  readonly patients: readonly PatientPlan[]
  /** The file's photos. */
  readonly photos: readonly BackupPhoto[]
  /** Keys of the photos the record's visits use (not written again). */
  readonly photoKeysHere: ReadonlySet<string>
}

/** The clinician's choices: patients by the file's patient id, visits by the file's visit id. */
export interface ImportDecisions {
  readonly patients: ReadonlyMap<string, PatientChoice>
  readonly visits: ReadonlyMap<string, VisitChoice>
}

/** How many of each thing an import writes or leaves. */
export interface ImportCounts {
  readonly patientsNew: number
  /** Patients here whose details were taken from the file. */
  readonly patientsUpdated: number
  readonly visitsNew: number
  /** Visits here replaced by the file's copy. */
  readonly visitsReplaced: number
  /** The file's copies kept beside the visit here, as new visits. */
  readonly visitsCopied: number
  /** Visits of the file left as they are here (the same, or "keep here"). */
  readonly visitsLeft: number
  /** Visits of a patient not imported. */
  readonly visitsNotImported: number
}

/** What to write, in one transaction. */
export interface ImportWrite {
  readonly patients: PatientRecord[]
  readonly visits: VisitRecord[]
  readonly photos: BackupPhoto[]
  /**
   * The visits here that a written visit replaces, by visit id ("take the file's"):
   * a versioned write names the revision it read from these.
   */
  readonly replaces: ReadonlyMap<string, VisitRecord>
  readonly counts: ImportCounts
}

/** JSON with object keys sorted, so that two equal contents written in another key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  )
}

/** The assessment without what is compared apart (date) or not at all (when saved, the identifier's typing). */
function assessmentContent(visit: VisitRecord): string {
  const { saved_at: _saved, assessment_date: _date, patient_id: typed, ...rest } = visit.file
  return canonical({ ...rest, patient: identifierKey(typed ?? '') })
}

function differenceOf(here: string, file: string): FieldDifference | undefined {
  const h = here.trim()
  const f = file.trim()
  return f === '' || f === h ? undefined : { here: h, file: f }
}

/** Compares two update times (ISO), by time when both read as one, else as text. */
function compareTimes(a: string, b: string): number {
  const ta = Date.parse(a)
  const tb = Date.parse(b)
  if (!Number.isNaN(ta) && !Number.isNaN(tb)) return Math.sign(ta - tb)
  return a < b ? -1 : a > b ? 1 : 0
}

const VISIT_CHOICES: readonly VisitChoice[] = ['keep-here', 'take-file', 'keep-both']
/** A visit that is another patient's here is never moved by an import: it is kept, or the file's copy kept beside it. */
const OTHER_PATIENT_CHOICES: readonly VisitChoice[] = ['keep-here', 'keep-both']

function planVisit(
  file: VisitRecord,
  targetPatientId: string | null,
  here: VisitRecord | undefined,
  patientsHere: ReadonlyMap<string, PatientRecord>,
): VisitPlan {
  if (!here) return { status: 'new', file, here: null, changes: [], patientHere: null, choices: [], proposed: null }
  const changes: VisitChange[] = []
  if (here.date !== file.date || (here.file.assessment_date ?? '') !== (file.file.assessment_date ?? ''))
    changes.push('date')
  if (assessmentContent(here) !== assessmentContent(file)) changes.push('assessment')
  if (canonical(here.photos) !== canonical(file.photos)) changes.push('photos')
  const otherPatient = here.patientId !== targetPatientId
  if (otherPatient) changes.push('patient')
  const patientHere = otherPatient ? (patientsHere.get(here.patientId) ?? null) : null
  if (changes.length === 0)
    return { status: 'same', file, here, changes, patientHere: null, choices: [], proposed: null }
  const order = compareTimes(file.updated, here.updated)
  const status: VisitStatus = order > 0 ? 'newer-in-file' : order < 0 ? 'newer-here' : 'differs'
  const proposed: VisitChoice = otherPatient
    ? 'keep-both'
    : status === 'newer-in-file'
      ? 'take-file'
      : status === 'newer-here'
        ? 'keep-here'
        : 'keep-both'
  return {
    status,
    file,
    here,
    changes,
    patientHere,
    choices: otherPatient ? OTHER_PATIENT_CHOICES : VISIT_CHOICES,
    proposed,
  }
}

/** What importing `source` onto `record` will do, per patient and per visit. */
export function planImport(record: RecordContent, source: ImportSource): ImportPlan {
  // The first patient of each key, as findPatient finds it (a record may hold two of one key: see sharesIdentifier).
  const byKey = new Map<string, PatientRecord>()
  const keysHere = new Map<string, number>()
  for (const p of record.patients) {
    if (!byKey.has(p.key)) byKey.set(p.key, p)
    keysHere.set(p.key, (keysHere.get(p.key) ?? 0) + 1)
  }
  const keysInFile = new Map<string, number>()
  for (const p of source.patients) keysInFile.set(p.key, (keysInFile.get(p.key) ?? 0) + 1)
  const patientsHere = new Map(record.patients.map((p) => [p.id, p]))
  const visitsHere = new Map(record.visits.map((v) => [v.id, v]))
  const patients = [...source.patients]
    .sort((a, b) => a.key.localeCompare(b.key) || a.id.localeCompare(b.id))
    .map((file): PatientPlan => {
      // The patient here of its id when that has its identifier (a record's own backup of two patients of one
      // identifier matches each to itself), else the one of its identifier.
      const own = patientsHere.get(file.id)
      const here = (own?.key === file.key ? own : byKey.get(file.key)) ?? null
      const sharesIdentifier = (keysInFile.get(file.key) ?? 0) > 1 || (keysHere.get(file.key) ?? 0) > 1
      // A new patient whose id is taken gets a new one when written: nothing the visits here could be matched to.
      const targetId = here ? here.id : patientsHere.has(file.id) ? null : file.id
      const visits = newestFirst(source.visits.filter((v) => v.patientId === file.id)).map((v) =>
        planVisit(v, targetId, visitsHere.get(v.id), patientsHere),
      )
      if (!here) {
        const idTaken = targetId === null
        return {
          status: 'new',
          file,
          here,
          idTaken,
          sharesIdentifier,
          differences: {},
          choices: [],
          proposed: null,
          visits,
        }
      }
      const identifier = differenceOf(here.identifier, file.identifier)
      const name = differenceOf(here.name, file.name)
      const notes = differenceOf(here.notes, file.notes)
      const differences: PatientDifferences = {
        ...(identifier ? { identifier } : {}),
        ...(name ? { name } : {}),
        ...(notes ? { notes } : {}),
      }
      const differs = identifier !== undefined || name !== undefined || notes !== undefined
      const choices: PatientChoice[] = !differs
        ? []
        : name
          ? ['keep-here', 'take-file', 'skip']
          : ['keep-here', 'take-file']
      return {
        status: 'same',
        file,
        here,
        idTaken: false,
        sharesIdentifier,
        differences,
        choices,
        proposed: differs && !name ? 'keep-here' : null,
        visits,
      }
    })
  const photoKeysHere = new Set(record.visits.flatMap((v) => Object.values(v.photos).map((p) => p.key)))
  return { patients, photos: source.photos, photoKeysHere }
}

/** True when importing changes nothing and asks nothing: every patient the same, without a difference, every visit the same. */
export function planChangesNothing(plan: ImportPlan): boolean {
  return plan.patients.every(
    (p) => p.status === 'same' && p.choices.length === 0 && p.visits.every((v) => v.status === 'same'),
  )
}

/** The proposed choices (a patient whose name differs has none: the clinician chooses). */
export function proposedDecisions(plan: ImportPlan): ImportDecisions {
  const patients = new Map<string, PatientChoice>()
  const visits = new Map<string, VisitChoice>()
  for (const p of plan.patients) {
    if (p.proposed) patients.set(p.file.id, p.proposed)
    for (const v of p.visits) if (v.proposed) visits.set(v.file.id, v.proposed)
  }
  return { patients, visits }
}

/** The patients that still need a choice. */
export function undecided(plan: ImportPlan, decisions: ImportDecisions): PatientPlan[] {
  return plan.patients.filter((p) => p.choices.length > 0 && !decisions.patients.has(p.file.id))
}

function patientChoiceOf(p: PatientPlan, decisions: ImportDecisions): PatientChoice {
  if (p.choices.length === 0) return p.status === 'new' ? 'take-file' : 'keep-here'
  const choice = decisions.patients.get(p.file.id)
  if (choice === undefined) throw new Error(`import: no choice for patient ${p.file.identifier}`)
  if (!p.choices.includes(choice))
    throw new Error(`import: "${choice}" is not a choice for patient ${p.file.identifier}`)
  return choice
}

function visitChoiceOf(v: VisitPlan, decisions: ImportDecisions): VisitChoice {
  if (v.status === 'new') return 'take-file'
  if (v.status === 'same') return 'keep-here'
  const choice = decisions.visits.get(v.file.id) ?? v.proposed
  if (choice === null) throw new Error(`import: no choice for visit ${v.file.id}`)
  if (!v.choices.includes(choice)) throw new Error(`import: "${choice}" is not a choice for visit ${v.file.id}`)
  return choice
}

/**
 * What the plan with these choices writes: new patients (a new id when theirs is
 * taken), a patient's details when "take the file's", visits new or replaced as the
 * file has them (created and updated times included), "keep both" copies under a new
 * id with the file's times, and the photos those visits use that the record does not
 * have yet. A patient "skip"ped brings none of its visits. Throws when a patient that
 * must be chosen for has no choice, or a choice is not one the plan offers.
 */
export function applyImport(plan: ImportPlan, decisions: ImportDecisions, newId: () => string): ImportWrite {
  const patients: PatientRecord[] = []
  const visits: VisitRecord[] = []
  const replaces = new Map<string, VisitRecord>()
  const counts = {
    patientsNew: 0,
    patientsUpdated: 0,
    visitsNew: 0,
    visitsReplaced: 0,
    visitsCopied: 0,
    visitsLeft: 0,
    visitsNotImported: 0,
  }
  for (const p of plan.patients) {
    const choice = patientChoiceOf(p, decisions)
    if (choice === 'skip') {
      counts.visitsNotImported += p.visits.length
      continue
    }
    let patientId: string
    if (p.here === null) {
      patientId = p.idTaken ? newId() : p.file.id
      patients.push({ ...p.file, id: patientId })
      counts.patientsNew++
    } else {
      patientId = p.here.id
      if (choice === 'take-file') {
        const d = p.differences
        patients.push({
          ...p.here,
          identifier: d.identifier?.file ?? p.here.identifier,
          name: d.name?.file ?? p.here.name,
          notes: d.notes?.file ?? p.here.notes,
        })
        counts.patientsUpdated++
      }
    }
    for (const v of p.visits) {
      const visitChoice = visitChoiceOf(v, decisions)
      const visit: VisitRecord = { ...v.file, patientId }
      if (visitChoice === 'keep-here') counts.visitsLeft++
      else if (visitChoice === 'keep-both') {
        visits.push({ ...visit, id: newId() })
        counts.visitsCopied++
      } else if (v.here === null) {
        visits.push(visit)
        counts.visitsNew++
      } else {
        visits.push(visit)
        replaces.set(visit.id, v.here)
        counts.visitsReplaced++
      }
    }
  }
  const needed = new Set(visits.flatMap((v) => Object.values(v.photos).map((ref) => ref.key)))
  const photos: BackupPhoto[] = []
  for (const photo of plan.photos) {
    if (!needed.has(photo.key) || plan.photoKeysHere.has(photo.key)) continue
    needed.delete(photo.key)
    photos.push(photo)
  }
  return { patients, visits, photos, replaces, counts }
}

/** What applyImport would count with these choices (ids do not change the counts). */
export function importCounts(plan: ImportPlan, decisions: ImportDecisions): ImportCounts {
  return applyImport(plan, decisions, () => '').counts
}

/** True when the counts write nothing. */
export function writesNothing(counts: ImportCounts): boolean {
  return (
    counts.patientsNew + counts.patientsUpdated + counts.visitsNew + counts.visitsReplaced + counts.visitsCopied === 0
  )
}
