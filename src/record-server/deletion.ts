/**
 * Deleting a visit or a patient on the server (an admin's action: DELETE /api/visits/{id},
 * DELETE /api/patients/{id}, or approving a clinician's deletion request): the revision
 * named must be the stored one, a patient must have no visits, and a record whose
 * retention period (retention.ts) has not passed is deleted only with a stated reason.
 * Each deletion leaves a tombstone (devices learn of it; a write cannot bring it back).
 * Runs inside the caller's transaction; a refusal throws Refused and writes nothing.
 */
import { careDateOfVisit, type EarlyDeletionReason, lastCareDate, retentionEnd, retentionPassed } from './retention.js'
import type { RecordTx } from './store.js'
import { patientView, Refused, visitView } from './sync.js'

export interface DeletionAsked {
  readonly id: string
  /** The revision the admin (or the requesting clinician) saw. */
  readonly rev: number
  /** Why it goes before its retention period ends; undefined: no reason given. */
  readonly reason: EarlyDeletionReason | undefined
  readonly byUserId: string
  readonly retentionYears: number
  /** Today, YYYY-MM-DD (UTC). */
  readonly today: string
}

/** What the audit entry says of a deletion: the revision, and the reason when the period had not passed. */
export interface DeletionDone {
  readonly patientId: string
  readonly detail: string
}

function retentionRefusal(kind: 'visit' | 'patient', careDate: string, ends: string, years: number): Refused {
  return new Refused({
    type: 'retention_period',
    message: `This ${kind} is within its retention period until ${ends} (${years} years from its last care date, ${careDate}). Nothing was deleted. Keep it; or, if it was created in error, is a duplicate or a legal order requires its deletion, delete it again stating that reason (reason=created_in_error, duplicate or legal_order): the reason goes into the audit trail.`,
    ctx: {
      retention_ends: ends,
      last_care_date: careDate,
      retention_years: years,
      reasons: ['created_in_error', 'duplicate', 'legal_order'],
    },
  })
}

const reasonDetail = (within: boolean, reason: EarlyDeletionReason | undefined, ends: string) =>
  within ? ` within retention until ${ends}, reason ${reason}` : reason ? ` reason ${reason}` : ''

export async function deleteVisitIn(tx: RecordTx, asked: DeletionAsked): Promise<DeletionDone> {
  const visit = await tx.visit(asked.id)
  if (!visit) throw new Refused({ type: 'not_found', message: `No visit ${asked.id}.` })
  if (visit.rev !== asked.rev)
    throw new Refused({
      type: 'conflict',
      message: `The visit is at revision ${visit.rev}, not ${asked.rev}: it changed since you looked. Nothing was deleted; look again.`,
      ctx: { current: visitView(visit), base_rev: asked.rev },
    })
  const careDate = careDateOfVisit(visit)
  const ends = retentionEnd(careDate, asked.retentionYears)
  const within = !retentionPassed(ends, asked.today)
  if (within && asked.reason === undefined) throw retentionRefusal('visit', careDate, ends, asked.retentionYears)
  await tx.deleteVisit(visit.id)
  await tx.insertTombstone({
    kind: 'visit',
    id: visit.id,
    seq: await tx.nextSeq(),
    deletedAt: new Date().toISOString(),
    deletedBy: asked.byUserId,
  })
  return { patientId: visit.patientId, detail: `rev ${visit.rev}${reasonDetail(within, asked.reason, ends)}` }
}

export async function deletePatientIn(tx: RecordTx, asked: DeletionAsked): Promise<DeletionDone> {
  const patient = await tx.patient(asked.id)
  if (!patient) throw new Refused({ type: 'not_found', message: `No patient ${asked.id}.` })
  if (patient.rev !== asked.rev)
    throw new Refused({
      type: 'conflict',
      message: `The patient is at revision ${patient.rev}, not ${asked.rev}: it changed since you looked. Nothing was deleted.`,
      ctx: { current: patientView(patient), base_rev: asked.rev },
    })
  const visits = await tx.visitCount(patient.id)
  if (visits > 0)
    throw new Refused({
      type: 'has_visits',
      message: `The patient has ${visits} visits: delete or move them first (each is its own decision). Nothing was deleted.`,
      ctx: { visits },
    })
  const careDate = lastCareDate(patient, [])
  const ends = retentionEnd(careDate, asked.retentionYears)
  const within = !retentionPassed(ends, asked.today)
  if (within && asked.reason === undefined) throw retentionRefusal('patient', careDate, ends, asked.retentionYears)
  await tx.deletePatient(patient.id)
  await tx.insertTombstone({
    kind: 'patient',
    id: patient.id,
    seq: await tx.nextSeq(),
    deletedAt: new Date().toISOString(),
    deletedBy: asked.byUserId,
  })
  return { patientId: patient.id, detail: `rev ${patient.rev}${reasonDetail(within, asked.reason, ends)}` }
}
