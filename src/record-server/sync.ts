/**
 * The record's write path and the sync protocol's server side (docs/record-server.md,
 * "Sync protocol"): each pushed change applied in its own transaction, only when it
 * was made from the revision stored now (optimistic concurrency: a stale change is
 * refused with the server copy, never applied); each applied change remembered by
 * its client-made id, so a push retried after a crash or a lost answer gets the same
 * answer and changes nothing twice; and the pull of every patient and visit written
 * (or deleted) after a cursor, the server's sequence number.
 *
 * Nothing here is silent: a visit changes patient only by move_visit; a patient is
 * never merged with another of the same identifier key (identifier_taken); a
 * deleted patient or visit is not brought back by a write (deleted).
 */
import { createHash } from 'node:crypto'
import { identifierKey } from '#core/patient-identifier.js'
import type { RecordErrorType } from '#core/record-errors.js'
import type { PatientView, Refusal, VisitView } from '#core/record-sync-wire.js'
import { isCalendarDate, readContent } from './content.js'
import type { ChangeData, MoveVisitChangeData, PutPatientChangeData, PutVisitChangeData } from './schemas.js'
import type { PatientRow, PulledRow, RecordTx, TombstoneRow, VisitRow } from './store.js'

export type { PatientView, Refusal, VisitView } from '#core/record-sync-wire.js'

export const patientView = (p: PatientRow): PatientView => ({
  id: p.id,
  identifier: p.identifier,
  key: p.key,
  name: p.name,
  notes: p.notes,
  created: p.created,
  updated: p.updated,
  rev: p.rev,
  seq: p.seq,
})

export const visitView = (v: VisitRow): VisitView => ({
  id: v.id,
  patient_id: v.patientId,
  date: v.date,
  created: v.created,
  updated: v.updated,
  rev: v.rev,
  seq: v.seq,
  content: JSON.parse(v.content),
  photos: JSON.parse(v.photos),
  ...(v.copy === null ? {} : { copy: JSON.parse(v.copy) }),
})

/** What one change came to. `applied` results are remembered by change id; refusals wrote nothing and are not. */
export type ChangeResult =
  | {
      readonly change_id: string
      readonly status: 'applied'
      readonly kind: 'patient' | 'visit'
      readonly entity: PatientView | VisitView
      /** True when this change id was applied by an earlier push: nothing was written now. */
      readonly replayed?: boolean
    }
  | { readonly change_id: string; readonly status: 'refused'; readonly error: Refusal }

/** What the audit trail records of a change: its action and the patient and visit it touched. */
export interface ChangeTarget {
  readonly action: 'patient.write' | 'visit.write' | 'visit.move'
  readonly patientId: string
  readonly visitId: string | null
}

export function targetOf(change: ChangeData): ChangeTarget {
  switch (change.op) {
    case 'put_patient':
      return { action: 'patient.write', patientId: change.patient.id, visitId: null }
    case 'put_visit':
      return { action: 'visit.write', patientId: change.visit.patient_id, visitId: change.visit.id }
    case 'move_visit':
      return { action: 'visit.move', patientId: change.patient_id, visitId: change.visit_id }
  }
}

/** Thrown inside a change's transaction to refuse it: the transaction rolls back, nothing is written. */
export class Refused extends Error {
  override name = 'Refused'
  constructor(readonly refusal: Refusal) {
    super(refusal.message)
  }
}

const refuse = (type: RecordErrorType, message: string, ctx?: Record<string, unknown>): never => {
  throw new Refused(ctx ? { type, message, ctx } : { type, message })
}

function deletedRefusal(t: TombstoneRow): never {
  return refuse(
    'deleted',
    `This ${t.kind} was deleted by an admin on ${t.deletedAt}; a write does not bring it back. Keep your copy (export it) and ask an admin if it must return.`,
    { kind: t.kind, id: t.id, deleted_at: t.deletedAt },
  )
}

function staleRefusal(what: string, baseRev: number | null, current: PatientView | VisitView | null): never {
  return refuse(
    'conflict',
    current === null
      ? `This ${what} was written from revision ${baseRev}, but the server holds no ${what} under its id. Nothing was written.`
      : baseRev === null
        ? `A ${what} with this id already exists on the server (revision ${current.rev}), written from another device. Nothing was written: compare the two and save again from the server's copy.`
        : `This ${what} was changed on another device (the server is at revision ${current.rev}; this change was made from ${baseRev}). Nothing was written: compare the two and save again from the server's copy.`,
    { current, base_rev: baseRev },
  )
}

