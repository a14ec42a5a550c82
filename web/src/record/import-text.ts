/**
 * The words of an import plan (import-plan.ts) in the clinician's language: the
 * summary of what the file holds, what becomes of each patient and visit and why,
 * and what the import will write (the same words name what it wrote). Dates through
 * formatDate, update times through Intl, lists through Intl.ListFormat. Pure: no DOM
 * (import-dialog.ts builds the dialog from these texts).
 */
import { formatDate } from '../i18n/format.js'
import { currentLocale, type MessageKey, t } from '../i18n/index.js'
import type {
  ImportCounts,
  ImportPlan,
  PatientDifferences,
  PatientPlan,
  VisitChoice,
  VisitPlan,
} from './import-plan.js'
import type { PatientRecord } from './model.js'

/** Items joined as the language joins a list ("a, b and c"). */
export function listText(items: readonly string[]): string {
  return new Intl.ListFormat(currentLocale(), { style: 'long', type: 'conjunction' }).format(items)
}

/** A value in the language's quotes, or "(empty)". */
export function quoted(text: string): string {
  return text === '' ? t('record.import.empty') : t('record.import.quoted', { text })
}

/** A patient as the clinician knows them: the identifier in quotes, then the name. */
export function patientText(p: PatientRecord): string {
  const identifier = t('record.import.quoted', { text: p.identifier.trim() })
  return p.name.trim() ? `${identifier} (${p.name.trim()})` : identifier
}

export function dateText(date: string): string {
  return date ? formatDate(date, currentLocale()) : t('compare.undated')
}

/** An ISO time as date and time of day in the current language (the text itself when it is not a time). */
export function timeText(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return iso
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(time)
}

/** The lines above the list: new patients, patients already here, visits by status. */
export function summaryLines(plan: ImportPlan): string[] {
  const lines: string[] = []
  const fresh = plan.patients.filter((p) => p.status === 'new').map((p) => p.file.identifier.trim())
  const here = plan.patients.filter((p) => p.status === 'same').map((p) => p.file.identifier.trim())
  if (fresh.length) lines.push(t('record.import.summary.patientsNew', { count: fresh.length, list: listText(fresh) }))
  if (here.length) lines.push(t('record.import.summary.patientsHere', { count: here.length, list: listText(here) }))
  const visits = plan.patients.flatMap((p) => p.visits)
  const counted: [MessageKey, number][] = [
    ['record.import.summary.visitsNew', visits.filter((v) => v.status === 'new').length],
    ['record.import.summary.visitsSame', visits.filter((v) => v.status === 'same').length],
    ['record.import.summary.visitsChanged', visits.filter((v) => v.status !== 'new' && v.status !== 'same').length],
  ]
  const parts = counted.filter(([, count]) => count > 0).map(([key, count]) => t(key, { count }))
  lines.push(
    parts.length ? t('record.import.summary.visits', { list: listText(parts) }) : t('record.import.summary.noVisits'),
  )
  return lines
}

/** What becomes of the patient: new, or the same as the one here (named); and when another has its identifier, that. */
export function patientStatusText(p: PatientPlan): string {
  const status = p.here
    ? t('record.import.patient.same', { here: patientText(p.here) })
    : t('record.import.patient.new')
  return p.sharesIdentifier ? `${status} ${t('record.import.patient.sharesIdentifier')}` : status
}

/** One sentence per detail that differs, by field. */
export function differenceTexts(differences: PatientDifferences): { field: keyof PatientDifferences; text: string }[] {
  const keys = {
    identifier: 'record.import.differs.identifier',
    name: 'record.import.differs.name',
    notes: 'record.import.differs.notes',
  } as const
  return (Object.keys(keys) as (keyof PatientDifferences)[]).flatMap((field) => {
    const d = differences[field]
    return d ? [{ field, text: t(keys[field], { here: quoted(d.here), file: quoted(d.file) }) }] : []
  })
}

/** What becomes of the visit and, when it differs from the one here, what differs. */
export function visitStatusText(v: VisitPlan): string {
  const times = { here: timeText(v.here?.updated ?? ''), file: timeText(v.file.updated) }
  const status =
    v.status === 'new'
      ? t('record.import.visit.new')
      : v.status === 'same'
        ? t('record.import.visit.same')
        : v.status === 'newer-here'
          ? t('record.import.visit.newerHere', times)
          : v.status === 'newer-in-file'
            ? t('record.import.visit.newerInFile', times)
            : t('record.import.visit.differs', times)
  if (v.changes.length === 0 || !v.here) return status
  const here = v.here
  const changes = v.changes.map((change) =>
    change === 'date'
      ? t('record.import.change.date', { here: dateText(here.date), file: dateText(v.file.date) })
      : change === 'patient'
        ? t('record.import.change.patient', {
            here: v.patientHere ? patientText(v.patientHere) : t('record.noIdentifier'),
          })
        : t(change === 'photos' ? 'record.import.change.photos' : 'record.import.change.assessment'),
  )
  return `${status} ${t('record.import.visit.changes', { list: listText(changes) })}`
}

const VISIT_CHOICE_KEYS: Record<VisitChoice, MessageKey> = {
  'keep-here': 'record.import.visit.keepHere',
  'take-file': 'record.import.visit.takeFile',
  'keep-both': 'record.import.visit.keepBoth',
}

export function visitChoiceText(choice: VisitChoice): string {
  return t(VISIT_CHOICE_KEYS[choice])
}

/** The parts of what an import writes, e.g. "2 new patients", "7 new visits". */
function writtenParts(counts: ImportCounts): string[] {
  const parts: [MessageKey, number][] = [
    ['record.import.part.patientsNew', counts.patientsNew],
    ['record.import.part.patientsUpdated', counts.patientsUpdated],
    ['record.import.part.visitsNew', counts.visitsNew],
    ['record.import.part.visitsReplaced', counts.visitsReplaced],
    ['record.import.part.visitsCopied', counts.visitsCopied],
  ]
  return parts.filter(([, count]) => count > 0).map(([key, count]) => t(key, { count }))
}

/** What the import will write, and what of the file it leaves (one or two sentences). */
export function willText(counts: ImportCounts): string {
  const written = writtenParts(counts)
  const left: [MessageKey, number][] = [
    ['record.import.part.visitsLeft', counts.visitsLeft],
    ['record.import.part.visitsNotImported', counts.visitsNotImported],
  ]
  const unchanged = left.filter(([, count]) => count > 0).map(([key, count]) => t(key, { count }))
  return [
    written.length ? t('record.import.will', { list: listText(written) }) : t('record.import.will.nothing'),
    unchanged.length ? t('record.import.unchanged', { list: listText(unchanged) }) : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** The notice once written. */
export function doneText(name: string, counts: ImportCounts): string {
  const written = writtenParts(counts)
  return written.length
    ? t('record.import.written', { name, list: listText(written) })
    : t('record.import.writtenNothing', { name })
}
