/**
 * The sync's decisions as pure functions (docs/record.md, "Sync with the clinic's record
 * server"): what a pulled change does to the local record (apply it, skip our own echo,
 * or hold it as a conflict when this device has unsynced edits of it), what a push
 * answer does to an outbox entry, the changes an outbox entry is pushed as, and the
 * conversions between the local record and the server's shapes. No storage, no network:
 * the engine (engine.ts) and the IndexedDB store (idb-storage.ts) act on what these say.
 */
import type { AssessmentFile } from '../../state/assessment-file.js'
import type { View } from '../../state/model.js'
import {
  identifierKey,
  type PatientRecord,
  type PhotoRef,
  VISIT_COPY_NAME_MAX,
  type VisitCopy,
  type VisitRecord,
} from '../model.js'
import type {
  ConflictReason,
  OutboxEntry,
  PushResult,
  ServerPatient,
  ServerPhotoRef,
  ServerVisit,
  SyncedMark,
  WireChange,
} from './types.js'

/** What the local record knows of one patient or visit when a pulled change for it arrives. */
export interface LocalSide {
  /** The server revision the local copy is in step with (undefined: never synced). */
  readonly mark: SyncedMark | undefined
  /** Outbox entries wait for it (unsynced local edits), or a conflict about it is open. */
  readonly pending: boolean
  readonly exists: boolean
  /** The local copy holds what the pulled one holds (compared by content, not revision). */
  readonly same: boolean
}

export type PulledDecision = 'skip' | 'mark' | 'apply' | 'delete' | { readonly conflict: ConflictReason }

/**
 * What a pulled change does: nothing when the local copy is already in step with that
 * revision (our own push coming back); only the mark when the local copy holds the same;
 * a conflict when this device has unsynced edits of it (never applied over them);
 * otherwise the server's copy (or its deletion) is applied. A local copy never synced
 * that differs from the server's (the server was restored from a backup, or another
 * device made the same id) is a conflict too. A pulled change for something deleted
 * here with the deletion not yet pushed waits: the deletion's push decides.
 */
export function decidePulled(deleted: boolean, rev: number | null, local: LocalSide): PulledDecision {
  if (deleted) {
    if (!local.exists) return 'skip'
    return local.pending ? { conflict: 'deleted' } : 'delete'
  }
  if (!local.exists) return local.pending ? 'skip' : 'apply'
  if (local.mark && rev !== null && rev <= local.mark.rev) return 'skip'
  if (local.same) return 'mark'
  if (local.pending || !local.mark) return { conflict: 'pulled' }
  return 'apply'
}

/** What a push's answer to one outbox entry does with it. */
export type PushOutcome =
  | { readonly kind: 'applied'; readonly rev: number; readonly patientId?: string }
  /** Held for the clinician; the entity's outbox entries go (the conflict holds both copies). */
  | { readonly kind: 'conflict'; readonly reason: ConflictReason; readonly theirs: ServerPatient | ServerVisit | null }
  /** Photos the server lacks: upload them, then push the same change again. */
  | { readonly kind: 'photos'; readonly missing: readonly string[] }
  /** Kept in the outbox and pushed again at the next run (e.g. its patient is not on the server yet). */
  | { readonly kind: 'retry'; readonly type: string; readonly message: string }

export function pushOutcome(result: PushResult): PushOutcome {
  if (result.status === 'applied') {
    const e = result.entity
    return result.kind === 'visit'
      ? { kind: 'applied', rev: e.rev, patientId: (e as ServerVisit).patient_id }
      : { kind: 'applied', rev: e.rev }
  }
  const { type, message, ctx } = result.error
  const current = (ctx?.current ?? null) as ServerPatient | ServerVisit | null
  if (type === 'conflict') return { kind: 'conflict', reason: 'changed', theirs: current }
  if (type === 'deleted') return { kind: 'conflict', reason: 'deleted', theirs: null }
  if (type === 'identifier_taken') return { kind: 'conflict', reason: 'identifier_taken', theirs: current }
  if (type === 'photo_missing' && Array.isArray(ctx?.missing))
    return { kind: 'photos', missing: (ctx.missing as unknown[]).map(String) }
  return { kind: 'retry', type, message }
}

/** A patient as pushed. */
export function wirePatient(p: PatientRecord): Extract<WireChange, { op: 'put_patient' }>['patient'] {
  return { id: p.id, identifier: p.identifier, name: p.name, notes: p.notes, created: p.created }
}