async function putPatient(tx: RecordTx, change: PutPatientChangeData, now: string): Promise<PatientView> {
  const input = change.patient
  const tomb = await tx.tombstone('patient', input.id)
  if (tomb) deletedRefusal(tomb)
  const stored = await tx.patient(input.id)
  if ((stored?.rev ?? null) !== change.base_rev)
    staleRefusal('patient', change.base_rev, stored ? patientView(stored) : null)
  const key = identifierKey(input.identifier)
  const holder = await tx.patientByKey(key)
  if (holder && holder.id !== input.id)
    refuse(
      'identifier_taken',
      `Another patient already has the identifier '${holder.identifier}' (compared without spaces or case). Nothing was written: record the visit under that patient, or give this one another identifier.`,
      { current: patientView(holder) },
    )
  const row: PatientRow = {
    id: input.id,
    identifier: input.identifier.trim(),
    key,
    name: input.name.trim(),
    notes: input.notes,
    created: stored?.created ?? input.created,
    updated: now,
    rev: (stored?.rev ?? 0) + 1,
    seq: await tx.nextSeq(),
  }
  await tx.putPatient(row)
  return patientView(row)
}

async function putVisit(tx: RecordTx, change: PutVisitChangeData, now: string): Promise<VisitView> {
  const input = change.visit
  const tomb = await tx.tombstone('visit', input.id)
  if (tomb) deletedRefusal(tomb)
  const stored = await tx.visit(input.id)
  if ((stored?.rev ?? null) !== change.base_rev)
    staleRefusal('visit', change.base_rev, stored ? visitView(stored) : null)
  if (stored && stored.patientId !== input.patient_id)
    refuse(
      'invalid_request',
      'This write names another patient than the visit has on the server. A visit changes patient only by an explicit move (op "move_visit"); nothing was written.',
      { current: visitView(stored) },
    )
  const patientTomb = await tx.tombstone('patient', input.patient_id)
  if (patientTomb) deletedRefusal(patientTomb)
  if (!(await tx.patient(input.patient_id)))
    refuse(
      'not_found',
      `The visit's patient (${input.patient_id}) is not on the server: push the patient first (in this batch, before the visit).`,
      {
        patient_id: input.patient_id,
      },
    )
  if (!isCalendarDate(input.date))
    refuse('invalid_request', `The visit's date '${input.date}' is not a day of the calendar.`, {
      problems: [{ path: '/visit/date', rule: 'calendar_date' }],
    })
  const content = readContent(input.content)
  if (!content.ok)
    refuse(
      'invalid_content',
      "The visit's content is not an assessment file the app's schema admits; nothing was written.",
      {
        problems: content.problems,
      },
    )
  const missing: string[] = []
  for (const photo of Object.values(input.photos))
    if (photo && !(await tx.photo(photo.sha256))) missing.push(photo.sha256)
  if (missing.length)
    refuse(
      'photo_missing',
      'The visit names photos the server does not hold: upload them (PUT /api/photos/{sha256}), then push this change again.',
      {
        missing,
      },
    )
  const row: VisitRow = {
    id: input.id,
    patientId: input.patient_id,
    date: input.date,
    created: stored?.created ?? input.created,
    updated: now,
    rev: (stored?.rev ?? 0) + 1,
    seq: await tx.nextSeq(),
    content: content.ok ? content.text : '',
    photos: JSON.stringify(input.photos),
    // A kept copy's label: the change's, else the one held (a client that does not know labels sends none).
    copy: input.copy ? JSON.stringify(input.copy) : (stored?.copy ?? null),
  }
  await tx.putVisit(row)
  return visitView(row)
}

async function moveVisit(tx: RecordTx, change: MoveVisitChangeData, now: string): Promise<VisitView> {
  const tomb = await tx.tombstone('visit', change.visit_id)
  if (tomb) deletedRefusal(tomb)
  const stored = await tx.visit(change.visit_id)
  if (!stored) return refuse('not_found', `No visit ${change.visit_id} on the server.`, { visit_id: change.visit_id })
  if (stored.rev !== change.base_rev) staleRefusal('visit', change.base_rev, visitView(stored))
  const patientTomb = await tx.tombstone('patient', change.patient_id)
  if (patientTomb) deletedRefusal(patientTomb)
  if (!(await tx.patient(change.patient_id)))
    refuse('not_found', `No patient ${change.patient_id} on the server to move the visit to.`, {
      patient_id: change.patient_id,
    })
  const row: VisitRow = {
    ...stored,
    patientId: change.patient_id,
    updated: now,
    rev: stored.rev + 1,
    seq: await tx.nextSeq(),
  }
  await tx.putVisit(row)
  return visitView(row)
}

