/**
 * Retention of clinical records (docs/record-server.md, "Retention"): how long a patient
 * or visit is kept before an admin may delete it without stating why, and the list of
 * patients whose period has passed (JSON, or CSV through core/files/csv.ts) so the clinic
 * decides. Nothing here deletes anything: deleting health records is a person's decision.
 *
 * The period runs from a care date: a visit's own date (its creation day when it has none);
 * for a patient, the latest of its visits' care dates and its own creation day. Spain's Ley
 * 41/2002 art. 17.1 asks for at least five years from the discharge of each care process
 * (RECORD_RETENTION_YEARS, default 5; some regions ask for more).
 */
import { csvText } from '#core/files/csv.js'
import type { PatientRow, VisitCareDate, VisitRow } from './store.js'

/**
 * Why an admin deletes a record whose retention period has not passed. Each names a case
 * where keeping it is not what the law's period is for: a record that should never have
 * existed (made in error, or a second copy of one kept), or an order that overrides it.
 */
export const EARLY_DELETION_REASONS = ['created_in_error', 'duplicate', 'legal_order'] as const
export type EarlyDeletionReason = (typeof EARLY_DELETION_REASONS)[number]

/** The day (YYYY-MM-DD) a visit's care happened: its date, or the day it was created. */
export const careDateOfVisit = (visit: Pick<VisitRow, 'date' | 'created'>): string =>
  visit.date !== '' ? visit.date : visit.created.slice(0, 10)

/** The last care day of a patient: the latest visit's, or the patient's creation day when later or without visits. */
export function lastCareDate(patient: Pick<PatientRow, 'created'>, visitCareDates: readonly string[]): string {
  let last = patient.created.slice(0, 10)
  for (const date of visitCareDates) if (date > last) last = date
  return last
}

/** The day (YYYY-MM-DD) the retention period from `careDate` ends: `years` later (29 February ends on 28 February). */
export function retentionEnd(careDate: string, years: number): string {
  const [y, m, d] = careDate.split('-').map(Number) as [number, number, number]
  const end = new Date(Date.UTC(y + years, m - 1, d))
  // Date.UTC rolls 29 February into March in a year that has none: the period ends on the 28th.
  if (end.getUTCMonth() !== m - 1) end.setUTCDate(0)
  return end.toISOString().slice(0, 10)
}

/** Whether the period ending on `end` has passed on `today` (YYYY-MM-DD): the end day itself is still within it. */
export const retentionPassed = (end: string, today: string): boolean => today > end

/** One patient of the retention list: whose period has passed, for the clinic to decide on. */
export interface RetentionEntry {
  readonly patient: PatientRow
  readonly visits: number
  readonly lastCareDate: string
  readonly retentionEnds: string
}

/** The patients whose retention period has passed on `today`, the longest past first. */
export function retentionList(
  patients: readonly PatientRow[],
  visits: readonly VisitCareDate[],
  years: number,
  today: string,
): RetentionEntry[] {
  const careDates = new Map<string, string[]>()
  for (const v of visits) {
    const dates = careDates.get(v.patientId) ?? []
    dates.push(careDateOfVisit(v))
    careDates.set(v.patientId, dates)
  }
  const entries: RetentionEntry[] = []
  for (const patient of patients) {
    const dates = careDates.get(patient.id) ?? []
    const last = lastCareDate(patient, dates)
    const ends = retentionEnd(last, years)
    if (retentionPassed(ends, today))
      entries.push({ patient, visits: dates.length, lastCareDate: last, retentionEnds: ends })
  }
  return entries.sort(
    (a, b) => a.retentionEnds.localeCompare(b.retentionEnds) || a.patient.id.localeCompare(b.patient.id),
  )
}

/** The columns of the retention list's export, in order (the JSON answer has the same names). */
export const RETENTION_COLUMNS = [
  'patient_id',
  'identifier',
  'name',
  'visits',
  'last_care_date',
  'retention_ends',
  'patient_rev',
] as const

export function retentionRecord(entry: RetentionEntry): Record<(typeof RETENTION_COLUMNS)[number], string | number> {
  return {
    patient_id: entry.patient.id,
    identifier: entry.patient.identifier,
    name: entry.patient.name,
    visits: entry.visits,
    last_care_date: entry.lastCareDate,
    retention_ends: entry.retentionEnds,
    patient_rev: entry.patient.rev,
  }
}

/** The list as CSV (the audit export's writer: cells a spreadsheet would run as formulas are neutralised). */
export function retentionCsv(entries: readonly RetentionEntry[]): string {
  return csvText([
    [...RETENTION_COLUMNS],
    ...entries.map((e) => {
      const record = retentionRecord(e)
      return RETENTION_COLUMNS.map((c) => String(record[c]))
    }),
  ])
}