/** A visit as pushed: its assessment file as content, its photos by SHA-256 (`shaOf` the local photo key's). */
export function wireVisit(
  v: VisitRecord,
  shaOf: (key: string) => string,
): Extract<WireChange, { op: 'put_visit' }>['visit'] {
  const photos: Partial<Record<string, ServerPhotoRef>> = {}
  for (const [view, ref] of Object.entries(v.photos) as [View, PhotoRef][])
    photos[view] = { sha256: shaOf(ref.key), type: ref.type, width: ref.width, height: ref.height }
  return {
    id: v.id,
    patient_id: v.patientId,
    date: v.date,
    created: v.created,
    content: v.file,
    photos,
    ...(v.copy && ISO_TIME.test(v.copy.at) ? { copy: wireCopy(v.copy) } : {}),
  }
}

/** An ISO time as the app writes it (toISOString), as the server and a backup take a label's `at`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

/** A kept copy's label as pushed and pulled (the server bounds it as the app and a backup do). */
function wireCopy(c: VisitCopy): VisitCopy {
  return {
    from: c.from,
    name: c.name.slice(0, VISIT_COPY_NAME_MAX),
    at: c.at,
    ...(c.device ? { device: c.device.slice(0, VISIT_COPY_NAME_MAX) } : {}),
  }
}

/**
 * The changes one outbox entry is pushed as: a patient or a visit from the revision the
 * device is in step with (null: new on the server); a visit moved to another patient
 * here first as the explicit move, then its content from the revision after it.
 */
export function changesFor(
  entry: OutboxEntry,
  local: PatientRecord | VisitRecord | undefined,
  mark: SyncedMark | undefined,
  shaOf: (key: string) => string,
): WireChange[] {
  if (entry.op === 'delete' || !local) return []
  const base = mark?.rev ?? null
  if (entry.kind === 'patient')
    return [
      { change_id: entry.changeId, op: 'put_patient', base_rev: base, patient: wirePatient(local as PatientRecord) },
    ]
  const visit = local as VisitRecord
  const changes: WireChange[] = []
  let rev = base
  if (mark?.patientId !== undefined && base !== null && mark.patientId !== visit.patientId) {
    changes.push({
      change_id: `${entry.changeId}.move`,
      op: 'move_visit',
      base_rev: base,
      visit_id: visit.id,
      patient_id: visit.patientId,
    })
    rev = base + 1
  }
  changes.push({ change_id: entry.changeId, op: 'put_visit', base_rev: rev, visit: wireVisit(visit, shaOf) })
  return changes
}

/** The local patient for a server patient (keeping how it entered this record, when it did). */
export function localPatientOf(p: ServerPatient, existing: PatientRecord | undefined): PatientRecord {
  return {
    id: p.id,
    identifier: p.identifier,
    key: identifierKey(p.identifier),
    name: p.name,
    notes: p.notes,
    created: p.created,
    origin: existing?.origin ?? 'added',
  }
}

/** The local visit for a server visit: photos kept under their SHA-256 as key; the local revision follows the stored one. */
export function localVisitOf(v: ServerVisit, currentRev: number | undefined): VisitRecord {
  const photos: Partial<Record<View, PhotoRef>> = {}
  for (const [view, ref] of Object.entries(v.photos) as [View, ServerPhotoRef | undefined][])
    if (ref) photos[view] = { key: ref.sha256, type: ref.type, width: ref.width, height: ref.height }
  return {
    id: v.id,
    patientId: v.patient_id,
    date: v.date,
    created: v.created,
    updated: v.updated,
    file: v.content as AssessmentFile,
    photos,
    rev: (currentRev ?? 0) + 1,
    ...(v.copy ? { copy: wireCopy(v.copy) } : {}),
  }
}

/** Stable JSON (keys sorted) for comparing contents. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** Whether a local patient holds what the server's does. */
export function samePatient(local: PatientRecord, server: ServerPatient): boolean {
  return (
    local.identifier === server.identifier &&
    local.name === server.name &&
    local.notes === server.notes &&
    local.created === server.created
  )
}

/** Whether a local visit holds what the server's does (`shaOf` a local photo key's SHA-256, when known). */
export function sameVisit(
  local: VisitRecord,
  server: ServerVisit,
  shaOf: (key: string) => string | undefined,
): boolean {
  if (local.patientId !== server.patient_id || local.date !== server.date || local.created !== server.created)
    return false
  const views = new Set([...Object.keys(local.photos), ...Object.keys(server.photos)])
  for (const view of views) {
    const mine = local.photos[view as View]
    const theirs = server.photos[view]
    if (!mine || !theirs) return false
    if ((shaOf(mine.key) ?? mine.key) !== theirs.sha256) return false
  }
  // A kept copy's label the server carries and this visit lacks (labelled on another device): not the same.
  if (server.copy && canonical(wireCopy(server.copy)) !== canonical(local.copy ?? null)) return false
  return canonical(local.file) === canonical(server.content)
}