/**
 * JSON with every object's keys in code-unit order, so that the same change sent with its
 * keys in another order reads the same. Recursive: the parser bounded the body's depth
 * (schemas.ts MAX_JSON_DEPTH) before anything reached here.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** What a change id is remembered with besides its answer: the SHA-256 (hex) of the change's canonical JSON. */
export const changeHash = (change: ChangeData): string =>
  createHash('sha256').update(canonicalJson(change)).digest('hex')

/**
 * Applies one change in `tx` (the caller's transaction), or answers what was
 * answered when its id was applied before with the same content. Throws Refused
 * when it must not apply: the caller rolls the transaction back, so nothing of it
 * is written. A change id names one change: the same id with other content is
 * refused (change_id_reused), never answered as a replay that drops the content.
 */
export async function applyChange(tx: RecordTx, change: ChangeData, userId: string): Promise<ChangeResult> {
  const earlier = await tx.appliedChange(change.change_id)
  const hash = changeHash(change)
  if (earlier) {
    if (earlier.userId !== userId)
      refuse(
        'invalid_request',
        'This change id was used by another user; a change id must be new (a UUID made on the device).',
        {
          change_id: change.change_id,
        },
      )
    // Changes applied before the hash was kept (schema version 5) have none: answered as replays, as then.
    if (earlier.contentHash !== null && earlier.contentHash !== hash)
      refuse(
        'change_id_reused',
        `The change id ${change.change_id} was applied before with other content, and a change id names one change. Nothing was written: send this change under a new id.`,
        { change_id: change.change_id },
      )
    return { ...(JSON.parse(earlier.result) as Extract<ChangeResult, { status: 'applied' }>), replayed: true }
  }
  const now = new Date().toISOString()
  const result: ChangeResult =
    change.op === 'put_patient'
      ? { change_id: change.change_id, status: 'applied', kind: 'patient', entity: await putPatient(tx, change, now) }
      : change.op === 'put_visit'
        ? { change_id: change.change_id, status: 'applied', kind: 'visit', entity: await putVisit(tx, change, now) }
        : { change_id: change.change_id, status: 'applied', kind: 'visit', entity: await moveVisit(tx, change, now) }
  await tx.insertAppliedChange({
    changeId: change.change_id,
    userId,
    result: JSON.stringify(result),
    at: now,
    contentHash: hash,
  })
  return result
}

/** One entry of a pull: the current state of an entity written after the cursor, or that it was deleted. */
export type PulledEntity =
  | {
      readonly seq: number
      readonly kind: 'patient'
      readonly id: string
      readonly deleted: false
      readonly patient: PatientView
    }
  | {
      readonly seq: number
      readonly kind: 'visit'
      readonly id: string
      readonly deleted: false
      readonly visit: VisitView
    }
  | { readonly seq: number; readonly kind: 'patient' | 'visit'; readonly id: string; readonly deleted: true }

export interface PullAnswer {
  /** The database the cursor belongs to (store.ts databaseId): when it is not the one a device holds, the device pulls from 0. */
  readonly database_id: string
  readonly changes: PulledEntity[]
  /** Where the next pull starts: the last seq answered (the cursor given when none). */
  readonly cursor: number
  /** Whether more changes follow (pull again from `cursor`). */
  readonly more: boolean
}

/**
 * The entities written after `cursor`, by sequence, at most `limit`, read on one snapshot (`tx`):
 * the page is one statement whatever its size (RecordTx.pullPage), and the database's id one more.
 */
export async function pull(
  tx: Pick<RecordTx, 'pullPage' | 'databaseId'>,
  cursor: number,
  limit: number,
): Promise<PullAnswer> {
  const rows: PulledRow[] = await tx.pullPage(cursor, limit + 1)
  const page = rows.slice(0, limit)
  const changes: PulledEntity[] = []
  for (const c of page) {
    if (c.deleted) changes.push({ seq: c.seq, kind: c.kind, id: c.id, deleted: true })
    else if (c.patient)
      changes.push({ seq: c.seq, kind: 'patient', id: c.id, deleted: false, patient: patientView(c.patient) })
    else if (c.visit) changes.push({ seq: c.seq, kind: 'visit', id: c.id, deleted: false, visit: visitView(c.visit) })
  }
  return {
    database_id: await tx.databaseId(),
    changes,
    cursor: page.at(-1)?.seq ?? cursor,
    more: rows.length > limit,
  }
}
